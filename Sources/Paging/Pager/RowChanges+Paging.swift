//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// What changed between two publications of a `Pager`, by position, as
// `RowChanges`: rows removed (old positions), rows inserted (new positions),
// and rows that stayed but whose content changed (new positions:
// placeholders that loaded, items dropped to placeholders, items replaced
// or edited).

extension RowChanges {
  /// The changes from `old` to `new`, which show the same segments outside
  /// `window` (internal coordinates): a walk over the segments of both
  /// inside it, block by block, O(segments in the window × log *p*).
  internal init<Item>(
    from old: PagedCollection<Item>, to new: PagedCollection<Item>, within window: Range<Int>
  ) {
    let low = Swift.min(old._origin, new._origin)
    let high = Swift.max(old._coordinateEnd, new._coordinateEnd)
    let stop = Swift.min(window.upperBound, high)
    var x = Swift.max(window.lowerBound, low)
    guard x < stop else {
      self.init()
      return
    }
    // Start where a segment of both begins: rows before it are the same.
    x = Self._blockStart(atOrBefore: x, in: old, new)
    var oldRow = old._row(atCoordinate: x)
    var newRow = new._row(atCoordinate: x)
    var removed: [Range<Int>] = []
    var inserted: [Range<Int>] = []
    var updated: [Range<Int>] = []
    while x < stop {
      let y = Self._blockEnd(after: x, in: old, new, limit: high)
      let before = old._rows(from: x, to: y)
      let after = new._rows(from: x, to: y)
      let inBoth = old._holds(coordinate: x) && new._holds(coordinate: x)
      if inBoth && before.identity != nil && before.identity == after.identity
        && before.count == after.count
      {
        // The same placeholders, or the same page: nothing changed.
      } else if inBoth && before.count == after.count && before.isUniform && after.isUniform {
        updated._appendJoining(newRow..<newRow + after.count)
      } else {
        removed._appendJoining(oldRow..<oldRow + before.count)
        inserted._appendJoining(newRow..<newRow + after.count)
      }
      oldRow += before.count
      newRow += after.count
      x = y
    }
    self.init(deletions: removed, insertions: inserted, updates: updated)
  }

  /// The latest coordinate at or before `x` where a segment of each
  /// collection begins (or none holds it).
  private static func _blockStart<Item>(
    atOrBefore x: Int, in old: PagedCollection<Item>, _ new: PagedCollection<Item>
  ) -> Int {
    var x = x
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
    return x
  }

  /// Where the block that starts at `x` ends: at the next boundary of
  /// either collection, widened to whole segments where edits make rows
  /// and coordinates differ.
  private static func _blockEnd<Item>(
    after x: Int, in old: PagedCollection<Item>, _ new: PagedCollection<Item>, limit: Int
  ) -> Int {
    var y = limit
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
    return y
  }
}

extension Array where Element == Range<Int> {
  /// Appends `range`, joined to the last range if it continues it.
  fileprivate mutating func _appendJoining(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    if let last, last.upperBound == range.lowerBound {
      self[count - 1] = last.lowerBound..<range.upperBound
    } else {
      append(range)
    }
  }
}
