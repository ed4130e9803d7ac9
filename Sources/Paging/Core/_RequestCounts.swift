//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What a pager has asked its source for, and the answers it discarded.
internal struct _RequestCounts: Hashable, Sendable {
  /// Page loads issued (`Pager.requestCount`).
  var pages = 0
  /// Refresh-key lookups issued, one per jump (`Pager.keyRequestCount`).
  var keys = 0
  /// Responses discarded because their load was cancelled or superseded: a
  /// deterministic signal for tests that a late response arrived and
  /// changed nothing.
  var discardedResponses = 0
}
