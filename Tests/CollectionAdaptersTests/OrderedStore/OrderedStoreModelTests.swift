//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// The naive reference: an array of pairs plus a `Dictionary` of positions'
/// values, kept in step by the obvious O(n) operations.
private struct Reference<Key: Hashable> {
  var pairs: [(key: Key, value: Int)] = []
  var dictionary: [Key: Int] = [:]

  func index(of key: Key) -> Int? { pairs.firstIndex { $0.key == key } }

  mutating func set(_ key: Key, _ value: Int?, insertingAt position: Int? = nil) {
    if let i = index(of: key) {
      if let value { pairs[i].value = value } else { pairs.remove(at: i) }
    } else if let value {
      pairs.insert((key, value), at: position ?? pairs.count)
    }
    dictionary[key] = value
  }

  mutating func rebuild(_ newPairs: [(key: Key, value: Int)]) {
    pairs = newPairs
    dictionary = Dictionary(uniqueKeysWithValues: newPairs.map { ($0.key, $0.value) })
  }
}

private struct ModelState<Key: Hashable> {
  var store = OrderedStore<Key, Int>()
  var reference = Reference<Key>()
  /// A copy taken before a mutation, with what it must still hold after it.
  var snapshot: (store: OrderedStore<Key, Int>, pairs: [(key: Key, value: Int)])?
  /// A mismatch found inside a step, reported by `verify` with the seed.
  var stepFailure: String?

  mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition, stepFailure == nil { stepFailure = message() }
  }
}

private func step<Key: Hashable & Comparable>(
  _ s: inout ModelState<Key>, _ g: inout SplitMix64, makeKey: (Int) -> Key, keySpace: Int
) -> String {
  let key = makeKey(Int.random(in: 0..<keySpace, using: &g))
  let value = Int.random(in: 0..<1000, using: &g)
  let count = s.store.count
  s.snapshot = Bool.random(using: &g) && count > 0 ? (s.store, s.reference.pairs) : nil
  // Grow more often than shrink while small, so tables and slides of the elements appear.
  switch Int.random(in: 0..<24, using: &g) {
  case 0, 1, 2, 3:
    s.store.updateValue(value, forKey: key)
    s.reference.set(key, value)
    return "updateValue(\(value), forKey: \(key))"
  case 4, 5:
    let at = Int.random(in: 0...count, using: &g)
    let existing = s.reference.index(of: key)
    let result = s.store.updateValue(value, forKey: key, insertingAt: at)
    s.reference.set(key, value, insertingAt: at)
    s.check(result.index == (existing ?? at), "returned index \(result.index)")
    return "updateValue(\(value), forKey: \(key), insertingAt: \(at))"
  case 6:
    s.store[key: key] = value
    s.reference.set(key, value)
    return "[key: \(key)] = \(value)"
  case 7:
    s.store[key: key] = nil
    s.reference.set(key, nil)
    return "[key: \(key)] = nil"
  case 8:
    s.store[key: key, default: 0] += value
    s.reference.set(key, (s.reference.dictionary[key] ?? 0) + value)
    return "[key: \(key), default: 0] += \(value)"
  case 9:
    s.store[key: key]? += 1
    if let old = s.reference.dictionary[key] { s.reference.set(key, old + 1) }
    return "[key: \(key)]? += 1"
  case 10:
    let removed = s.store.removeValue(forKey: key)
    s.check(removed == s.reference.dictionary[key], "removed \(String(describing: removed))")
    s.reference.set(key, nil)
    return "removeValue(forKey: \(key))"
  case 11 where count > 0:
    let i = Int.random(in: 0..<count, using: &g)
    let removed = s.store.remove(at: i)
    s.check(removed.key == s.reference.pairs[i].key, "removed \(removed.key)")
    s.reference.set(removed.key, nil)
    return "remove(at: \(i))"
  case 12 where count > 0:
    let k = Int.random(in: 0...min(count, 3), using: &g)
    if Bool.random(using: &g) {
      s.store.removeFirst(k)
      s.reference.rebuild(Array(s.reference.pairs.dropFirst(k)))
      return "removeFirst(\(k))"
    }
    s.store.removeLast(k)
    s.reference.rebuild(Array(s.reference.pairs.dropLast(k)))
    return "removeLast(\(k))"
  case 13 where count > 0:
    if Bool.random(using: &g) {
      _ = s.store.removeFirst()
      s.reference.rebuild(Array(s.reference.pairs.dropFirst()))
      return "removeFirst()"
    }
    _ = s.store.popLast()
    s.reference.rebuild(Array(s.reference.pairs.dropLast()))
    return "popLast()"
  case 14:
    let a = Int.random(in: 0...count, using: &g)
    let b = Int.random(in: a...count, using: &g)
    s.store.removeSubrange(a..<b)
    var pairs = s.reference.pairs
    pairs.removeSubrange(a..<b)
    s.reference.rebuild(pairs)
    return "removeSubrange(\(a)..<\(b))"
  case 15 where count > 0:
    let offsets = (0..<Int.random(in: 1...4, using: &g)).map { _ in
      Int.random(in: 0..<count, using: &g)
    }
    let destination = Int.random(in: 0...count, using: &g)
    s.store.move(fromOffsets: offsets, toOffset: destination)
    let moving = Set(offsets)
    let pairs = s.reference.pairs
    let before = pairs.indices.filter { $0 < destination && !moving.contains($0) }
    let after = pairs.indices.filter { $0 >= destination && !moving.contains($0) }
    s.reference.rebuild((before + moving.sorted() + after).map { pairs[$0] })
    return "move(fromOffsets: \(offsets), toOffset: \(destination))"
  case 16 where count > 0:
    let i = Int.random(in: 0..<count, using: &g)
    let j = Int.random(in: 0..<count, using: &g)
    s.store.swapAt(i, j)
    s.reference.pairs.swapAt(i, j)
    return "swapAt(\(i), \(j))"
  case 17:
    switch Int.random(in: 0..<4, using: &g) {
    case 0:
      s.store.sort()
      s.reference.rebuild(s.reference.pairs.sorted { $0.key < $1.key })
      return "sort()"
    case 1:
      s.store.reverse()
      s.reference.rebuild(s.reference.pairs.reversed())
      return "reverse()"
    case 2:
      var g1 = SplitMix64(seed: UInt64(value))
      var g2 = g1
      s.store.shuffle(using: &g1)
      var pairs = s.reference.pairs
      var i = pairs.count
      while i > 1 {
        let j = Int.random(in: 0..<i, using: &g2)
        i -= 1
        pairs.swapAt(i, j)
      }
      s.reference.rebuild(pairs)
      return "shuffle(seed: \(value))"
    default:
      s.store.sort { $0.value < $1.value }
      // Unstable sort: only the multiset of pairs and the value order are known.
      s.reference.rebuild(Array(s.store))
      s.check(
        zip(s.store.values, s.store.values.dropFirst()).allSatisfy { $0 <= $1 },
        "values not sorted")
      return "sort(by: value)"
    }
  case 18:
    let m = value % 5 + 2
    s.store.removeAll { $0.value % m == 0 }
    s.reference.rebuild(s.reference.pairs.filter { $0.value % m != 0 })
    return "removeAll(where: % \(m))"
  case 19 where count > 0:
    let i = Int.random(in: 0..<count, using: &g)
    s.store.values[i] = value
    s.reference.pairs[i].value = value
    s.reference.dictionary[s.reference.pairs[i].key] = value
    return "values[\(i)] = \(value)"
  case 20:
    let other = (0..<3).map { _ in (makeKey(Int.random(in: 0..<keySpace, using: &g)), value) }
    s.store.merge(other, uniquingKeysWith: { $0 &+ $1 })
    for (k, v) in other { s.reference.set(k, s.reference.dictionary[k].map { $0 &+ v } ?? v) }
    return "merge(\(other))"
  case 21:
    if Bool.random(using: &g) {
      s.store = s.store.filter { $0.value % 3 != 0 }
      s.reference.rebuild(s.reference.pairs.filter { $0.value % 3 != 0 })
      return "filter"
    }
    s.store.reserveCapacity(count + value % 50)
    let capacity = s.store.capacity
    s.check(capacity >= count + value % 50, "capacity \(capacity)")
    return "reserveCapacity(\(count + value % 50))"
  case 22 where value % 20 == 0:
    s.store.removeAll(keepingCapacity: Bool.random(using: &g))
    s.reference.rebuild([])
    return "removeAll"
  default:
    s.store[key: key] = value
    s.reference.set(key, value)
    return "[key: \(key)] = \(value) (default)"
  }
}

private func verify<Key: Hashable>(_ s: ModelState<Key>, keySpace: [Key]) -> String? {
  if let failure = s.stepFailure { return failure }
  if s.store.count != s.reference.pairs.count {
    return "count \(s.store.count) != \(s.reference.pairs.count)"
  }
  for (i, pair) in s.reference.pairs.enumerated() {
    let element = s.store[i]
    if element.key != pair.key || element.value != pair.value {
      return "position \(i): \(element) != \(pair)"
    }
  }
  for key in keySpace where s.store[key: key] != s.reference.dictionary[key] {
    return "value for \(key): \(String(describing: s.store[key: key]))"
  }
  for (i, pair) in s.reference.pairs.enumerated() where s.store.index(forKey: pair.key) != i {
    return "index(forKey: \(pair.key)) != \(i)"
  }
  if !s.store.elementsEqual(s.reference.pairs, by: { $0.key == $1.key && $0.value == $1.value }) {
    return "iteration differs"
  }
  if let snapshot = s.snapshot,
    !snapshot.store.elementsEqual(snapshot.pairs, by: { $0.key == $1.key && $0.value == $1.value })
  {
    return "a copy taken before the operation changed"
  }
  return nil
}

@Suite("OrderedStore model")
struct OrderedStoreModelTests {
  @Test("Random operations against an array and a Dictionary", arguments: modelTestSeeds)
  func randomOperations(seed: UInt64) {
    var state = ModelState<Int>()
    let keySpace = 120
    runModelTest(
      seed: seed, steps: modelTestSteps(30_000), state: &state,
      step: { step(&$0, &$1, makeKey: { $0 }, keySpace: keySpace) },
      verify: { verify($0, keySpace: Array(0..<keySpace)) })
  }

  /// The table's entries are 2 bytes wide up to a capacity of 1,023, 3 up
  /// to 262,143 and 4 above; the tests above stay in the first. This one
  /// grows the store past 1,023 elements into 3-byte entries, and grows it
  /// back whenever its removals take it under 900, so that its table's
  /// clusters stay full: a write that spilled into its neighbor's bytes
  /// would lose a key.
  @Test(
    "Random operations in stores grown into 3-byte table entries",
    arguments: modelTestSeeds.prefix(sized(1, full: 4)))
  func operationsOnThreeByteEntries(seed: UInt64) {
    var state = ModelState<Int>()
    let keySpace = 1_600
    var grown = false
    var growingSteps = 0
    // About 1,900 steps grow the store past 1,100 keys; the rest operate.
    // While it grows, every 16th step is verified (a full check of 1,600
    // keys each step would cost more than the rest of the test).
    runModelTest(
      seed: seed, steps: 2_500 + modelTestSteps(3_500), state: &state,
      step: { state, g in
        grown = grown ? state.store.count >= 900 : state.store.count >= 1_100
        if !grown {
          let key = Int.random(in: 0..<keySpace, using: &g)
          state.store[key: key] = key
          state.reference.set(key, key)
          growingSteps += 1
          return "[key: \(key)] = \(key) (growing)"
        }
        return step(&state, &g, makeKey: { $0 }, keySpace: keySpace)
      },
      verify: {
        guard grown || growingSteps % 16 == 0 else { return nil }
        return verify($0, keySpace: Array(0..<keySpace))
      })
  }

  @Test("Random operations in a store reserved for 4-byte table entries", arguments: modelTestSeeds)
  func operationsOnFourByteEntries(seed: UInt64) {
    var state = ModelState<Int>()
    state.store.reserveCapacity(300_000)
    let keySpace = 120
    runModelTest(
      seed: seed, steps: 300, state: &state,
      step: { step(&$0, &$1, makeKey: { $0 }, keySpace: keySpace) },
      verify: { verify($0, keySpace: Array(0..<keySpace)) })
  }

  @Test("Random operations with colliding hashes", arguments: modelTestSeeds)
  func collidingOperations(seed: UInt64) {
    var state = ModelState<CollidingKey>()
    let keySpace = 60
    runModelTest(
      seed: seed, steps: modelTestSteps(8_000), state: &state,
      step: { step(&$0, &$1, makeKey: { CollidingKey($0, buckets: 5) }, keySpace: keySpace) },
      verify: { verify($0, keySpace: (0..<keySpace).map { CollidingKey($0, buckets: 5) }) })
  }
}
