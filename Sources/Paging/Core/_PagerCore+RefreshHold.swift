//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// How a refresh keeps the reader's place: the old generation stays
// published until the new one holds the visible range and the item the
// reader saw, searched for a page on each side at a time.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// During a refresh, until the new generation holds the visible range:
  /// the old generation's pages and span, which stay published, so a
  /// publication never mixes generations (whose positions may disagree).
  internal struct _RefreshHold {
    /// The old generation's pages.
    var pages: [_StoredPage]
    /// The old generation's span.
    var start: Int
    var end: Int
    /// The first item the reader saw, which the new pages are searched for
    /// before they replace the old ones.
    var anchor: Item?
    /// How many pages beyond the prefetch on each side the search has
    /// reached.
    var searchRadius = 0
  }

  /// A refresh searches at most this many pages beyond the prefetch on
  /// each side for the item the reader saw.
  internal static var _maximumSearchRadius: Int { 4 }

  /// Holds the pages shown, and the item the reader saw, as a refresh
  /// starts; a refresh during a refresh keeps the first one's hold and
  /// starts its search again.
  internal mutating func _beginHold() {
    if _held == nil, !_pages.isEmpty {
      _held = _RefreshHold(
        pages: _pages, start: _known.start, end: _known.end, anchor: _firstVisibleItem())
    }
    _held?.searchRadius = 0
  }

  /// Goes on holding the old generation's pages while the new ones are not
  /// ready: none is loaded, loads are in flight and the pages do not hold
  /// the visible range yet, or the search for the item the reader saw goes
  /// on. Returns whether the hold goes on.
  internal mutating func _continueHold() -> Bool {
    _pages.isEmpty || !(_loads.inFlight.isEmpty || _holdsDemand()) || _continueAnchorSearch()
  }

  /// The first loaded item of the visible range, as published.
  internal func _firstVisibleItem() -> Item? {
    guard let demand = _demand else { return nil }
    let published = items
    let first = published._row(atCoordinate: demand.lowerBound)
    for position in first..<Swift.min(published.count, first + Swift.max(demand.count, 1)) {
      if let item = published[position] { return item }
    }
    return nil
  }

  /// Goes on searching for the item the reader saw before the new pages
  /// replace the old ones, if the new pages do not hold it: waits for the
  /// loads in flight, or widens the search a page on each side at a time
  /// until it has loads to issue, and issues them. Returns whether the
  /// search goes on.
  private mutating func _continueAnchorSearch() -> Bool {
    guard let anchor = _held?.anchor, !_store.shownIDs.holds(anchor) else { return false }
    if !_loads.inFlight.isEmpty { return true }
    guard configuration.trigger == .visibleRange else { return false }
    while let radius = _held?.searchRadius, radius < Self._maximumSearchRadius {
      _held?.searchRadius = radius + 1
      _schedule()
      if !_loads.inFlight.isEmpty { return true }
    }
    return false
  }

  /// Whether the pages hold every visible position.
  private func _holdsDemand() -> Bool {
    guard let demand = _demand else { return true }
    var cursor = Swift.max(demand.lowerBound, _known.start)
    let end = Swift.min(demand.upperBound, _known.end)
    for page in _pages where page.end > cursor {
      if page.start > cursor { return false }
      cursor = page.end
      if cursor >= end { return true }
    }
    return cursor >= end
  }
}
