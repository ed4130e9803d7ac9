//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import CollectionAdapters

@Suite("OrderedStore's packed buckets")
struct BucketArrayTests {
  /// Writes of random entries at random buckets, the first and the last
  /// included, against an array: a write must keep the bytes of the
  /// neighbors that its 4-byte word overlaps.
  @Test("Entries of 2, 3 and 4 bytes read back what was written", arguments: [2, 3, 4])
  func entriesReadBack(width: Int) {
    for seed in modelTestSeeds {
      let count = 37
      let buckets = _BucketArray(count: count, width: width)
      defer { buckets.deallocate() }
      var reference = [UInt32](repeating: 0, count: count)
      let mask: UInt32 = width == 4 ? .max : (1 << UInt32(8 * width)) - 1
      runModelTest(
        seed: seed, steps: 2_000, state: &reference,
        step: { reference, g in
          let bucket =
            Bool.random(using: &g)
            ? [0, count - 1].randomElement(using: &g)! : Int.random(in: 0..<count, using: &g)
          // Values with every bit of the entry set now and then.
          let value = Bool.random(using: &g) ? mask : UInt32.random(in: 0...mask, using: &g)
          if Int.random(in: 0..<8, using: &g) == 0 {
            buckets.removeAll(count: count)
            reference = Array(repeating: 0, count: count)
            return "removeAll"
          }
          buckets[bucket] = value
          reference[bucket] = value
          return "[\(bucket)] = \(value)"
        },
        verify: { reference in
          for b in 0..<count where buckets[b] != reference[b] {
            return "bucket \(b) holds \(buckets[b]), not \(reference[b])"
          }
          return nil
        })
    }
  }
}
