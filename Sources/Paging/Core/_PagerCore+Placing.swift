//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// Where a response lands. Positions are authoritative: a page replaces
// whatever it overlaps (stale pages of an earlier generation, or a keyed
// island whose position was guessed), so no position ever holds two items
// and no item is shown twice for one page.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// The load `serial` answered `result` (the shell ran it).
  public mutating func complete(_ serial: Int, _ result: Result<_Response, any Error>) {
    if case .success(.keyed(let request, _)) = result, request.position != nil {
      _counts.pages += 1  // a jump's page load
    }
    // A response for a load that was cancelled or superseded is discarded.
    guard let load = _loads.inFlight.removeValue(forKey: serial) else {
      _counts.discardedResponses += 1
      return
    }
    switch result {
    case .failure(let error):
      _fail(load.target, error)
    case .success(.noKey):
      if case .jump(let position) = load.target { _loads.keylessJumps.insert(position) }
    case .success(.positional(let range, let page)):
      if case .rest(let start, let stored) = load.target {
        _placeRest(range, page, of: start, storedBy: stored, serial: serial)
      } else {
        _placePositional(range, page, serial: serial, target: load.target)
      }
    case .success(.keyed(let request, let page)):
      _placeKeyed(page, for: load.target, request: request, serial: serial)
    }
    _dropFarPages()
    _schedule(issuing: true, generationStartOnly: configuration.trigger != .visibleRange)
    _publish()
    _publishStates()
  }

  // MARK: - Positional

  private mutating func _placePositional(
    _ range: Range<Int>, _ page: PositionalPage<Item>, serial: Int, target: _Target
  ) {
    _known.startReached = true
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
      if !(_known.endReached && range.lowerBound + items.count < _known.end) {
        _setKnownEnd(range.lowerBound + items.count)
      }
    } else if range.upperBound > _known.end {
      if range.upperBound > Self._maximumSpan {
        _setKnownEnd(_known.end)
        return
      }
      _known.end = range.upperBound
      _known.endReached = false
    }
    let end = Swift.min(range.upperBound, _known.end)
    guard end > range.lowerBound else { return }
    // Items shown by other pages (the data moved between loads, or the
    // source repeats itself) are not shown twice: the page keeps its items
    // before the first of them, and its failure says why.
    let duplicates = _duplicates(
      of: ContiguousArray(items.prefix(end - range.lowerBound)), at: range.lowerBound..<end)
    if let first = duplicates.first {
      let error = PagingError.duplicateItems(
        position: range.lowerBound + first, count: duplicates.count)
      lastRefusal = error
      _fail(target, error)
      items.removeLast(items.count - first)
    }
    if duplicates.isEmpty, items.count < end - range.lowerBound {
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
          start: start, items: slice, shown: slice, span: span, kind: .positional,
          generation: _generation, serial: serial))
      start += span
    }
  }

  /// Places the missing items of a short page after the ones it kept, as
  /// one page, if the page is still the one the rest was asked for.
  private mutating func _placeRest(
    _ range: Range<Int>, _ page: PositionalPage<Item>, of start: Int, storedBy stored: Int,
    serial: Int
  ) {
    guard let index = _pageIndex(startingAt: start), _pages[index].serial == stored,
      _pages[index].generation == _generation
    else {
      _counts.discardedResponses += 1
      return
    }
    var items = page.items
    if items.count > range.count {
      lastRefusal = .moreItemsThanRequested(
        position: range.lowerBound, extra: items.count - range.count)
      items.removeLast(items.count - range.count)
    }
    let whole = PositionalPage(
      items: Array(_pages[index].items) + items, totalCount: page.totalCount)
    _placePositional(
      start..<range.upperBound, whole, serial: serial, target: .rest(start, serial: stored))
  }

  // MARK: - Keyed

  /// Places a keyed page: where it starts depends on what it was loaded
  /// for; then the items other pages show are dropped, the page stored, and
  /// the known bounds moved by it.
  private mutating func _placeKeyed(
    _ page: Page<Key, Item>, for target: _Target, request: PageRequest<Key>, serial: Int
  ) {
    let start: Int?
    switch target {
    case .first: start = _admitFirstPage(page)
    case .jump(let position): start = _admitJumpPage(page, at: position, for: target)
    case .after(let end): start = _admitPage(page, after: end, for: target, request: request)
    case .before(let edgeStart):
      start = _admitPage(page, before: edgeStart, for: target, request: request)
    case .positions, .rest: start = nil
    }
    guard let start,
      let (items, page, placed) = _dropDuplicates(page, at: start, for: target)
    else { return }
    let end = placed + items.count
    guard end - Swift.min(placed, _known.start) <= Self._maximumSpan else {
      lastRefusal = .itemCountOutOfBounds(claimed: items.count)
      return
    }
    var leadsForward = true
    if case .before = target { leadsForward = false }
    let keys = _PageKeys(
      key: request.key, previous: page.previousKey, next: page.nextKey, leadsForward: leadsForward)
    _store(
      _StoredPage(
        start: placed, items: items, shown: items, span: items.count, kind: .keyed(keys),
        generation: _generation, serial: serial))
    _extendKnownBounds(to: placed..<end, by: page, for: target)
  }

  /// Admits the first page of a generation and returns where it starts: at
  /// its position from the start of the data, if the source says it (no
  /// previous key, or a valid count of items before); else the
  /// generation's coordinates start over (the span and the demand reset).
  private mutating func _admitFirstPage(_ page: Page<Key, Item>) -> Int {
    let before =
      page.previousKey == nil ? 0 : _acceptClaim(page.itemsBefore, used: page.items.count)
    // Without a position from the start of the data, the old visible range
    // means nothing in the new coordinates.
    if !(_known.startReached && before != nil) {
      _known = _KnownSpan()
      _demand = nil
    }
    if before != nil { _known.startReached = true }
    return _known.start + (before ?? 0)
  }

  /// Admits the page at a refresh key, which starts at the position the key
  /// was asked for: that is the key's contract, and counts a page reports
  /// are checked against the span, not trusted to move it. An empty one
  /// fails (`nil`).
  private mutating func _admitJumpPage(
    _ page: Page<Key, Item>, at position: Int, for target: _Target
  ) -> Int? {
    guard !page.items.isEmpty else {
      _fail(target, PagingError.emptyPageInsideData(position: position - _known.start))
      return nil
    }
    return position
  }

  /// Admits an appended page, which starts where the page it joins ends, by that page's
  /// next key. No key check on the page itself: its previous key names the
  /// page before it in the source's terms (a "before" cursor, or `start -
  /// pageSize` for page numbers), which need not be the key the joined page
  /// was loaded with. An empty one ends the data there, or fails inside it.
  private mutating func _admitPage(
    _ page: Page<Key, Item>, after end: Int, for target: _Target, request: PageRequest<Key>
  ) -> Int? {
    guard let edge = _freshPage(endingAt: end), _pages[edge].nextKey == request.key else {
      _counts.discardedResponses += 1
      return nil
    }
    guard page.items.isEmpty else { return end }
    _endData(at: end, besidePage: edge, forward: true, for: target)
    return nil
  }

  /// Admits a prepended page, which ends where the page it joins starts, and must lead
  /// to it: its next key is the key that page was loaded with, forward (a
  /// page of another size would overlap it or leave a gap, the duplicates
  /// of page-number keys). A page itself prepended was asked for with a
  /// backward key, which a keyset source's next key never equals: no check
  /// there, so an honest source walks back any distance. An empty one
  /// starts the data there, or fails inside it.
  private mutating func _admitPage(
    _ page: Page<Key, Item>, before edgeStart: Int, for target: _Target,
    request: PageRequest<Key>
  ) -> Int? {
    guard let edge = _freshPage(startingAt: edgeStart), _pages[edge].previousKey == request.key
    else {
      _counts.discardedResponses += 1
      return nil
    }
    if let keys = _pages[edge].kind.keys, keys.leadsForward, let joined = keys.key,
      let key = page.nextKey, key != joined
    {
      _fail(target, PagingError.pageNotAdjacent(expected: "\(joined)", found: "\(key)"))
      return nil
    }
    guard page.items.isEmpty else { return edgeStart - page.items.count }
    _endData(at: edgeStart, besidePage: edge, forward: false, for: target)
    return nil
  }

  /// An empty page loaded from the page at index `edge` towards `forward`:
  /// the data ends at `position` if no more is known beyond it (the edge
  /// page's key that way is dropped), else the empty page is a failure.
  private mutating func _endData(
    at position: Int, besidePage edge: Int, forward: Bool, for target: _Target
  ) {
    guard forward ? position >= _known.end : position <= _known.start else {
      _fail(target, PagingError.emptyPageInsideData(position: position - _known.start))
      return
    }
    if forward {
      _pages[edge].nextKey = nil
      _setKnownEnd(position)
    } else {
      _pages[edge].previousKey = nil
      _setKnownStart(position)
    }
  }

  /// Drops the page's items that other pages show (the same items under
  /// another key, a cursor that went back) and returns the rest, with the
  /// counts it claims moved by what it drops and where they start; `nil`,
  /// recorded as the direction's failure, with none left. The page keeps the run of items that stays
  /// contiguous: a prepended page its items before the first repeated one
  /// (it ends where the page it joins starts), any other its items after
  /// the last one.
  private mutating func _dropDuplicates(
    _ page: Page<Key, Item>, at start: Int, for target: _Target
  ) -> (items: ContiguousArray<Item>, page: Page<Key, Item>, start: Int)? {
    var items = ContiguousArray(page.items)
    var page = page
    var start = start
    let tentative = start..<start + items.count
    let duplicates = _duplicates(of: items, at: tentative)
    guard let first = duplicates.first, let last = duplicates.last else {
      return (items, page, start)
    }
    let error = PagingError.duplicateItems(
      position: start - _known.start, count: duplicates.count)
    lastRefusal = error
    if case .before = target {
      page.itemsAfter = _shiftClaim(page.itemsAfter, by: items.count - first)
      items.removeLast(items.count - first)
      start = tentative.upperBound - items.count
    } else {
      page.itemsBefore = _shiftClaim(page.itemsBefore, by: last + 1)
      items.removeFirst(last + 1)
      // A page placed by its position (the first, a jump) keeps its items
      // at theirs; an appended one still starts where the page it joins
      // ends.
      if case .after = target {} else { start += last + 1 }
    }
    guard !items.isEmpty else {
      _fail(target, error)
      return nil
    }
    return (items, page, start)
  }

  /// Moves the known bounds to take in a page stored at `span`. The latest
  /// counts the source gives win, as a positional source's total does: the
  /// data may have grown or shrunk since the last page. A missing key says
  /// an end is reached only on the side the page was loaded towards: an
  /// appended page without a previous key is a forward-only cursor's (it
  /// has no way back, and the data before it is loaded), and a prepended
  /// page's next key is the page it joins.
  private mutating func _extendKnownBounds(
    to span: Range<Int>, by page: Page<Key, Item>, for target: _Target
  ) {
    _known.widen(to: span)
    var appended = false
    var prepended = false
    switch target {
    case .after: appended = true
    case .before: prepended = true
    default: break
    }
    if page.previousKey == nil && !appended {
      _reportClaimPastEnd(page.itemsBefore)
      _setKnownStart(span.lowerBound)
    } else if let before = _acceptClaim(page.itemsBefore, used: _known.end - span.lowerBound) {
      _setKnownStart(span.lowerBound - before)
    }
    if page.nextKey == nil && !prepended {
      _reportClaimPastEnd(page.itemsAfter)
      _setKnownEnd(span.upperBound)
    } else if let after = _acceptClaim(page.itemsAfter, used: span.upperBound - _known.start) {
      _setKnownEnd(span.upperBound + after)
    }
  }

  /// Reports a count claimed where the page says the data ends (no key
  /// that way): the claim is ignored.
  private mutating func _reportClaimPastEnd(_ claimed: Int?) {
    guard let claimed, claimed != 0 else { return }
    lastRefusal = claimed > 0 ? .itemsBeyondEnd(claimed) : .itemCountOutOfBounds(claimed: claimed)
  }

  /// Shifts a claimed count by the items a page dropped; a claim that
  /// would overflow is dropped and reported.
  private mutating func _shiftClaim(_ claim: Int?, by dropped: Int) -> Int? {
    guard let claim else { return nil }
    let (sum, overflow) = claim.addingReportingOverflow(dropped)
    if overflow { lastRefusal = .itemCountOutOfBounds(claimed: claim) }
    return overflow ? nil : sum
  }

  /// Accepts a claimed count of items before or after a page, or returns
  /// `nil`: a negative claim, or one that would grow a span of `used`
  /// positions past the maximum, is ignored and reported.
  private mutating func _acceptClaim(_ claimed: Int?, used: Int) -> Int? {
    guard let claimed else { return nil }
    guard claimed >= 0, claimed <= Self._maximumSpan - used else {
      lastRefusal = .itemCountOutOfBounds(claimed: claimed)
      return nil
    }
    return claimed
  }

  // MARK: - Storing

  /// Stores `page`, replacing every page it overlaps.
  private mutating func _store(_ page: _StoredPage) {
    var page = page
    // While a refresh holds the old items, they show the edits: the new
    // pages end edits only when they replace them.
    if _held == nil, _edits.reconcile(page.items, generation: page.generation) {
      _reapplyEdits()
    }
    let identity = _assignIdentity()
    Self._show(_edits, identity: identity, in: &page)
    let lower = _pages._partitioningIndex { $0.end > page.start }
    var last = lower
    while last < _pages.count, _pages[last].start < page.end {
      last += 1
    }
    _replacePages(lower..<last, with: CollectionOfOne(page))
  }

  /// Replaces the pages at `indices` (of `_pages`) by `pages`: the one
  /// path that changes which pages are loaded, keeping the loaded keys and
  /// what changed since the last publication.
  internal mutating func _replacePages(
    _ indices: Range<Int>, with pages: some Collection<_StoredPage>
  ) {
    guard !indices.isEmpty || !pages.isEmpty else { return }
    _markDirty(_pages[indices])
    _markDirty(pages)
    for index in indices { _forget(_pages[index]) }
    for page in pages {
      if let key = page.key { _store.loadedKeys[key, default: 0] += 1 }
      _store.shownIDs.add(page.items[...])
    }
    _pages.replaceSubrange(indices, with: pages)
  }

  /// Removes the pages that satisfy `shouldRemove` (given each page's index
  /// in `_pages`, and the page).
  internal mutating func _removePages(where shouldRemove: (Int, _StoredPage) -> Bool) {
    var kept: [_StoredPage] = []
    kept.reserveCapacity(_pages.count)
    for index in _pages.indices {
      if shouldRemove(index, _pages[index]) {
        _markDirty(CollectionOfOne(_pages[index]))
        _forget(_pages[index])
      } else {
        kept.append(_pages[index])
      }
    }
    _pages = kept
  }

  /// The offsets of `items`, to be placed at `positions`, whose items other
  /// pages show (or an earlier item of `items`).
  private func _duplicates(
    of items: ContiguousArray<Item>, at positions: Range<Int>
  ) -> [Int] {
    let lower = _pages._partitioningIndex { $0.end > positions.lowerBound }
    let upper = _pages[lower...]._partitioningIndex { $0.start >= positions.upperBound }
    var replaced: [Item] = []
    for index in lower..<upper { replaced.append(contentsOf: _pages[index].items) }
    return _store.shownIDs.duplicates(in: items, replacing: replaced[...])
  }

  /// Forgets what a page that leaves `_pages` held: its key, its items'
  /// ids, a retry's wish for its rest.
  private mutating func _forget(_ page: _StoredPage) {
    if let key = page.key { _forgetKey(key) }
    _store.shownIDs.remove(page.items[...])
    _loads.rests[page.start] = nil
  }

  private mutating func _forgetKey(_ key: Key) {
    if let count = _store.loadedKeys[key], count > 1 {
      _store.loadedKeys[key] = count - 1
    } else {
      _store.loadedKeys[key] = nil
    }
  }

  /// The data ends at `end`: pages beyond it are gone, a page across it is
  /// cut, and what a source claimed beyond a page with no next key is
  /// reported.
  internal mutating func _setKnownEnd(_ end: Int) {
    if let last = _pages.last, last.end > end {
      _markDirty(_pages[_pages._partitioningIndex { $0.end > end }...])
      _replacePages(_pages._partitioningIndex { $0.start >= end }..<_pages.count, with: [])
      if let last = _pages.indices.last, _pages[last].end > end {
        let kept = end - _pages[last].start
        _pages[last].span = kept
        let cut = Swift.max(0, _pages[last].items.count - kept)
        _store.shownIDs.remove(_pages[last].items.suffix(cut)[...])
        _pages[last].items.removeLast(cut)
        let identity = _assignIdentity()
        Self._show(_edits, identity: identity, in: &_pages[last])
      }
    } else if _known.end > end, _pages.last?.end == end, _pages.last?.generation == _generation {
      // The data ends right after a loaded page, but a count said more.
      lastRefusal = .itemsBeyondEnd(_known.end - end)
    }
    _known.reachEnd(at: end)
  }

  /// The data starts at `start`.
  internal mutating func _setKnownStart(_ start: Int) {
    if start > _known.start {
      if _pages.first?.start == start, _pages.first?.generation == _generation {
        lastRefusal = .itemsBeyondEnd(start - _known.start)
      }
      _replacePages(0..<_pages._partitioningIndex { $0.start >= start }, with: [])
    }
    _known.reachStart(at: start)
  }

  // MARK: - Memory cap

  /// Drops the pages farthest from the visible range until at most
  /// `maximumLoadedPages` remain; pages the visible range overlaps, a
  /// positional source's demanded pages, and pages that show a local edit
  /// changing the rows (its placeholders would not count them, and a moved
  /// item would show twice or not at all), are never dropped.
  internal mutating func _dropFarPages() {
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
      .filter { !_edits.changesRows(of: _pages[$0].items) }
      .sorted { distance(_pages[$0]) > distance(_pages[$1]) }
    let dropped = Set(candidates.prefix(_pages.count - maximum))
    guard !dropped.isEmpty else { return }
    _removePages { index, _ in dropped.contains(index) }
  }

  // MARK: - Publishing

  /// Publishes the pages, or a refresh's held ones while it keeps the
  /// reader's place (`_continueHold()`).
  internal mutating func _publish() {
    if let held = _held {
      if _continueHold() {
        _publish(held.pages, start: held.start, end: held.end, held: true)
        return
      }
      _held = nil
      _reconcileEdits()
    }
    _publish(_pages, start: _known.start, end: _known.end, held: false)
  }

  /// Ends the edits that the pages of a later generation supersede, once a
  /// refresh has replaced the old items.
  private mutating func _reconcileEdits() {
    let edits = _edits
    guard !edits.isEmpty else { return }
    var ended = false
    for page in _pages where edits.reconcile(page.items, generation: page.generation) {
      ended = true
    }
    guard ended else { return }
    for index in _pages.indices {
      let identity = _assignIdentity()
      Self._show(edits, identity: identity, in: &_pages[index])
    }
    _markDirty(_pages)
  }

  private mutating func _publish(_ stored: [_StoredPage], start: Int, end: Int, held: Bool) {
    let old = items
    // Where this publication may differ from the last: what changed in the
    // pages, the ends of the span, or everything when it switches between
    // the held and the live pages.
    var window = _publication.dirty ?? start..<start
    _publication.dirty = nil
    func widen(_ a: Int, _ b: Int) {
      guard a != b else { return }
      window = Swift.min(window.lowerBound, a, b)..<Swift.max(window.upperBound, a, b)
    }
    if held != _publication.showedHeld {
      _publication.showedHeld = held
      window = Self._everywhere
    }
    widen(old._origin, start)
    widen(old._coordinateEnd, end)
    let (chunks, pageCount) = Self._chunks(
      replacing: old._chunks, pageCount: old._pageCount, within: window, from: stored)
    let delta = chunks.last?.endDelta ?? 0
    var trigger: _PagingTrigger?
    if configuration.trigger == .indexAdvance, let first = chunks.first, let last = chunks.last {
      let distance = configuration.prefetchDistance
      let lastPage = last.pages[last.pages.count - 1]
      let lastEnd =
        lastPage.sourceStart - start + last.rowDelta + lastPage.rowDelta
        + lastPage.items.count
      trigger = _PagingTrigger(
        appendThreshold: lastEnd - distance,
        prependThreshold: first.sourceStart - start + distance,
        request: _onIndexAdvance ?? { _ in })
    }
    let published = PagedCollection(
      chunks: chunks, pageCount: pageCount, count: end - start + delta, origin: start,
      version: old.version + 1, trigger: trigger)
    _recordChanges(from: old, to: published, within: window)
    items = published
    #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
      _checkInvariants()
      _checkPublication(stored, from: old, within: window)
    #endif
  }

  /// A window that holds every coordinate.
  internal static var _everywhere: Range<Int> { (Int.min / 4)..<(Int.max / 4) }

  /// `old` with the chunks that hold coordinates of `window` rebuilt from
  /// `stored` (the pages to publish, which match `old` outside `window`),
  /// and the number of pages.
  ///
  /// - Complexity: O(pages in the window + *p* / 64), where *p* is the
  ///   number of pages; the rows that edits add or remove in the window
  ///   shift the chunks after it, O(*p* / 64).
  internal static func _chunks(
    replacing old: [PagedCollection<Item>._Chunk], pageCount: Int, within window: Range<Int>,
    from stored: [_StoredPage]
  ) -> ([PagedCollection<Item>._Chunk], Int) {
    typealias Chunk = PagedCollection<Item>._Chunk
    // A chunk's extent, in which an empty page still takes a coordinate.
    func extentEnd(_ chunk: Chunk) -> Int {
      Swift.max(chunk.sourceEnd, chunk.pages[chunk.pages.count - 1].sourceStart + 1)
    }
    var first = old._partitioningIndex { extentEnd($0) > window.lowerBound }
    var last = old[first...]._partitioningIndex { $0.sourceStart >= window.upperBound }
    var lower = window.lowerBound
    var upper = window.upperBound
    func pages() -> Range<Int> {
      if first < last {
        lower = Swift.min(window.lowerBound, old[first].sourceStart)
        upper = Swift.max(window.upperBound, extentEnd(old[last - 1]))
      }
      let from = stored._partitioningIndex { $0.start >= lower }
      return from..<stored[from...]._partitioningIndex { $0.start >= upper }
    }
    var rebuilt = pages()
    // A few pages join a neighbouring chunk, so chunks stay large.
    let capacity = PagedCollection<Item>._chunkCapacity
    if rebuilt.count < capacity / 4 {
      if first > 0 {
        first -= 1
        rebuilt = pages()
      } else if last < old.count {
        last += 1
        rebuilt = pages()
      }
    }
    var chunks: [Chunk] = []
    chunks.reserveCapacity(old.count - (last - first) + rebuilt.count / capacity + 2)
    chunks.append(contentsOf: old[..<first])
    var rowDelta = chunks.last?.endDelta ?? 0
    let pieces = (rebuilt.count + capacity - 1) / capacity
    var next = rebuilt.lowerBound
    for piece in 0..<pieces {
      // Even pieces: pages added one at a time at either end never leave
      // a run of one-page chunks.
      let end = rebuilt.lowerBound + rebuilt.count * (piece + 1) / pieces
      var pages: [PagedCollection<Item>._Page] = []
      pages.reserveCapacity(end - next)
      var pageDelta = 0
      for page in stored[next..<end] {
        pages.append(
          .init(
            sourceStart: page.start, sourceCount: page.items.count, items: page.shown,
            rowDelta: pageDelta, identity: page.identity))
        pageDelta += page.shown.count - page.items.count
      }
      chunks.append(Chunk(rowDelta: rowDelta, pages: pages))
      rowDelta += pageDelta
      next = end
    }
    // The chunks after keep their pages; edits in the window shift them.
    let shift = last < old.count ? rowDelta - old[last].rowDelta : 0
    for var chunk in old[last...] {
      chunk.rowDelta += shift
      chunks.append(chunk)
    }
    let removed = old[first..<last].reduce(0) { $0 + $1.pages.count }
    return (chunks, pageCount - removed + rebuilt.count)
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
        first.start >= _known.start && last.end <= _known.end,
        "Pages \(first.start)..<\(last.end) outside the span \(_known.start)..<\(_known.end)")
    }
    for page in _pages {
      _precondition(page.items.count <= page.span, "A page holds more items than positions")
      _precondition(
        page.generation == _generation,
        "A page of generation \(page.generation) among the pages of \(_generation)")
    }
    var keys: [Key: Int] = [:]
    for page in _pages { if let key = page.key { keys[key, default: 0] += 1 } }
    _precondition(keys == _store.loadedKeys, "The loaded keys are out of step with the pages")
    _precondition(
      _store.shownIDs.matches(_pages.flatMap { $0.items }),
      "The item ids are out of step with the pages")
  }

  /// Traps if the publication built from the chunks and the changes in
  /// `window` differ from those built from all of `stored`.
  private func _checkPublication(
    _ stored: [_StoredPage], from old: PagedCollection<Item>, within window: Range<Int>
  ) {
    let (chunks, count) = Self._chunks(
      replacing: [], pageCount: 0, within: Self._everywhere, from: stored)
    let whole = PagedCollection(
      chunks: chunks, pageCount: count, count: items._count, origin: items._origin,
      version: items.version, trigger: nil)
    _precondition(count == items._pageCount && count == stored.count, "Page count \(count)")
    var pages: [(Int, Int, Int, Int)] = []
    for chunk in items._chunks {
      _precondition(!chunk.pages.isEmpty, "An empty chunk")
      for page in chunk.pages {
        pages.append(
          (page.sourceStart, page.identity, page.items.count, items._row(of: page, in: chunk)))
      }
    }
    var expected: [(Int, Int, Int, Int)] = []
    for chunk in whole._chunks {
      for page in chunk.pages {
        expected.append(
          (page.sourceStart, page.identity, page.items.count, whole._row(of: page, in: chunk)))
      }
    }
    _precondition(
      pages.elementsEqual(expected, by: ==), "Chunks rebuilt in \(window) differ from the pages")
    let partial = RowChanges(from: old, to: items, within: window)
    let full = RowChanges(from: old, to: items, within: Self._everywhere)
    _precondition(partial == full, "Changes in \(window): \(partial), expected \(full)")
  }
}
