//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Observation

/// Loads pages from an async source and publishes them as a
/// `PagedCollection`, with the semantics of the best pagers: a prefetch
/// distance from the loaded edge, one load in flight per direction, load
/// state per direction with end of data and errors, `retry()` separate from
/// `refresh()`, prepending, and dropping far pages while positions stay put.
///
/// ```swift
/// import CollectionAdapters
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
/// The pager lives on the main actor and is `@Observable`: `items` and the
/// three load states change together when a page arrives. The items are an
/// immutable, `Sendable` snapshot, safe to read from any thread.
///
/// Bad loader results never corrupt the items: an error becomes `.failed`
/// (loaded items stay); an empty page that claims more is taken as the end
/// of the data in that direction; a page key that is already loaded is
/// refused with `PagingError.repeatedKey`; a page whose key toward the
/// loaded pages is not the key of the page it joins (it would leave a gap
/// or overlap) is refused with `PagingError.pageNotAdjacent`; hostile item
/// counts are ignored or corrected and reported in `lastRefusal`; extra
/// items beyond the requested size are kept; a response to a request that
/// was superseded (by `refresh()`, or by dropping its end's pages) is
/// discarded.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class Pager<Key: Hashable & Sendable, Item: Sendable> {
  /// The loaded items and placeholders, for a list UI.
  public private(set) var items = PagedCollection<Item>()
  /// The state of the first load of the current generation.
  public private(set) var refreshState: PageLoadState = .idle
  /// The state of loading after the last loaded page.
  public private(set) var appendState: PageLoadState = .idle
  /// The state of loading before the first loaded page.
  public private(set) var prependState: PageLoadState = .idle
  /// The number of requests issued to the loader, over all generations.
  public private(set) var requestCount = 0
  /// The last item count of a loader's page that the pager refused or
  /// corrected (`PagingError.itemCountOutOfBounds`, `.itemsBeyondEnd`),
  /// or `nil`. The page's items were kept either way.
  public private(set) var lastRefusal: PagingError?
  /// Responses discarded because their request was superseded (by a
  /// refresh, or by dropping the pages at its end): a deterministic signal
  /// for tests that a late response arrived and changed nothing.
  @ObservationIgnored internal private(set) var _discardedResponseCount = 0

  /// No span of positions grows beyond this, whatever a loader claims.
  private static var _maximumSpan: Int { Int(Int32.max) }

  /// How the pager loads.
  public let configuration: PagingConfiguration

  @ObservationIgnored private let _initialKey: Key?
  @ObservationIgnored private let _loader:
    @Sendable (PageRequest<Key>) async throws -> Page<Key, Item>
  @ObservationIgnored private var _pages: [_StoredPage] = []
  /// Positions of the data span: placeholders included, never shrinking
  /// within a generation (so dropping pages moves nothing).
  @ObservationIgnored private var _knownStart = 0
  @ObservationIgnored private var _knownEnd = 0
  @ObservationIgnored private var _generation = 0
  @ObservationIgnored private var _serial = 0
  @ObservationIgnored private var _active:
    [PageLoadDirection: (serial: Int, task: Task<Void, Never>)] =
      [:]
  @ObservationIgnored private var _failed: [PageLoadDirection: PageRequest<Key>] = [:]
  /// The last demanded range, in internal coordinates.
  @ObservationIgnored private var _demand: Range<Int>?

  private struct _StoredPage {
    var start: Int
    var items: ContiguousArray<Item>
    var key: Key?
    var previousKey: Key?
    var nextKey: Key?
    var end: Int { start + items.count }
  }

  /// Creates a pager. Nothing loads until `refresh()`.
  ///
  /// - Parameters:
  ///   - configuration: Page sizes, prefetch distance, memory cap, trigger.
  ///   - initialKey: The key of the first page of each generation.
  ///   - loader: Loads the page a request asks for. It runs off the main
  ///     actor and may be cancelled by `refresh()`.
  public init(
    configuration: PagingConfiguration,
    initialKey: Key? = nil,
    loader: @escaping @Sendable (PageRequest<Key>) async throws -> Page<Key, Item>
  ) {
    self.configuration = configuration
    self._initialKey = initialKey
    self._loader = loader
  }

  /// The load state in `direction`.
  ///
  /// - Complexity: O(1).
  public func state(_ direction: PageLoadDirection) -> PageLoadState {
    switch direction {
    case .refresh: refreshState
    case .append: appendState
    case .prepend: prependState
    }
  }

  // MARK: - Commands

  /// Starts a new generation: cancels every load in flight (their responses
  /// are discarded if they still arrive) and loads the first page at the
  /// initial key. The current items stay visible until it arrives.
  ///
  /// - Complexity: O(1), plus cancelling the loads in flight; the new items are published when the first page arrives.
  public func refresh() {
    _generation += 1
    // Positions of the old generation mean nothing in the new one.
    _demand = nil
    for (_, active) in _active { active.task.cancel() }
    _active = [:]
    _failed = [:]
    refreshState = .idle
    appendState = .idle
    prependState = .idle
    _issue(
      .refresh,
      PageRequest(direction: .refresh, key: _initialKey, size: configuration.initialLoadSize))
  }

  /// Requests the page after the last loaded one, unless one is in flight,
  /// the end was reached, or the last attempt failed (see `retry()`).
  ///
  /// - Complexity: O(loaded pages), to refuse a key that is already loaded.
  public func loadNext() {
    _demand = _pages.last.map { $0.end - 1..<$0.end }
    _issueEdge(.append)
  }

  /// Requests the page before the first loaded one, under the same rules.
  ///
  /// - Complexity: O(loaded pages), to refuse a key that is already loaded.
  public func loadPrevious() {
    _demand = _pages.first.map { $0.start..<$0.start + 1 }
    _issueEdge(.prepend)
  }

  /// Re-issues every failed request, with the same key.
  ///
  /// - Complexity: O(1).
  public func retry() {
    for direction in [PageLoadDirection.refresh, .append, .prepend] {
      guard case .failed = state(direction), let request = _failed[direction] else { continue }
      _issue(direction, request)
    }
  }

  /// Reports the positions of `items` that are visible. In `.visibleRange`
  /// mode, a range within `prefetchDistance` of a loaded end requests the
  /// next page there; in every mode it decides which pages are far enough to
  /// drop.
  ///
  /// - Parameter positions: Positions in the current `items`.
  ///
  /// - Complexity: O(loaded pages) at most (a request may be issued).
  public func visibleRangeDidChange(_ positions: Range<Int>) {
    _demand = positions.lowerBound + _knownStart..<positions.upperBound + _knownStart
    _evaluate()
  }

  /// Reports that the row at `position` appeared, as from a row's
  /// `onAppear`; the same as a visible range of that one position.
  ///
  /// - Complexity: As `visibleRangeDidChange(_:)`.
  public func rowDidAppear(at position: Int) {
    visibleRangeDidChange(position..<position + 1)
  }

  // MARK: - Loading

  private func _evaluate() {
    guard configuration.trigger == .visibleRange, let demand = _demand,
      let first = _pages.first, let last = _pages.last
    else { return }
    let distance = configuration.prefetchDistance
    if demand.upperBound + distance > last.end { _issueEdge(.append) }
    if demand.lowerBound - distance < first.start { _issueEdge(.prepend) }
  }

  /// An index advance of a published `items` came near an end.
  private func _indexAdvanced(_ direction: PageLoadDirection) {
    guard configuration.trigger == .indexAdvance else { return }
    _issueEdge(direction)
  }

  private func _issueEdge(_ direction: PageLoadDirection) {
    guard !refreshState.isLoading, case .idle = state(direction) else { return }
    let edge = direction == .append ? _pages.last : _pages.first
    guard let edge else { return }
    guard let key = direction == .append ? edge.nextKey : edge.previousKey else {
      _setState(direction, .endReached)
      return
    }
    if _pages.contains(where: { $0.key == key }) {
      _setState(direction, .failed(PagingError.repeatedKey("\(key)")))
      return
    }
    _issue(direction, PageRequest(direction: direction, key: key, size: configuration.pageSize))
  }

  private func _issue(_ direction: PageLoadDirection, _ request: PageRequest<Key>) {
    _setState(direction, .loading)
    requestCount += 1
    _serial += 1
    let serial = _serial
    let generation = _generation
    let loader = _loader
    let task = Task {
      let result: Result<Page<Key, Item>, any Error>
      do {
        result = .success(try await loader(request))
      } catch {
        result = .failure(error)
      }
      self._complete(direction, request, serial: serial, generation: generation, result)
    }
    _active[direction] = (serial, task)
  }

  private func _complete(
    _ direction: PageLoadDirection, _ request: PageRequest<Key>, serial: Int, generation: Int,
    _ result: Result<Page<Key, Item>, any Error>
  ) {
    // A response for a superseded request is discarded, never merged.
    guard generation == _generation, _active[direction]?.serial == serial else {
      _discardedResponseCount += 1
      return
    }
    _active[direction] = nil
    switch result {
    case .failure(let error):
      _failed[direction] = request
      _setState(direction, .failed(error))
    case .success(let page):
      if let refusal = _adjacencyRefusal(of: page, direction) {
        // Placing it would leave a gap or an overlap: lost or duplicated items.
        _failed[direction] = request
        _setState(direction, .failed(refusal))
        return
      }
      _failed[direction] = nil
      _insert(page, direction, key: request.key)
    }
  }

  /// Why a page cannot sit next to the loaded ones, if it cannot: its key
  /// toward them must be the key of the page it joins (when both are known).
  private func _adjacencyRefusal(
    of page: Page<Key, Item>, _ direction: PageLoadDirection
  )
    -> PagingError?
  {
    switch direction {
    case .refresh:
      return nil
    case .append:
      guard let joined = _pages.last?.key, let key = page.previousKey, key != joined else {
        return nil
      }
      return .pageNotAdjacent(expected: "\(joined)", found: "\(key)")
    case .prepend:
      guard let joined = _pages.first?.key, let key = page.nextKey, key != joined else {
        return nil
      }
      return .pageNotAdjacent(expected: "\(joined)", found: "\(key)")
    }
  }

  private func _insert(_ page: Page<Key, Item>, _ direction: PageLoadDirection, key: Key?) {
    let items = ContiguousArray(page.items)
    switch direction {
    case .refresh:
      let before = page.previousKey == nil ? 0 : _claim(page.itemsBefore, used: items.count)
      _pages = [
        _StoredPage(
          start: before, items: items, key: key, previousKey: page.previousKey,
          nextKey: page.nextKey)
      ]
      _knownStart = 0
      _knownEnd = before + items.count + _claim(page.itemsAfter, used: before + items.count)
      refreshState = .idle
      appendState = page.nextKey == nil ? .endReached : .idle
      prependState = page.previousKey == nil ? .endReached : .idle
      if page.previousKey == nil, let claimed = page.itemsBefore, claimed > 0 {
        lastRefusal = .itemsBeyondEnd(claimed)
      }
    case .append:
      guard !items.isEmpty, let last = _pages.last else {
        // An empty page ends the data in this direction, whatever it claims.
        appendState = .endReached
        break
      }
      _pages.append(
        _StoredPage(
          start: last.end, items: items, key: key, previousKey: page.previousKey,
          nextKey: page.nextKey))
      let end = last.end + items.count
      _knownEnd = Swift.max(_knownEnd, end + _claim(page.itemsAfter, used: end - _knownStart))
      appendState = page.nextKey == nil ? .endReached : .idle
    case .prepend:
      guard !items.isEmpty, let first = _pages.first else {
        prependState = .endReached
        break
      }
      let start = first.start - items.count
      _pages.insert(
        _StoredPage(
          start: start, items: items, key: key, previousKey: page.previousKey,
          nextKey: page.nextKey), at: 0)
      _knownStart = Swift.min(
        _knownStart, start - _claim(page.itemsBefore, used: _knownEnd - start))
      prependState = page.previousKey == nil ? .endReached : .idle
    }
    _removePlaceholdersBeyondEnds()
    _dropFarPages(keeping: direction)
    _publish()
    _evaluate()
  }

  /// A claimed count of items before or after a page, or 0: a negative
  /// claim, or one that would grow a span of `used` positions past the
  /// maximum, is ignored and reported.
  private func _claim(_ claimed: Int?, used: Int) -> Int {
    guard let claimed else { return 0 }
    guard claimed >= 0, claimed <= Self._maximumSpan - used else {
      lastRefusal = .itemCountOutOfBounds(claimed: claimed)
      return 0
    }
    return claimed
  }

  /// Where a direction reached the end of the data, there are no
  /// placeholders beyond the loaded pages: remove those a source claimed
  /// (it said it had more items than it has) and report it.
  private func _removePlaceholdersBeyondEnds() {
    guard let first = _pages.first, let last = _pages.last else { return }
    if appendState.isEndReached, _knownEnd > last.end {
      lastRefusal = .itemsBeyondEnd(_knownEnd - last.end)
      _knownEnd = last.end
    }
    if prependState.isEndReached, _knownStart < first.start {
      lastRefusal = .itemsBeyondEnd(first.start - _knownStart)
      _knownStart = first.start
    }
  }

  /// Drops pages at the end farther from the demand, never the one just
  /// loaded, until at most `maximumLoadedPages` remain.
  private func _dropFarPages(keeping direction: PageLoadDirection) {
    guard let maximum = configuration.maximumLoadedPages else { return }
    while _pages.count > maximum {
      let first = _pages[0]
      let last = _pages[_pages.count - 1]
      let demand =
        _demand ?? (direction == .prepend ? first.start..<first.end : last.start..<last.end)
      let dropFirst: Bool
      switch direction {
      case .append: dropFirst = true
      case .prepend: dropFirst = false
      case .refresh: dropFirst = demand.lowerBound - first.end > last.start - demand.upperBound
      }
      if dropFirst {
        _pages.removeFirst()
        _cancel(.prepend)
        prependState = .idle
      } else {
        _pages.removeLast()
        _cancel(.append)
        appendState = .idle
      }
    }
  }

  private func _cancel(_ direction: PageLoadDirection) {
    _active[direction]?.task.cancel()
    _active[direction] = nil
    _failed[direction] = nil
  }

  private func _setState(_ direction: PageLoadDirection, _ state: PageLoadState) {
    switch direction {
    case .refresh: refreshState = state
    case .append: appendState = state
    case .prepend: prependState = state
    }
  }

  private func _publish() {
    let origin = _knownStart
    let pages = _pages.map {
      PagedCollection<Item>._Page(start: $0.start - origin, items: $0.items)
    }
    var trigger: _PagingTrigger?
    if configuration.trigger == .indexAdvance, let first = _pages.first, let last = _pages.last {
      let distance = configuration.prefetchDistance
      trigger = _PagingTrigger(
        appendThreshold: last.end - origin - distance,
        prependThreshold: first.start - origin + distance,
        request: { [weak self] direction in
          Task { @MainActor in self?._indexAdvanced(direction) }
        })
    }
    items = PagedCollection(
      pages: pages, count: _knownEnd - _knownStart, pageSize: configuration.pageSize,
      trigger: trigger)
  }
}
