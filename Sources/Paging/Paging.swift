//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Which end of the loaded data a page request extends.
public enum PageLoadKind: Hashable, Sendable {
  /// A load that starts an island of pages: the first load of a generation
  /// (at the initial key, or at a refresh key near the visible position), or
  /// a jump (at a refresh key near a far position).
  case refresh
  /// A page after the last loaded one.
  case append
  /// A page before the first loaded one.
  case prepend
}

/// What a `Pager` asks its loader for.
public struct PageRequest<Key: Sendable>: Sendable {
  /// Which end the page extends.
  public var kind: PageLoadKind
  /// The page key: the initial key for a refresh, otherwise the
  /// `nextKey` or `previousKey` of the page at that end.
  public var key: Key?
  /// How many items to load: a hint, which the loader may exceed.
  public var size: Int
  /// For a `.refresh` at a refresh key, the position (from the start of the
  /// data) the key was asked for: the page is placed there. `nil`
  /// otherwise.
  public var position: Int?

  /// Creates a request.
  public init(kind: PageLoadKind, key: Key?, size: Int, position: Int? = nil) {
    self.kind = kind
    self.key = key
    self.size = size
    self.position = position
  }
}

/// A page of items returned by a loader.
public struct Page<Key: Sendable, Item: Sendable>: Sendable {
  /// The items, in order.
  public var items: [Item]
  /// The key of the page before this one, or `nil` if this is the first.
  public var previousKey: Key?
  /// The key of the page after this one, or `nil` if this is the last.
  public var nextKey: Key?
  /// How many items exist before this page, if the source knows. On the
  /// first page, it makes the earlier positions placeholders at once.
  public var itemsBefore: Int?
  /// How many items exist after this page, if the source knows; it makes
  /// the later positions placeholders, so a scroll bar is stable.
  public var itemsAfter: Int?

  /// Creates a page.
  public init(
    items: [Item], previousKey: Key? = nil, nextKey: Key? = nil, itemsBefore: Int? = nil,
    itemsAfter: Int? = nil
  ) {
    self.items = items
    self.previousKey = previousKey
    self.nextKey = nextKey
    self.itemsBefore = itemsBefore
    self.itemsAfter = itemsAfter
  }
}

/// The items a positional source returns for a range of positions.
///
/// A short page at the end of the data ends it; a short page inside a
/// span the source said was longer keeps its items, leaves the rest
/// placeholders and is reported (`PagingError.pageShorterThanRequested`).
public struct PositionalPage<Item: Sendable>: Sendable {
  /// The items at the requested positions, in order, starting at the
  /// range's lower bound.
  public var items: [Item]
  /// The number of items in the whole data set, if the source knows it (a
  /// `COUNT(*)`); it makes the positions beyond the loaded ones
  /// placeholders, so a scroll bar is stable and any position can be
  /// jumped to. The latest count reported wins.
  public var totalCount: Int?

  /// Creates a page.
  public init(items: [Item], totalCount: Int? = nil) {
    self.items = items
    self.totalCount = totalCount
  }
}

/// The state of one kind of load: refreshes, appends or prepends.
public enum PageLoadState: Sendable, CustomStringConvertible {
  /// Nothing is loading; more may be loaded.
  case idle
  /// A request is in flight.
  case loading
  /// The last request failed; `retry()` re-issues it.
  case failed(any Error)
  /// The source has no more items at that end.
  case endReached

  /// Whether a request is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The error of a failed request.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// Whether the source has no more items at that end.
  public var isEndReached: Bool {
    if case .endReached = self { return true }
    return false
  }

  /// The state's name, and the error of a failure.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .failed(let error): "failed(\(error))"
    case .endReached: "endReached"
    }
  }
}

/// What makes a `Pager` load more.
public enum PagingTrigger: Hashable, Sendable {
  /// Advancing an index of the published collection (`index(after:)`,
  /// `index(before:)`) to within `prefetchDistance` of a loaded end: the
  /// behaviour of index-driven pagers. Any traversal triggers, including a
  /// SwiftUI `List` reading every identifier; at most one request per
  /// direction per published collection.
  case indexAdvance
  /// Only `visibleRangeDidChange(_:)` (from a windowing engine or a row's
  /// `onAppear`) requests pages; traversal and subscripting never do.
  case visibleRange
  /// Only `loadNext()` and `loadPrevious()` request pages.
  case manual
}

/// How a `Pager` loads.
public struct PagingConfiguration: Sendable {
  /// The number of items to request per page (a hint to the loader).
  public var pageSize: Int
  /// The number of items to request in the first load of a generation.
  public var initialLoadSize: Int
  /// How close (in items) a demanded position may come to a loaded end
  /// before the next page is requested.
  public var prefetchDistance: Int
  /// If set, pages far from the last demanded position are dropped to keep
  /// at most this many loaded (at least 2); their positions become
  /// placeholders, and they are loaded again when demanded.
  public var maximumLoadedPages: Int?
  /// What makes the pager load.
  public var trigger: PagingTrigger
  /// At most this many loads are in flight at once; the visible pages are
  /// requested first, then the prefetch.
  public var maximumConcurrentLoads: Int
  /// For a keyed source with a refresh key: a position farther than this
  /// from the loaded pages is reached by a jump (a refresh key, then the
  /// page there) rather than by walking the pages in between.
  public var jumpDistance: Int
  /// A visible range that moved more than a fiftieth of a page (at least
  /// one position) since the previous report (a fling, a scroll-bar drag,
  /// a jump) starts its loads only after no such report came for this long,
  /// so the pages a fling passes are never requested. Loads in flight for
  /// pages that left the demand are cancelled at once. (A host that knows
  /// where a fling will rest says so with `Pager.visibleRangeWillSettle`.)
  public var settleInterval: Duration

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - pageSize: Items per page; at least 1.
  ///   - initialLoadSize: Items in the first load; defaults to 3 pages.
  ///   - prefetchDistance: The threshold; defaults to one page.
  ///   - maximumLoadedPages: A cap on loaded pages, or `nil` for none.
  ///   - trigger: What makes the pager load; `.visibleRange` by default, as
  ///     it is the one that is safe with SwiftUI's `List`.
  ///   - maximumConcurrentLoads: Loads in flight at once; at least 1.
  ///   - jumpDistance: For keyed sources with a refresh key, the distance
  ///     beyond which a position is jumped to; defaults to 4 pages.
  ///   - settleInterval: How long a far-moved visible range must stay put
  ///     before its loads start; 50 ms (3 frames) by default, `.zero` to
  ///     start at once.
  public init(
    pageSize: Int, initialLoadSize: Int? = nil, prefetchDistance: Int? = nil,
    maximumLoadedPages: Int? = nil, trigger: PagingTrigger = .visibleRange,
    maximumConcurrentLoads: Int = 2, jumpDistance: Int? = nil,
    settleInterval: Duration = .milliseconds(50)
  ) {
    precondition(pageSize >= 1, "Page size \(pageSize) must be positive")
    let initialLoadSize = initialLoadSize ?? pageSize * 3
    let prefetchDistance = prefetchDistance ?? pageSize
    precondition(initialLoadSize >= 1, "Initial load size \(initialLoadSize) must be positive")
    precondition(
      prefetchDistance >= 0, "Prefetch distance \(prefetchDistance) must not be negative")
    if let maximumLoadedPages {
      precondition(
        maximumLoadedPages >= 2, "Maximum loaded pages \(maximumLoadedPages) must be at least 2")
    }
    self.pageSize = pageSize
    self.initialLoadSize = initialLoadSize
    self.prefetchDistance = prefetchDistance
    precondition(
      maximumConcurrentLoads >= 1,
      "Maximum concurrent loads \(maximumConcurrentLoads) must be positive")
    let jumpDistance = jumpDistance ?? pageSize * 4
    precondition(jumpDistance >= 0, "Jump distance \(jumpDistance) must not be negative")
    precondition(settleInterval >= .zero, "Settle interval \(settleInterval) must not be negative")
    self.maximumLoadedPages = maximumLoadedPages
    self.trigger = trigger
    self.maximumConcurrentLoads = maximumConcurrentLoads
    self.jumpDistance = jumpDistance
    self.settleInterval = settleInterval
  }
}

/// Loader results that a `Pager` refuses or corrects.
///
/// A refused page key is reported as a `.failed` state of its direction; a
/// refused or corrected item count keeps the page's items and is reported
/// in `Pager.lastRefusal`.
public enum PagingError: Error, Hashable, Sendable {
  /// The loader pointed at a page key that is already loaded; loading it
  /// again would duplicate items.
  case repeatedKey(String)
  /// A prepended page's `nextKey` is not the key of the page it joins:
  /// placing it would leave a gap or an overlap (the duplicates of page
  /// numbers when page sizes differ).
  case pageNotAdjacent(expected: String, found: String)
  /// A page claimed a number of items before or after it that is negative
  /// or too large to lay out (the whole span must stay within
  /// `Int32.max` positions); the claim was ignored.
  case itemCountOutOfBounds(claimed: Int)
  /// A page claimed this many items before or after it, beyond the end of
  /// the data (a page with no key in that direction); no placeholders were
  /// kept for them.
  case itemsBeyondEnd(Int)
  /// A positional page returned fewer items than asked inside the span the
  /// source said it has: its items were kept and the rest of its positions
  /// stay placeholders until `retry()` or `refresh()`.
  case pageShorterThanRequested(position: Int, expected: Int, received: Int)
  /// A positional page returned more items than asked; the extra ones
  /// belong to other pages and were not kept.
  case moreItemsThanRequested(position: Int, extra: Int)
  /// A keyed page extending loaded pages toward more data was empty,
  /// although the source claimed items there; it is reported as the
  /// direction's failure.
  case emptyPageInsideData(position: Int)
}
