//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// An immutable node, so a list of them can be shared across threads.
final class FrozenNode: Sendable {
  let value: Int
  let next: FrozenNode?
  init(_ value: Int, next: FrozenNode?) {
    self.value = value
    self.next = next
  }
}

/// Run under `swift test --sanitize=thread --filter Concurrent` (CI does).
@Suite("LinkedListCollection Concurrent reads")
struct LinkedListCollectionConcurrentTests {
  /// Without a count, the first read walks the list and builds every
  /// checkpoint; with one, readers and iterators build them as they go.
  @Test(arguments: [nil, 5_000])
  func concurrentReadersShareTheIndex(count: Int?) async {
    var head: FrozenNode?
    for value in (0..<5_000).reversed() { head = FrozenNode(value, next: head) }
    let list = LinkedListCollection(
      head: head, count: count, checkpointInterval: 16, next: { $0.next },
      element: { $0.value })
    let failures = await failuresOfConcurrentReaders { generator in
      var failures = 0
      // A scroll by slices first: with a given count, the iterators
      // build the checkpoints, racing each other.
      var expected = 0
      for start in stride(from: 0, to: 5_000, by: 50) {
        for value in list[start..<start + 50] {
          if value != expected { failures += 1 }
          expected += 1
        }
      }
      for _ in 0..<2_000 {
        let i = Int.random(in: 0..<5_000, using: &generator)
        if list[i] != i { failures += 1 }
        // A slice's iterator records checkpoints and leaves the index
        // where it stopped, under the lock the readers share.
        let end = Swift.min(5_000, i + Int.random(in: 0..<60, using: &generator))
        var expected = i
        for value in list[i..<end] {
          if value != expected { failures += 1 }
          expected += 1
        }
      }
      for (i, value) in list.enumerated() where value != i { failures += 1 }
      return failures
    }
    #expect(failures == 0)
  }

  /// Two iterators over a fresh list with a given count build its
  /// checkpoints at the same time, round after round.
  @Test func iteratorsBuildTheCheckpointsTogether() async {
    var head: FrozenNode?
    for value in (0..<2_000).reversed() { head = FrozenNode(value, next: head) }
    var failures = 0
    for _ in 0..<100 {
      let list = LinkedListCollection(
        head: head, count: 2_000, checkpointInterval: 8, next: { $0.next },
        element: { $0.value })
      failures += await withTaskGroup(of: Int.self) { group in
        for _ in 0..<2 {
          group.addTask {
            var failures = 0
            for (i, value) in list.enumerated() where value != i { failures += 1 }
            return failures
          }
        }
        return await group.reduce(0, +)
      }
      // Every checkpoint is there: a read anywhere walks at most 8 nodes.
      if list[1_999] != 1_999 || list[1_000] != 1_000 { failures += 1 }
    }
    #expect(failures == 0)
  }
}
