//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Whether `_checkInvariants()` is compiled in: only when the package's own
/// build sets `COLLECTION_ADAPTERS_INTERNAL_CHECKS=1` (see Package.swift).
#if COLLECTION_ADAPTERS_INTERNAL_CHECKS
  internal let _internalChecksEnabled = true
#else
  internal let _internalChecksEnabled = false
#endif
