//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// What a publication changed, as a list takes it: the rows whose segments
// differ between the old and the new items (`RowChanges(from:to:within:)`),
// with items found again at other positions reported moved
// (`_ItemIdentity.withShifts`), kept in the log `changes(since:)` reads.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// See `Pager.changes(since:)`.
  public func changes(since version: Int) -> [RowChanges]? {
    if version == items.version { return [] }
    guard let first = _publication.changes.first, version >= first.version - 1,
      version < items.version
    else { return nil }
    return _publication.changes.filter { $0.version > version }.map { $0.changes }
  }

  /// Records the changes of the publication of `new`, which replaces
  /// `old` and shows the same segments outside `window`.
  internal mutating func _recordChanges(
    from old: PagedCollection<Item>, to new: PagedCollection<Item>, within window: Range<Int>
  ) {
    let changes = _identity.withShifts(
      RowChanges(from: old, to: new, within: window), from: old, to: new)
    _publication.record(changes, version: new.version)
  }
}

extension _IdentifiableItems {
  /// `changes` (by position, from `old` to `new`) where rows they call
  /// updated now show an item with another identity (a refresh that found
  /// rows inserted or deleted above, a page loaded again with other
  /// items): those rows are deleted and inserted instead, and each item
  /// shown among them before and after is reported moved. A list that
  /// follows the pager then keeps the item read where it was on screen.
  ///
  /// - Complexity: O(updated rows × ranges).
  internal static func _shifts(
    _ changes: RowChanges, _ old: PagedCollection<Item>, _ new: PagedCollection<Item>
  ) -> RowChanges {
    guard !changes.updates.isEmpty, _mayMoveItems(changes, old, new) else { return changes }
    let (replaced, moves) = _replacedRows(changes, old, new)
    guard !replaced.isEmpty else { return changes }
    let runs = _runs(replaced.sorted().map { $0..<$0 + 1 })
    // In the coordinates after `changes`: the replaced rows deleted and
    // inserted again, an item found on both sides moved.
    return changes.followed(
      by: RowChanges(deletions: runs, insertions: runs, moves: moves.sorted { $0.from < $1.from }))
  }

  /// Whether an item can have moved: a publication that only loads
  /// placeholders, or only drops pages, has no item on one side of its
  /// updated rows. An item moves from an updated row to an updated or
  /// inserted one (a refresh that searched past the old end finds it in a
  /// new row).
  private static func _mayMoveItems(
    _ changes: RowChanges, _ old: PagedCollection<Item>, _ new: PagedCollection<Item>
  ) -> Bool {
    var itemsBefore = false
    var itemsAfter = false
    for range in changes.updates {
      let first = changes.oldPosition(ofRowAt: range.lowerBound) ?? 0
      let last = changes.oldPosition(ofRowAt: range.upperBound - 1) ?? old.count - 1
      itemsBefore = itemsBefore || old._mayHoldItems(in: first..<last + 1)
      itemsAfter = itemsAfter || new._mayHoldItems(in: range)
    }
    for range in changes.insertions where !itemsAfter {
      itemsAfter = new._mayHoldItems(in: range)
    }
    return itemsBefore && itemsAfter
  }

  /// The updated rows, in the coordinates after `changes`, that now show
  /// another item (replaced, or the end of a move), with the moves of the
  /// items found both in updated rows before and in updated or inserted
  /// rows after.
  private static func _replacedRows(
    _ changes: RowChanges, _ old: PagedCollection<Item>, _ new: PagedCollection<Item>
  ) -> (replaced: Set<Int>, moves: [RowChanges.Move]) {
    var after: [Item.ID: Int] = [:]
    for range in changes.updates + changes.insertions {
      new._forEachItem(in: range) { position, item in after[item.id] = position }
    }
    guard !after.isEmpty else { return ([], []) }
    var replaced = Set<Int>()
    var before: [Item.ID: Int] = [:]
    for range in changes.updates {
      for position in range {
        guard let item = changes.oldPosition(ofRowAt: position).flatMap({ old[$0] }) else {
          continue
        }
        before[item.id] = position
        // An item replaced by another one; a placeholder that loads, or an
        // item dropped to a placeholder, stays an update unless it moves.
        if let newID = new[position]?.id, newID != item.id { replaced.insert(position) }
      }
    }
    var moves: [RowChanges.Move] = []
    for (id, to) in after {
      guard let from = before[id], from != to else { continue }
      moves.append(RowChanges.Move(from: from, to: to))
      replaced.insert(from)
      replaced.insert(to)
    }
    return (replaced, moves)
  }
}
