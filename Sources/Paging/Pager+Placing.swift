//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// Where a response lands. Positions are authoritative: a page replaces
// whatever it overlaps (stale pages of an earlier generation, or a keyed
// island whose position was guessed), so no position ever holds two items
// and no item is shown twice for one page.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Pager {
  internal func _complete(_ serial: Int, _ result: Result<_Response, any Error>) {
    if case .success(.keyed(let request, _)) = result, request.position != nil {
      requestCount += 1  // a jump's page load
    }
    // A response for a load that was cancelled or superseded is discarded.
    guard let load = _loads.removeValue(forKey: serial) else {
      _discardedResponseCount += 1
      return
    }
    switch result {
    case .failure(let error):
      _failures[load.target] = error
    case .success(.noKey):
      if case .jump(let position) = load.target { _keylessJumps.insert(position) }
    case .success(.positional(let range, let page)):
      _placePositional(range, page, serial: serial)
    case .success(.keyed(let request, let page)):
      _placeKeyed(page, for: load.target, request: request, serial: serial)
    }
    _dropFarPages()
    _schedule(issuing: true, generationStartOnly: configuration.trigger != .visibleRange)
    _publish()
    _publishStates()
    _notifyWaiters()
  }

  // MARK: - Positional

  private func _placePositional(_ range: Range<Int>, _ page: PositionalPage<Item>, serial: Int) {
    _startReached = true
    var items = page.items
    if items.count > range.count {
      lastRefusal = .moreItemsThanRequested(
        position: range.lowerBound, extra: items.count - range.count)
      items.removeLast(items.count - range.count)
    }
    var total: Int?
    if let claimed = page.totalCount {
      if claimed >= 0, claimed <= Self._maximumSpan {
        total = claimed
      } else {
        lastRefusal = .itemCountOutOfBounds(claimed: claimed)
      }
    }
    if let total {
      if range.lowerBound + items.count > total {
        let extra = range.lowerBound + items.count - total
        lastRefusal = .itemsBeyondEnd(extra)
        items.removeLast(Swift.min(extra, items.count))
      }
      _setKnownEnd(total)
    } else if items.count < range.count {
      // A short page ends the data, unless a count says there is more.
      if !(_endReached && range.lowerBound + items.count < _knownEnd) {
        _setKnownEnd(range.lowerBound + items.count)
      }
    } else if range.upperBound > _knownEnd {
      if range.upperBound > Self._maximumSpan {
        _setKnownEnd(_knownEnd)
        return
      }
      _knownEnd = range.upperBound
      _endReached = false
    }
    let end = Swift.min(range.upperBound, _knownEnd)
    guard end > range.lowerBound else { return }
    if items.count < end - range.lowerBound {
      lastRefusal = .pageShorterThanRequested(
        position: range.lowerBound, expected: end - range.lowerBound, received: items.count)
    }
    var start = range.lowerBound
    while start < end {
      let span = Swift.min(configuration.pageSize, end - start)
      let offset = start - range.lowerBound
      let slice = ContiguousArray(
        items[Swift.min(offset, items.count)..<Swift.min(offset + span, items.count)])
      _store(
        _StoredPage(
          start: start, items: slice, shown: slice, span: span, key: nil, previousKey: nil,
          nextKey: nil, generation: _generation, serial: serial))
      start += span
    }
  }

  // MARK: - Keyed

  private func _placeKeyed(
    _ page: Page<Key, Item>, for target: _Target, request: PageRequest<Key>, serial: Int
  ) {
    let items = ContiguousArray(page.items)
    var start: Int
    switch target {
    case .first:
      // The page's position from the start of the data, if the source
      // says it (no previous key, or a valid count of items before).
      let before =
        page.previousKey == nil ? 0 : _claim(page.itemsBefore, used: items.count)
      if page.previousKey == nil, let claimed = page.itemsBefore, claimed > 0 {
        lastRefusal = .itemsBeyondEnd(claimed)
      }
      // Without a position from the start of the data, the new
      // generation's coordinates start over, and the old visible range
      // means nothing in them.
      if !(_startReached && before != nil) {
        _knownStart = 0
        _knownEnd = 0
        _startReached = false
        _endReached = false
        _demand = nil
      }
      start = _knownStart + (before ?? 0)
      if before != nil { _startReached = true }
    case .jump(let position):
      // The page at a refresh key starts at the position the key was asked
      // for: that is the key's contract, and counts a page reports are
      // checked against the span below, not trusted to move it.
      start = position
      if items.isEmpty {
        _failures[target] = PagingError.emptyPageInsideData(position: position - _knownStart)
        return
      }
    case .after(let end):
      guard let edge = _freshPage(endingAt: end), _pages[edge].nextKey == request.key else {
        _discardedResponseCount += 1
        return
      }
      // No key check here: a page's previous key names the page before it
      // in the source's terms (a "before" cursor, or `start - pageSize` for
      // page numbers), which need not be the key the joined page was loaded
      // with. The page starts where the joined one ends, by its key.
      if items.isEmpty {
        if end >= _knownEnd {
          _pages[edge].nextKey = nil
          _setKnownEnd(end)
        } else {
          _failures[target] = PagingError.emptyPageInsideData(position: end - _knownStart)
        }
        return
      }
      start = end
    case .before(let edgeStart):
      guard let edge = _freshPage(startingAt: edgeStart), _pages[edge].previousKey == request.key
      else {
        _discardedResponseCount += 1
        return
      }
      // A prepended page must lead to the page it joins: its next key is the
      // key that page was loaded with, forward (a page of another size would
      // overlap it or leave a gap, the duplicates of page-number keys). A
      // page itself prepended was asked for with a backward key, which a
      // keyset source's next key never equals: no check there, so an honest
      // source walks back any distance.
      if _pages[edge].keyLeadsForward, let joined = _pages[edge].key, let key = page.nextKey,
        key != joined
      {
        _failures[target] = PagingError.pageNotAdjacent(expected: "\(joined)", found: "\(key)")
        return
      }
      if items.isEmpty {
        if edgeStart <= _knownStart {
          _pages[edge].previousKey = nil
          _setKnownStart(edgeStart)
        } else {
          _failures[target] = PagingError.emptyPageInsideData(position: edgeStart - _knownStart)
        }
        return
      }
      start = edgeStart - items.count
    case .positions:
      return
    }
    let end = start + items.count
    guard end - Swift.min(start, _knownStart) <= Self._maximumSpan else {
      lastRefusal = .itemCountOutOfBounds(claimed: items.count)
      return
    }
    var stored = _StoredPage(
      start: start, items: items, shown: items, span: items.count, key: request.key,
      previousKey: page.previousKey, nextKey: page.nextKey, generation: _generation,
      serial: serial)
    if case .before = target { stored.keyLeadsForward = false }
    _store(stored)
    if start < _knownStart {
      _knownStart = start
      _startReached = false
    }
    if end > _knownEnd {
      _knownEnd = end
      _endReached = false
    }
    // The latest counts the source gives win, as a positional source's
    // total does: the data may have grown or shrunk since the last page.
    // A missing key says an end is reached only on the side the page was
    // loaded towards: an appended page without a previous key is a
    // forward-only cursor's (it has no way back, and the data before it is
    // loaded), and a prepended page's next key is the page it joins.
    var appended = false
    var prepended = false
    switch target {
    case .after: appended = true
    case .before: prepended = true
    default: break
    }
    if page.previousKey == nil && !appended {
      _setKnownStart(start)
    } else if let before = _claim(page.itemsBefore, used: _knownEnd - start) {
      _setKnownStart(start - before)
    }
    if page.nextKey == nil && !prepended {
      _setKnownEnd(end)
    } else if let after = _claim(page.itemsAfter, used: end - _knownStart) {
      _setKnownEnd(end + after)
    }
  }

  /// A claimed count of items before or after a page, or `nil`: a negative
  /// claim, or one that would grow a span of `used` positions past the
  /// maximum, is ignored and reported.
  private func _claim(_ claimed: Int?, used: Int) -> Int? {
    guard let claimed else { return nil }
    guard claimed >= 0, claimed <= Self._maximumSpan - used else {
      lastRefusal = .itemCountOutOfBounds(claimed: claimed)
      return nil
    }
    return claimed
  }

  // MARK: - Storing

  /// Stores `page`, replacing every page it overlaps.
  private func _store(_ page: _StoredPage) {
    var page = page
    if let edits = _edits {
      // While a refresh holds the old items, they show the edits: the new
      // pages end edits only when they replace them.
      if _held == nil, edits.reconcile(page.items, generation: page.generation) {
        _reapplyEdits()
      }
      page.shown = edits.shown(page.items)
    }
    var lower = 0
    var upper = _pages.count
    while lower < upper {
      let mid = (lower + upper) / 2
      if _pages[mid].end <= page.start {
        lower = mid + 1
      } else {
        upper = mid
      }
    }
    var last = lower
    while last < _pages.count, _pages[last].start < page.end {
      last += 1
    }
    _pages.replaceSubrange(lower..<last, with: CollectionOfOne(page))
  }

  /// The data ends at `end`: pages beyond it are gone, a page across it is
  /// cut, and what a source claimed beyond a page with no next key is
  /// reported.
  internal func _setKnownEnd(_ end: Int) {
    if let last = _pages.last, last.end > end {
      while let last = _pages.last, last.start >= end { _pages.removeLast() }
      if let last = _pages.indices.last, _pages[last].end > end {
        let kept = end - _pages[last].start
        _pages[last].span = kept
        _pages[last].items.removeLast(Swift.max(0, _pages[last].items.count - kept))
        _pages[last].shown = _edits?.shown(_pages[last].items) ?? _pages[last].items
      }
    } else if _knownEnd > end, _pages.last?.end == end, _pages.last?.generation == _generation {
      // The data ends right after a loaded page, but a count said more.
      lastRefusal = .itemsBeyondEnd(_knownEnd - end)
    }
    _knownEnd = end
    _endReached = true
  }

  /// The data starts at `start`.
  internal func _setKnownStart(_ start: Int) {
    if start > _knownStart {
      if _pages.first?.start == start, _pages.first?.generation == _generation {
        lastRefusal = .itemsBeyondEnd(start - _knownStart)
      }
      _pages.removeAll { $0.start < start }
    }
    _knownStart = start
    _startReached = true
  }

  // MARK: - Memory cap

  /// Drops the pages farthest from the visible range until at most
  /// `maximumLoadedPages` remain; pages the visible range overlaps, and a
  /// positional source's demanded pages, are never dropped.
  internal func _dropFarPages() {
    guard let maximum = configuration.maximumLoadedPages, _pages.count > maximum,
      let last = _pages.last
    else { return }
    let demand = _demand ?? last.start..<last.end
    var kept = Set<Int>()
    if _source.isPositional { kept = Set(_demandedPageStarts(demand)) }
    func distance(_ page: _StoredPage) -> Int {
      if page.end <= demand.lowerBound { return demand.lowerBound - page.end + 1 }
      if page.start >= demand.upperBound { return page.start - demand.upperBound + 1 }
      return 0
    }
    let candidates = _pages.indices
      .filter { distance(_pages[$0]) > 0 && !kept.contains(_pages[$0].start) }
      .sorted { distance(_pages[$0]) > distance(_pages[$1]) }
    let dropped = Set(candidates.prefix(_pages.count - maximum))
    guard !dropped.isEmpty else { return }
    _pages = _pages.indices.filter { !dropped.contains($0) }.map { _pages[$0] }
  }

  // MARK: - Publishing

  internal func _publish() {
    if let held = _held {
      if _pages.isEmpty || !(_loads.isEmpty || _holdsDemand()) {
        _publish(held.pages, start: held.start, end: held.end)
        return
      }
      _held = nil
      _reconcileEdits()
    }
    _publish(_pages, start: _knownStart, end: _knownEnd)
  }

  /// Ends the edits that the pages of a later generation supersede, once a
  /// refresh has replaced the old items.
  private func _reconcileEdits() {
    guard let edits = _edits else { return }
    var ended = false
    for page in _pages where edits.reconcile(page.items, generation: page.generation) {
      ended = true
    }
    guard ended else { return }
    for index in _pages.indices { _pages[index].shown = edits.shown(_pages[index].items) }
  }

  /// Whether the pages hold every visible position.
  private func _holdsDemand() -> Bool {
    guard let demand = _demand else { return true }
    var cursor = Swift.max(demand.lowerBound, _knownStart)
    let end = Swift.min(demand.upperBound, _knownEnd)
    for page in _pages where page.end > cursor {
      if page.start > cursor { return false }
      cursor = page.end
      if cursor >= end { return true }
    }
    return cursor >= end
  }

  private func _publish(_ stored: [_StoredPage], start: Int, end: Int) {
    let origin = start
    var pages: [PagedCollection<Item>._Page] = []
    pages.reserveCapacity(stored.count)
    var delta = 0
    for page in stored {
      pages.append(
        PagedCollection<Item>._Page(
          start: page.start - origin + delta, items: page.shown,
          sourceEnd: page.start + page.items.count))
      delta += page.shown.count - page.items.count
    }
    var trigger: _PagingTrigger?
    if configuration.trigger == .indexAdvance, let first = pages.first, let last = pages.last {
      let distance = configuration.prefetchDistance
      trigger = _PagingTrigger(
        appendThreshold: last.end - distance,
        prependThreshold: first.start + distance,
        request: { [weak self] direction in
          Task { @MainActor in self?._indexAdvanced(direction) }
        })
    }
    let version = items.version + 1
    let published = PagedCollection(
      pages: pages, count: end - start + delta, origin: origin, version: version, trigger: trigger)
    _recordChanges(
      to: _layout(stored, start: start, end: end), version: version, from: items, to: published)
    items = published
    #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
      _checkInvariants()
    #endif
  }

  /// Traps if the pages overlap, leave the span, or the published items do
  /// not match them.
  internal func _checkInvariants() {
    for (a, b) in zip(_pages, _pages.dropFirst()) {
      _precondition(
        a.end <= b.start, "Pages \(a.start)..<\(a.end) and \(b.start)..<\(b.end) overlap")
    }
    if let first = _pages.first, let last = _pages.last {
      _precondition(
        first.start >= _knownStart && last.end <= _knownEnd,
        "Pages \(first.start)..<\(last.end) outside the span \(_knownStart)..<\(_knownEnd)")
    }
    for page in _pages {
      _precondition(page.items.count <= page.span, "A page holds more items than positions")
    }
  }
}
