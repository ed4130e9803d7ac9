//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

@Suite("OrderedStore.apply")
struct OrderedStoreApplyTests {
  /// A store with `keys`, whose ring has wrapped when `wrapped` (elements
  /// removed at the front, others appended), so slots differ from offsets.
  private func store(_ keys: [Int], wrapped: Bool, _ g: inout SplitMix64) -> OrderedStore<Int, Int>
  {
    var store = OrderedStore<Int, Int>(minimumCapacity: keys.count + (wrapped ? 8 : 0))
    if wrapped {
      for k in 0..<5 { store[key: -1 - k] = 0 }
    }
    for key in keys { store[key: key] = key * 10 }
    if wrapped {
      for _ in 0..<5 { store.removeFirst() }
    }
    return store
  }

  @Test(
    "Random pairs: the store becomes the new one (small, table, wrapped, growing, shared, empty)",
    arguments: modelTestSeeds)
  func randomPairs(seed: UInt64) {
    struct Step {
      var applied = OrderedStore<Int, Int>()
      var new = OrderedStore<Int, Int>()
      var shared: OrderedStore<Int, Int>? = nil
      var oldKeys: [Int] = []
    }
    var state = Step()
    runModelTest(seed: seed, steps: modelTestSteps(1_500), state: &state) { state, g in
      let size =
        Int.random(in: 0..<4, using: &g) == 0
        ? 0 : Int.random(in: 0...(Bool.random(using: &g) ? 12 : 300), using: &g)
      var oldKeys = Array(0..<size)
      oldKeys.shuffle(using: &g)
      var newKeys = oldKeys.filter { _ in Int.random(in: 0..<5, using: &g) != 0 }
      let added =
        Int.random(in: 0..<3, using: &g) == 0
        ? Int.random(in: 0...400, using: &g) : Int.random(in: 0...5, using: &g)
      for k in 0..<added {
        newKeys.insert(1_000 + k, at: Int.random(in: 0...newKeys.count, using: &g))
      }
      if newKeys.count > 1 {
        for _ in 0..<Int.random(in: 0...4, using: &g) {
          newKeys.swapAt(
            Int.random(in: 0..<newKeys.count, using: &g),
            Int.random(in: 0..<newKeys.count, using: &g))
        }
      }
      let wrapped = Bool.random(using: &g)
      var old = store(oldKeys, wrapped: wrapped, &g)
      var new = OrderedStore<Int, Int>()
      for key in newKeys {
        new[key: key] = key * 10 + (Int.random(in: 0..<5, using: &g) == 0 ? 1 : 0)
      }
      let difference = IdentityDifference(
        from: old, to: new, id: { $0.key }, contentEquals: { $0.value == $1.value })
      state.shared = Bool.random(using: &g) ? old : nil
      old.apply(difference, from: new)
      state.applied = old
      state.new = new
      state.oldKeys = oldKeys
      return
        "\(size) keys (wrapped: \(wrapped), shared: \(state.shared != nil)) to \(newKeys.count)"
    } verify: { state in
      if state.applied != state.new {
        return "\(Array(state.applied.keys)) != \(Array(state.new.keys))"
      }
      for key in state.new.keys
      where state.applied.index(forKey: key) != state.new.index(forKey: key) {
        return "key \(key) is not found where it is"
      }
      if let shared = state.shared, Array(shared.keys) != state.oldKeys {
        return "a shared copy changed"
      }
      return nil
    }
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func mismatchedDifference() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<Int, Int> = [1: 1, 2: 2]
        let new: OrderedStore<Int, Int> = [1: 1]
        let difference = IdentityDifference(
          from: [1, 2, 3], to: [1], id: { $0 })
        store.apply(difference, from: new)
      }
      #expect(standardErrorText(of: result).contains("The difference is from 3 elements, not 2"))
    }
  #endif
}
