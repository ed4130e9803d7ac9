//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import CollectionAdapters

@Suite("OrderedStore capacity")
struct OrderedStoreCapacityTests {
  /// The storage object and its key buffer: both stay the same while the
  /// store neither copies nor reallocates.
  private func allocation(_ store: OrderedStore<Int, Int>) -> (ObjectIdentifier?, UnsafeRawPointer?)
  {
    (store._storage.map(ObjectIdentifier.init), store._storage.map { UnsafeRawPointer($0._keys) })
  }

  @Test(
    "After reserveCapacity(n), appending until the store holds n never reallocates",
    arguments: modelTestSeeds)
  func reservedAppendsDoNotReallocate(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for round in 0..<300 {
      // Any history first: appends, front and back removals, middle inserts.
      var store = OrderedStore<Int, Int>()
      var next = 0
      for _ in 0..<Int.random(in: 0..<200, using: &g) {
        switch Int.random(in: 0..<6, using: &g) {
        case 0 where !store.isEmpty: store.removeFirst()
        case 1 where !store.isEmpty: store.removeLast()
        case 2:
          store.updateValue(
            next, forKey: next, insertingAt: Int.random(in: 0...store.count, using: &g))
          next += 1
        default:
          store[key: next] = next
          next += 1
        }
      }
      let n = store.count + Int.random(in: 0..<300, using: &g)
      store.reserveCapacity(n)
      #expect(store.capacity >= n, "seed \(seed), round \(round)")
      let reserved = allocation(store)
      while store.count < n {
        store[key: next] = next
        next += 1
      }
      #expect(
        n == 0 || allocation(store) == reserved,
        "seed \(seed), round \(round): appending to \(n) reallocated")
    }
  }
}
