//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Ranges sorted by their lower bounds, as the fewest ascending ranges:
/// overlapping and touching ones joined, empty ones dropped.
///
/// - Complexity: O(*n*) for *n* ranges.
@inlinable
package func _runs(_ ranges: [Range<Int>]) -> [Range<Int>] {
  var runs: [Range<Int>] = []
  for range in ranges where !range.isEmpty {
    if let last = runs.last, range.lowerBound <= last.upperBound {
      runs[runs.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
    } else {
      runs.append(range)
    }
  }
  return runs
}
