//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _AdapterInternals

@Suite("The shared Fenwick tree")
struct FenwickTests {
  @Test("Appending trees one small segment at a time reallocates O(log n) times")
  func appendGrowsGeometrically() {
    // An outline's expandAll appends one segment per node: exact growth
    // copied the whole array every time (247 GB allocated at 1.1M nodes).
    var array: [Int32] = []
    var reallocations = 0
    var capacity = array.capacity
    for _ in 0..<10_000 {
      _Fenwick.append(repeating: 1, count: 10, to: &array)
      if array.capacity != capacity {
        reallocations += 1
        capacity = array.capacity
      }
    }
    #expect(array.count == 100_000)
    #expect(reallocations <= 40, "\(reallocations) reallocations for 10,000 appends")
  }

  @Test("An appended segment is the tree of its repeated value")
  func appendedSegmentSums() {
    for count in [1, 2, 3, 7, 8, 33] {
      var array: [Int] = [99]  // a segment before it is left alone
      _Fenwick.append(repeating: 5, count: count, to: &array)
      #expect(array[0] == 99)
      let segment = Array(array.dropFirst())
      for k in 0...count {
        let sum = segment.withUnsafeBufferPointer { _Fenwick.prefix($0, k) }
        #expect(sum == 5 * k, "count \(count), prefix \(k)")
      }
    }
  }
}
