import Foundation

/// Runs `body` on the main actor and waits for its result. Only for a
/// connection's own thread: it blocks the thread it is called on, which
/// must never be one of the tasks' threads.
func waitForMainActor<Result: Sendable>(
  _ body: @escaping @MainActor @Sendable () async -> Result
) -> Result {
  let result = Locked<Result?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task { @MainActor in
    let value = await body()
    result.withValue { $0 = value }
    done.signal()
  }
  done.wait()
  return result.withValue { $0! }
}

/// A value shared between threads. `@unchecked Sendable`: `lock` guards
/// every access to `value`.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
