//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Whether `_checkInvariants()` is compiled in: only when the package's own
/// build sets `COLLECTION_ADAPTERS_INTERNAL_CHECKS=1` (see Package.swift).
#if COLLECTION_ADAPTERS_INTERNAL_CHECKS
  internal let _internalChecksEnabled = true
#else
  internal let _internalChecksEnabled = false
#endif

/// Traps with `message` when `condition` is false, in the project's test
/// builds only (as `_checkInvariants()`); in any other build it compiles to
/// nothing. For the invariants that keep unchecked buffer accesses in
/// bounds, so a broken one traps in tests instead of reading past a buffer.
@inlinable @inline(__always)
internal func _internalInvariant(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #fileID, line: UInt = #line
) {
  #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
    _precondition(condition(), message(), file: file, line: line)
  #endif
}
