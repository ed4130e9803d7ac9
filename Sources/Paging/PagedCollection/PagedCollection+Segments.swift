//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A run of rows of a publication, over the pager's internal coordinates:
/// a page's source items, or the placeholders between pages.
internal struct _Segment {
  var start: Int
  var end: Int
  /// The rows the segment shows: one per coordinate, unless local edits
  /// changed a page's length.
  var rows: Int
  /// 0 for placeholders; for a page, the identity of its content.
  var identity: Int
  /// The position of the segment's first row.
  var row: Int
  var isUniform: Bool { rows == end - start }
}

extension PagedCollection {
  /// The internal coordinate just after the last position.
  internal var _coordinateEnd: Int { _origin + _count - (_chunks.last?.endDelta ?? 0) }

  /// The segment holding internal coordinate `coordinate`, or `nil` outside
  /// the collection.
  ///
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  internal func _segment(atCoordinate coordinate: Int) -> _Segment? {
    let end = _coordinateEnd
    guard coordinate >= _origin, coordinate < end else { return nil }
    let low = _chunks._partitioningIndex { $0.sourceStart > coordinate }
    guard low > 0 else {
      let next = Swift.min(_chunks.first?.sourceStart ?? end, end)
      return _Segment(start: _origin, end: next, rows: next - _origin, identity: 0, row: 0)
    }
    let chunkIndex = low - 1
    let chunk = _chunks[chunkIndex]
    let pageIndex = chunk.pages._partitioningIndex { $0.sourceStart > coordinate } - 1
    let page = chunk.pages[pageIndex]
    let row = _row(of: page, in: chunk)
    if coordinate < page.sourceEnd {
      return _Segment(
        start: page.sourceStart, end: page.sourceEnd, rows: page.items.count,
        identity: page.identity, row: row)
    }
    let next =
      pageIndex + 1 < chunk.pages.count
      ? chunk.pages[pageIndex + 1].sourceStart
      : chunkIndex + 1 < _chunks.count ? _chunks[chunkIndex + 1].sourceStart : end
    return _Segment(
      start: page.sourceEnd, end: next, rows: next - page.sourceEnd, identity: 0,
      row: row + page.items.count)
  }

  /// Whether a loaded item may be at one of `positions`: `false` only if
  /// every one is a placeholder.
  ///
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  internal func _mayHoldItems(in positions: Range<Int>) -> Bool {
    guard !positions.isEmpty, let (page, row) = _page(atOrBefore: positions.upperBound - 1)
    else { return false }
    // Pages do not overlap: one that ends before the range has no later
    // page in it but this one.
    return row + page.items.count > positions.lowerBound || row >= positions.lowerBound
  }

  /// Calls `body` with each loaded item at `positions` and its position, in
  /// order.
  ///
  /// - Complexity: O(log *p* + the pages and items at `positions`).
  internal func _forEachItem(in positions: Range<Int>, _ body: (Int, Item) -> Void) {
    guard !positions.isEmpty else { return }
    // The last chunk that starts at or before the range, and on.
    let low = _chunks._partitioningIndex { _row(of: $0.pages[0], in: $0) > positions.lowerBound }
    for chunk in _chunks[Swift.max(0, low - 1)...] {
      for page in chunk.pages {
        let row = _row(of: page, in: chunk)
        if row >= positions.upperBound { return }
        let overlap = positions.clamped(to: row..<row + page.items.count)
        for position in overlap {
          body(position, page.items[page.items.startIndex + position - row])
        }
      }
    }
  }

  /// The position of the first row at or after internal coordinate
  /// `coordinate`, which starts a segment (or lies outside the collection).
  internal func _row(atCoordinate coordinate: Int) -> Int {
    if coordinate <= _origin { return 0 }
    guard let segment = _segment(atCoordinate: coordinate) else { return _count }
    return segment.row + Swift.min(coordinate - segment.start, segment.rows)
  }

  /// Whether internal coordinate `coordinate` is inside the collection.
  internal func _holds(coordinate: Int) -> Bool {
    coordinate >= _origin && coordinate < _coordinateEnd
  }

  /// The rows of the coordinates `x..<y` (whole segments where edits make
  /// rows and coordinates differ): how many, the identity they share, if
  /// any, and whether every row is one coordinate.
  internal func _rows(from x: Int, to y: Int) -> (count: Int, identity: Int?, isUniform: Bool) {
    var count = 0
    var identity: Int?
    var isUniform = true
    var cursor = Swift.max(x, _origin)
    let stop = Swift.min(y, _coordinateEnd)
    var first = true
    while cursor < stop, let segment = _segment(atCoordinate: cursor) {
      let upper = Swift.min(segment.end, stop)
      count += segment.isUniform ? upper - cursor : segment.rows
      isUniform = isUniform && segment.isUniform
      identity = first ? segment.identity : (identity == segment.identity ? identity : nil)
      first = false
      cursor = segment.isUniform ? upper : segment.end
    }
    return (count, identity, isUniform)
  }
}
