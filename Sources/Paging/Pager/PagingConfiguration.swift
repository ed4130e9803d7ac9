//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// How a `Pager` loads.
public struct PagingConfiguration: Sendable {
  /// The largest page size, load size or distance a configuration takes:
  /// 2³² where `Int` has 64 bits and 2²⁹ where it has 32 (watchOS
  /// devices), far past any page a source returns, and small enough that
  /// the pager's arithmetic on positions never overflows. A larger value
  /// traps at configuration time, naming it.
  public static var maximumSize: Int { _sizeLimit(Int.self) }

  /// The number of items to request per page (a hint to the loader).
  public var pageSize: Int
  /// The number of items to request in the first load of a generation.
  public var initialLoadSize: Int
  /// How close (in items) a demanded position may come to a loaded end
  /// before the next page is requested.
  public var prefetchDistance: Int
  /// If set, pages far from the last demanded position are dropped to keep
  /// at most this many loaded (at least 2); their positions become
  /// placeholders, and they are loaded again when demanded. Pages that show
  /// a local insertion, removal or move stay until a refresh ends the edit,
  /// so that dropping them never shifts the rows after them.
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
    let maximum = Self.maximumSize
    _precondition(
      pageSize >= 1 && pageSize <= maximum, "Page size \(pageSize) must be in 1...\(maximum)")
    let initialLoadSize = initialLoadSize ?? Swift.min(pageSize * 3, maximum)
    let prefetchDistance = prefetchDistance ?? pageSize
    for (name, value) in [
      ("Initial load size", initialLoadSize), ("Prefetch distance", prefetchDistance),
      ("Jump distance", jumpDistance ?? 0),
    ] {
      _precondition(value <= maximum, "\(name) \(value) exceeds the maximum of \(maximum)")
    }
    _precondition(initialLoadSize >= 1, "Initial load size \(initialLoadSize) must be positive")
    _precondition(
      prefetchDistance >= 0, "Prefetch distance \(prefetchDistance) must not be negative")
    if let maximumLoadedPages {
      _precondition(
        maximumLoadedPages >= 2, "Maximum loaded pages \(maximumLoadedPages) must be at least 2")
    }
    self.pageSize = pageSize
    self.initialLoadSize = initialLoadSize
    self.prefetchDistance = prefetchDistance
    _precondition(
      maximumConcurrentLoads >= 1,
      "Maximum concurrent loads \(maximumConcurrentLoads) must be positive")
    let jumpDistance = jumpDistance ?? Swift.min(pageSize * 4, maximum)
    _precondition(jumpDistance >= 0, "Jump distance \(jumpDistance) must not be negative")
    _precondition(settleInterval >= .zero, "Settle interval \(settleInterval) must not be negative")
    self.maximumLoadedPages = maximumLoadedPages
    self.trigger = trigger
    self.maximumConcurrentLoads = maximumConcurrentLoads
    self.jumpDistance = jumpDistance
    self.settleInterval = settleInterval
  }
}
