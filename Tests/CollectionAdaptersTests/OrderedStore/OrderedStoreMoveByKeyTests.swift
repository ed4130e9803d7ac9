//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

@Suite("OrderedStore moves by key")
struct OrderedStoreMoveByKeyTests {
  /// Random reorders by ids, as a drag hands them over (keys the store may
  /// not hold, repeated keys, a destination that is absent, moved, or the
  /// end), against an array; the changes name each moved row where it was
  /// and where it lands, and the rows left alone keep their order.
  @Test("Reorders by keys against an array", arguments: modelTestSeeds)
  func reordersByKeys(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let count = Int.random(in: 0...40, using: &g)
      let keys = Array(0..<count).shuffled(using: &g)
      var store = OrderedStore(uniqueKeysWithValues: keys.map { ($0, $0 * 10) })
      let sources = (0..<Int.random(in: 0...6, using: &g)).map { _ in
        Int.random(in: -2...count + 2, using: &g)
      }
      let destination = Bool.random(using: &g) ? nil : Int.random(in: -1...count, using: &g)
      let changes = store.move(keys: sources, before: destination)
      let target = destination.map { keys.firstIndex(of: $0) } ?? count
      let note = Comment(
        rawValue: "\(keys) moving \(sources) before \(String(describing: destination))")
      guard let target else {
        #expect(changes.isEmpty && store.keys.elementsEqual(keys), note)
        continue
      }
      let moving = Set(sources)
      let moved = keys.indices.filter { moving.contains(keys[$0]) }
      var expected = keys.filter { !moving.contains($0) }
      expected.insert(contentsOf: moved.map { keys[$0] }, at: target - moved.count { $0 < target })
      #expect(store.keys.elementsEqual(expected), note)
      #expect(store.values.elementsEqual(expected.map { $0 * 10 }), note)
      let new = Array(store.keys)
      for move in changes.moves { #expect(keys[move.from] == new[move.to], note) }
      #expect(changes.newCount(from: count) == count, note)
      // The rows neither removed nor inserted are the same, in order.
      let removed = Set(changes.deletions.flatMap { $0 })
      let inserted = Set(changes.insertions.flatMap { $0 })
      #expect(
        keys.indices.filter { !removed.contains($0) }.map { keys[$0] }
          == new.indices.filter { !inserted.contains($0) }.map { new[$0] }, note)
      #expect(changes.isEmpty == (new == keys), note)
    }
  }
}
