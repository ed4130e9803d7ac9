//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation

/// A count of calls that `@Sendable` closures (an adapter's `next`,
/// `children` or `element`) can bump from any thread, to prove costs by
/// counting.
///
/// `@unchecked Sendable`: the lock guards every access to `_calls`.
public final class CallCounter: @unchecked Sendable {
  private let _lock = NSLock()
  private var _calls = 0

  /// Creates a counter at zero.
  public init() {}

  /// The calls counted so far.
  public var calls: Int {
    get { _lock.withLock { _calls } }
    set { _lock.withLock { _calls = newValue } }
  }

  /// Counts one call.
  public func increment() { _lock.withLock { _calls += 1 } }
}
