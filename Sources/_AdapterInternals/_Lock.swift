//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A non-recursive mutual-exclusion lock with a stable address:
/// `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere.
///
/// `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.
@usableFromInline
package final class _Lock: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline package let _pointer: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline package let _pointer: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  @usableFromInline
  package init() {
    _pointer = .allocate(capacity: 1)
    #if canImport(Darwin)
      _pointer.initialize(to: os_unfair_lock())
    #else
      _pointer.initialize(to: pthread_mutex_t())
      let result = pthread_mutex_init(_pointer, nil)
      precondition(result == 0, "pthread_mutex_init failed with \(result)")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(_pointer)
    #endif
    _pointer.deinitialize(count: 1)
    _pointer.deallocate()
  }

  /// Runs `body` while holding the lock. `body` must not take it again.
  @inlinable
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    #if canImport(Darwin)
      os_unfair_lock_lock(_pointer)
      defer { os_unfair_lock_unlock(_pointer) }
    #else
      pthread_mutex_lock(_pointer)
      defer { pthread_mutex_unlock(_pointer) }
    #endif
    return try body()
  }
}
