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
    let previous = _settle.lastReport
    _settle.lastReport = demand
    if let target = _settle.target {
      // In transit to where the scroll will rest: that is the demand, until
      // a report reaches it, or the reports stop elsewhere (the fling was
      // caught) for the settle interval.
      if settling, !demand.overlaps(target), configuration.settleInterval > .zero {
        _armSettle()
        return
      }
      _settle.target = nil
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
    _settle.target = target
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
    if _settle.arm() { effects.append(.armSettle) }
  }

  /// Stops waiting for the reports to settle.
  internal mutating func _cancelSettle() {
    if _settle.cancel() { effects.append(.cancelSettle) }
  }

  /// The reports settled: a scroll in transit rests where it was last
  /// reported, and its loads start.
  public mutating func settled() {
    _settle.isPending = false
    if _settle.target != nil {
      _settle.target = nil
      _demand = _settle.lastReport
    }
    _schedule()
    _publishStates()
  }

  /// Cancels loads that are no longer wanted and, if `issuing`, issues the
  /// wanted ones up to the cap.
  internal mutating func _schedule(issuing: Bool = true, generationStartOnly: Bool = false) {
    var wanted: [_Target]
    if generationStartOnly {
      wanted = _generationStart().map { [$0] } ?? []
    } else {
      let decided = _wanted()
      wanted = decided.targets
      if let walking = decided.walking, reachesVisibleRangeByWalking != walking {
        reachesVisibleRangeByWalking = walking
      }
    }
    if !_loads.rests.isEmpty { wanted += _wantedRests() }
    let wantedSet = Set(wanted)
    for (serial, load) in _loads.inFlight where !wantedSet.contains(load.target) {
      if generationStartOnly { continue }
      effects.append(.cancel(serial: serial))
      _loads.inFlight[serial] = nil
    }
    guard issuing else { return }
    var inFlight = Set(_loads.inFlight.values.map { $0.target })
    for target in wanted where _loads.inFlight.count < configuration.maximumConcurrentLoads {
      guard !inFlight.contains(target), _loads.failures[target] == nil else { continue }
      if case .positions(let start) = target,
        _loads.inFlight.values.contains(where: {
          $0.covers(start, pageSize: configuration.pageSize)
        })
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
      if refreshKey != nil, _known.startReached, let demand = _demand,
        demand.lowerBound > _known.start
      {
        let target = _alignedJump(demand.lowerBound, within: _known.start..<demand.lowerBound + 1)
        if !_loads.keylessJumps.contains(target) { return .jump(target) }
      }
      return .first
    }
  }

  /// What is wanted, most urgent first, and for a keyed source's demand
  /// whether only walking page by page reaches it (`nil`: not decided).
  private func _wanted() -> (targets: [_Target], walking: Bool?) {
    if let start = _generationStart() { return ([start], nil) }
    guard let demand = _demand else { return ([], nil) }
    switch _source._kind {
    case .positional: return (_wantedPositions(demand), nil)
    case .keyed(_, let refreshKey, _):
      let wanted = _wantedKeyed(demand, canJump: refreshKey != nil)
      return (wanted.targets, wanted.walking)
    }
  }

  /// The missing items of the short pages `retry()` asked for, whatever
  /// the demand: the pages are loaded, and each asks once a retry.
  private func _wantedRests() -> [_Target] {
    _loads.rests.sorted { $0.key < $1.key }.compactMap { start, serial in
      guard let index = _pageIndex(startingAt: start) else { return nil }
      let page = _pages[index]
      let wanted = page.serial == serial && page.generation == _generation
      return wanted && page.span > page.items.count ? .rest(start, serial: serial) : nil
    }
  }

  /// The prefetch on each side of the visible range, widened while a
  /// refresh searches for the item the reader saw.
  internal var _prefetchDistance: Int {
    configuration.prefetchDistance + (_held?.searchRadius ?? 0) * configuration.pageSize
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
    let limit = _known.endReached ? _known.end : _known.end + size
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
  /// nearer loaded edge, or jump if both are farther than `jumpDistance`;
  /// and whether a walk longer than that reaches the visible range.
  private func _wantedKeyed(
    _ demand: Range<Int>, canJump: Bool
  ) -> (targets: [_Target], walking: Bool) {
    let distance = _prefetchDistance
    // Beyond an end the source has not reached, the region is open: the
    // edge page's key may lead there.
    let start = _known.startReached ? _known.start : nil
    let end = _known.endReached ? _known.end : nil
    let region = _range(
      Swift.max(start ?? .min, demand.lowerBound - distance),
      Swift.min(end ?? .max, demand.upperBound + distance))
    guard !region.isEmpty else { return ([], false) }
    // Nearest the visible range first.
    func gap(_ run: Range<Int>) -> Int {
      run.upperBound <= demand.lowerBound
        ? demand.lowerBound - run.upperBound
        : Swift.max(0, run.lowerBound - demand.upperBound)
    }
    let runs = _missingRuns(reaching: region, start: start, end: end).sorted { gap($0) < gap($1) }
    var wanted: [_Target] = []
    var walking = false
    for run in runs {
      guard let (target, walks) = _keyedTarget(for: run, demand: demand, canJump: canJump)
      else { continue }
      wanted.append(target)
      if walks { walking = true }
    }
    if let cap = configuration.maximumLoadedPages {
      let held = _pages.count { $0.end > region.lowerBound && $0.start < region.upperBound }
      if held + _loads.inFlight.count >= cap {
        // Only what is visible: loading the prefetch would drop it again.
        wanted.removeAll { target in
          guard let position = target.position else { return false }
          return position < demand.lowerBound - 1 || position > demand.upperBound
        }
      }
    }
    return (wanted, walking)
  }

  /// The runs of positions no fresh page holds, each from one fresh page
  /// (or the known `start`, or the region's edge where the start is open)
  /// to the next (or the known `end`, or the region's edge), that reach
  /// into `region`. Only the pages near the region are read: a load costs
  /// the same with ten thousand pages loaded as with ten. (Every page is of
  /// the current generation: a refresh moves the old ones to `_held`.)
  private func _missingRuns(reaching region: Range<Int>, start: Int?, end: Int?) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    let first = _pages._partitioningIndex { $0.end > region.lowerBound }
    let low = start ?? region.lowerBound
    var cursor = first > 0 ? Swift.max(start ?? .min, _pages[first - 1].end) : low
    for index in first..<_pages.count {
      let pageStart = _pages[index].start
      if pageStart > cursor, pageStart > region.lowerBound, cursor < region.upperBound {
        runs.append(cursor..<pageStart)
      }
      cursor = Swift.max(cursor, _pages[index].end)
      if pageStart >= region.upperBound { break }
    }
    let high = end ?? region.upperBound
    if cursor < high, cursor < region.upperBound { runs.append(cursor..<high) }
    return runs
  }

  /// What to load for the missing `run`: a jump where both loaded edges
  /// are farther than `jumpDistance` and the source can jump, else a walk
  /// from the nearer edge whose key leads into the run, else nothing; and
  /// whether that walk is a long one to the visible range.
  private func _keyedTarget(
    for run: Range<Int>, demand: Range<Int>, canJump: Bool
  ) -> (_Target, walks: Bool)? {
    let above = run.upperBound <= demand.lowerBound
    let target = above ? run.upperBound - 1 : Swift.max(run.lowerBound, demand.lowerBound)
    let edgeBefore = _freshPage(endingAt: run.lowerBound).flatMap {
      _pages[$0].nextKey == nil ? nil : $0
    }
    let edgeAfter = _freshPage(startingAt: run.upperBound).flatMap {
      _pages[$0].previousKey == nil ? nil : $0
    }
    let fromBefore = edgeBefore.map { _ in target - run.lowerBound }
    let fromAfter = edgeAfter.map { _ in run.upperBound - 1 - target }
    let nearest = [fromBefore, fromAfter].compactMap { $0 }.min()
    let far = nearest.map { $0 > configuration.jumpDistance } ?? true
    if far, let jump = _jump(to: target, within: run, canJump: canJump) {
      return (.jump(jump), false)
    }
    guard let nearest else { return nil }
    let walksToVisible = run.overlaps(demand) && nearest > configuration.jumpDistance
    let forward =
      (fromBefore ?? .max) < (fromAfter ?? .max) || (fromBefore == fromAfter && !above)
    return (forward ? .after(run.lowerBound) : .before(run.upperBound), walksToVisible)
  }

  /// A jump to `target`, in `run`: if the source can jump (it has a
  /// refresh key), the target is inside the known span, and no jump there
  /// found no key.
  private func _jump(to target: Int, within run: Range<Int>, canJump: Bool) -> Int? {
    guard canJump, _known.startReached, target >= _known.start, target < _known.end else {
      return nil
    }
    let jump = _alignedJump(target, within: run)
    return _loads.keylessJumps.contains(jump) ? nil : jump
  }

  /// A jump target for `position`: the page-aligned position at or before
  /// it, inside `run`.
  private func _alignedJump(_ position: Int, within run: Range<Int>) -> Int {
    let aligned = _known.start + _pageStart(of: position - _known.start)
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
        guard !_known.endReached || last.end < _known.end else { return }
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
    guard _loads.failures[target] == nil,
      !_loads.inFlight.values.contains(where: { $0.target == target })
    else {
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
    case (.positional, .rest(let start, _)):
      guard let index = _pageIndex(startingAt: start) else { return }
      let range = start + _pages[index].items.count..<_pages[index].end
      positions = range
      request = .positions(range)
    case (.keyed(let initialKey, _, _), .first):
      request = .keyed(
        PageRequest(kind: .refresh, key: initialKey, size: configuration.initialLoadSize))
    case (.keyed, .jump(let position)):
      let count =
        _pages.contains { $0.generation == _generation } ? size : configuration.initialLoadSize
      request = .jump(position: position - _known.start, size: count)
    case (.keyed, .after(let end)):
      guard let edge = _freshPage(endingAt: end), let key = _pages[edge].nextKey else { return }
      guard !_isLoaded(key) else { return _fail(target, PagingError.repeatedKey("\(key)")) }
      request = .keyed(PageRequest(kind: .append, key: key, size: size))
    case (.keyed, .before(let start)):
      guard let edge = _freshPage(startingAt: start), let key = _pages[edge].previousKey
      else { return }
      guard !_isLoaded(key) else { return _fail(target, PagingError.repeatedKey("\(key)")) }
      request = .keyed(PageRequest(kind: .prepend, key: key, size: size))
    default:
      return
    }
    // A jump's key lookup is counted now; its page load when it answers.
    if case .jump = target { _counts.keys += 1 } else { _counts.pages += 1 }
    _stamps.serial += 1
    _loads.inFlight[_stamps.serial] = _Load(target: target, positions: positions)
    effects.append(.start(serial: _stamps.serial, request: request))
  }

  /// Records that `target` failed with `error`.
  internal mutating func _fail(_ target: _Target, _ error: any Error) {
    _stamps.serial += 1
    _loads.failures[target] = (error, _stamps.serial)
  }

  /// Whether a loaded page came with `key`: loading it again would
  /// duplicate items, so its target fails with `PagingError.repeatedKey`.
  private func _isLoaded(_ key: Key) -> Bool { _store.loadedKeys[key] != nil }

  /// The load states, from the loads in flight and the failures, relative
  /// to the first visible position. A side with several failures shows the
  /// latest; a state changes for observers only when what it shows does
  /// (by the failure's serial: errors are never compared).
  internal mutating func _publishStates() {
    var keys = _ByLoadKind(_StateKey.idle)
    var errors = _ByLoadKind<(any Error)?>(nil)
    func fail(_ kind: PageLoadKind, _ failure: (error: any Error, serial: Int)) {
      if case .failed(let serial) = keys[kind], serial > failure.serial { return }
      keys[kind] = .failed(failure.serial)
      errors[kind] = failure.error
    }
    if !_pages.contains(where: { $0.generation == _generation }) {
      // Nothing of this generation shown yet: all is the refresh's.
      if !_loads.inFlight.isEmpty {
        keys.refresh = .loading
      } else {
        for failure in _loads.failures.values { fail(.refresh, failure) }
      }
    } else {
      for (target, failure) in _loads.failures where target.position != nil {
        fail(_side(of: target), failure)
      }
      for load in _loads.inFlight.values where load.target.position != nil {
        keys[_side(of: load.target)] = .loading
      }
      if keys.append == .idle, _known.endReached, let last = _pages.last, last.end == _known.end,
        last.generation == _generation
      {
        keys.append = .endReached
      }
      if keys.prepend == .idle, _known.startReached, let first = _pages.first,
        first.start == _known.start, first.generation == _generation
      {
        keys.prepend = .endReached
      }
    }
    _reports.loadStates.show(keys, errors: errors)
  }

  /// The side a load of a shown generation is on, relative to the first
  /// visible position: a page that reaches the visible range is the visible
  /// range's (the append side, which a retry UI reads), whatever its
  /// alignment; only a page wholly before the visible range is the prepend
  /// side's.
  private func _side(of target: _Target) -> PageLoadKind {
    let anchor = _demand?.lowerBound ?? _known.start
    switch target {
    case .before(let p): return p <= anchor ? .prepend : .append
    case .positions(let p), .jump(let p), .after(let p), .rest(let p, _):
      return p + configuration.pageSize <= anchor ? .prepend : .append
    case .first: return .append
    }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore._Load {
  /// Whether this positional load covers the page starting at `start`.
  func covers(_ start: Int, pageSize: Int) -> Bool {
    positions?.contains(start) ?? false
  }
}
