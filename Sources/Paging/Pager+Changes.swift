//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// What changed between two publications of a `Pager`, by position, in the
/// package's one change vocabulary (`RowChanges`): rows removed (in the old
/// positions), rows inserted (in the new positions), and rows that stayed
/// but whose content changed (in the new positions: placeholders that
/// loaded, items dropped to placeholders, items replaced or edited).
///
/// Several publications compose into one (`RowChanges(composing:)`), which
/// `VirtualList.apply(_:from:)` does for a list that missed several.
public typealias PagedChanges = RowChanges

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
}

extension PagedChanges {
  /// The changes from `old` to `new`, which show the same segments outside
  /// `window` (internal coordinates): a walk over the segments of both
  /// inside it, O(segments in the window × log *p*).
  internal init<Item>(
    from old: PagedCollection<Item>, to new: PagedCollection<Item>, within window: Range<Int>
  ) {
    let low = Swift.min(old._origin, new._origin)
    let high = Swift.max(old._coordinateEnd, new._coordinateEnd)
    var x = Swift.max(window.lowerBound, low)
    let stop = Swift.min(window.upperBound, high)
    guard x < stop else {
      self.init()
      return
    }
    // Start where a segment of both begins: rows before it are the same.
    var aligned = false
    while !aligned {
      aligned = true
      for segment in [old._segment(atCoordinate: x), new._segment(atCoordinate: x)] {
        if let segment, segment.start < x {
          x = segment.start
          aligned = false
        }
      }
    }
    var oldRow = old._row(atCoordinate: x)
    var newRow = new._row(atCoordinate: x)
    var removed: [Range<Int>] = []
    var inserted: [Range<Int>] = []
    var updated: [Range<Int>] = []
    func add(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
      guard !range.isEmpty else { return }
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    func rows(
      _ layout: PagedCollection<Item>, _ x: Int, _ y: Int
    ) -> (
      count: Int, identity: Int?, uniform: Bool
    ) {
      var count = 0
      var identity: Int?
      var uniform = true
      var cursor = Swift.max(x, layout._origin)
      let stop = Swift.min(y, layout._coordinateEnd)
      var first = true
      while cursor < stop, let segment = layout._segment(atCoordinate: cursor) {
        let upper = Swift.min(segment.end, stop)
        count += segment.isUniform ? upper - cursor : segment.rows
        uniform = uniform && segment.isUniform
        identity = first ? segment.identity : (identity == segment.identity ? identity : nil)
        first = false
        cursor = segment.isUniform ? upper : segment.end
      }
      return (count, identity, uniform)
    }
    while x < stop {
      // A block ends at the next boundary of either layout, widened to
      // whole segments where edits make rows and coordinates differ.
      var y = high
      for layout in [old, new] {
        if x < layout._origin { y = Swift.min(y, layout._origin) }
        if let segment = layout._segment(atCoordinate: x) { y = Swift.min(y, segment.end) }
      }
      var widened = true
      while widened {
        widened = false
        for layout in [old, new] {
          for probe in [y - 1, x] {
            if let segment = layout._segment(atCoordinate: probe), !segment.isUniform,
              segment.end > y
            {
              y = segment.end
              widened = true
            }
          }
        }
      }
      let before = rows(old, x, y)
      let after = rows(new, x, y)
      let inOld = x >= old._origin && x < old._coordinateEnd
      let inNew = x >= new._origin && x < new._coordinateEnd
      if inOld && inNew && before.identity != nil && before.identity == after.identity
        && before.count == after.count
      {
        // The same placeholders, or the same page: nothing changed.
      } else if inOld && inNew && before.count == after.count && before.uniform && after.uniform {
        add(newRow..<newRow + after.count, to: &updated)
      } else {
        add(oldRow..<oldRow + before.count, to: &removed)
        add(newRow..<newRow + after.count, to: &inserted)
      }
      oldRow += before.count
      newRow += after.count
      x = y
    }
    self.init(removed: removed, inserted: inserted, updated: updated)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// See `Pager.changes(since:)`.
  public func changes(since version: Int) -> [PagedChanges]? {
    if version == items.version { return [] }
    guard let first = _changeLog.first, version >= first.version - 1, version < items.version
    else { return nil }
    return _changeLog.filter { $0.version > version }.map { $0.changes }
  }

  /// Records the changes of the publication of `new`, which replaces
  /// `old` and shows the same segments outside `window`.
  internal mutating func _recordChanges(
    from old: PagedCollection<Item>, to new: PagedCollection<Item>, within window: Range<Int>
  ) {
    let changes = Self._withShifts(
      PagedChanges(from: old, to: new, within: window), from: old, to: new)
    _changeLog.append((new.version, changes))
    if _changeLog.count > 64 { _changeLog.removeFirst(_changeLog.count - 64) }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// `changes` (by position, from `old` to `new`) where rows they call
  /// updated now show an item with another identity (a refresh that found
  /// rows inserted or deleted above, a page loaded again with other
  /// items): those rows are removed and inserted instead, and each item
  /// shown among them before and after is reported moved. A list that
  /// follows the pager then keeps the item read where it was on screen.
  ///
  /// - Complexity: O(updated rows × ranges), and nothing for items that are
  ///   not `Identifiable`.
  internal static func _withShifts(
    _ changes: PagedChanges, from old: PagedCollection<Item>, to new: PagedCollection<Item>
  ) -> PagedChanges {
    guard !changes.updated.isEmpty, let type = Item.self as? any (Identifiable & Sendable).Type
    else {
      return changes
    }
    return _shifts(type, changes, old, new)
  }

  private static func _shifts<T: Identifiable & Sendable>(
    _: T.Type, _ changes: PagedChanges, _ old: PagedCollection<Item>,
    _ new: PagedCollection<Item>
  ) -> PagedChanges {
    // `T` is `Item`: one cast per publication, then typed ids.
    let old = old as! PagedCollection<T>
    let new = new as! PagedCollection<T>
    // A publication that only loads placeholders, or only drops pages, has
    // no item on one side of its updated rows: nothing can have moved.
    // An item moves from an updated row to an updated or inserted one (a
    // refresh that searched past the old end finds it in a new row).
    var itemsBefore = false
    var itemsAfter = false
    for range in changes.updated {
      let first = changes.oldPosition(ofRowAt: range.lowerBound) ?? 0
      let last = changes.oldPosition(ofRowAt: range.upperBound - 1) ?? old.count - 1
      itemsBefore = itemsBefore || old._mayHoldItems(in: first..<last + 1)
      itemsAfter = itemsAfter || new._mayHoldItems(in: range)
    }
    for range in changes.inserted where !itemsAfter {
      itemsAfter = new._mayHoldItems(in: range)
    }
    guard itemsBefore && itemsAfter else { return changes }
    // The items of the updated and inserted rows, and of the updated rows
    // before, in the coordinates after `changes`.
    var after: [T.ID: Int] = [:]
    for range in changes.updated + changes.inserted {
      new._forEachItem(in: range) { position, item in after[item.id] = position }
    }
    guard !after.isEmpty else { return changes }
    var oldIDAt: [Int: T.ID] = [:]
    var before: [T.ID: Int] = [:]
    for range in changes.updated {
      for position in range {
        if let item = changes.oldPosition(ofRowAt: position).flatMap({ old[$0] }) {
          oldIDAt[position] = item.id
          before[item.id] = position
        }
      }
    }
    guard !oldIDAt.isEmpty else { return changes }
    var replaced = Set<Int>()
    for (position, oldID) in oldIDAt {
      // An item replaced by another one; a placeholder that loads, or an
      // item dropped to a placeholder, stays an update unless it moves.
      if let newID = new[position]?.id, newID != oldID { replaced.insert(position) }
    }
    var moves: [RowChanges.Move] = []
    for (id, to) in after {
      guard let from = before[id], from != to else { continue }
      moves.append(RowChanges.Move(from: from, to: to))
      replaced.insert(from)
      replaced.insert(to)
    }
    guard !replaced.isEmpty else { return changes }
    var runs: [Range<Int>] = []
    for position in replaced.sorted() {
      if let last = runs.last, last.upperBound == position {
        runs[runs.count - 1] = last.lowerBound..<position + 1
      } else {
        runs.append(position..<position + 1)
      }
    }
    // In the coordinates after `changes`: the replaced rows removed and
    // inserted again, an item found on both sides moved.
    return changes.followed(
      by: RowChanges(removed: runs, inserted: runs, moved: moves.sorted { $0.from < $1.from }))
  }
}
