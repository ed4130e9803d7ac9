//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// Moves, insertions and removals that shift hundreds to thousands of rows
/// in a store of `n` (20,000 by default): the rows' table entries are
/// rewritten one by one, in bucket order, or by a scan of the table, by the
/// distance. Each operation ends with the store's own check of every table
/// entry (test builds), and the order is checked against an array.
func checkLongShifts<Key: Hashable>(
  seed: UInt64, n: Int = 20_000, steps: Int = sized(40, full: 120), makeKey: (Int) -> Key
) {
  var g = SplitMix64(seed: seed)
  var store = OrderedStore(uniqueKeysWithValues: (0..<n).map { (makeKey($0), $0) })
  var reference = Array(0..<n)
  var nextKey = n
  let scale = Swift.max(1, n / 20_000)
  for step in 0..<steps {
    // Distances of every size: a few rows, hundreds, thousands, most.
    let distance =
      [3, 300, 700 * scale, 2_500 * scale, 9_000 * scale][step % 5]
      + Int.random(in: 0..<50, using: &g)
    let count = reference.count
    let from = Int.random(in: 0..<count, using: &g)
    var description = ""
    switch Int.random(in: 0..<5, using: &g) {
    case 0:
      let to = Swift.min(
        count, Swift.max(0, from + (Bool.random(using: &g) ? distance : -distance)))
      store.move(fromOffsets: [from], toOffset: to)
      moveReference(&reference, offsets: [from], to: to)
      description = "move \(from) to \(to)"
    case 1:
      let offsets = [from, (from + distance / 2) % count, (from + distance) % count]
      let to = Int.random(in: 0...count, using: &g)
      store.move(fromOffsets: offsets, toOffset: to)
      moveReference(&reference, offsets: offsets, to: to)
      description = "move \(offsets) to \(to)"
    case 2:
      // Many scattered rows: more runs than a pass over the table searches.
      let offsets = (0..<Int.random(in: 20...60, using: &g)).map { _ in
        (from + Int.random(in: 0...distance, using: &g)) % count
      }
      let to = Int.random(in: 0...count, using: &g)
      store.move(fromOffsets: offsets, toOffset: to)
      moveReference(&reference, offsets: offsets, to: to)
      description = "move \(offsets.count) rows to \(to)"
    case 3:
      // Near either end, so the shorter side that shifts is `distance` long.
      let at = Bool.random(using: &g) ? Swift.min(distance, count) : Swift.max(0, count - distance)
      store.updateValue(nextKey, forKey: makeKey(nextKey), insertingAt: at)
      reference.insert(nextKey, at: at)
      nextKey += 1
      description = "insert at \(at)"
    default:
      let at =
        Bool.random(using: &g) ? Swift.min(distance, count - 1) : Swift.max(0, count - 1 - distance)
      store.remove(at: at)
      reference.remove(at: at)
      description = "remove at \(at)"
    }
    guard store.values.elementsEqual(reference) else {
      Issue.record("seed \(seed), step \(step): \(description) left the store out of order")
      return
    }
    guard reference.allSatisfy({ store[key: makeKey($0)] == $0 }) else {
      Issue.record("seed \(seed), step \(step): \(description) lost a key")
      return
    }
  }
}

/// `onMove`'s semantics on an array: the rows at `offsets` (repeats count
/// once), in order, land before the row that was at `to`.
func moveReference(_ array: inout [Int], offsets: [Int], to: Int) {
  let sorted = Set(offsets).sorted()
  let moved = sorted.map { array[$0] }
  for offset in sorted.reversed() { array.remove(at: offset) }
  array.insert(contentsOf: moved, at: to - sorted.count { $0 < to })
}

@Suite("OrderedStore long shifts")
struct OrderedStoreLongShiftTests {
  @Test("Rows shifted by any distance keep their table entries", arguments: modelTestSeeds)
  func longShifts(seed: UInt64) {
    checkLongShifts(seed: seed, makeKey: { $0 })
  }

  @Test(
    "The same in a store of 300,000: 4-byte table entries",
    arguments: modelTestSeeds.prefix(sized(1, full: 2)))
  func longShiftsWithWideEntries(seed: UInt64) {
    checkLongShifts(seed: seed, n: 300_000, steps: sized(5, full: 25), makeKey: { $0 })
  }

  @Test("The same with colliding hashes: long probes, equal tags", arguments: modelTestSeeds)
  func longShiftsWithCollisions(seed: UInt64) {
    checkLongShifts(seed: seed, makeKey: { CollidingKey($0, buckets: 2_000) })
  }
}
