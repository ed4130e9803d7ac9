//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// Local edits are an overlay over the source's pages, keyed by item id: a
// page's shown items are its source items with the overlay applied, so an
// edit survives its page being dropped and loaded again (a reload within a
// generation may be a cached copy from before the edit). An edit ends when
// a page of a later generation holds its item (an insertion: its item or
// its anchor): after `refresh()`, the source is the truth (the edit was
// saved, or overridden).

/// The overlay of local edits, for any item type; `_Edits` is the one for
/// identifiable items. (A class, so that the pager's stored property does
/// not depend on `Item: Identifiable`.)
internal class _AnyEdits<Item> {
  /// `items` with the edits applied.
  func shown(_ items: ContiguousArray<Item>) -> ContiguousArray<Item> { items }
  /// Ends the edits that `items`, loaded in `generation`, supersede;
  /// returns whether it ended any.
  func reconcile(_ items: ContiguousArray<Item>, generation: Int) -> Bool { false }
  var isEmpty: Bool { true }
}

internal final class _Edits<Item: Identifiable>: _AnyEdits<Item> {
  struct Insertion {
    var item: Item
    var after: Bool
    var serial: Int
  }
  var updates: [Item.ID: (item: Item, serial: Int)] = [:]
  var removals: [Item.ID: Int] = [:]
  /// Insertions, by the id of the item they are anchored to.
  var insertions: [Item.ID: [Insertion]] = [:]
  /// The anchor of each inserted item.
  var anchors: [Item.ID: Item.ID] = [:]

  override var isEmpty: Bool { updates.isEmpty && removals.isEmpty && anchors.isEmpty }

  override func shown(_ items: ContiguousArray<Item>) -> ContiguousArray<Item> {
    if isEmpty { return items }
    var shown = ContiguousArray<Item>()
    shown.reserveCapacity(items.count)
    for item in items {
      let id = item.id
      // A source item that an insertion also shows is shown once: where the
      // insertion put it, until the source's page supersedes it.
      if anchors[id] != nil { continue }
      let inserted = insertions[id] ?? []
      for insertion in inserted where !insertion.after { shown.append(_current(insertion.item)) }
      if removals[id] == nil { shown.append(updates[id]?.item ?? item) }
      for insertion in inserted where insertion.after { shown.append(_current(insertion.item)) }
    }
    return shown
  }

  /// An inserted item, as later updated.
  private func _current(_ item: Item) -> Item { updates[item.id]?.item ?? item }

  override func reconcile(_ items: ContiguousArray<Item>, generation serial: Int) -> Bool {
    if isEmpty { return false }
    var ended = false
    for item in items {
      let id = item.id
      if let update = updates[id], update.serial < serial {
        updates[id] = nil
        ended = true
      }
      if let removal = removals[id], removal < serial {
        removals[id] = nil
        ended = true
      }
      if let anchor = anchors[id],
        let index = insertions[anchor]?.firstIndex(where: { $0.item.id == id }),
        insertions[anchor]![index].serial < serial
      {
        insertions[anchor]!.remove(at: index)
        if insertions[anchor]!.isEmpty { insertions[anchor] = nil }
        anchors[id] = nil
        ended = true
      }
      // A later generation's page holds the anchor: the source is the
      // truth for the rows around it, so earlier insertions there end
      // (an item the source kept is shown where the source puts it).
      if let inserted = insertions[id] {
        let kept = inserted.filter { $0.serial >= serial }
        if kept.count < inserted.count {
          for insertion in inserted where insertion.serial < serial {
            anchors[insertion.item.id] = nil
          }
          insertions[id] = kept.isEmpty ? nil : kept
          ended = true
        }
      }
    }
    return ended
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Pager where Item: Identifiable {
  /// Replaces the shown item with `item`'s id by `item`, at once. The edit
  /// stays while its page is dropped and loaded again, until a page loaded
  /// after a later `refresh()` holds the item (the source's copy is then
  /// shown: the source is the truth).
  ///
  /// - Returns: Whether an item with that id is loaded; if not, nothing
  ///   changes (an id from the UI may be stale).
  /// - Complexity: O(loaded items).
  @discardableResult
  public func replace(_ item: Item) -> Bool {
    let done = _core.replace(item)
    _commit()
    return done
  }

  /// Removes the shown item with `id`, at once, under the same rules as
  /// `replace(_:)`: it comes back only if a page loaded after a later
  /// `refresh()` still holds it.
  ///
  /// - Returns: Whether an item with that id is loaded.
  /// - Complexity: O(loaded items).
  @discardableResult
  public func remove(id: Item.ID) -> Bool {
    let done = _core.remove(id: id)
    _commit()
    return done
  }

  /// Inserts `item` after the shown item with id `anchor`, at once. It
  /// moves with its anchor, and ends, as updates and removals do, when a
  /// page loaded after a later `refresh()` holds `item` or its anchor: the
  /// source is then the truth (an item it kept is shown at its own
  /// position, one it did not is gone); `remove(id:)` undoes it.
  ///
  /// - Returns: Whether the anchor is loaded and no shown item already has
  ///   `item`'s id; if not, nothing changes.
  /// - Complexity: O(loaded items).
  @discardableResult
  public func insert(_ item: Item, after anchor: Item.ID) -> Bool {
    let done = _core.insert(item, after: anchor)
    _commit()
    return done
  }

  /// Inserts `item` before the shown item with id `anchor`, under the same
  /// rules as `insert(_:after:)`.
  ///
  /// - Returns: Whether the anchor is loaded and no shown item already has
  ///   `item`'s id.
  /// - Complexity: O(loaded items).
  @discardableResult
  public func insert(_ item: Item, before anchor: Item.ID) -> Bool {
    let done = _core.insert(item, before: anchor)
    _commit()
    return done
  }

  /// Whether local edits are shown that the source has not yet confirmed.
  ///
  /// - Complexity: O(1).
  public var hasLocalEdits: Bool { _core.hasLocalEdits }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore where Item: Identifiable {
  /// See `Pager.replace(_:)`.
  @discardableResult
  public mutating func replace(_ item: Item) -> Bool {
    guard _isShown(item.id) else { return false }
    _editLog().updates[item.id] = (item, _generation)
    _reapplyEdits()
    return true
  }

  /// See `Pager.remove(id:)`.
  @discardableResult
  public mutating func remove(id: Item.ID) -> Bool {
    guard _isShown(id) else { return false }
    let edits = _editLog()
    if let anchor = edits.anchors[id] {
      // A local insertion is simply undone.
      edits.insertions[anchor]?.removeAll { $0.item.id == id }
      if edits.insertions[anchor]?.isEmpty == true { edits.insertions[anchor] = nil }
      edits.anchors[id] = nil
      edits.updates[id] = nil
    } else {
      edits.removals[id] = _generation
    }
    _reapplyEdits()
    return true
  }

  /// See `Pager.insert(_:after:)`.
  @discardableResult
  public mutating func insert(_ item: Item, after anchor: Item.ID) -> Bool {
    _insert(item, anchor: anchor, after: true)
  }

  /// See `Pager.insert(_:before:)`.
  @discardableResult
  public mutating func insert(_ item: Item, before anchor: Item.ID) -> Bool {
    _insert(item, anchor: anchor, after: false)
  }

  /// See `Pager.hasLocalEdits`.
  public var hasLocalEdits: Bool { !(_edits?.isEmpty ?? true) }

  private mutating func _insert(_ item: Item, anchor: Item.ID, after: Bool) -> Bool {
    guard !_isShown(item.id), _isShown(anchor) else { return false }
    // Anchored to a source item: an inserted anchor would vanish with it.
    let edits = _editLog()
    let root = edits.anchors[anchor] ?? anchor
    let insertion = _Edits<Item>.Insertion(item: item, after: after, serial: _generation)
    if let existing = edits.anchors[anchor], existing == root {
      // After (or before) another inserted item: keep their order.
      let index = edits.insertions[root]!.firstIndex { $0.item.id == anchor }!
      var placed = insertion
      placed.after = edits.insertions[root]![index].after
      edits.insertions[root]!.insert(placed, at: after ? index + 1 : index)
    } else {
      // Next to the anchor: after the insertions before it, before those
      // after it.
      var insertions = edits.insertions[root] ?? []
      insertions.insert(insertion, at: insertions.firstIndex { $0.after } ?? insertions.count)
      edits.insertions[root] = insertions
    }
    edits.anchors[item.id] = root
    _reapplyEdits()
    return true
  }

  private mutating func _editLog() -> _Edits<Item> {
    if let edits = _edits as? _Edits<Item> { return edits }
    let edits = _Edits<Item>()
    _edits = edits
    return edits
  }

  private func _isShown(_ id: Item.ID) -> Bool {
    (_held?.pages ?? _pages).contains { page in page.shown.contains { $0.id == id } }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// Applies the edits to every page again, and publishes.
  internal mutating func _reapplyEdits() {
    guard let edits = _edits else { return }
    for index in _pages.indices {
      let identity = _newIdentity()
      Self._show(edits, identity: identity, in: &_pages[index])
    }
    if var held = _held {
      for index in held.pages.indices {
        let identity = _newIdentity()
        Self._show(edits, identity: identity, in: &held.pages[index])
      }
      _held = held
    }
    _markDirty(_pages)
    if let held = _held { _markDirty(held.pages) }
    _publish()
  }

  /// Shows `page`'s items with `edits` applied, under a new identity.
  internal static func _show(
    _ edits: _AnyEdits<Item>?, identity: Int, in page: inout _StoredPage
  ) {
    page.shown = edits?.shown(page.items) ?? page.items
    page.identity = identity
  }

  internal mutating func _newIdentity() -> Int {
    _identities += 1
    return _identities
  }

  /// Marks the positions of `pages` as changed since the last publication.
  internal mutating func _markDirty(_ pages: some Collection<_StoredPage>) {
    guard let first = pages.first?.start else { return }
    var last = first
    for page in pages { last = Swift.max(last, page.end) }
    _markDirty(first..<Swift.max(last, first + 1))
  }

  /// Marks `range` (internal coordinates) as changed since the last
  /// publication.
  internal mutating func _markDirty(_ range: Range<Int>) {
    guard let dirty = _dirty else {
      _dirty = range
      return
    }
    _dirty =
      Swift.min(
        dirty.lowerBound, range.lowerBound)..<Swift.max(
        dirty.upperBound, range.upperBound)
  }
}
