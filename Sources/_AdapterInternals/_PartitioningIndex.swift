//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`,
  /// for a collection partitioned by it (every element that does follows
  /// every one that does not), or `endIndex`: a binary search.
  ///
  /// - Complexity: O(log `count`) calls of the predicate.
  @inlinable
  package func _partitioningIndex(
    where belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Index {
    var low = startIndex
    var n = count
    while n > 0 {
      let half = n / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        n = half
      } else {
        low = index(after: middle)
        n -= half + 1
      }
    }
    return low
  }
}

/// Whether `position` is in one of `ranges` (ascending, disjoint).
///
/// - Complexity: O(log `ranges.count`).
@inlinable
package func _contains(_ ranges: [Range<Int>], _ position: Int) -> Bool {
  let k = ranges._partitioningIndex { $0.upperBound > position }
  return k < ranges.count && ranges[k].contains(position)
}

/// The positions of `window` inside `ranges` (ascending, disjoint), in
/// order.
///
/// - Complexity: O(log `ranges.count` + `window.count`).
@inlinable
package func _positions(of ranges: [Range<Int>], in window: Range<Int>) -> [Int] {
  var result: [Int] = []
  var k = ranges._partitioningIndex { $0.upperBound > window.lowerBound }
  while k < ranges.count, ranges[k].lowerBound < window.upperBound {
    result.append(contentsOf: ranges[k].clamped(to: window))
    k += 1
  }
  return result
}
