//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The units whose extents overlap `region` (touching is not overlapping),
/// found from `estimate` by testing the extents at its ends: the one exact
/// test behind every measured layout's `items(overlapping:)`.
///
/// Valid for units whose starts and ends never decrease (items of a list,
/// rows of a grid). A layout's running sums include the gap after each unit,
/// and they round differently from the frames a host is given; the estimate
/// is near, so this costs a few O(log n) frame reads.
///
/// - Parameters:
///   - estimate: Near the answer.
///   - count: The number of units.
///   - extent: The main-axis start and end of a unit, as its frame says.
internal func _exactOverlap(
  _ estimate: Range<Int>, count: Int, region: Range<Double>,
  extent: (Int) -> (start: Double, end: Double)
) -> Range<Int> {
  let low = region.lowerBound
  let high = region.upperBound
  guard count > 0, low < high else { return 0..<0 }
  var lower = Swift.min(Swift.max(estimate.lowerBound, 0), count)
  while lower < count, extent(lower).end <= low { lower += 1 }
  while lower > 0, extent(lower - 1).end > low { lower -= 1 }
  var upper = Swift.min(Swift.max(estimate.upperBound, lower), count)
  while upper > lower, extent(upper - 1).start >= high { upper -= 1 }
  while upper < count, extent(upper).start < high { upper += 1 }
  return lower..<Swift.max(lower, upper)
}

extension WindowLayout {
  /// Whether the frame of `position` overlaps `region` along the scrolling
  /// axis; touching is not overlapping.
  internal func _frame(of position: Int, overlaps region: Range<Double>) -> Bool {
    let extent = _extent(of: position)
    return extent.start < region.upperBound && extent.end > region.lowerBound
  }

  /// The main-axis start and end of the frame of `position`.
  internal func _extent(of position: Int) -> (start: Double, end: Double) {
    let frame = frame(of: position)
    return (frame.mainOffset, frame.mainOffset + frame.mainLength)
  }
}
