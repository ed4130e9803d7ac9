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

#if !canImport(Darwin)
  import Synchronization
#endif

/// A non-recursive mutual-exclusion lock with a stable address:
/// `os_unfair_lock` on Apple platforms; elsewhere an atomic flag.
///
/// A struct holding the lock's address, so that a class can keep it as a
/// stored property and lock it without retaining anything: a lock object
/// stored in another class is retained and released around every use, two
/// atomic operations, as many as the lock itself on a hot read path. The
/// class that creates one must call `destroy()` in its `deinit`, once.
///
/// Off Apple platforms, taking it is one atomic exchange and giving it back
/// a plain release store, both inlined: a `pthread_mutex_t` costs an atomic
/// operation each way behind calls through the PLT once a process has a
/// second thread, as every app has, and the read paths that take this lock
/// are hot. A thread that finds the flag taken yields until it is free, so
/// it suits only short critical sections: whoever holds it says what it
/// guards, and keeps it for a bounded step.
///
/// `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.
@usableFromInline @frozen
package struct _Lock: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline package let _pointer: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline package let _pointer: UnsafeMutablePointer<Atomic<Bool>>
  #endif

  /// Allocates and initializes an unlocked lock.
  @usableFromInline
  package init() {
    _pointer = .allocate(capacity: 1)
    #if canImport(Darwin)
      _pointer.initialize(to: os_unfair_lock())
    #else
      _pointer.initialize(to: Atomic(false))
    #endif
  }

  /// Frees the lock, which must not be held or used again.
  @usableFromInline
  package func destroy() {
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
      if _pointer.pointee.exchange(true, ordering: .acquiring) { _waitForLock() }
      defer { _pointer.pointee.store(false, ordering: .releasing) }
    #endif
    return try body()
  }

  #if !canImport(Darwin)
    /// Takes the lock while another thread holds it: reads the flag until it
    /// looks free (no atomic writes to its cache line meanwhile), yielding
    /// the processor between reads, then tries again.
    @usableFromInline
    package func _waitForLock() {
      repeat {
        while _pointer.pointee.load(ordering: .relaxed) { sched_yield() }
      } while _pointer.pointee.exchange(true, ordering: .acquiring)
    }
  #endif
}
