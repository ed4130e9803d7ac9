//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension WindowingEngine {
  /// Applies a batch of removals and insertions by position, as a list UI's
  /// batch update takes them (a pager's `PagedChanges`): the first visible
  /// item that survives keeps its place on screen, as with
  /// `insertItems(at:)` and `removeItems(at:)`.
  ///
  /// - Parameters:
  ///   - removed: Ranges of removed items, in the old positions, ascending
  ///     and disjoint; traps otherwise, naming the range.
  ///   - inserted: Ranges of inserted items, in the new positions,
  ///     ascending and disjoint; traps otherwise.
  /// - Complexity: O(ranges) plus the layout's cost of each range.
  @discardableResult
  public mutating func apply(removed: [Range<Int>], inserted: [Range<Int>]) -> WindowChange {
    _apply(removed: removed, inserted: inserted, foundAgain: [:])
  }

  /// `apply(removed:inserted:)`, where the caller may know where the first
  /// visible item went although its position was removed (the same item
  /// among the inserted ones, matched by identity): `foundAgain` maps such
  /// rows' old positions to their new ones, so that they count as survivors.
  ///
  /// Every change of positions goes through it (`insertItems(at:)` and
  /// `removeItems(at:)` with one range), so the anchoring rule and the
  /// pinned positions are updated in one place.
  internal mutating func _apply(
    removed: some BidirectionalCollection<Range<Int>>,
    inserted: some Collection<Range<Int>>,
    foundAgain: [Int: Int]
  ) -> WindowChange {
    let oldCount = _layout.itemCount
    var end = 0
    for range in removed {
      _precondition(
        range.lowerBound >= end && range.upperBound <= oldCount,
        "Removed range \(range) is out of order or out of range 0..<\(oldCount)")
      end = range.upperBound
    }
    let newCount =
      oldCount - removed.reduce(0) { $0 + $1.count } + inserted.reduce(0) { $0 + $1.count }
    end = 0
    for range in inserted {
      _precondition(
        range.lowerBound >= end && range.upperBound <= newCount,
        "Inserted range \(range) is out of order or out of range 0..<\(newCount)")
      end = range.upperBound
    }
    let target = _anchorTarget(
      removed: removed, inserted: inserted, oldCount: oldCount, foundAgain: foundAgain)
    for range in removed.reversed() {
      _layout.removeItems(at: range)
      _remapPinned(removed: range)
    }
    for range in inserted {
      _layout.insertItems(at: range)
      _remapPinned(inserted: range)
    }
    return _reanchor(target)
  }
}
