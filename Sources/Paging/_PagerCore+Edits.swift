//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

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
