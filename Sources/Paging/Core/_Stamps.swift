//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The pager's counters that order what happens: generations, requests and
/// page contents.
internal struct _Stamps {
  /// Bumped by `refresh()`: pages of earlier generations are stale (shown
  /// until replaced, loaded again when demanded).
  var generation = 0
  /// Stamps requests and edits, in order.
  var serial = 0
  /// Gives each page content its identity (`_StoredPage.identity`).
  var identities = 0
}
