//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternalsShims

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
/// The holder's thread is kept beside the lock, so that a thread that finds
/// the lock taken by itself (an app's closure, called with the lock held,
/// that reads the collection it serves) traps at once with
/// `reentrancyMessage` instead of waiting forever (or, on Apple platforms,
/// crashing in `os_unfair_lock` with a message that names no closure).
///
/// `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.
@usableFromInline @frozen
package struct _Lock: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline package let _pointer: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline package let _pointer: UnsafeMutablePointer<Atomic<Bool>>
  #endif
  /// The holder's thread (`_ca_current_thread()`), or 0: written by the
  /// holder only, read by any thread that finds the lock taken.
  @usableFromInline package let _owner: UnsafeMutablePointer<UInt>
  /// What a re-entrant use traps with.
  @usableFromInline package let reentrancyMessage: StaticString

  /// Allocates and initializes an unlocked lock, whose re-entrant use traps
  /// with `reentrancyMessage`.
  ///
  /// One allocation holds both: the lock, then the owner word in the same
  /// cache line.
  @usableFromInline
  package init(reentrancyMessage: StaticString) {
    let ownerOffset = MemoryLayout<UInt>.stride
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: 2 * ownerOffset, alignment: MemoryLayout<UInt>.alignment)
    #if canImport(Darwin)
      _pointer = raw.initializeMemory(as: os_unfair_lock.self, to: os_unfair_lock())
    #else
      _pointer = raw.initializeMemory(as: Atomic<Bool>.self, to: Atomic(false))
    #endif
    _owner = (raw + ownerOffset).initializeMemory(as: UInt.self, to: 0)
    self.reentrancyMessage = reentrancyMessage
  }

  /// Frees the lock, which must not be held or used again.
  @usableFromInline
  package func destroy() {
    _pointer.deinitialize(count: 1)
    UnsafeMutableRawPointer(_pointer).deallocate()
  }

  /// Runs `body` while holding the lock. `body` must not take it again: if
  /// it does, the process traps with `reentrancyMessage`.
  @inlinable
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    #if canImport(Darwin)
      if !os_unfair_lock_trylock(_pointer) { _waitForLock() }
    #else
      if _pointer.pointee.exchange(true, ordering: .acquiring) { _waitForLock() }
    #endif
    _ca_store_relaxed(_owner, _ca_current_thread())
    defer {
      // Cleared before the release, so a thread never finds its own
      // identifier here unless it holds the lock.
      _ca_store_relaxed(_owner, 0)
      #if canImport(Darwin)
        os_unfair_lock_unlock(_pointer)
      #else
        _pointer.pointee.store(false, ordering: .releasing)
      #endif
    }
    return try body()
  }

  /// Takes the lock while it is held: traps if this thread holds it;
  /// otherwise waits. Off Apple platforms, it reads the flag until it looks
  /// free (no atomic writes to its cache line meanwhile), yielding the
  /// processor between reads, then tries again.
  @usableFromInline
  package func _waitForLock() {
    if _ca_load_relaxed(_owner) == _ca_current_thread() {
      _preconditionFailure("\(reentrancyMessage)")
    }
    #if canImport(Darwin)
      os_unfair_lock_lock(_pointer)
    #else
      repeat {
        while _pointer.pointee.load(ordering: .relaxed) { sched_yield() }
      } while _pointer.pointee.exchange(true, ordering: .acquiring)
    #endif
  }
}
