//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Which rows of a list a change removed, inserted and updated, by
/// position, in the coordinates a list UI's batch update and the windowing
/// engine use: removals in the positions before the change, insertions and
/// updates in the positions after it.
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
/// let first = RowChanges(removed: [2..<4])
/// rows.insert(contentsOf: [100, 101], at: 0)          // second change
/// let second = RowChanges(inserted: [0..<2])
/// let both = RowChanges(composing: [first, second])
/// assert(both == RowChanges(removed: [2..<4], inserted: [0..<2]))
/// assert(both.newCount(from: 10) == rows.count)
/// ```
public struct RowChanges: Hashable, Sendable {
  /// Ranges of removed rows, in the positions before the change, ascending
  /// and disjoint.
  public var removed: [Range<Int>]
  /// Ranges of inserted rows, in the positions after the change, ascending
  /// and disjoint.
  public var inserted: [Range<Int>]
  /// Ranges of rows that stayed but whose content changed, in the positions
  /// after the change, ascending and disjoint; none is inserted.
  public var updated: [Range<Int>]
  /// Rows removed and inserted that are the same item: each move's `from`
  /// is a removed row and its `to` an inserted one, ascending by `from`.
  ///
  /// A move is counted in `removed` and `inserted` too, so a host that does
  /// not animate moves (and a UIKit batch) reads only those; the windowing
  /// engine uses the moves to keep the reader's place, pinned rows and
  /// measured lengths with their items.
  public var moved: [Move]

  /// A row removed at `from` and inserted at `to`: the same item, moved
  /// (the same type as a difference's moves).
  public typealias Move = IdentityDifference.Move

  /// Creates changes from their ranges.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    removed: [Range<Int>] = [], inserted: [Range<Int>] = [], updated: [Range<Int>] = [],
    moved: [Move] = []
  ) {
    self.removed = removed
    self.inserted = inserted
    self.updated = updated
    self.moved = moved
  }

  /// Whether nothing changed.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && updated.isEmpty }

  /// The number of rows after the change, for a list of `oldCount` rows.
  ///
  /// - Complexity: O(ranges).
  public func newCount(from oldCount: Int) -> Int {
    oldCount - removed.reduce(0) { $0 + $1.count } + inserted.reduce(0) { $0 + $1.count }
  }

  /// The changes of an identity difference: a moved item is removed from
  /// its old position, inserted at its new one, and named in `moved`; an
  /// updated item is named by its new position.
  ///
  /// - Complexity: O(changes + n log n) for the moves and updates.
  public init(_ difference: IdentityDifference) {
    var removed = difference.deletions
    var inserted = difference.insertions
    for move in difference.moves {
      removed.append(move.from)
      inserted.append(move.to)
    }
    let updated = difference.updates.compactMap { difference.newPositions[$0] }
    self.init(
      removed: _runs(removed.sorted()), inserted: _runs(inserted.sorted()),
      updated: _runs(updated.sorted()),
      moved: difference.moves.map { Move(from: $0.from, to: $0.to) }.sorted { $0.from < $1.from })
  }

  /// Where the row at `position` before the change is after it: shifted
  /// by the rows removed and inserted before it, the `to` of its move, or
  /// `nil` if it was removed.
  ///
  /// - Complexity: O(log moves + ranges).
  public func newPosition(ofRowAt position: Int) -> Int? {
    let k = moved._partitioningIndex { $0.from >= position }
    if k < moved.count, moved[k].from == position { return moved[k].to }
    return _mapThrough([position..<position + 1]).first?.lowerBound
  }

  /// Where the row at `position` after the change was before it: the
  /// inverse of `newPosition(ofRowAt:)`, or `nil` for a row inserted (and
  /// not moved).
  ///
  /// - Complexity: O(moves + ranges).
  public func oldPosition(ofRowAt position: Int) -> Int? {
    if let move = moved.first(where: { $0.to == position }) { return move.from }
    return _oldPositions(of: [position..<position + 1]).first?.lowerBound
  }

  /// These changes, then `next`: the one change from the rows before these
  /// to the rows after `next`. A row inserted here and removed by `next`
  /// appears in neither; an updated row follows its position.
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
        // (kept or removed).
        let k = Swift.min(a.op.count, b.op.count)
        switch (a.op, b.op) {
        case (.keep, .keep): result.keep(k)
        case (.keep, .remove): result.remove(k)
        case (.insert, .keep): result.insert(k)
        default: break  // inserted, then removed: never shown
        }
        a.advance(k)
        b.advance(k)
      }
    }
    var changes = result.changes
    changes.updated = _subtracting(
      _union(next._mapThrough(updated), next.updated), changes.inserted)
    changes.moved = _moves(followedBy: next)
    return changes
  }

  /// The moves of these changes followed by `next`: a row moved here and
  /// kept or moved by `next` lands where `next` puts it; a row kept here
  /// and moved by `next` moves from where it was before these.
  private func _moves(followedBy next: RowChanges) -> [Move] {
    guard !moved.isEmpty || !next.moved.isEmpty else { return [] }
    var result: [Move] = []
    var movedHere = Set<Int>()
    for move in moved {
      movedHere.insert(move.to)
      if let to = next.newPosition(ofRowAt: move.to) {
        result.append(Move(from: move.from, to: to))
      }
    }
    for move in next.moved where !movedHere.contains(move.from) {
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

  /// The changes as one batch of a list UI's section `section`, in the
  /// coordinates UIKit takes: deletions and reloads at the positions
  /// before the batch, insertions at the positions after it. An updated row
  /// is reloaded at its old position (UIKit reloads by the index before the
  /// batch), and no position is named twice.
  ///
  /// - Parameter section: The section the rows are in.
  /// - Complexity: O(rows changed + ranges).
  public func batch(inSection section: Int = 0) -> ListBatch {
    var batch = ListBatch()
    batch.itemDeletions = removed.reversed().flatMap { $0.reversed() }.map {
      ItemPath(section: section, item: $0)
    }
    batch.itemInsertions = inserted.flatMap { $0 }.map { ItemPath(section: section, item: $0) }
    batch.itemReloads = _oldPositions(of: updated).flatMap { $0 }.map {
      ItemPath(section: section, item: $0)
    }
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
  /// The ranges and moves, as `removed: [2..<4], inserted: [0..<2], …`.
  public var description: String {
    func ranges(_ ranges: [Range<Int>]) -> String {
      "[" + ranges.map { "\($0)" }.joined(separator: ", ") + "]"
    }
    let moves = moved.map { "\($0.from)→\($0.to)" }.joined(separator: ", ")
    return "RowChanges(removed: \(ranges(removed)), inserted: \(ranges(inserted)), "
      + "updated: \(ranges(updated)), moved: [\(moves)])"
  }
}

/// A step of a change, walking the rows before and after it together.
internal enum _RowOp {
  /// Rows kept: they advance both sides.
  case keep(Int)
  /// Rows removed: they advance the side before.
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
    for (ranges, name) in [(changes.removed, "removed"), (changes.inserted, "inserted")] {
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
    while nextRemoval < changes.removed.count, changes.removed[nextRemoval].isEmpty {
      nextRemoval += 1
    }
    while nextInsertion < changes.inserted.count, changes.inserted[nextInsertion].isEmpty {
      nextInsertion += 1
    }
    let removal = nextRemoval < changes.removed.count ? changes.removed[nextRemoval] : nil
    let insertion = nextInsertion < changes.inserted.count ? changes.inserted[nextInsertion] : nil
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
    Self._append(k, at: &old, to: &changes.removed)
  }

  mutating func insert(_ k: Int) {
    Self._append(k, at: &new, to: &changes.inserted)
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
