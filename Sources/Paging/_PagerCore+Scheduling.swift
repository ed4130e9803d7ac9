//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// One scheduler decides every load: from the demand (the visible range) it
// lists what is wanted, in priority order (the visible pages, then the
// prefetch, nearest first); loads in flight that are no longer wanted are
// cancelled, and wanted ones are issued up to the concurrency cap. The list
// is recomputed from scratch after every change, so a need is described by
// the same `_Target` each time and is never requested twice.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// `positions` of the published items, clamped to them, in internal
  /// coordinates.
  private func _internalRange(_ positions: Range<Int>) -> Range<Int> {
    let published = items
    let count = published.count
    let lower = Swift.min(Swift.max(positions.lowerBound, 0), count)
    let upper = Swift.min(Swift.max(positions.upperBound, lower), count)
    let start = published._internalPosition(lower)
    let end = upper > lower ? published._internalPosition(upper - 1) + 1 : start
    return start..<Swift.max(end, start)
  }

  internal mutating func _setDemand(_ positions: Range<Int>, settling: Bool) {
    // Nothing loads until the first `refresh()`, as the initializer says.
    guard _generation > 0 else { return }
    let demand = _internalRange(positions)
    let previous = _lastReport
    _lastReport = demand
    if let target = _settleTarget {
      // In transit to where the scroll will rest: that is the demand, until
      // a report reaches it, or the reports stop elsewhere (the fling was
      // caught) for the settle interval.
      if settling, !demand.overlaps(target), configuration.settleInterval > .zero {
        _armSettle()
        return
      }
      _settleTarget = nil
    }
    _demand = demand
    guard configuration.trigger == .visibleRange else {
      _dropFarPages()
      _publish()
      return
    }
    // A report that moved more than a fiftieth of a page (at least one
    // position) since the previous one is a fling, a drag of the scroll
    // bar, a jump: its loads wait until it settles, and loads it left behind
    // are cancelled. (A fling decelerating from that speed passes about 30
    // more reports' worth, under a page: it loads little it does not show.)
    let moved = previous.map { Swift.abs(demand.lowerBound - $0.lowerBound) } ?? 0
    if settling, configuration.settleInterval > .zero,
      moved > Swift.max(1, configuration.pageSize / 50)
    {
      _schedule(issuing: false)
      _armSettle()
    } else {
      _cancelSettle()
      _schedule()
    }
    _publishStates()
  }

  /// See `Pager.visibleRangeWillSettle(_:)`.
  internal mutating func _setSettleTarget(_ positions: Range<Int>) {
    guard _generation > 0 else { return }
    let target = _internalRange(positions)
    _settleTarget = target
    _demand = target
    _cancelSettle()
    guard configuration.trigger == .visibleRange else { return }
    _schedule()
    _publishStates()
  }

  /// Starts (or extends) the wait for the reports to settle: each far
  /// report counts, and the shell's one timer for the whole fling ends the
  /// wait (`settled()`) once a sleep passes without one.
  private mutating func _armSettle() {
    _farReports &+= 1
    guard !_settlePending else { return }
    _settlePending = true
    effects.append(.armSettle)
  }

  /// Stops waiting for the reports to settle.
  internal mutating func _cancelSettle() {
    guard _settlePending else { return }
    _settlePending = false
    effects.append(.cancelSettle)
  }

  /// The reports settled: a scroll in transit rests where it was last
  /// reported, and its loads start.
  public mutating func settled() {
    _settlePending = false
    if _settleTarget != nil {
      _settleTarget = nil
      _demand = _lastReport
    }
    _schedule()
    _publishStates()
  }

  /// Cancels loads that are no longer wanted and, if `issuing`, issues the
  /// wanted ones up to the cap.
  internal mutating func _schedule(issuing: Bool = true, generationStartOnly: Bool = false) {
    let wanted = generationStartOnly ? _generationStart().map { [$0] } ?? [] : _wanted()
    let wantedSet = Set(wanted)
    for (serial, load) in _loads where !wantedSet.contains(load.target) {
      if generationStartOnly { continue }
      effects.append(.cancel(serial: serial))
      _loads[serial] = nil
    }
    guard issuing else { return }
    var inFlight = Set(_loads.values.map { $0.target })
    for target in wanted where _loads.count < configuration.maximumConcurrentLoads {
      guard !inFlight.contains(target), _failures[target] == nil else { continue }
      if case .positions(let start) = target,
        _loads.values.contains(where: { $0.covers(start, pageSize: configuration.pageSize) })
      {
        continue
      }
      inFlight.insert(target)
      _issue(target)
    }
  }

  /// The load that starts a generation, if it has shown nothing yet and
  /// the load is not already in flight or failed.
  private func _generationStart() -> _Target? {
    guard !_pages.contains(where: { $0.generation == _generation }) else { return nil }
    switch _source._kind {
    case .positional:
      let anchor = _demand?.lowerBound ?? 0
      return .positions(_pageStart(of: Swift.max(anchor, 0)))
    case .keyed(_, let refreshKey, _):
      if refreshKey != nil, _startReached, let demand = _demand, demand.lowerBound > _knownStart {
        let target = _alignedJump(demand.lowerBound, within: _knownStart..<demand.lowerBound + 1)
        if !_keylessJumps.contains(target) { return .jump(target) }
      }
      return .first
    }
  }

  /// What is wanted, most urgent first.
  private mutating func _wanted() -> [_Target] {
    if let start = _generationStart() { return [start] }
    guard let demand = _demand else { return [] }
    switch _source._kind {
    case .positional: return _wantedPositions(demand)
    case .keyed(_, let refreshKey, _): return _wantedKeyed(demand, canJump: refreshKey != nil)
    }
  }

  /// The prefetch on each side of the visible range, widened while a
  /// refresh searches for the item the reader saw.
  internal var _prefetchDistance: Int {
    configuration.prefetchDistance + _searchRadius * configuration.pageSize
  }

  /// `lower..<upper`, or an empty range at `lower` if `upper` is below it.
  private func _range(_ lower: Int, _ upper: Int) -> Range<Int> {
    lower..<Swift.max(lower, upper)
  }

  internal func _pageStart(of position: Int) -> Int {
    let size = configuration.pageSize
    return position >= 0 ? position / size * size : -((-position + size - 1) / size * size)
  }

  /// The pages of a positional source that the demand covers, visible ones
  /// first, then the prefetch nearest first, at most `maximumLoadedPages`.
  internal func _demandedPageStarts(_ demand: Range<Int>) -> [Int] {
    let size = configuration.pageSize
    // With an unknown count, one page past the known end finds more.
    let limit = _endReached ? _knownEnd : _knownEnd + size
    let visible = _range(
      Swift.max(demand.lowerBound, 0),
      Swift.min(Swift.max(demand.upperBound, demand.lowerBound + 1), limit))
    var starts: [Int] = []
    let cap = configuration.maximumLoadedPages ?? Int.max
    if !visible.isEmpty {
      var start = _pageStart(of: visible.lowerBound)
      while start < visible.upperBound, starts.count < cap {
        starts.append(start)
        start += size
      }
    }
    let distance = _prefetchDistance
    let low = Swift.max(0, visible.lowerBound - distance)
    let high = Swift.min(limit, Swift.max(visible.upperBound, visible.lowerBound) + distance)
    var after = (starts.last ?? _pageStart(of: visible.lowerBound) - size) + size
    var before = (starts.first ?? after) - size
    while starts.count < cap {
      let moreAfter = after < high
      // Nothing at or past the end: a visible range the data shrank away
      // from would otherwise ask for its prefetch there, whose answers may
      // claim the old count again (a count that flaps loops).
      let moreBefore = before >= 0 && before + size > low && before < limit
      if !moreAfter && !moreBefore { break }
      if moreAfter {
        starts.append(after)
        after += size
      }
      if moreBefore, starts.count < cap {
        starts.append(before)
        before -= size
      }
    }
    return starts
  }

  private func _wantedPositions(_ demand: Range<Int>) -> [_Target] {
    _demandedPageStarts(demand).compactMap { start in
      if let index = _pageIndex(startingAt: start), _pages[index].generation == _generation {
        return nil
      }
      return .positions(start)
    }
  }

  /// For a keyed source: for each run of missing positions in the demand
  /// and its prefetch (nearest the visible range first), walk from the
  /// nearer loaded edge, or jump if both are farther than `jumpDistance`.
  private mutating func _wantedKeyed(_ demand: Range<Int>, canJump: Bool) -> [_Target] {
    let distance = _prefetchDistance
    // Beyond an end the source has not reached, the region is open: the
    // edge page's key may lead there.
    let low = _startReached ? _knownStart : Int.min / 4
    let high = _endReached ? _knownEnd : Int.max / 4
    let region = _range(
      Swift.max(low, demand.lowerBound - distance), Swift.min(high, demand.upperBound + distance))
    guard !region.isEmpty else { return [] }
    // The runs of positions no fresh page holds, each from one fresh page
    // (or end of the span) to the next, that reach into the region.
    // Only the pages near the region are read: a load costs the same with
    // ten thousand pages loaded as with ten. (Every page is of the current
    // generation: a refresh moves the old ones to `_held`.)
    var runs: [Range<Int>] = []
    let first = _pages._partitioningIndex { $0.end > region.lowerBound }
    var cursor = first > 0 ? Swift.max(low, _pages[first - 1].end) : low
    for index in first..<_pages.count {
      let start = _pages[index].start
      if start > cursor, start > region.lowerBound, cursor < region.upperBound {
        runs.append(cursor..<start)
      }
      cursor = Swift.max(cursor, _pages[index].end)
      if start >= region.upperBound { break }
    }
    if cursor < high, cursor < region.upperBound { runs.append(cursor..<high) }
    // Nearest the visible range first.
    func gap(_ run: Range<Int>) -> Int {
      run.upperBound <= demand.lowerBound
        ? demand.lowerBound - run.upperBound
        : Swift.max(0, run.lowerBound - demand.upperBound)
    }
    runs.sort { gap($0) < gap($1) }
    var wanted: [_Target] = []
    var walking = false
    for run in runs {
      let above = run.upperBound <= demand.lowerBound
      let target = above ? run.upperBound - 1 : Swift.max(run.lowerBound, demand.lowerBound)
      let edgeBefore = _freshPage(endingAt: run.lowerBound).flatMap {
        _pages[$0].nextKey == nil ? nil : $0
      }
      let edgeAfter = _freshPage(startingAt: run.upperBound).flatMap {
        _pages[$0].previousKey == nil ? nil : $0
      }
      let fromBefore = edgeBefore.map { _ in target - run.lowerBound } ?? Int.max
      let fromAfter = edgeAfter.map { _ in run.upperBound - 1 - target } ?? Int.max
      let nearest = Swift.min(fromBefore, fromAfter)
      let visible = run.overlaps(demand)
      let jump =
        canJump && _startReached && target >= _knownStart && target < _knownEnd
        ? _alignedJump(target, within: run) : nil
      if nearest > configuration.jumpDistance, let jump, !_keylessJumps.contains(jump) {
        wanted.append(.jump(jump))
        continue
      }
      if nearest == Int.max { continue }
      if visible && nearest > configuration.jumpDistance { walking = true }
      let walkForward = fromBefore < fromAfter || (fromBefore == fromAfter && !above)
      wanted.append(walkForward ? .after(run.lowerBound) : .before(run.upperBound))
    }
    if reachesVisibleRangeByWalking != walking { reachesVisibleRangeByWalking = walking }
    if let cap = configuration.maximumLoadedPages {
      let held = _pages.count { $0.end > region.lowerBound && $0.start < region.upperBound }
      if held + _loads.count >= cap {
        // Only what is visible: loading the prefetch would drop it again.
        return wanted.filter { target in
          guard let position = target.position else { return true }
          return position >= demand.lowerBound - 1 && position <= demand.upperBound
        }
      }
    }
    return wanted
  }

  /// A jump target for `position`: the page-aligned position at or before
  /// it, inside `run`.
  private func _alignedJump(_ position: Int, within run: Range<Int>) -> Int {
    let aligned = _knownStart + _pageStart(of: position - _knownStart)
    return Swift.max(aligned, run.lowerBound)
  }

  internal func _pageIndex(startingAt start: Int) -> Int? {
    guard let index = _pageIndex(atOrBefore: start), _pages[index].start == start else {
      return nil
    }
    return index
  }

  internal func _pageIndex(atOrBefore position: Int) -> Int? {
    let end = _pages._partitioningIndex { $0.start > position }
    return end == 0 ? nil : end - 1
  }

  internal func _freshPage(startingAt start: Int) -> Int? {
    guard let index = _pageIndex(startingAt: start), _pages[index].generation == _generation else {
      return nil
    }
    return index
  }

  internal func _freshPage(endingAt end: Int) -> Int? {
    guard let index = _pageIndex(atOrBefore: end - 1), _pages[index].end == end,
      _pages[index].generation == _generation
    else { return nil }
    return index
  }

  // MARK: - Edges (loadNext, loadPrevious, .indexAdvance)

  internal mutating func _issueEdge(after: Bool) {
    guard _pages.contains(where: { $0.generation == _generation }) else { return }
    let target: _Target
    switch _source._kind {
    case .positional:
      guard let last = _pages.last, let first = _pages.first else { return }
      if after {
        guard !_endReached || last.end < _knownEnd else { return }
        target = .positions(last.end)
      } else {
        guard first.start > 0 else { return }
        target = .positions(first.start - configuration.pageSize)
      }
    case .keyed:
      guard let edge = after ? _pages.last : _pages.first, edge.generation == _generation else {
        return
      }
      guard (after ? edge.nextKey : edge.previousKey) != nil else { return }
      target = after ? .after(edge.end) : .before(edge.start)
    }
    guard _failures[target] == nil, !_loads.values.contains(where: { $0.target == target }) else {
      return
    }
    _issue(target)
    _publishStates()
  }

  /// An index advance of a published `items` came near an end.
  public mutating func indexAdvanced(_ direction: PageLoadKind) {
    guard configuration.trigger == .indexAdvance else { return }
    _issueEdge(after: direction == .append)
  }

  // MARK: - Issuing

  internal mutating func _issue(_ target: _Target) {
    let size = configuration.pageSize
    let request: _Request
    var positions: Range<Int>?
    switch (_source._kind, target) {
    case (.positional, .positions(let start)):
      // The first load of the first generation takes the initial size.
      let count =
        _pages.isEmpty && _generation <= 1 && start == 0
        ? (configuration.initialLoadSize + size - 1) / size * size : size
      let range = start..<start + count
      positions = range
      request = .positions(range)
    case (.keyed(let initialKey, _, _), .first):
      request = .keyed(
        PageRequest(kind: .refresh, key: initialKey, size: configuration.initialLoadSize))
    case (.keyed, .jump(let position)):
      let count =
        _pages.contains { $0.generation == _generation } ? size : configuration.initialLoadSize
      request = .jump(position: position - _knownStart, size: count)
    case (.keyed, .after(let end)):
      guard let edge = _freshPage(endingAt: end), let key = _pages[edge].nextKey,
        _refusesRepeated(key, target) == false
      else { return }
      request = .keyed(PageRequest(kind: .append, key: key, size: size))
    case (.keyed, .before(let start)):
      guard let edge = _freshPage(startingAt: start), let key = _pages[edge].previousKey,
        _refusesRepeated(key, target) == false
      else { return }
      request = .keyed(PageRequest(kind: .prepend, key: key, size: size))
    default:
      return
    }
    // A jump's key lookup is counted now; its page load when it answers.
    if case .jump = target { keyRequestCount += 1 } else { requestCount += 1 }
    _serial += 1
    _loads[_serial] = _Load(target: target, positions: positions)
    effects.append(.start(serial: _serial, request: request))
  }

  /// Records that `target` failed with `error`.
  internal mutating func _fail(_ target: _Target, _ error: any Error) {
    _serial += 1
    _failures[target] = (error, _serial)
  }

  /// Whether `key` is already loaded, which would duplicate items: then
  /// the target fails with `PagingError.repeatedKey`.
  private mutating func _refusesRepeated(_ key: Key, _ target: _Target) -> Bool {
    guard _loadedKeys[key] != nil else {
      return false
    }
    _fail(target, PagingError.repeatedKey("\(key)"))
    return true
  }

  /// The load states, from the loads in flight and the failures, relative
  /// to the first visible position. A side with several failures shows the
  /// latest; a state changes for observers only when what it shows does
  /// (by the failure's serial: errors are never compared).
  internal mutating func _publishStates() {
    let anchor = _demand?.lowerBound ?? _knownStart
    let generationShown = _pages.contains { $0.generation == _generation }
    // Per state: refresh, append, prepend.
    var keys: [_StateKey] = [.idle, .idle, .idle]
    var errors: [(any Error)?] = [nil, nil, nil]
    func fail(_ side: Int, _ failure: (error: any Error, serial: Int)) {
      if case .failed(let serial) = keys[side], serial > failure.serial { return }
      keys[side] = .failed(failure.serial)
      errors[side] = failure.error
    }
    if !generationShown {
      if !_loads.isEmpty {
        keys[0] = .loading
      } else {
        for failure in _failures.values { fail(0, failure) }
      }
    } else {
      // A page that reaches the visible range is the visible range's (the
      // append side, which a retry UI reads), whatever its alignment; only
      // a page wholly before the visible range is the prepend side's.
      let pageSize = configuration.pageSize
      func side(_ target: _Target) -> Int {
        switch target {
        case .before(let p): p <= anchor ? 2 : 1
        case .positions(let p), .jump(let p), .after(let p): p + pageSize <= anchor ? 2 : 1
        case .first: 1
        }
      }
      for (target, failure) in _failures where target.position != nil {
        fail(side(target), failure)
      }
      for load in _loads.values where load.target.position != nil {
        keys[side(load.target)] = .loading
      }
      if keys[1] == .idle, _endReached, let last = _pages.last, last.end == _knownEnd,
        last.generation == _generation
      {
        keys[1] = .endReached
      }
      if keys[2] == .idle, _startReached, let first = _pages.first, first.start == _knownStart,
        first.generation == _generation
      {
        keys[2] = .endReached
      }
    }
    guard keys != _stateKeys else { return }
    _stateKeys = keys
    _statesVersion += 1
    let states = keys.indices.map { side -> PageLoadState in
      switch keys[side] {
      case .idle: .idle
      case .loading: .loading
      case .endReached: .endReached
      case .failed: .failed(errors[side]!)
      }
    }
    refreshState = states[0]
    appendState = states[1]
    prependState = states[2]
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore._Load {
  /// Whether this positional load covers the page starting at `start`.
  func covers(_ start: Int, pageSize: Int) -> Bool {
    positions?.contains(start) ?? false
  }
}
