//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// What changed between two publications of a `Pager`, by position, in the
/// package's one change vocabulary (`RowChanges`): rows removed (in the old
/// positions), rows inserted (in the new positions), and rows that stayed
/// but whose content changed (in the new positions: placeholders that
/// loaded, items dropped to placeholders, items replaced or edited).
///
/// Several publications compose into one (`RowChanges(composing:)`), which
/// `VirtualList.apply(_:from:)` does for a list that missed several.
public typealias PagedChanges = RowChanges

extension PagedChanges {
  /// The changes from `old` to `new`, which show the same segments outside
  /// `window` (internal coordinates): a walk over the segments of both
  /// inside it, O(segments in the window × log *p*).
  internal init<Item>(
    from old: PagedCollection<Item>, to new: PagedCollection<Item>, within window: Range<Int>
  ) {
    let low = Swift.min(old._origin, new._origin)
    let high = Swift.max(old._coordinateEnd, new._coordinateEnd)
    var x = Swift.max(window.lowerBound, low)
    let stop = Swift.min(window.upperBound, high)
    guard x < stop else {
      self.init()
      return
    }
    // Start where a segment of both begins: rows before it are the same.
    var aligned = false
    while !aligned {
      aligned = true
      for segment in [old._segment(atCoordinate: x), new._segment(atCoordinate: x)] {
        if let segment, segment.start < x {
          x = segment.start
          aligned = false
        }
      }
    }
    var oldRow = old._row(atCoordinate: x)
    var newRow = new._row(atCoordinate: x)
    var removed: [Range<Int>] = []
    var inserted: [Range<Int>] = []
    var updated: [Range<Int>] = []
    func add(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
      guard !range.isEmpty else { return }
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    func rows(
      _ layout: PagedCollection<Item>, _ x: Int, _ y: Int
    ) -> (
      count: Int, identity: Int?, uniform: Bool
    ) {
      var count = 0
      var identity: Int?
      var uniform = true
      var cursor = Swift.max(x, layout._origin)
      let stop = Swift.min(y, layout._coordinateEnd)
      var first = true
      while cursor < stop, let segment = layout._segment(atCoordinate: cursor) {
        let upper = Swift.min(segment.end, stop)
        count += segment.isUniform ? upper - cursor : segment.rows
        uniform = uniform && segment.isUniform
        identity = first ? segment.identity : (identity == segment.identity ? identity : nil)
        first = false
        cursor = segment.isUniform ? upper : segment.end
      }
      return (count, identity, uniform)
    }
    while x < stop {
      // A block ends at the next boundary of either layout, widened to
      // whole segments where edits make rows and coordinates differ.
      var y = high
      for layout in [old, new] {
        if x < layout._origin { y = Swift.min(y, layout._origin) }
        if let segment = layout._segment(atCoordinate: x) { y = Swift.min(y, segment.end) }
      }
      var widened = true
      while widened {
        widened = false
        for layout in [old, new] {
          for probe in [y - 1, x] {
            if let segment = layout._segment(atCoordinate: probe), !segment.isUniform,
              segment.end > y
            {
              y = segment.end
              widened = true
            }
          }
        }
      }
      let before = rows(old, x, y)
      let after = rows(new, x, y)
      let inOld = x >= old._origin && x < old._coordinateEnd
      let inNew = x >= new._origin && x < new._coordinateEnd
      if inOld && inNew && before.identity != nil && before.identity == after.identity
        && before.count == after.count
      {
        // The same placeholders, or the same page: nothing changed.
      } else if inOld && inNew && before.count == after.count && before.uniform && after.uniform {
        add(newRow..<newRow + after.count, to: &updated)
      } else {
        add(oldRow..<oldRow + before.count, to: &removed)
        add(newRow..<newRow + after.count, to: &inserted)
      }
      oldRow += before.count
      newRow += after.count
      x = y
    }
    self.init(removed: removed, inserted: inserted, updated: updated)
  }
}
