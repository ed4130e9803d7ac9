//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// The pager's state and every decision it makes, with no task, timer or
/// actor: what to load for a demand, where a page goes, what a publication
/// is. A command changes the state and lists what the shell (`Pager`) must
/// run (`effects`: loads to start or cancel, the settle timer); the shell
/// runs them, hands responses back (`complete(_:_:)`), and publishes the
/// state to its observers. Tests and the fuzz target drive it directly,
/// synchronously.
///
/// A value type, whose id index and edit overlay are classes shared by
/// copies: a copy is not an independent pager.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@_spi(Testing)
public struct _PagerCore<Key: Hashable & Sendable, Item: Sendable> {
  // MARK: What observers see

  /// See `Pager.items`.
  public internal(set) var items = PagedCollection<Item>()
  /// The load states and the last refusal.
  internal var _reports = _Reports()
  /// See `Pager.requestCount`.
  public var requestCount: Int { _counts.pages }
  /// See `Pager.keyRequestCount`.
  public var keyRequestCount: Int { _counts.keys }
  /// See `Pager.reachesVisibleRangeByWalking`.
  public internal(set) var reachesVisibleRangeByWalking: Bool {
    get { _demandState.byWalking }
    set { _demandState.byWalking = newValue }
  }
  /// See `Pager.lastRefusal`.
  public internal(set) var lastRefusal: PagingError? {
    get { _reports.lastRefusal }
    set { _reports.lastRefusal = newValue }
  }

  /// What the shell must do, in order, since it last took them.
  public internal(set) var effects: [_Effect] {
    _read { yield _outbox.effects }
    _modify { yield &_outbox.effects }
  }
  /// Called by an index advance of a published `items` near a loaded end,
  /// from any thread (`.indexAdvance` mode).
  public var _onIndexAdvance: (@Sendable (PageLoadKind) -> Void)? {
    get { _outbox.onIndexAdvance }
    set { _outbox.onIndexAdvance = newValue }
  }
  internal var _outbox = _Outbox()

  /// No span of positions grows beyond this, whatever a loader claims: it
  /// leaves room for the local insertions, so that the rows shown never
  /// number more than `Int32.max` (a 32-bit `Int`).
  internal static var _maximumSpan: Int { Int(Int32.max) - _maximumLocalInsertions }

  /// Items inserted or moved locally at once, at most (`insert(_:after:)`
  /// and `move(ids:before:)` refuse more until a refresh ends some).
  internal static var _maximumLocalInsertions: Int { 1 << 16 }

  /// How the pager loads.
  public let configuration: PagingConfiguration
  internal let _source: PagingSource<Key, Item>

  /// Whether items have ids, and what the core does with them.
  internal let _identity = _ItemIdentity<Item>.make()
  /// The loaded pages, their items' ids and their keys.
  internal var _store: _PageStore
  /// Loaded pages, in position order, never overlapping.
  internal var _pages: [_StoredPage] {
    _read { yield _store.pages }
    _modify { yield &_store.pages }
  }
  /// Where the data starts and ends, as far as the pager knows.
  internal var _known = _KnownSpan()
  /// Generations, request serials and page identities.
  internal var _stamps = _Stamps()
  /// Bumped by `refresh()`: pages of earlier generations are stale (shown
  /// until replaced, loaded again when demanded).
  internal var _generation: Int {
    get { _stamps.generation }
    set { _stamps.generation = newValue }
  }
  /// The loads in flight, failed or waiting.
  internal var _loads = _Loads()
  /// What the scheduler loads for, and how it reaches it.
  internal var _demandState = _Demand()
  /// The visible range (or where a scroll will settle), in internal
  /// coordinates: what the scheduler loads for.
  internal var _demand: Range<Int>? {
    get { _demandState.range }
    set { _demandState.range = newValue }
  }
  /// The reports of the visible range, and the wait for a fling to settle.
  internal var _settle = _Settle()
  /// The local edits, shown over the source's items.
  internal var _edits: _AnyEdits<Item>
  /// During a refresh, what stays published until the new generation
  /// holds the visible range, and the search for the item the reader saw.
  internal var _held: _RefreshHold?
  /// Whether a refresh holds the rows shown from before it.
  public var holdsRowsFromBeforeRefresh: Bool { _held != nil }
  /// Where the next publication may differ, and the last ones' changes.
  internal var _publication = _PublicationLog()
  /// The requests issued, and the responses discarded.
  internal var _counts = _RequestCounts()

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
    /// How it was loaded: by position, or by a key.
    var kind: _PageKind
    var generation: Int
    /// The serial of the request that loaded it.
    var serial: Int
    /// Unique to the content of `shown`: set again whenever it changes
    /// (`Pager._assignIdentity()`), so a publication tells a page shown
    /// again from one that changed.
    var identity = 0
    var end: Int { start + span }

    /// The key that loaded a keyed page; `nil` for a positional one.
    var key: Key? { kind.keys?.key }
    /// A keyed page's key to the page before it; `nil` at the start of the
    /// data, or for a positional page.
    var previousKey: Key? {
      get { kind.keys?.previous }
      set { kind.update { $0.previous = newValue } }
    }
    /// A keyed page's key to the page after it; `nil` at the end of the
    /// data, or for a positional page.
    var nextKey: Key? {
      get { kind.keys?.next }
      set { kind.update { $0.next = newValue } }
    }
  }

  /// How a stored page was loaded.
  internal enum _PageKind {
    /// By its positions.
    case positional
    /// By a key, with the keys to its neighbours.
    case keyed(_PageKeys)

    var keys: _PageKeys? {
      guard case .keyed(let keys) = self else { return nil }
      return keys
    }

    /// Changes a keyed page's keys; a positional page has none.
    mutating func update(_ body: (inout _PageKeys) -> Void) {
      guard case .keyed(var keys) = self else { return }
      body(&keys)
      self = .keyed(keys)
    }
  }

  /// A keyed page's keys.
  internal struct _PageKeys {
    /// The key it was loaded with (`nil`: the source's first page).
    var key: Key?
    var previous: Key?
    var next: Key?
    /// Whether `key` asked for the page forward (the initial key, a refresh
    /// key, a next key), so that a prepended page's next key can be
    /// compared with it; a previous key asks backward, in the source's own
    /// terms (keyset cursors: "before this id"), and compares with nothing.
    var leadsForward: Bool
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
    /// Positional: the missing items of the short page that starts at this
    /// position, as the load `serial` stored it.
    case rest(Int, serial: Int)

    /// The position the load extends from.
    var position: Int? {
      switch self {
      case .positions(let p), .jump(let p), .after(let p), .rest(let p, _): p
      case .before(let p): p - 1
      case .first: nil
      }
    }
  }

  internal struct _Load {
    var target: _Target
    /// For a positional load, the positions asked for.
    var positions: Range<Int>?
  }

  /// What a load asks the source for; the shell runs it.
  public enum _Request {
    case positions(Range<Int>)
    case keyed(PageRequest<Key>)
    /// The refresh key of this data position, then a page of this size.
    case jump(position: Int, size: Int)
  }

  /// What the shell must do after a command: the core decides, the shell
  /// runs tasks and timers.
  public enum _Effect {
    /// Start the load `serial`.
    case start(serial: Int, request: _Request)
    /// Cancel the load `serial`; its response, if it comes, is discarded.
    case cancel(serial: Int)
    /// Start the settle timer (see `_PagerCore.settled()`).
    case armSettle
    /// Stop the settle timer.
    case cancelSettle
  }

  /// What a load returned.
  public enum _Response: Sendable {
    case positional(Range<Int>, PositionalPage<Item>)
    case keyed(PageRequest<Key>, Page<Key, Item>)
    /// The source had no refresh key for a jump.
    case noKey
  }

  /// A core over `source`: nothing loads until `refresh()`.
  public init(configuration: PagingConfiguration, source: PagingSource<Key, Item>) {
    self.configuration = configuration
    self._source = source
    self._store = _PageStore(shownIDs: _identity.makeShownIDs())
    self._edits = _identity.makeEdits()
  }

  /// Whether no load is in flight or waiting to settle.
  public var isIdle: Bool { _loads.inFlight.isEmpty && !_settle.isPending }

  /// The number of loads in flight.
  public var loadsInFlight: Int { _loads.inFlight.count }

  /// The effects since the last call, which the caller now runs.
  public mutating func takeEffects() -> [_Effect] {
    defer { effects = [] }
    return effects
  }

  // MARK: - Commands

  /// See `Pager.refresh()`.
  public mutating func refresh() {
    _generation += 1
    _beginHold()
    _replacePages(_pages.indices, with: [])
    for serial in _loads.inFlight.keys.sorted() { effects.append(.cancel(serial: serial)) }
    _loads.inFlight = [:]
    _loads.failures = [:]
    _loads.keylessJumps = []
    _cancelSettle()
    _settle.target = nil
    _schedule(issuing: true, generationStartOnly: configuration.trigger != .visibleRange)
    _publishStates()
  }

  /// See `Pager.loadNext()`.
  public mutating func loadNext() {
    guard let last = _pages.last else { return }
    _demand = last.end - 1..<last.end
    _issueEdge(after: true)
  }

  /// See `Pager.loadPrevious()`.
  public mutating func loadPrevious() {
    guard let first = _pages.first else { return }
    _demand = first.start..<first.start + 1
    _issueEdge(after: false)
  }

  /// See `Pager.retry()`.
  public mutating func retry() {
    let failed = Array(_loads.failures.keys)
    _loads.failures = [:]
    // A short page keeps its items: only the missing ones are asked for.
    for page in _pages where page.span > page.items.count {
      _loads.rests[page.start] = page.serial
    }
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

  /// See `Pager.visibleRangeDidChange(_:)`.
  public mutating func visibleRangeDidChange(_ positions: Range<Int>) {
    _setDemand(positions, settling: true)
  }

  /// See `Pager.visibleRangeWillSettle(_:)`.
  public mutating func visibleRangeWillSettle(_ positions: Range<Int>) {
    _setSettleTarget(positions)
  }

  /// See `Pager.load(_:)`: the demand, without waiting.
  public mutating func demand(_ positions: Range<Int>) {
    _setDemand(positions, settling: false)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// See `Pager.loadState(of:)`.
  public func loadState(of kind: PageLoadKind) -> PageLoadState { _reports.loadStates.states[kind] }
}
