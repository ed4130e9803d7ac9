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
/// A struct holding the lock's address, so that a class can keep it as a
/// stored property and lock it without retaining anything: a lock object
/// stored in another class is retained and released around every use, two
/// atomic operations, as many as the lock itself on a hot read path. The
/// class that creates one must call `destroy()` in its `deinit`, once.
///
/// `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.
@usableFromInline @frozen
package struct _Lock: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline package let _pointer: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline package let _pointer: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  /// Allocates and initializes an unlocked lock.
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

  /// Frees the lock, which must not be held or used again.
  @usableFromInline
  package func destroy() {
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
