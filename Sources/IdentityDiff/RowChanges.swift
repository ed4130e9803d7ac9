//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Which rows of a list a change deleted, inserted, moved and updated,
/// as ranges of positions, in the coordinates a list UI's batch update and
/// the windowing engine use: deletions in the positions before the change;
/// insertions, move destinations and updates in the positions after it.
///
/// Any number of changes compose into one (`followed(by:)`,
/// `init(composing:)`), so a list that missed several publications applies
/// them in one call against the data as it is now:
///
/// ```swift
/// import IdentityDiff
///
/// var rows = Array(0..<10)
/// rows.removeSubrange(2..<4)                          // first change
/// let first = RowChanges(deletions: [2..<4])
/// rows.insert(contentsOf: [100, 101], at: 0)          // second change
/// let second = RowChanges(insertions: [0..<2])
/// let both = RowChanges(composing: [first, second])
/// assert(both == RowChanges(deletions: [2..<4], insertions: [0..<2]))
/// assert(both.newCount(from: 10) == rows.count)
/// ```
public struct RowChanges: Hashable, Sendable {
  /// Ranges of deleted rows, in the positions before the change, ascending
  /// and disjoint.
  public var deletions: [Range<Int>]
  /// Ranges of inserted rows, in the positions after the change, ascending
  /// and disjoint.
  public var insertions: [Range<Int>]
  /// Ranges of rows whose content changed, in the positions after the
  /// change, ascending and disjoint: rows that stayed, and moved rows (a
  /// move's `to`), never other insertions.
  public var updates: [Range<Int>]
  /// Rows deleted and inserted that are the same item: each move's `from`
  /// is a deleted row and its `to` an inserted one, ascending by `from`.
  ///
  /// A move is counted in `deletions` and `insertions` too, so a host that
  /// does not animate moves reads only those; the windowing engine uses the
  /// moves to keep the reader's place, pinned rows and measured lengths
  /// with their items, and `batch(inSection:)` hands them to UIKit.
  public var moves: [Move]

  /// A row deleted at `from` and inserted at `to`: the same item, moved
  /// (the same type as a difference's moves).
  public typealias Move = IdentityDifference.Move

  /// Creates changes from their ranges.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    deletions: [Range<Int>] = [], insertions: [Range<Int>] = [], updates: [Range<Int>] = [],
    moves: [Move] = []
  ) {
    self.deletions = deletions
    self.insertions = insertions
    self.updates = updates
    self.moves = moves
  }

  /// Whether nothing changed.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && updates.isEmpty }

  /// The number of rows after the change, for a list of `oldCount` rows.
  ///
  /// - Complexity: O(ranges).
  public func newCount(from oldCount: Int) -> Int {
    oldCount - deletions.reduce(0) { $0 + $1.count } + insertions.reduce(0) { $0 + $1.count }
  }

  /// The changes of an identity difference: a moved item is deleted from
  /// its old position, inserted at its new one, and named in `moves`.
  ///
  /// - Complexity: O(changes log changes).
  public init(_ difference: IdentityDifference) {
    var deletions = difference.deletions
    var insertions = difference.insertions
    for move in difference.moves {
      deletions.append(move.from)
      insertions.append(move.to)
    }
    self.init(
      deletions: _runs(deletions.sorted()), insertions: _runs(insertions.sorted()),
      updates: _runs(difference.updates),
      moves: difference.moves.sorted { $0.from < $1.from })
  }

  /// Where the row at `position` before the change is after it: shifted
  /// by the rows deleted and inserted before it, the `to` of its move, or
  /// `nil` if it was deleted.
  ///
  /// - Complexity: O(log moves + ranges).
  public func newPosition(ofRowAt position: Int) -> Int? {
    let k = moves._partitioningIndex { $0.from >= position }
    if k < moves.count, moves[k].from == position { return moves[k].to }
    return _mapThrough([position..<position + 1]).first?.lowerBound
  }

  /// Where the row at `position` after the change was before it: the
  /// inverse of `newPosition(ofRowAt:)`, or `nil` for a row inserted (and
  /// not moved).
  ///
  /// - Complexity: O(moves + ranges).
  public func oldPosition(ofRowAt position: Int) -> Int? {
    if let move = moves.first(where: { $0.to == position }) { return move.from }
    return _oldPositions(of: [position..<position + 1]).first?.lowerBound
  }

  /// These changes, then `next`: the one change from the rows before these
  /// to the rows after `next`. A row inserted here and deleted by `next`
  /// appears in neither; an updated row follows its position, through a
  /// move too.
  ///
  /// - Parameter next: Changes of the rows after these.
  /// - Complexity: O(ranges of both).
  public func followed(by next: RowChanges) -> RowChanges {
    var result = _RowChangesBuilder()
    var a = _OpStream(self)
    var b = _OpStream(next)
    while true {
      if case .remove(let k) = a.op {
        result.remove(k)
        a.advance(k)
      } else if case .insert(let k) = b.op {
        result.insert(k)
        b.advance(k)
      } else if a.isAtEnd, b.isAtEnd {
        break
      } else {
        // `a` produces a middle row (kept or inserted), `b` consumes it
        // (kept or deleted).
        let k = Swift.min(a.op.count, b.op.count)
        switch (a.op, b.op) {
        case (.keep, .keep): result.keep(k)
        case (.keep, .remove): result.remove(k)
        case (.insert, .keep): result.insert(k)
        default: break  // inserted, then deleted: never shown
        }
        a.advance(k)
        b.advance(k)
      }
    }
    var changes = result.changes
    changes.moves = _moves(followedBy: next)
    changes.updates = _updates(followedBy: next, insertions: changes.insertions, changes.moves)
    return changes
  }

  /// The updates of these changes followed by `next`, whose `insertions`
  /// and `moves` are given: this change's updated rows where `next` puts
  /// them, and `next`'s; none a row inserted by either but not moved.
  private func _updates(
    followedBy next: RowChanges, insertions: [Range<Int>], _ moves: [Move]
  ) -> [Range<Int>] {
    guard !updates.isEmpty || !next.updates.isEmpty else { return [] }
    // `_mapThrough` keeps the rows `next` keeps; its moves carry the rest.
    let movedOn = next.moves.filter { _contains(updates, $0.from) }.map(\.to).sorted()
    let carried = _union(next._mapThrough(updates), _runs(movedOn))
    let arrivals = _runs(moves.map(\.to).sorted())
    return _subtracting(_union(carried, next.updates), _subtracting(insertions, arrivals))
  }

  /// The moves of these changes followed by `next`: a row moved here and
  /// kept or moved by `next` lands where `next` puts it; a row kept here
  /// and moved by `next` moves from where it was before these.
  private func _moves(followedBy next: RowChanges) -> [Move] {
    guard !moves.isEmpty || !next.moves.isEmpty else { return [] }
    var result: [Move] = []
    var movedHere = Set<Int>()
    for move in moves {
      movedHere.insert(move.to)
      if let to = next.newPosition(ofRowAt: move.to) {
        result.append(Move(from: move.from, to: to))
      }
    }
    for move in next.moves where !movedHere.contains(move.from) {
      if let from = _oldPositions(of: [move.from..<move.from + 1]).first {
        result.append(Move(from: from.lowerBound, to: move.to))
      }
    }
    return result.sorted { $0.from < $1.from }
  }

  /// All of `changes`, in order, as one change.
  ///
  /// - Complexity: O(total ranges × number of changes) at worst.
  public init(composing changes: some Sequence<RowChanges>) {
    self.init()
    for change in changes { self = self.followed(by: change) }
  }

  /// The changes as one batch of a list UI's section `section` that
  /// UIKit's `performBatchUpdates` accepts, as IGListKit's batch cleanup
  /// makes one: a row both moved and updated is deleted and inserted (UIKit
  /// cannot reload an item that moves: "attempt to perform a delete and a
  /// move from the same index path"); an updated row that stays is
  /// reloaded at its old position; the other moves stay moves. Deletions
  /// and reloads are positions before the batch, insertions after it.
  ///
  /// ```swift
  /// import IdentityDiff
  ///
  /// // [a, b, c] to [c', a, b']: c moved and updated, b updated.
  /// let changes = RowChanges(
  ///   deletions: [2..<3], insertions: [0..<1], updates: [0..<1, 2..<3],
  ///   moves: [.init(from: 2, to: 0)])
  /// let batch = changes.batch()
  /// assert(batch.itemDeletions == [ItemPath(section: 0, item: 2)])
  /// assert(batch.itemInsertions == [ItemPath(section: 0, item: 0)])
  /// assert(batch.itemReloads == [ItemPath(section: 0, item: 1)])
  /// ```
  ///
  /// `IdentityDifference.batch(inSection:)` is this batch of the
  /// difference's changes.
  ///
  /// - Parameter section: The section the rows are in.
  /// - Complexity: O(rows changed + ranges).
  public func batch(inSection section: Int = 0) -> ListBatch {
    func path(_ row: Int) -> ItemPath { ItemPath(section: section, item: row) }
    // A move whose row is updated stays a deletion and an insertion.
    let kept = moves.filter { !_contains(updates, $0.to) }.sorted { $0.to < $1.to }
    let stayingFrom = Set(kept.map(\.from))
    let stayingTo = Set(kept.map(\.to))
    var batch = ListBatch()
    batch.itemDeletions = deletions.reversed().flatMap { $0.reversed() }
      .filter { !stayingFrom.contains($0) }.map(path)
    batch.itemInsertions = insertions.joined().filter { !stayingTo.contains($0) }.map(path)
    batch.itemMoves = kept.map {
      SectionedDifference.ItemMove(from: path($0.from), to: path($0.to))
    }
    batch.itemReloads = _oldPositions(of: updates).joined().map(path)
    return batch
  }

  /// `positions` (rows before these changes) moved to their positions after
  /// them; rows these changes remove are dropped.
  internal func _mapThrough(_ positions: [Range<Int>]) -> [Range<Int>] {
    _mapKept(positions, fromOld: true)
  }

  /// The positions before these changes of rows kept at `positions` after
  /// them; rows these changes insert are dropped.
  internal func _oldPositions(of positions: [Range<Int>]) -> [Range<Int>] {
    _mapKept(positions, fromOld: false)
  }

  /// Kept rows at `positions` on one side of these changes (before them if
  /// `fromOld`), at their positions on the other side.
  private func _mapKept(_ positions: [Range<Int>], fromOld: Bool) -> [Range<Int>] {
    var mapped: [Range<Int>] = []
    var stream = _OpStream(self)
    var next = 0
    while next < positions.count {
      guard case .keep(let k) = stream.op else {
        stream.advance(stream.op.count)
        continue
      }
      // Kept rows from..<from + k on this side are at to..<to + k on the other.
      let from = fromOld ? stream.old : stream.new
      let to = fromOld ? stream.new : stream.old
      let kept = from..<(k == .max ? Int.max : from + k)
      while next < positions.count, positions[next].lowerBound < kept.upperBound {
        let part = positions[next].clamped(to: kept)
        if !part.isEmpty {
          mapped.append(part.lowerBound - from + to..<part.upperBound - from + to)
        }
        if positions[next].upperBound <= kept.upperBound { next += 1 } else { break }
      }
      if k == .max { break }
      stream.advance(k)
    }
    return _runs(mapped)
  }
}

extension RowChanges: CustomStringConvertible {
  /// The ranges and moves, as `deletions: [2..<4], insertions: [0..<2], …`.
  public var description: String {
    func ranges(_ ranges: [Range<Int>]) -> String {
      "[" + ranges.map { "\($0)" }.joined(separator: ", ") + "]"
    }
    let pairs = moves.map { "\($0.from)→\($0.to)" }.joined(separator: ", ")
    return "RowChanges(deletions: \(ranges(deletions)), insertions: \(ranges(insertions)), "
      + "updates: \(ranges(updates)), moves: [\(pairs)])"
  }
}

/// A step of a change, walking the rows before and after it together.
internal enum _RowOp {
  /// Rows kept: they advance both sides.
  case keep(Int)
  /// Rows deleted: they advance the side before.
  case remove(Int)
  /// Rows inserted: they advance the side after.
  case insert(Int)

  var count: Int {
    switch self {
    case .keep(let k), .remove(let k), .insert(let k): return k
    }
  }
}

/// The steps of a change, in order, ending with rows kept forever.
internal struct _OpStream {
  let changes: RowChanges
  var old = 0
  var new = 0
  var nextRemoval = 0
  var nextInsertion = 0
  /// The current step, with what is left of it.
  var op: _RowOp = .keep(0)

  init(_ changes: RowChanges) {
    self.changes = changes
    for (ranges, name) in [(changes.deletions, "deleted"), (changes.insertions, "inserted")] {
      var end = 0
      for range in ranges {
        _precondition(
          range.lowerBound >= end, "The \(name) range \(range) is out of order or overlaps")
        end = range.upperBound
      }
    }
    op = _nextOp()
  }

  /// Whether only rows kept forever remain.
  var isAtEnd: Bool {
    if case .keep(.max) = op { return true }
    return false
  }

  mutating func advance(_ k: Int) {
    switch op {
    case .keep(let left):
      if left == .max { return }
      old += k
      new += k
      op = left == k ? _nextOp() : .keep(left - k)
    case .remove(let left):
      old += k
      op = left == k ? _nextOp() : .remove(left - k)
    case .insert(let left):
      new += k
      op = left == k ? _nextOp() : .insert(left - k)
    }
  }

  private mutating func _nextOp() -> _RowOp {
    while nextRemoval < changes.deletions.count, changes.deletions[nextRemoval].isEmpty {
      nextRemoval += 1
    }
    while nextInsertion < changes.insertions.count, changes.insertions[nextInsertion].isEmpty {
      nextInsertion += 1
    }
    let removal = nextRemoval < changes.deletions.count ? changes.deletions[nextRemoval] : nil
    let insertion =
      nextInsertion < changes.insertions.count ? changes.insertions[nextInsertion] : nil
    if let removal, removal.lowerBound == old {
      nextRemoval += 1
      return .remove(removal.count)
    }
    if let insertion, insertion.lowerBound == new {
      nextInsertion += 1
      return .insert(insertion.count)
    }
    let toRemoval = removal.map { $0.lowerBound - old } ?? .max
    let toInsertion = insertion.map { $0.lowerBound - new } ?? .max
    return .keep(Swift.min(toRemoval, toInsertion))
  }
}

/// Builds changes from steps, joining adjacent ranges.
internal struct _RowChangesBuilder {
  var changes = RowChanges()
  var old = 0
  var new = 0

  mutating func keep(_ k: Int) {
    old += k
    new += k
  }

  mutating func remove(_ k: Int) {
    Self._append(k, at: &old, to: &changes.deletions)
  }

  mutating func insert(_ k: Int) {
    Self._append(k, at: &new, to: &changes.insertions)
  }

  /// Appends the `k` rows at `position` to `ranges`, joined to the last
  /// range if they follow it, and moves `position` past them.
  private static func _append(_ k: Int, at position: inout Int, to ranges: inout [Range<Int>]) {
    guard k > 0 else { return }
    if let last = ranges.last, last.upperBound == position {
      ranges[ranges.count - 1] = last.lowerBound..<position + k
    } else {
      ranges.append(position..<position + k)
    }
    position += k
  }
}

/// Sorted positions as the fewest ascending ranges.
internal func _runs(_ positions: [Int]) -> [Range<Int>] {
  _runs(positions.map { $0..<$0 + 1 })
}

/// The union of two ascending lists of ranges.
internal func _union(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
  _runs((a + b).sorted { $0.lowerBound < $1.lowerBound })
}

/// The parts of `a` outside `b`, both ascending.
internal func _subtracting(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
  var result: [Range<Int>] = []
  var j = 0
  for range in a {
    var lower = range.lowerBound
    while j < b.count, b[j].upperBound <= lower { j += 1 }
    var k = j
    while lower < range.upperBound {
      guard k < b.count, b[k].lowerBound < range.upperBound else {
        result.append(lower..<range.upperBound)
        break
      }
      if b[k].lowerBound > lower { result.append(lower..<b[k].lowerBound) }
      lower = Swift.max(lower, b[k].upperBound)
      k += 1
    }
  }
  return _runs(result)
}
