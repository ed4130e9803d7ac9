//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation

/// Time that moves only when a test says so: `sleep(for:)` suspends until
/// `advance(by:)` passes its deadline. Scripts of frames and loader
/// latencies run the same on any machine, at any load.
///
/// `@unchecked Sendable`: the lock guards every access to the mutable state.
public final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var _now: Duration = .zero
  private var _serial = 0
  private var _sleepers: [(deadline: Duration, serial: Int, resume: @Sendable (Bool) -> Void)] = []

  /// A clock at time zero, with no sleeps waiting.
  public init() {}

  /// The time since the clock was made.
  public var now: Duration { lock.withLock { _now } }

  /// The number of sleeps waiting.
  public var sleepers: Int { lock.withLock { _sleepers.count } }

  /// Suspends until the clock passes `duration` from now; throws
  /// `CancellationError` if the task is cancelled first.
  public func sleep(for duration: Duration) async throws {
    let serial = lock.withLock {
      _serial += 1
      return _serial
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resume: @Sendable (Bool) -> Void = { cancelled in
          if cancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
        let due = lock.withLock { () -> Bool in
          if duration <= .zero { return true }
          _sleepers.append((_now + duration, serial, resume))
          return false
        }
        if due { resume(false) }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> (@Sendable (Bool) -> Void)? in
        guard let index = _sleepers.firstIndex(where: { $0.serial == serial }) else { return nil }
        return _sleepers.remove(at: index).resume
      }
      sleeper?(true)
    }
  }

  /// Moves time forward by `duration`, waking every sleep it passes, in
  /// deadline order.
  public func advance(by duration: Duration) {
    let due = lock.withLock { () -> [@Sendable (Bool) -> Void] in
      _now += duration
      let now = _now
      let due = _sleepers.filter { $0.deadline <= now }.sorted {
        ($0.deadline, $0.serial) < ($1.deadline, $1.serial)
      }
      _sleepers.removeAll { $0.deadline <= now }
      return due.map(\.resume)
    }
    for resume in due { resume(false) }
  }
}
