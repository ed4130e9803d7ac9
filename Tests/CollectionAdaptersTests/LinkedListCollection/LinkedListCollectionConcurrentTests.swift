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
  @Test func concurrentReadersShareTheIndex() async {
    var head: FrozenNode?
    for value in (0..<5_000).reversed() { head = FrozenNode(value, next: head) }
    let list = LinkedListCollection(
      head: head, checkpointInterval: 16, next: { $0.next }, element: { $0.value })
    let failures = await withTaskGroup(of: Int.self) { group in
      for seed in 0..<8 {
        group.addTask {
          var generator = SplitMix64(seed: UInt64(seed))
          var failures = 0
          for _ in 0..<2_000 {
            let i = Int.random(in: 0..<5_000, using: &generator)
            if list[i] != i { failures += 1 }
          }
          for (i, value) in list.enumerated() where value != i { failures += 1 }
          return failures
        }
      }
      return await group.reduce(0, +)
    }
    #expect(failures == 0)
  }
}
