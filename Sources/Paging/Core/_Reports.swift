//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// What observers are told about loading, besides the items: the state of
  /// each kind of load, and the last loader result refused.
  internal struct _Reports {
    /// The load state of each kind.
    var loadStates = _LoadStates()
    /// See `Pager.lastRefusal`.
    var lastRefusal: PagingError?
  }
}
