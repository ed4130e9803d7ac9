//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import CollectionAdapters

@Suite("OrderedStore")
struct OrderedStoreTests {
  static func store(count: Int) -> OrderedStore<Int, String> {
    OrderedStore(uniqueKeysWithValues: (0..<count).map { ($0 * 7, "v\($0)") })
  }

  @Test("Conformance of the store and its views", arguments: conformanceCounts(40))
  func conformance(count: Int) {
    var store = Self.store(count: count)
    let expected = (0..<count).map { (key: $0 * 7, value: "v\($0)") }
    checkRandomAccessCollection(store, expectedContents: expected, by: { $0 == $1 })
    checkRandomAccessCollection(store.keys, expectedContents: expected.map(\.key))
    checkRandomAccessCollection(store.values, expectedContents: expected.map(\.value))
    // Also when the ring wraps around its allocation.
    if count > 2 {
      store.removeFirst()
      store[key: -1] = "w"
      let wrapped = Array(expected.dropFirst()) + [(key: -1, value: "w")]
      checkRandomAccessCollection(store, expectedContents: wrapped, by: { $0 == $1 })
    }
  }

  @Test func emptyStoreAllocatesNothing() {
    let store = OrderedStore<String, Int>()
    #expect(store._storage == nil)
    #expect(store.index(forKey: "a") == nil)
    #expect(store[key: "a"] == nil)
    #expect(store.isEmpty && store.count == 0)
  }

  @Test func keyedAccess() {
    var store: OrderedStore<String, Int> = ["a": 1, "b": 2]
    #expect(store[key: "a"] == 1)
    store[key: "c"] = 3
    #expect(Array(store.keys) == ["a", "b", "c"])
    store[key: "a"]! += 10
    #expect(store[key: "a"] == 11)
    store[key: "b"] = nil
    #expect(Array(store.keys) == ["a", "c"])
    store[key: "z", default: 0] += 5
    #expect(store[key: "z"] == 5)
    #expect(store.updateValue(7, forKey: "z") == 5)
    #expect(store.updateValue(1, forKey: "new", insertingAt: 0) == (nil, 0))
    #expect(store.updateValue(2, forKey: "new", insertingAt: 3) == (1, 0))
    #expect(Array(store.keys) == ["new", "a", "c", "z"])
    #expect(store.removeValue(forKey: "missing") == nil)
    #expect(store.removeValue(forKey: "a") == 11)
    #expect(store.index(forKey: "z") == 2)
  }

  @Test func intKeysAreNeverAmbiguous() {
    var store: OrderedStore<Int, String> = [10: "ten", 0: "zero"]
    #expect(store[0] == (key: 10, value: "ten"))
    #expect(store[key: 0] == "zero")
    store[key: 1] = "one"
    #expect(store[2].value == "one")
  }

  @Test func initializers() {
    let merged = OrderedStore([("a", 1), ("b", 2), ("a", 3)], uniquingKeysWith: +)
    #expect(Array(merged.keys) == ["a", "b"] && Array(merged.values) == [4, 2])
    let grouped = OrderedStore(grouping: ["apple", "bean", "avocado", "cherry"], by: { $0.first! })
    #expect(Array(grouped.keys) == ["a", "b", "c"])
    #expect(grouped[key: "a"] == ["apple", "avocado"])
    let copy = OrderedStore(uniqueKeysWithValues: merged)
    #expect(copy == merged)
    let reserved = OrderedStore<Int, Int>(minimumCapacity: 100)
    #expect(reserved.capacity >= 100 && reserved.isEmpty)
  }

  @Test func removals() {
    var store = OrderedStore(uniqueKeysWithValues: (0..<100).map { ($0, $0) })
    #expect(store.removeFirst() == (0, 0))
    #expect(store.removeLast() == (99, 99))
    store.removeFirst(10)
    store.removeLast(10)
    #expect(Array(store.keys) == Array(11..<89))
    store.removeSubrange(10..<20)
    #expect(Array(store.keys) == Array(11..<21) + Array(31..<89))
    store.removeAll { $0.key.isMultiple(of: 2) }
    #expect(store.keys.allSatisfy { !$0.isMultiple(of: 2) })
    #expect(store.popFirst()?.key == 11)
    #expect(store.popLast()?.key == 87)
    store.removeAll(keepingCapacity: true)
    #expect(store.isEmpty && store.capacity > 0)
    store.removeAll()
    #expect(store.capacity == 0)
    #expect(store.popFirst() == nil && store.popLast() == nil)
  }

  @Test func reordering() {
    var store: OrderedStore<String, Int> = ["a": 0, "b": 1, "c": 2, "d": 3, "e": 4]
    store.move(fromOffsets: [1, 3], toOffset: 0)
    #expect(Array(store.keys) == ["b", "d", "a", "c", "e"])
    store.move(fromOffsets: [0], toOffset: 5)
    #expect(Array(store.keys) == ["d", "a", "c", "e", "b"])
    store.swapAt(0, 4)
    #expect(Array(store.keys) == ["b", "a", "c", "e", "d"])
    #expect(Array(store.values) == [1, 0, 2, 4, 3])
    store.sort()
    // Values travel with their keys.
    #expect(Array(store.keys) == ["a", "b", "c", "d", "e"])
    #expect(Array(store.values) == [0, 1, 2, 3, 4])
    store.sort { $0.value > $1.value }
    #expect(Array(store.keys) == ["e", "d", "c", "b", "a"])
    store.reverse()
    #expect(Array(store.keys) == ["a", "b", "c", "d", "e"])
    var generator = SplitMix64(seed: 9)
    store.shuffle(using: &generator)
    #expect(Set(store.keys) == ["a", "b", "c", "d", "e"])
    for (key, value) in store { #expect(["a": 0, "b": 1, "c": 2, "d": 3, "e": 4][key] == value) }
  }

  @Test func transformations() {
    let store: OrderedStore<String, Int> = ["a": 1, "b": 2, "c": 3]
    #expect(Array(store.filter { $0.value != 2 }.keys) == ["a", "c"])
    #expect(Array(store.mapValues { $0 * 10 }.values) == [10, 20, 30])
    #expect(Array(store.compactMapValues { $0 == 2 ? nil : "\($0)" }.values) == ["1", "3"])
    let merged = store.merging([("b", 20), ("d", 4)]) { $0 + $1 }
    #expect(merged == ["a": 1, "b": 22, "c": 3, "d": 4])
    #expect(
      store.merging(merged, uniquingKeysWith: { a, _ in a }) == ["a": 1, "b": 2, "c": 3, "d": 4])
  }

  @Test func equatableHashableAndDescriptions() {
    let a: OrderedStore<String, Int> = ["x": 1, "y": 2]
    let b: OrderedStore<String, Int> = ["y": 2, "x": 1]
    #expect(a != b)
    #expect(a == ["x": 1, "y": 2])
    #expect(Set([a, b, a]).count == 2)
    #expect(a.description == #"["x": 1, "y": 2]"#)
    #expect(a.debugDescription == #"OrderedStore<String, Int>(["x": 1, "y": 2])"#)
    #expect(OrderedStore<Int, Int>().description == "[:]")
  }

  @Test func copiesAreIndependent() {
    let original = OrderedStore(uniqueKeysWithValues: (0..<50).map { ($0, $0) })
    var copy = original
    copy[key: 0] = 100
    copy.removeFirst()
    copy.values[0] = -1
    #expect(original[key: 0] == 0 && original.count == 50 && original.values[1] == 1)
    var keysCopy = original
    let keys = keysCopy.keys
    keysCopy.removeAll()
    #expect(keys.count == 50 && keys.contains(49))
  }

  @Test func viewsAndKeyedSubscriptsMutateInPlace() {
    var store = OrderedStore(uniqueKeysWithValues: (0..<50).map { ($0, [$0]) })
    let identity = ObjectIdentifier(store._storage!)
    store.values[3].append(1)
    #expect(ObjectIdentifier(store._storage!) == identity, "values[i] modify")
    store[key: 4]!.append(2)
    #expect(ObjectIdentifier(store._storage!) == identity, "[key:] modify")
    store[key: 5, default: []].append(3)
    #expect(ObjectIdentifier(store._storage!) == identity, "[key:default:] modify")
    store.values.sort { $0.count > $1.count }
    #expect(ObjectIdentifier(store._storage!) == identity, "values.sort")
    #expect(store.values.prefix(3).allSatisfy { $0.count == 2 })
  }
}
