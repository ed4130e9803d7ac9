//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The `.indexAdvance` hook of one published `PagedCollection`: index
/// advances near a loaded end call `request` at most once per direction, from
/// any thread.
@usableFromInline
internal final class _PagingTrigger: @unchecked Sendable {
  @usableFromInline let lock = _Lock(
    reentrancyMessage: "PagedCollection: its load trigger was taken while held")
  /// Positions within which an advance requests the next or previous page.
  @usableFromInline let appendThreshold: Int
  @usableFromInline let prependThreshold: Int
  @usableFromInline var appendRequested = false
  @usableFromInline var prependRequested = false
  /// The requests made, for tests: at most one per direction.
  @usableFromInline var requestsMade: Int {
    lock.withLock { (appendRequested ? 1 : 0) + (prependRequested ? 1 : 0) }
  }
  @usableFromInline let request: @Sendable (PageLoadKind) -> Void

  @usableFromInline
  init(
    appendThreshold: Int, prependThreshold: Int,
    request: @escaping @Sendable (PageLoadKind) -> Void
  ) {
    self.appendThreshold = appendThreshold
    self.prependThreshold = prependThreshold
    self.request = request
  }

  deinit { lock.destroy() }

  /// Notes that an index was advanced forwards to `position`.
  @inlinable
  func advanced(to position: Int) {
    guard position >= appendThreshold else { return }
    let first = lock.withLock {
      defer { appendRequested = true }
      return !appendRequested
    }
    if first { request(.append) }
  }

  /// Notes that an index was moved backwards to `position`.
  @inlinable
  func retreated(to position: Int) {
    guard position < prependThreshold else { return }
    let first = lock.withLock {
      defer { prependRequested = true }
      return !prependRequested
    }
    if first { request(.prepend) }
  }
}
