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
        seed: seed, steps: modelTestSteps(2_000), state: &reference,
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

  /// The table passes of a long move against arithmetic on each entry: a
  /// random table (empty buckets, tags, slots at both ends of the range
  /// and outside it), rewritten for the permutation a move of a few rows
  /// makes, or for a shift when it is one run.
  @Test("A pass adds each entry's run step, and nothing outside", arguments: [2, 3, 4])
  func passesAddRunSteps(width: Int) {
    for seed in modelTestSeeds {
      var g = SplitMix64(seed: seed)
      let count = Int.random(in: 1..<3_000, using: &g)
      let slotBits = width * 8 - 6
      let slotMask: UInt32 = (1 << UInt32(slotBits)) - 1
      let tagMask: UInt32 = (width == 4 ? .max : (1 << UInt32(8 * width)) - 1) & ~slotMask
      // A range of slots, and the new places a move of up to 8 of its
      // rows, or a shift, gives them.
      let span = Int(slotMask) / 8
      let length = Int.random(in: 1..<Swift.min(40_000, span), using: &g)
      let first = Int.random(in: 1..<span, using: &g)
      var rows = Array(0..<length)
      if Bool.random(using: &g) {
        let moved = (0..<Int.random(in: 1...8, using: &g)).map { _ in
          Int.random(in: 0..<length, using: &g)
        }
        moveReference(&rows, offsets: moved, to: Int.random(in: 0...length, using: &g))
      }
      var newPlace = [Int](repeating: 0, count: length)
      for (place, row) in rows.enumerated() { newPlace[row] = place }
      let shift = Int.random(in: -first..<span, using: &g)
      if rows == Array(0..<length) { newPlace = newPlace.map { $0 + shift } }
      let buckets = _BucketArray(count: count, width: width)
      defer { buckets.deallocate() }
      // The rows next to the ends of runs, which share blocks of slots.
      let starts = newPlace.indices.filter { $0 == 0 || newPlace[$0] != newPlace[$0 - 1] + 1 }
      let edges: [Int] = starts.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 >= 0 && $0 < length }
      var reference = [UInt32](repeating: 0, count: count)
      for b in 0..<count where Int.random(in: 0..<3, using: &g) != 0 {
        // Slots before, in and after the range, its ends included.
        let slot = [
          first, first + length - 1, first - 1, first + length,
          Int.random(in: first..<first + length, using: &g),
          first + edges.randomElement(using: &g)!,
          Int.random(in: 0..<first + length + span, using: &g),
        ].randomElement(using: &g)!
        let tag = UInt32.random(in: 0...UInt32.max, using: &g) & tagMask
        let entry = tag | UInt32(slot + 1)
        buckets[b] = entry
        let j = slot - first
        reference[b] =
          j >= 0 && j < length ? tag | UInt32(first + newPlace[j] + 1) : entry
      }
      let runs = newPlace.withUnsafeBufferPointer { _SlotRuns($0) }
      guard let runs else {
        Issue.record("seed \(seed): a move of 8 rows made more than \(_SlotRuns.limit) runs")
        continue
      }
      buckets.addSteps(
        of: runs, toSlots: UInt32(first + 1), slotMask: slotMask, count: count)
      for b in 0..<count where buckets[b] != reference[b] {
        Issue.record("seed \(seed): bucket \(b) holds \(buckets[b]), not \(reference[b])")
        break
      }
    }
  }
}
