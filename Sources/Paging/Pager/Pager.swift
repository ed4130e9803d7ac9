//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Observation

/// Loads pages from an async source and publishes them as a
/// `PagedCollection`: the auto-loading collection of a list UI.
///
/// ```swift
/// import Paging
/// import SwiftUI
///
/// struct Feed: View {
///   @State var pager = Pager<String, Post>(
///     configuration: .init(pageSize: 30),
///     source: .keyed { request in
///       let page = try await api.posts(cursor: request.key, limit: request.size)
///       return Page(items: page.posts, nextKey: page.nextCursor)
///     })
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
/// until replaced. With identifiable items, `replace(_:)`, `remove(id:)`
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
    get { _access(_paths.items, _observed.items) }
    set { _mutate(_paths.items) { _observed.items = newValue } }
  }
  // The load states, each observed on its own (read through
  // `loadState(of:)`).
  internal var _refreshState: PageLoadState {
    get { _access(_paths.refreshState, _observed.refreshState) }
    set { _mutate(_paths.refreshState) { _observed.refreshState = newValue } }
  }
  internal var _appendState: PageLoadState {
    get { _access(_paths.appendState, _observed.appendState) }
    set { _mutate(_paths.appendState) { _observed.appendState = newValue } }
  }
  internal var _prependState: PageLoadState {
    get { _access(_paths.prependState, _observed.prependState) }
    set { _mutate(_paths.prependState) { _observed.prependState = newValue } }
  }
  /// The number of page loads issued to the source, over all generations
  /// (cancelled ones included; refresh-key lookups excluded, and the page
  /// load after a lookup counted when it answers). Instrumentation for
  /// tests and benchmarks, not API.
  @_spi(Testing)
  public internal(set) var requestCount: Int {
    get { _access(_paths.requestCount, _observed.requestCount) }
    set { _mutate(_paths.requestCount) { _observed.requestCount = newValue } }
  }
  /// The number of refresh-key lookups issued to a keyed source.
  /// Instrumentation for tests and benchmarks, not API.
  @_spi(Testing)
  public internal(set) var keyRequestCount: Int {
    get { _access(_paths.keyRequestCount, _observed.keyRequestCount) }
    set { _mutate(_paths.keyRequestCount) { _observed.keyRequestCount = newValue } }
  }
  /// Whether the visible range can only be reached by walking page by page,
  /// because the source has no refresh key for it.
  public internal(set) var reachesVisibleRangeByWalking: Bool {
    get { _access(_paths.reachesVisibleRangeByWalking, _observed.reachesVisibleRangeByWalking) }
    set {
      _mutate(_paths.reachesVisibleRangeByWalking) {
        _observed.reachesVisibleRangeByWalking = newValue
      }
    }
  }
  /// The last loader result that the pager refused or corrected
  /// (`PagingError`), or `nil`. Kept items were kept either way.
  public internal(set) var lastRefusal: PagingError? {
    get { _access(_paths.lastRefusal, _observed.lastRefusal) }
    set { _mutate(_paths.lastRefusal) { _observed.lastRefusal = newValue } }
  }

  // MARK: Observation

  // Observation by hand, as the `@Observable` macro writes it, but with the
  // key paths built once per pager: in a generic class the macro's key path
  // literals are instantiated at every access, and a page load reads and
  // writes several of them.

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

  private func _access<Value>(_ path: KeyPath<Pager, Value>, _ value: Value) -> Value {
    _registrar.access(self, keyPath: path)
    return value
  }

  private func _mutate<Value>(_ path: KeyPath<Pager, Value>, _ mutation: () -> Void) {
    _registrar.withMutation(of: self, keyPath: path, mutation)
  }

  internal var _observed = _Observed()
  /// The core's `_reports.loadStates.version` last shown to observers.
  internal var _observedStatesVersion = 0
  internal let _registrar = ObservationRegistrar()
  internal let _paths = _Paths(
    items: \.items, refreshState: \._refreshState, appendState: \._appendState,
    prependState: \._prependState, requestCount: \.requestCount,
    keyRequestCount: \.keyRequestCount,
    reachesVisibleRangeByWalking: \.reachesVisibleRangeByWalking, lastRefusal: \.lastRefusal)

  /// How the pager loads.
  public var configuration: PagingConfiguration { _core.configuration }

  // MARK: The shell (main actor only)

  /// Every decision and the state they depend on.
  internal var _core: _PagerCore<Key, Item>
  /// The tasks of the loads in flight, by serial.
  internal var _tasks: [Int: Task<Void, Never>] = [:]
  internal var _settleTask: Task<Void, Never>?
  /// Sleeps for the settle interval; tests pass a manual clock's.
  internal let _sleep: @Sendable (Duration) async throws -> Void
  internal var _waiters: [_Waiter] = []

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

  internal init(
    configuration: PagingConfiguration, source: PagingSource<Key, Item>,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    _core = _PagerCore(configuration: configuration, source: source)
    _sleep = sleep
    _core._onIndexAdvance = { [weak self] direction in
      Task { @MainActor in self?._indexAdvanced(direction) }
    }
  }

  /// The state of the loads of `kind`: `.refresh`, the load that starts a
  /// generation (the first load, or a refresh's first load), `.loading`
  /// until the generation shows an item; `.append`, loading at and after the
  /// first visible position; `.prepend`, loading before it. Observed for
  /// each kind on its own: a view that reads one kind's state is not
  /// updated by another's.
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
    case .refresh: _refreshState
    case .append: _appendState
    case .prepend: _prependState
    }
  }

  /// The number of loads in flight. Instrumentation for tests and
  /// benchmarks, not API.
  ///
  /// - Complexity: O(1).
  @_spi(Testing)
  public var loadsInFlight: Int { _core.loadsInFlight }

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
    _core.refresh()
    _commit()
  }

  /// Requests the page after the last loaded one, unless one is in flight,
  /// the end was reached, or the last attempt failed (see `retry()`).
  ///
  /// - Complexity: O(loaded pages).
  public func loadNext() {
    _core.loadNext()
    _commit()
  }

  /// Requests the page before the first loaded one, under the same rules.
  ///
  /// - Complexity: O(loaded pages).
  public func loadPrevious() {
    _core.loadPrevious()
    _commit()
  }

  /// Asks again for every page that failed, and for the missing items of
  /// positional pages that came back short.
  ///
  /// - Complexity: O(loaded pages), plus the scheduling of new loads.
  public func retry() {
    _core.retry()
    _commit()
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
    _core.visibleRangeDidChange(positions)
    _commit()
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
    _core.visibleRangeWillSettle(positions)
    _commit()
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

  /// The changes from the publication `version` (a `PagedCollection`'s
  /// `version`) to the current one, one batch per publication in order, or
  /// `nil` if `version` is too old (more than 64 publications ago) or not
  /// this pager's: then reload the list from `items`.
  ///
  /// - Complexity: O(publications since `version`).
  public func changes(since version: Int) -> [RowChanges]? {
    _core.changes(since: version)
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
    _core.demand(positions)
    _commit()
    let isShown = { [unowned self] in
      self._core.isIdle
        || positions.allSatisfy {
          $0 >= 0 && $0 < self._core.items.count && self._core.items.isLoaded(at: $0)
        }
    }
    if isShown() { return }
    await withCheckedContinuation { continuation in
      _waiters.append(
        _Waiter(
          isSatisfied: isShown, continuation: continuation, positions: positions,
          count: _core.items.count))
    }
  }

  /// Returns when no load is in flight or waiting to settle: after
  /// `refresh()`, the moment the refreshed pages are shown.
  public func waitUntilIdle() async {
    if _core.isIdle { return }
    await withCheckedContinuation { continuation in
      _waiters.append(
        _Waiter(isSatisfied: { [unowned self] in self._core.isIdle }, continuation: continuation))
    }
  }

  // MARK: - The one commit path

  /// Runs what the core decided (loads to start and cancel, the settle
  /// timer), shows observers what changed, and resumes the waiters that
  /// can go on. Every command and every response ends here.
  internal func _commit() {
    for effect in _core.takeEffects() {
      switch effect {
      case .start(let serial, let request): _start(serial, request)
      case .cancel(let serial): _tasks.removeValue(forKey: serial)?.cancel()
      case .armSettle: _armSettle()
      case .cancelSettle:
        _settleTask?.cancel()
        _settleTask = nil
      }
    }
    if _observed.items.version != _core.items.version { items = _core.items }
    if _observedStatesVersion != _core._reports.loadStates.version {
      _observedStatesVersion = _core._reports.loadStates.version
      _refreshState = _core.loadState(of: .refresh)
      _appendState = _core.loadState(of: .append)
      _prependState = _core.loadState(of: .prepend)
    }
    if _observed.requestCount != _core.requestCount { requestCount = _core.requestCount }
    if _observed.keyRequestCount != _core.keyRequestCount {
      keyRequestCount = _core.keyRequestCount
    }
    if _observed.reachesVisibleRangeByWalking != _core.reachesVisibleRangeByWalking {
      reachesVisibleRangeByWalking = _core.reachesVisibleRangeByWalking
    }
    if _observed.lastRefusal != _core.lastRefusal { lastRefusal = _core.lastRefusal }
    _notifyWaiters()
  }

  /// Runs the load `serial` against the source, off the main actor.
  private func _start(_ serial: Int, _ request: _PagerCore<Key, Item>._Request) {
    let work: @Sendable () async throws -> _PagerCore<Key, Item>._Response
    switch (_core._source._kind, request) {
    case (.positional(let load), .positions(let range)):
      work = { .positional(range, try await load(range)) }
    case (.keyed(_, _, let load), .keyed(let pageRequest)):
      work = { .keyed(pageRequest, try await load(pageRequest)) }
    case (.keyed(_, let refreshKey, let load), .jump(let position, let size)):
      work = {
        guard let key = try await refreshKey?(position) else { return .noKey }
        let pageRequest = PageRequest(kind: .refresh, key: key, size: size, position: position)
        return .keyed(pageRequest, try await load(pageRequest))
      }
    default:
      return
    }
    _tasks[serial] = Task { [weak self] in
      let result: Result<_PagerCore<Key, Item>._Response, any Error>
      do {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      self?._complete(serial, result)
    }
  }

  private func _complete(
    _ serial: Int, _ result: Result<_PagerCore<Key, Item>._Response, any Error>
  ) {
    _tasks[serial] = nil
    _core.complete(serial, result)
    _commit()
  }

  /// An index advance of a published `items` came near an end.
  internal func _indexAdvanced(_ direction: PageLoadKind) {
    _core.indexAdvanced(direction)
    _commit()
  }

  /// Starts the wait for the reports to settle. One task serves a whole
  /// fling: each far report only counts (in the core), and the task sleeps
  /// again while reports came during its last sleep, so a fling of hundreds
  /// of frames creates one task, not one per frame.
  private func _armSettle() {
    guard _settleTask == nil else { return }
    let sleep = _sleep
    let interval = configuration.settleInterval
    _settleTask = Task { [weak self] in
      var seen = self?._core._settle.farReports
      while true {
        // A zero interval waits only for the reports already queued on the
        // main actor (a yield), not for a timer: no other thread is involved,
        // so the order of events is the same on every run.
        if interval > .zero {
          do { try await sleep(interval) } catch { return }
        } else {
          await Task.yield()
        }
        guard let self, !Task.isCancelled else { return }
        if self._core._settle.farReports == seen { break }
        seen = self._core._settle.farReports
      }
      guard let self else { return }
      self._settleTask = nil
      self._core.settled()
      self._commit()
    }
  }

  internal func _notifyWaiters() {
    guard !_waiters.isEmpty else { return }
    // Positions awaited before they existed are demanded again once a
    // publication makes more of them exist. (The demand commits, which
    // notifies the waiters itself; the list is read again after it.)
    let count = _core.items.count
    var again: Range<Int>?
    for index in _waiters.indices {
      guard let positions = _waiters[index].positions,
        positions.upperBound > _waiters[index].count, count > _waiters[index].count
      else { continue }
      _waiters[index].count = count
      again = positions
    }
    if let again {
      _core.demand(again)
      _commit()
    }
    var waiting: [_Waiter] = []
    for waiter in _waiters {
      if waiter.isSatisfied() { waiter.continuation.resume() } else { waiting.append(waiter) }
    }
    _waiters = waiting
  }

  // MARK: - For tests

  internal var _pages: [_PagerCore<Key, Item>._StoredPage] { _core._pages }
  internal var _held: _PagerCore<Key, Item>._RefreshHold? { _core._held }
  internal var _isIdle: Bool { _core.isIdle }
  internal var _discardedResponseCount: Int { _core._counts.discardedResponses }
}
