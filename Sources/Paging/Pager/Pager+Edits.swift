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

/// The overlay of local edits, for any item type (none for items that are
/// not identifiable); `_Edits` is the one for identifiable items, as
/// `_ItemIdentity` decides.
internal class _AnyEdits<Item> {
  /// `items` with the edits applied.
  func shown(_ items: ContiguousArray<Item>) -> ContiguousArray<Item> { items }
  /// Ends the edits that `items`, loaded in `generation`, supersede;
  /// returns whether it ended any.
  func reconcile(_ items: ContiguousArray<Item>, generation: Int) -> Bool { false }
  /// Whether a page of `items` shows an edit that changes the rows around
  /// it: an item inserted or moved there, or one removed or moved away.
  func changesRows(of items: ContiguousArray<Item>) -> Bool { false }
  var isEmpty: Bool { true }
}

internal final class _Edits<Item: Identifiable>: _AnyEdits<Item> {
  struct Insertion {
    var item: Item
    var after: Bool
    var serial: Int
    /// Whether the item is a source item moved here (`move(ids:before:)`),
    /// rather than one the source may not have.
    var isMove = false
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
      let inserted = insertions[id] ?? []
      for insertion in inserted where !insertion.after { shown.append(_current(insertion.item)) }
      // A source item that an insertion also shows (moved, or inserted
      // before the source had it) is shown once: where the insertion put
      // it, until the source's page supersedes it.
      if anchors[id] == nil, removals[id] == nil { shown.append(updates[id]?.item ?? item) }
      for insertion in inserted where insertion.after { shown.append(_current(insertion.item)) }
    }
    return shown
  }

  override func changesRows(of items: ContiguousArray<Item>) -> Bool {
    items.contains { item in
      anchors[item.id] != nil || removals[item.id] != nil || insertions[item.id] != nil
    }
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
  /// Items inserted or moved locally and not yet ended number at most
  /// 65,536: the rows shown must stay within `Int32.max`, a 32-bit `Int`.
  ///
  /// - Returns: Whether the anchor is loaded, no shown item already has
  ///   `item`'s id, and there is room for one more; if not, nothing
  ///   changes.
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
  /// - Returns: Whether the anchor is loaded, no shown item already has
  ///   `item`'s id, and there is room for one more.
  /// - Complexity: O(loaded items).
  @discardableResult
  public func insert(_ item: Item, before anchor: Item.ID) -> Bool {
    let done = _core.insert(item, before: anchor)
    _commit()
    return done
  }

  /// Moves the shown items with `ids` before the shown item with id
  /// `destination`, or to the end (`nil`), at once, keeping their order:
  /// a drag to reorder, as SwiftUI's `ReorderDifference` hands it over (its
  /// sources, and a destination before an id or at the end). The move is
  /// published as one change whose `moves` names each moved row
  /// (`changes(since:)`), and lasts under the same rules as
  /// `insert(_:after:)`: until a page loaded after a later `refresh()` holds
  /// a moved item; the source is then the truth (an item it moved too is
  /// shown where it put it).
  ///
  /// ```swift
  /// import IdentityDiff
  /// import Paging
  ///
  /// nonisolated struct Todo: Identifiable, Sendable { let id: Int }
  ///
  /// let todos = PagingSource<Int, Todo>.positional { range in
  ///   PositionalPage(items: range.map { Todo(id: $0) }, totalCount: 100)
  /// }
  /// let pager = Pager(configuration: PagingConfiguration(pageSize: 20), source: todos)
  /// pager.refresh()
  /// await pager.waitUntilIdle()
  /// let version = pager.items.version
  /// // The user drags rows 5 and 7 to the top; the app tells its server.
  /// pager.move(ids: [7, 5], before: 0)
  /// assert(pager.items.prefix(3).map { $0?.id } == [5, 7, 0])
  /// assert(pager.changes(since: version) == [RowChanges(movingOffsets: [5, 7], toOffset: 0)])
  /// ```
  ///
  /// The ids come from the UI, so none traps: an id not shown (stale, or on
  /// a page dropped meanwhile) is ignored, a repeated one counts once. A
  /// destination among the moved ids lands them before the first shown
  /// item after it that does not move, or at the end.
  ///
  /// - Returns: Whether any item moved: `false` if the destination is not
  ///   shown, the end is asked for and is not loaded, a `refresh()` still
  ///   shows the rows from before it (its rows have not all arrived), or
  ///   the moved items would pass the 65,536 of `insert(_:after:)`.
  /// - Complexity: O(loaded items).
  @discardableResult
  public func move(ids: some Sequence<Item.ID>, before destination: Item.ID?) -> Bool {
    let done = _core.move(ids: ids, before: destination)
    _commit()
    return done
  }

  /// Whether local edits are shown that the source has not yet confirmed.
  ///
  /// - Complexity: O(1).
  public var hasLocalEdits: Bool { _core.hasLocalEdits }
}
