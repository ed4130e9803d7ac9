//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// A reload compares a node's children by identifier, and reports each child
// as a block of rows (its own, and its subtree's while expanded): removed
// blocks, inserted blocks, moved blocks row by row, and the rows of the
// children that stay where they were as updated (the node read again may
// differ). Rows of a child that stays are never removed and inserted, so a
// list keeps them, and the reader's place among them.

extension OutlineCollection {
  /// The rows a child shows: its own, and its subtree's while expanded.
  @inlinable
  internal func _blockRows(_ record: Int32, _ index: Int) -> Int {
    guard let child = _childRecord(record, index).record, _records[Int(child)].isExpanded else {
      return 1
    }
    return 1 + _total(of: child)
  }

  /// The rows of a reload whose children were `old` and are `new` (their
  /// identifiers and row counts), the first child's row at `first`, below
  /// a node that showed `oldTotal` rows and shows `newTotal`. Children that
  /// repeat an identifier are told apart by no identity: then every row is
  /// replaced.
  ///
  /// - Complexity: O(*k*) for *k* old and new children, plus the rows of
  ///   the children that move.
  @inlinable
  internal static func _childChanges(
    old: [(id: ID, rows: Int)], new: [(id: ID, rows: Int)], first: Int, oldTotal: Int,
    newTotal: Int
  ) -> RowChanges {
    let oldStarts = _starts(old, first: first)
    let newStarts = _starts(new, first: first)
    guard Set(old.map(\.id)).count == old.count, Set(new.map(\.id)).count == new.count,
      oldStarts[old.count] == first + oldTotal, newStarts[new.count] == first + newTotal
    else {
      return RowChanges(
        deletions: oldTotal > 0 ? [first..<first + oldTotal] : [],
        insertions: newTotal > 0 ? [first..<first + newTotal] : [])
    }
    let difference = IdentityDifference(
      from: old, to: new, id: { $0.id }, contentEquals: { _, _ in true })
    func block(_ starts: [Int], _ index: Int) -> Range<Int> { starts[index]..<starts[index + 1] }
    var removed = difference.deletions.map { block(oldStarts, $0) }
    var inserted = difference.insertions.map { block(newStarts, $0) }
    var moved: [RowChanges.Move] = []
    var arrived = Set<Int>()
    for move in difference.moves {
      let (from, to) = (block(oldStarts, move.from), block(newStarts, move.to))
      removed.append(from)
      inserted.append(to)
      arrived.insert(move.to)
      for k in 0..<from.count {
        moved.append(.init(from: from.lowerBound + k, to: to.lowerBound + k))
      }
    }
    let added = Set(difference.insertions)
    let stayed = new.indices.filter { !added.contains($0) && !arrived.contains($0) }
    return RowChanges(
      deletions: _runs(removed.sorted { $0.lowerBound < $1.lowerBound }),
      insertions: _runs(inserted.sorted { $0.lowerBound < $1.lowerBound }),
      updates: _runs(stayed.map { newStarts[$0]..<newStarts[$0] + 1 }),
      moves: moved.sorted { $0.from < $1.from })
  }

  /// The first row of each block, and the end of the last.
  @inlinable
  internal static func _starts(_ blocks: [(id: ID, rows: Int)], first: Int) -> [Int] {
    var starts = [first]
    starts.reserveCapacity(blocks.count + 1)
    for block in blocks { starts.append(starts[starts.count - 1] + block.rows) }
    return starts
  }
}
