//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// How a refresh keeps the reader's place: the old generation stays
// published until the new one holds the visible range and the item the
// reader saw, searched for a page on each side at a time.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// During a refresh, until the new generation holds the visible range:
  /// the old generation's pages and span, which stay published, so a
  /// publication never mixes generations (whose positions may disagree).
  internal struct _RefreshHold {
    /// The old generation's pages.
    var pages: [_StoredPage]
    /// The old generation's span.
    var start: Int
    var end: Int
    /// The first item the reader saw, which the new pages are searched for
    /// before they replace the old ones.
    var anchor: Item?
    /// How many pages beyond the prefetch on each side the search has
    /// reached.
    var searchRadius = 0
  }

  /// A refresh searches at most this many pages beyond the prefetch on
  /// each side for the item the reader saw.
  internal static var _maximumSearchRadius: Int { 4 }
}
