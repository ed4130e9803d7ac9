//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

#ifndef ADAPTER_INTERNALS_SHIMS_H
#define ADAPTER_INTERNALS_SHIMS_H

// Relaxed atomic loads and stores of a word, for the lock's owner, on every
// platform at every floor (Synchronization's `Atomic` needs macOS 15 /
// iOS 18). Compiler builtins only: the header includes nothing.

/// An identifier of the calling thread, never 0, through `pthread_self`.
__UINTPTR_TYPE__ _ca_current_thread_by_call(void);

/// An identifier of the calling thread, never 0: on Linux, the thread
/// pointer, read inline (the lock takes it on every acquisition, on hot
/// read paths); elsewhere `pthread_self`, since the register clang reads
/// for the thread pointer is not the thread's own on every Apple target.
static inline __UINTPTR_TYPE__ _ca_current_thread(void) {
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
  return (__UINTPTR_TYPE__)__builtin_thread_pointer();
#else
  return _ca_current_thread_by_call();
#endif
}

static inline __UINTPTR_TYPE__ _ca_load_relaxed(const __UINTPTR_TYPE__ *word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void _ca_store_relaxed(__UINTPTR_TYPE__ *word, __UINTPTR_TYPE__ value) {
  __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

#endif
