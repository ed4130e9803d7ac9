//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

#if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
  /// Every precondition of `OrderedStore` traps, and names the bad value.
  @Suite("OrderedStore traps")
  struct OrderedStoreTrapTests {
    @Test func positionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let store: OrderedStore<String, Int> = ["a": 1, "b": 2, "c": 3]
        _ = store[3]
      }
      #expect(standardErrorText(of: result).contains("Position 3 out of range 0..<3"))
    }

    @Test func negativePosition() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let store: OrderedStore<String, Int> = ["a": 1]
        _ = store.keys[-1]
      }
      #expect(standardErrorText(of: result).contains("Position -1 out of range 0..<1"))
    }

    @Test func valuesPositionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1]
        store.values[1] = 0
      }
      #expect(standardErrorText(of: result).contains("Position 1 out of range 0..<1"))
    }

    @Test func removeAtOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = [:]
        store.remove(at: 0)
      }
      #expect(standardErrorText(of: result).contains("Position 0 out of range 0..<0"))
    }

    @Test func duplicateUniqueKey() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = OrderedStore(uniqueKeysWithValues: [("x", 1), ("dup", 2), ("dup", 3)])
      }
      #expect(standardErrorText(of: result).contains("Duplicate key: dup"))
    }

    @Test func moveDestinationOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1, "b": 2]
        store.move(fromOffsets: [0], toOffset: 3)
      }
      #expect(standardErrorText(of: result).contains("Move destination 3 out of range 0...2"))
    }

    @Test func moveSourceOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1, "b": 2]
        store.move(fromOffsets: [5], toOffset: 0)
      }
      #expect(standardErrorText(of: result).contains("Move source offset 5 out of range 0..<2"))
    }

    @Test func insertionIndexOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1]
        store.updateValue(2, forKey: "b", insertingAt: 2)
      }
      #expect(standardErrorText(of: result).contains("Insertion index 2 out of range 0...1"))
    }

    @Test func removeFirstOnEmpty() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = [:]
        store.removeFirst()
      }
      #expect(standardErrorText(of: result).contains("empty OrderedStore"))
    }

    @Test func removeLastOnEmpty() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = [:]
        store.removeLast()
      }
      #expect(standardErrorText(of: result).contains("empty OrderedStore"))
    }

    @Test func removeFirstTooMany() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1]
        store.removeFirst(2)
      }
      #expect(
        standardErrorText(of: result).contains("Cannot remove 2 elements from an OrderedStore of 1")
      )
    }

    @Test func removeSubrangeOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var store: OrderedStore<String, Int> = ["a": 1]
        store.removeSubrange(0..<4)
      }
      #expect(standardErrorText(of: result).contains("Range 0..<4 out of range 0..<1"))
    }

    @Test("A difference applied to another store traps, naming the first key that differs")
    func differenceOfAnotherStore() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let old: OrderedStore<Int, Int> = [1: 1, 2: 2, 3: 3]
        let new: OrderedStore<Int, Int> = [3: 3, 1: 1, 2: 2]
        let difference = IdentityDifference(
          from: old, to: new, id: { $0.key }, contentEquals: { $0.value == $1.value })
        var other: OrderedStore<Int, Int> = [7: 7, 8: 8, 9: 9]
        other.apply(difference, from: new)
      }
      #expect(
        standardErrorText(of: result).contains(
          "The difference does not describe this store: key 7 at 0 is 1 at 1 in the new store"))
    }

    @Test func negativeCapacity() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = OrderedStore<String, Int>(minimumCapacity: -4)
      }
      #expect(standardErrorText(of: result).contains("Minimum capacity -4 must not be negative"))
    }
  }
#endif
