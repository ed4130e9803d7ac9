//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What a pager knows of where its data starts and ends, in its internal
/// coordinates (placeholders included): the positions pages and counts
/// have shown, and whether the source said the data starts or ends there.
///
/// A prepend without counts moves `start` below 0, so the coordinates of
/// everything loaded never change within the pager's life.
internal struct _KnownSpan: Hashable, Sendable {
  /// The first position known.
  var start = 0
  /// The position after the last one known.
  var end = 0
  /// Whether the source said the data starts at `start`.
  var startReached = false
  /// Whether the source said the data ends at `end`.
  var endReached = false

  /// Grows to cover `positions`; a side that grows is no longer known to
  /// be the data's edge.
  mutating func widen(to positions: Range<Int>) {
    if positions.lowerBound < start {
      start = positions.lowerBound
      startReached = false
    }
    if positions.upperBound > end {
      end = positions.upperBound
      endReached = false
    }
  }

  /// The source said the data starts at `position`.
  mutating func reachStart(at position: Int) {
    start = position
    startReached = true
  }

  /// The source said the data ends at `position`.
  mutating func reachEnd(at position: Int) {
    end = position
    endReached = true
  }
}
