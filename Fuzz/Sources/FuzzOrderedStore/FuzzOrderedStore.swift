//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Foundation
import FuzzSupport
import IdentityDiff

/// A key whose hash collides often, so the hash index's probing and
/// backward-shift deletion are exercised.
struct Key: Hashable, Codable, Comparable, CustomStringConvertible {
  var value: UInt8
  static func == (a: Key, b: Key) -> Bool { a.value == b.value }
  static func < (a: Key, b: Key) -> Bool { a.value < b.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value % 5) }
  var description: String { "k\(value)" }
}

/// Every mutating API of `OrderedStore` at positions anywhere, against an
/// array of pairs; and decoding untrusted bytes, which must throw, never trap.
@_cdecl("FuzzOrderedStore_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzOrderedStore(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrderedStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  if input.choice(8) == 0 {
    decode(input: &input)
    return 0
  }
  var store: OrderedStore<Key, Int> = [:]
  var reference: [(key: Key, value: Int)] = []
  var step = 0
  while !input.isAtEnd, step < 400 {
    step += 1
    let snapshot = input.bool() ? store : nil
    let snapshotReference = reference
    apply(&store, &reference, &input)
    verify(store, reference, step)
    if let snapshot {
      // Copy on write: the copy taken before the step did not change.
      check(snapshot.elementsEqual(snapshotReference, by: ==), "a copy changed at step \(step)")
    }
  }
  return 0
}

func verify(_ store: OrderedStore<Key, Int>, _ reference: [(key: Key, value: Int)], _ step: Int) {
  check(store.count == reference.count, "count \(store.count), expected \(reference.count)")
  check(
    store.elementsEqual(reference, by: ==), "contents at step \(step): \(store) vs \(reference)")
  for position in reference.indices {
    check(store[position] == reference[position], "store[\(position)]")
    check(
      store.index(forKey: reference[position].key) == position,
      "index of \(reference[position].key)")
  }
  for value in UInt8(0)..<48 where !reference.contains(where: { $0.key.value == value }) {
    check(store.index(forKey: Key(value: value)) == nil, "k\(value) found but absent")
  }
}

func apply(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  let key = Key(value: UInt8(input.int(in: 0...47)))
  let value = input.int(in: -1000...1000)
  let count = reference.count
  let existing = reference.firstIndex { $0.key == key }
  switch input.choice(21) {
  case 0, 1, 2:
    let old = store.updateValue(value, forKey: key)
    check(
      old == existing.map { reference[$0].value }, "updateValue returned \(String(describing: old))"
    )
    if let existing { reference[existing].value = value } else { reference.append((key, value)) }
  case 3:
    let at = input.int(in: 0...count)
    let result = store.updateValue(value, forKey: key, insertingAt: at)
    check(result.index == (existing ?? at), "insertingAt returned \(result.index)")
    if let existing {
      reference[existing].value = value
    } else {
      reference.insert((key, value), at: at)
    }
  case 4:
    store[key: key] = nil
    if let existing { reference.remove(at: existing) }
  case 5:
    store[key: key, default: 0] += value
    if let existing { reference[existing].value += value } else { reference.append((key, value)) }
  case 6 where count > 0:
    let at = input.int(in: 0...count - 1)
    let removed = store.remove(at: at)
    check(removed == reference.remove(at: at), "remove(at:) returned \(removed)")
  case 7:
    let lower = input.int(in: 0...count)
    let upper = input.int(in: lower...count)
    store.removeSubrange(lower..<upper)
    reference.removeSubrange(lower..<upper)
  case 8:
    removeEnd(&store, &reference, &input)
  case 9:
    pop(&store, &reference, &input)
  case 10 where count > 0:
    moveOffsets(&store, &reference, &input)
  case 11 where count > 0:
    let i = input.int(in: 0...count - 1)
    let j = input.int(in: 0...count - 1)
    store.swapAt(i, j)
    reference.swapAt(i, j)
  case 12:
    store.reverse()
    reference.reverse()
  case 13:
    store.sort { $0.key < $1.key }
    reference.sort { $0.key < $1.key }
  case 14:
    let m = input.int(in: 2...5)
    store.removeAll { $0.value % m == 0 }
    reference.removeAll { $0.value % m == 0 }
  case 15 where count > 0:
    let at = input.int(in: 0...count - 1)
    store.values[at] = value
    reference[at].value = value
  case 16:
    merge(&store, &reference, &input)
  case 17:
    applyDifference(&store, &reference, &input)
  case 18:
    // Up to 2,000: past a capacity of 1,023 the table's entries are 3 bytes
    // wide instead of 2.
    store.reserveCapacity(input.int(in: 0...2_000))
  case 19:
    moveKeys(key, &store, &reference, &input)
  default:
    store.removeAll(keepingCapacity: input.bool())
    reference.removeAll()
  }
}

/// Untrusted bytes decoded as a store: a malformed document throws.
func decode(input: inout FuzzInput) {
  var bytes: [UInt8] = []
  while !input.isAtEnd { bytes.append(input.byte()) }
  guard let store = try? JSONDecoder().decode(OrderedStore<Key, Int>.self, from: Data(bytes)) else {
    return
  }
  let keys = Array(store.keys)
  check(Set(keys).count == keys.count, "decoded duplicate keys")
  let encoded = try! JSONEncoder().encode(store)
  let again = try! JSONDecoder().decode(OrderedStore<Key, Int>.self, from: encoded)
  check(again == store, "round trip")
}

/// Pops the first or the last row.
func pop(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  let first = input.bool()
  let popped = first ? store.popFirst() : store.popLast()
  let expected = first ? reference.first : reference.last
  if !reference.isEmpty {
    if first { reference.removeFirst() } else { reference.removeLast() }
  }
  check(popped?.key == expected?.key && popped?.value == expected?.value, "pop")
}

/// One drag, or several rows, anywhere, to anywhere.
func moveOffsets(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  let count = reference.count
  var offsets = IndexSet()
  for _ in 0..<input.int(in: 1...4) { offsets.insert(input.int(in: 0...count - 1)) }
  let destination = input.int(in: 0...count)
  store.move(fromOffsets: offsets, toOffset: destination)
  let moving = offsets.map { reference[$0] }
  let before = offsets.filter { $0 < destination }.count
  for offset in offsets.reversed() { reference.remove(at: offset) }
  reference.insert(contentsOf: moving, at: destination - before)
}

/// Keys from another store, some new, some present, merged.
func merge(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  var other: [(Key, Int)] = []
  var seen = Set<Key>()
  for _ in 0..<input.int(in: 0...6) {
    let k = Key(value: UInt8(input.int(in: 0...47)))
    if seen.insert(k).inserted { other.append((k, input.int(in: -9...9))) }
  }
  store.merge(other) { old, new in old &+ new }
  for (k, v) in other {
    if let i = reference.firstIndex(where: { $0.key == k }) {
      reference[i].value = reference[i].value &+ v
    } else {
      reference.append((k, v))
    }
  }
}

/// A difference to a random new snapshot, applied as a batch.
func applyDifference(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  var newPairs = reference
  for _ in 0..<input.int(in: 0...4) where !newPairs.isEmpty {
    newPairs.remove(at: input.int(in: 0...newPairs.count - 1))
  }
  for _ in 0..<input.int(in: 0...4) {
    let k = Key(value: UInt8(input.int(in: 0...47)))
    if !newPairs.contains(where: { $0.key == k }) {
      newPairs.insert((k, input.int(in: -9...9)), at: input.int(in: 0...newPairs.count))
    }
  }
  if !newPairs.isEmpty, input.bool() {
    let moved = newPairs.remove(at: input.int(in: 0...newPairs.count - 1))
    newPairs.insert(moved, at: input.int(in: 0...newPairs.count))
  }
  if !newPairs.isEmpty, input.bool() {
    newPairs[input.int(in: 0...newPairs.count - 1)].value += 1
  }
  let new = OrderedStore(uniqueKeysWithValues: newPairs)
  let difference = IdentityDifference(
    from: store, to: new, id: { $0.key }, contentEquals: { $0.value == $1.value })
  store.apply(difference, from: new)
  reference = newPairs
}

/// A reorder by ids, as a drag hands it over: keys the store may not
/// hold, repeated, to before a key (maybe absent, maybe moved) or the end.
func moveKeys(
  _ key: Key, _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  let count = reference.count
  let keys = (0..<input.int(in: 0...5)).map { _ in Key(value: UInt8(input.int(in: 0...47))) }
  let destination = input.bool() ? nil : Optional(key)
  let changes = store.move(keys: keys, before: destination)
  let target = destination.map { d in reference.firstIndex { $0.key == d } } ?? count
  guard let target else {
    check(changes.isEmpty, "a move before an absent key changed rows")
    return
  }
  let moving = Set(keys)
  let moved = reference.indices.filter { moving.contains(reference[$0].key) }
  let old = reference
  reference.removeAll { moving.contains($0.key) }
  let landing = target - moved.count { $0 < target }
  reference.insert(contentsOf: moved.map { old[$0] }, at: landing)
  for move in changes.moves {
    check(old[move.from].key == reference[move.to].key, "move \(move) names another row")
  }
  check(
    changes.moves.count == (changes.isEmpty ? 0 : moved.count),
    "\(changes.moves.count) moves for \(moved.count) rows")
}

/// Removes a number of rows from the start or the end.
func removeEnd(
  _ store: inout OrderedStore<Key, Int>, _ reference: inout [(key: Key, value: Int)],
  _ input: inout FuzzInput
) {
  let k = input.int(in: 0...reference.count)
  if input.bool() {
    store.removeFirst(k)
    reference.removeFirst(k)
  } else {
    store.removeLast(k)
    reference.removeLast(k)
  }
}
