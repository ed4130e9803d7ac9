//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _AdapterInternals

/// A counter that only `lock` guards.
private final class GuardedCounter: @unchecked Sendable {
  let lock = _Lock(reentrancyMessage: "GuardedCounter: the lock was taken while held")
  var value = 0
  deinit { lock.destroy() }
}

/// Run under `swift test --sanitize=thread --filter Concurrent` (CI does):
/// the sanitizer reports any access the lock fails to order.
@Suite("The shared lock, Concurrent")
struct LockConcurrentTests {
  @Test("Increments from several threads under the lock are never lost")
  func mutualExclusion() async {
    let counter = GuardedCounter()
    let tasks = 4
    let increments = 100_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<increments {
            // A read and a later write: without exclusion, two threads read
            // the same value and one increment is lost.
            counter.lock.withLock {
              let value = counter.value
              counter.value = value &+ 1
            }
          }
        }
      }
    }
    #expect(counter.lock.withLock { counter.value } == tasks * increments)
  }

  @Test("The lock is given back when its body throws")
  func releasedOnThrow() {
    struct Failure: Error {}
    let counter = GuardedCounter()
    #expect(throws: Failure.self) {
      try counter.lock.withLock { throw Failure() }
    }
    // Taken again on the same thread: a lock still held would never return.
    #expect(counter.lock.withLock { counter.value } == 0)
  }
}
