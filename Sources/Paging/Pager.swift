//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Observation

/// Loads pages from an async source and publishes them as a
/// `PagedCollection`: the auto-loading collection of a list UI.
///
/// ```swift
/// import Paging
/// import SwiftUI
///
/// struct Feed: View {
///   @State var pager = Pager<String, Post>(configuration: .init(pageSize: 30)) { request in
///     let page = try await api.posts(cursor: request.key, limit: request.size)
///     return Page(items: page.posts, nextKey: page.nextCursor)
///   }
///
///   var body: some View {
///     List(pager.items.indices, id: \.self) { i in
///       Group {
///         if let post = pager.items[i] { PostRow(post) } else { ProgressView() }
///       }
///       .onAppear { pager.rowDidAppear(at: i) }
///     }
///     .task { pager.refresh() }
///   }
/// }
/// ```
///
/// What it loads follows the visible range (`visibleRangeDidChange(_:)`):
/// the visible pages first, then a prefetch of `prefetchDistance` items on
/// each side, at most `maximumConcurrentLoads` at a time. A load whose page
/// left the demand is cancelled (a response that still arrives is
/// discarded), and a visible range that moved far (a fling, a drag of the
/// scroll bar) starts its loads only once it has settled, so the pages a
/// fling passes are never requested.
///
/// - A **positional** source (`PagingSource.positional`) loads the pages at
///   any position: a jump costs the visible pages' loads.
/// - A **keyed** source follows cursors. With a refresh key, a position
///   farther than `jumpDistance` from the loaded pages is reached by a jump
///   (the key of the page there, then the page); without one, by walking
///   the pages in between (`reachesVisibleRangeByWalking` says so).
///
/// `refresh()` reloads in place: the visible pages first (at the same
/// positions, or at the refresh key), while the old items stay visible
/// until replaced. With identifiable items, `update(_:)`, `remove(id:)`
/// and `insert(_:after:)` edit the loaded data at once; the edits follow
/// their items by id across drops and reloads, until a page the source
/// returns after the edit holds the item.
///
/// The pager lives on the main actor and is `@Observable`. The items are an
/// immutable, `Sendable` snapshot, safe to read from any thread; reading
/// them never starts work, except in `.indexAdvance` mode.
///
/// Bad loader results never corrupt the items: an error fails the page
/// (loaded items stay; `retry()` asks again); a prepended page that does not
/// lead to the page it joins, a key that is already loaded, or a page with
/// more or fewer items than the positions it was asked for is refused or
/// trimmed, and said in `lastRefusal` or the load state of its kind; hostile
/// counts are ignored; a response that arrives after its load was cancelled
/// or superseded is discarded. Pages never overlap: a page replaces the
/// ones whose positions it takes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class Pager<Key: Hashable & Sendable, Item: Sendable>: Observable {
  /// The loaded items and placeholders, for a list UI.
  public internal(set) var items: PagedCollection<Item> {
    get {
      _registrar.access(self, keyPath: _paths.items)
      return _observed.items
    }
    set { _registrar.withMutation(of: self, keyPath: _paths.items) { _observed.items = newValue } }
  }
  /// The state of the load that starts a generation (the first load, or a
  /// refresh's first load); `.loading` until the generation shows an item.
  public internal(set) var refreshState: PageLoadState {
    get {
      _registrar.access(self, keyPath: _paths.refreshState)
      return _observed.refreshState
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.refreshState) {
        _observed.refreshState = newValue
      }
    }
  }
  /// The state of loading at and after the first visible position.
  public internal(set) var appendState: PageLoadState {
    get {
      _registrar.access(self, keyPath: _paths.appendState)
      return _observed.appendState
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.appendState) {
        _observed.appendState = newValue
      }
    }
  }
  /// The state of loading before the first visible position.
  public internal(set) var prependState: PageLoadState {
    get {
      _registrar.access(self, keyPath: _paths.prependState)
      return _observed.prependState
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.prependState) {
        _observed.prependState = newValue
      }
    }
  }
  /// The number of page loads issued to the source, over all generations
  /// (cancelled ones included; refresh-key lookups excluded, and the page
  /// load after a lookup counted when it answers).
  public internal(set) var requestCount: Int {
    get {
      _registrar.access(self, keyPath: _paths.requestCount)
      return _observed.requestCount
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.requestCount) {
        _observed.requestCount = newValue
      }
    }
  }
  /// The number of refresh-key lookups issued to a keyed source.
  public internal(set) var keyRequestCount: Int {
    get {
      _registrar.access(self, keyPath: _paths.keyRequestCount)
      return _observed.keyRequestCount
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.keyRequestCount) {
        _observed.keyRequestCount = newValue
      }
    }
  }
  /// Whether the visible range can only be reached by walking page by page,
  /// because the source has no refresh key for it.
  public internal(set) var reachesVisibleRangeByWalking: Bool {
    get {
      _registrar.access(self, keyPath: _paths.reachesVisibleRangeByWalking)
      return _observed.reachesVisibleRangeByWalking
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.reachesVisibleRangeByWalking) {
        _observed.reachesVisibleRangeByWalking = newValue
      }
    }
  }
  /// The last loader result that the pager refused or corrected
  /// (`PagingError`), or `nil`. Kept items were kept either way.
  public internal(set) var lastRefusal: PagingError? {
    get {
      _registrar.access(self, keyPath: _paths.lastRefusal)
      return _observed.lastRefusal
    }
    set {
      _registrar.withMutation(of: self, keyPath: _paths.lastRefusal) {
        _observed.lastRefusal = newValue
      }
    }
  }

  // MARK: Observation

  // Observation by hand, as the `@Observable` macro writes it, but with the
  // key paths built once per pager: in a generic class the macro's key path
  // literals are instantiated at every access, which cost a quarter of a
  // page load's time.

  /// What observers see.
  internal struct _Observed {
    var items = PagedCollection<Item>()
    var refreshState = PageLoadState.idle
    var appendState = PageLoadState.idle
    var prependState = PageLoadState.idle
    var requestCount = 0
    var keyRequestCount = 0
    var reachesVisibleRangeByWalking = false
    var lastRefusal: PagingError?
  }

  internal struct _Paths {
    let items: KeyPath<Pager, PagedCollection<Item>>
    let refreshState: KeyPath<Pager, PageLoadState>
    let appendState: KeyPath<Pager, PageLoadState>
    let prependState: KeyPath<Pager, PageLoadState>
    let requestCount: KeyPath<Pager, Int>
    let keyRequestCount: KeyPath<Pager, Int>
    let reachesVisibleRangeByWalking: KeyPath<Pager, Bool>
    let lastRefusal: KeyPath<Pager, PagingError?>
  }

  internal var _observed = _Observed()
  internal let _registrar = ObservationRegistrar()
  internal let _paths = _Paths(
    items: \.items, refreshState: \.refreshState, appendState: \.appendState,
    prependState: \.prependState, requestCount: \.requestCount,
    keyRequestCount: \.keyRequestCount,
    reachesVisibleRangeByWalking: \.reachesVisibleRangeByWalking, lastRefusal: \.lastRefusal)

  /// How the pager loads.
  public let configuration: PagingConfiguration

  // MARK: Internal state (main actor only)

  /// No span of positions grows beyond this, whatever a loader claims.
  internal static var _maximumSpan: Int { Int(Int32.max) }

  internal let _source: PagingSource<Key, Item>
  /// Sleeps for the settle interval; tests pass a manual clock's.
  internal let _sleep: @Sendable (Duration) async throws -> Void

  /// Loaded pages, in position order, never overlapping.
  internal var _pages: [_StoredPage] = []
  /// The span of positions, in internal coordinates (placeholders
  /// included). A prepend without counts moves the start below 0, so the
  /// coordinates of everything loaded never change within the pager's life.
  internal var _knownStart = 0
  internal var _knownEnd = 0
  /// Whether the source said the data starts at `_knownStart` (it ends at
  /// `_knownEnd`).
  internal var _startReached = false
  internal var _endReached = false
  /// Bumped by `refresh()`: pages of earlier generations are stale (shown
  /// until replaced, loaded again when demanded).
  internal var _generation = 0
  /// Stamps requests and edits, in order.
  internal var _serial = 0
  internal var _loads: [Int: _Load] = [:]
  internal var _failures: [_Target: any Error] = [:]
  /// Jump positions whose refresh key the source did not have.
  internal var _keylessJumps: Set<Int> = []
  /// The visible range (or where a scroll will settle), in internal
  /// coordinates: what the scheduler loads for.
  internal var _demand: Range<Int>?
  /// The last visible range reported, to tell a fling from a scroll.
  internal var _lastReport: Range<Int>?
  /// Where a scroll in flight will come to rest, until it arrives.
  internal var _settleTarget: Range<Int>?
  internal var _settleTask: Task<Void, Never>?
  /// Far-moved reports so far: the settle task waits until a sleep passes
  /// without one.
  internal var _farReports = 0
  internal var _waiters: [_Waiter] = []
  internal var _edits: _AnyEdits<Item>?
  /// During a refresh, until the new generation holds the visible range:
  /// the old generation's pages and span, which stay published, so a
  /// publication never mixes generations (whose positions may disagree).
  internal var _held: (pages: [_StoredPage], start: Int, end: Int)?
  /// The internal coordinates where the pages may differ from the last
  /// publication: publishing rebuilds and compares only there.
  internal var _dirty: Range<Int>?
  /// During a refresh: the first item the reader saw, which the new pages
  /// are searched for before they replace the old ones, and how many pages
  /// beyond the prefetch on each side the search has reached.
  internal var _anchor: Item?
  internal var _searchRadius = 0
  /// A refresh searches at most this many pages beyond the prefetch on
  /// each side for the item the reader saw.
  internal static var _maximumSearchRadius: Int { 4 }
  /// How many loaded source items have each id.
  internal let _shownIDs = _AnyShownIDs<Item>.make()
  /// How many loaded pages have each key: a key already loaded is not
  /// requested again.
  internal var _loadedKeys: [Key: Int] = [:]
  /// Whether the last publication showed `_held`.
  internal var _publishedHeld = false
  /// Gives each page content its identity (`_StoredPage.identity`).
  internal var _identities = 0
  /// The changes of the last 64 publications.
  internal var _changeLog: [(version: Int, changes: PagedChanges)] = []
  /// Responses discarded because their load was cancelled or superseded: a
  /// deterministic signal for tests that a late response arrived and
  /// changed nothing.
  internal var _discardedResponseCount = 0

  /// A page of the source, at its positions.
  internal struct _StoredPage {
    /// The internal coordinate of the first item.
    var start: Int
    /// The source's items.
    var items: ContiguousArray<Item>
    /// The items shown: `items` with local edits applied.
    var shown: ContiguousArray<Item>
    /// The positions the page stands for: its item count, or more for a
    /// positional page that came back short (the rest stay placeholders).
    var span: Int
    var key: Key?
    var previousKey: Key?
    var nextKey: Key?
    var generation: Int
    /// The serial of the request that loaded it.
    var serial: Int
    /// Whether `key` asked for the page forward (the initial key, a refresh
    /// key, a next key), so that a prepended page's next key can be
    /// compared with it; a previous key asks backward, in the source's own
    /// terms (keyset cursors: "before this id"), and compares with nothing.
    var keyLeadsForward = true
    /// Unique to the content of `shown`: set again whenever it changes
    /// (`Pager._newIdentity()`), so a publication tells a page shown
    /// again from one that changed.
    var identity = 0
    var end: Int { start + span }
  }

  /// What a load is for; the scheduler computes the same target for the
  /// same need, so a need already in flight is never requested twice.
  internal enum _Target: Hashable {
    /// Positional: the page whose first position is this.
    case positions(Int)
    /// Keyed: the initial key, starting a generation.
    case first
    /// Keyed: the page at the refresh key of this position.
    case jump(Int)
    /// Keyed: the page after the fresh page that ends at this position.
    case after(Int)
    /// Keyed: the page before the fresh page that starts at this position.
    case before(Int)

    /// The position the load extends from.
    var position: Int? {
      switch self {
      case .positions(let p), .jump(let p), .after(let p): p
      case .before(let p): p - 1
      case .first: nil
      }
    }
  }

  internal struct _Load {
    var target: _Target
    var task: Task<Void, Never>
    /// For a positional load, the positions asked for.
    var positions: Range<Int>?
  }

  /// What a load returned.
  internal enum _Response: Sendable {
    case positional(Range<Int>, PositionalPage<Item>)
    case keyed(PageRequest<Key>, Page<Key, Item>)
    /// The source had no refresh key for a jump.
    case noKey
  }

  internal struct _Waiter {
    var isSatisfied: () -> Bool
    var continuation: CheckedContinuation<Void, Never>
    /// For `load(_:)`: the positions awaited, demanded again when a
    /// publication makes more of them exist than `count` (the number of
    /// positions when they were last demanded).
    var positions: Range<Int>?
    var count = 0
  }

  /// Creates a pager over `source`. Nothing loads until `refresh()`.
  ///
  /// - Parameters:
  ///   - configuration: Page sizes, prefetch, memory cap, trigger,
  ///     concurrency, jump distance and settling.
  ///   - source: Where the items come from.
  public convenience init(configuration: PagingConfiguration, source: PagingSource<Key, Item>) {
    self.init(
      configuration: configuration, source: source, sleep: { try await Task.sleep(for: $0) })
  }

  /// Creates a pager over a keyed source without a refresh key. Nothing
  /// loads until `refresh()`.
  ///
  /// - Parameters:
  ///   - configuration: Page sizes, prefetch, memory cap, trigger.
  ///   - initialKey: The key of the first page of each generation.
  ///   - loader: Loads the page a request asks for. It runs off the main
  ///     actor and may be cancelled.
  public convenience init(
    configuration: PagingConfiguration,
    initialKey: Key? = nil,
    loader: @escaping @Sendable (PageRequest<Key>) async throws -> Page<Key, Item>
  ) {
    self.init(configuration: configuration, source: .keyed(initialKey: initialKey, load: loader))
  }

  internal init(
    configuration: PagingConfiguration, source: PagingSource<Key, Item>,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.configuration = configuration
    self._source = source
    self._sleep = sleep
  }

  /// The state of the loads of `kind`.
  ///
  /// ```swift
  /// import Paging
  ///
  /// @MainActor
  /// func footerShowsSpinner(_ pager: Pager<Int, String>) -> Bool {
  ///   pager.loadState(of: .append).isLoading
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  public func loadState(of kind: PageLoadKind) -> PageLoadState {
    switch kind {
    case .refresh: refreshState
    case .append: appendState
    case .prepend: prependState
    }
  }

  /// The number of loads in flight.
  ///
  /// - Complexity: O(1).
  public var loadsInFlight: Int { _loads.count }

  // MARK: - Commands

  /// Starts a new generation in place: cancels every load in flight (their
  /// responses are discarded if they still arrive) and loads the visible
  /// pages again, first (a positional source at the same positions, a
  /// keyed one at the refresh key of the first visible position, or at the
  /// initial key without one). The old items stay published until the new
  /// generation holds the visible range (or its loads end), then are
  /// replaced at once. With identifiable items, rows whose item did not
  /// change keep their identity and position, and an item of the reloaded
  /// pages now at another position is reported moved in `changes(since:)`,
  /// so a list keeps the item read where it was on screen. When the first
  /// visible item is not in the reloaded pages (rows were inserted or
  /// deleted above), the pages beyond them are loaded too, up to 4 pages
  /// past the prefetch on each side, before the old items are replaced; an
  /// item not found there (it moved farther, or the source no longer has
  /// it) is not reported moved, and the list keeps its nearest surviving
  /// row.
  ///
  /// - Complexity: O(loads in flight), plus the scheduling of new loads.
  public func refresh() {
    _generation += 1
    if _held == nil, !_pages.isEmpty {
      _held = (_pages, _knownStart, _knownEnd)
      _anchor = _firstVisibleItem()
    }
    _searchRadius = 0
    _replacePages(_pages.indices, with: [])
    for (_, load) in _loads { load.task.cancel() }
    _loads = [:]
    _failures = [:]
    _keylessJumps = []
    _settleTask?.cancel()
    _settleTask = nil
    _settleTarget = nil
    _schedule(issuing: true, generationStartOnly: configuration.trigger != .visibleRange)
    _publishStates()
  }

  /// Requests the page after the last loaded one, unless one is in flight,
  /// the end was reached, or the last attempt failed (see `retry()`).
  ///
  /// - Complexity: O(loaded pages).
  public func loadNext() {
    guard let last = _pages.last else { return }
    _demand = last.end - 1..<last.end
    _issueEdge(after: true)
  }

  /// Requests the page before the first loaded one, under the same rules.
  ///
  /// - Complexity: O(loaded pages).
  public func loadPrevious() {
    guard let first = _pages.first else { return }
    _demand = first.start..<first.start + 1
    _issueEdge(after: false)
  }

  /// Asks again for every page that failed, and for the missing items of
  /// positional pages that came back short.
  ///
  /// - Complexity: O(loaded pages), plus the scheduling of new loads.
  public func retry() {
    let failed = Array(_failures.keys)
    _failures = [:]
    // A short page's placeholders are loaded again with the page.
    _removePages { _pages[$0].span > _pages[$0].items.count }
    if configuration.trigger == .visibleRange {
      _schedule()
    } else {
      for target in failed {
        switch target {
        case .after: _issueEdge(after: true)
        case .before: _issueEdge(after: false)
        default: _schedule(issuing: true, generationStartOnly: true)
        }
      }
    }
    _publish()
    // The retry is in flight: a retry button shows it at once.
    _publishStates()
  }

  /// Reports the positions of `items` that are visible: the demand. In
  /// `.visibleRange` mode the pager loads what it lacks there and around
  /// it, and cancels loads that left it; in every mode it decides which
  /// pages are far enough to drop.
  ///
  /// - Parameter positions: Positions in the current `items`; positions
  ///   beyond its bounds (stale UI geometry) are clamped, never trapped on.
  ///
  /// - Complexity: O(loaded pages + loads in flight), plus the loads issued.
  public func visibleRangeDidChange(_ positions: Range<Int>) {
    _setDemand(positions, settling: true)
  }

  /// Reports where a scroll in flight will come to rest, as a scroll view
  /// predicts it when a fling begins (`UIScrollView`'s target content
  /// offset): the pager loads there at once, and the visible ranges
  /// reported on the way, until one reaches it, load nothing.
  ///
  /// - Parameter positions: The positions of `items` that will be visible.
  ///
  /// - Complexity: As `visibleRangeDidChange(_:)`.
  public func visibleRangeWillSettle(_ positions: Range<Int>) {
    _setSettleTarget(positions)
  }

  /// Reports that the row at `position` appeared, as from a row's
  /// `onAppear`; the same as a visible range of that one position.
  ///
  /// - Complexity: As `visibleRangeDidChange(_:)`.
  public func rowDidAppear(at position: Int) {
    // A position from the UI may be anything; `Int.max` has no next one.
    let position = Swift.min(position, Int.max - 1)
    visibleRangeDidChange(position..<position + 1)
  }

  // MARK: - Awaiting

  /// Makes `positions` the visible range and returns when they are loaded,
  /// or when nothing more is loading that could load them (a failure, the
  /// end of the data): a jump a program can await. It does not wait for a
  /// fling to settle, nor for the prefetch.
  ///
  /// Right after `refresh()`, before the first page says how many positions
  /// there are, the positions are demanded once that page is shown: a deep
  /// link can refresh and load at once.
  ///
  /// - Parameter positions: Positions in the current `items`, or beyond
  ///   them while the count is not known yet.
  public func load(_ positions: Range<Int>) async {
    _setDemand(positions, settling: false)
    let isShown = { [unowned self] in
      self._isIdle
        || positions.allSatisfy {
          $0 >= 0 && $0 < self._observed.items.count && self._observed.items.isLoaded(at: $0)
        }
    }
    if isShown() { return }
    await withCheckedContinuation { continuation in
      _waiters.append(
        _Waiter(
          isSatisfied: isShown, continuation: continuation, positions: positions,
          count: _observed.items.count))
    }
  }

  /// Returns when no load is in flight or waiting to settle: after
  /// `refresh()`, the moment the refreshed pages are shown.
  public func waitUntilIdle() async {
    if _isIdle { return }
    await withCheckedContinuation { continuation in
      _waiters.append(
        _Waiter(isSatisfied: { [unowned self] in self._isIdle }, continuation: continuation))
    }
  }

  internal var _isIdle: Bool { _loads.isEmpty && _settleTask == nil }

  internal func _notifyWaiters() {
    guard !_waiters.isEmpty else { return }
    // Positions awaited before they existed are demanded again once a
    // publication makes more of them exist. (The demand notifies the
    // waiters itself; the list is read again after it.)
    let count = _observed.items.count
    var again: Range<Int>?
    for index in _waiters.indices {
      guard let positions = _waiters[index].positions,
        positions.upperBound > _waiters[index].count, count > _waiters[index].count
      else { continue }
      _waiters[index].count = count
      again = positions
    }
    if let again { _setDemand(again, settling: false) }
    var waiting: [_Waiter] = []
    for waiter in _waiters {
      if waiter.isSatisfied() { waiter.continuation.resume() } else { waiting.append(waiter) }
    }
    _waiters = waiting
  }
}
