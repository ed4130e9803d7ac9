//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// What changed between two publications of a `Pager`, by position, in the
/// package's one change vocabulary (`RowChanges`): rows removed (in the old
/// positions), rows inserted (in the new positions), and rows that stayed
/// but whose content changed (in the new positions: placeholders that
/// loaded, items dropped to placeholders, items replaced or edited).
///
/// Several publications compose into one (`RowChanges(composing:)`), which
/// `VirtualList.apply(_:from:)` does for a list that missed several.
public typealias PagedChanges = RowChanges

/// The rows of a publication, as runs over the pager's internal
/// coordinates: each placeholder run and each page is one segment.
internal struct _PublishedLayout {
  struct Segment {
    var start: Int
    var end: Int
    /// The rows the segment shows: one per coordinate, unless local edits
    /// changed a page's length.
    var rows: Int
    /// 0 for placeholders; for a page, the identity of its shown items'
    /// buffer (a page stored or edited again has a new one).
    var identity: UInt
    var isUniform: Bool { rows == end - start }
  }

  var start = 0
  var end = 0
  var segments: [Segment] = []

  /// The segment holding `coordinate`, by binary search.
  func segment(at coordinate: Int) -> Segment? {
    guard coordinate >= start, coordinate < end else { return nil }
    var low = 0
    var high = segments.count
    while low < high {
      let mid = (low + high) / 2
      if segments[mid].end <= coordinate { low = mid + 1 } else { high = mid }
    }
    return segments[low]
  }
}

extension PagedChanges {
  /// The changes from `old` to `new`: a walk over both layouts' segments,
  /// O(segments).
  internal init(from old: _PublishedLayout, to new: _PublishedLayout) {
    let low = Swift.min(old.start, new.start)
    let high = Swift.max(old.end, new.end)
    var oldRow = 0
    var newRow = 0
    var x = low
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
    while x < high {
      // A block ends at the next boundary of either layout, widened to
      // whole segments where edits make rows and coordinates differ.
      var y = high
      for layout in [old, new] {
        if x < layout.start { y = Swift.min(y, layout.start) }
        if let segment = layout.segment(at: x) { y = Swift.min(y, segment.end) }
      }
      var widened = true
      while widened {
        widened = false
        for layout in [old, new] {
          if let segment = layout.segment(at: y - 1), !segment.isUniform, segment.end > y {
            y = segment.end
            widened = true
          }
          if let segment = layout.segment(at: x), !segment.isUniform, segment.end > y {
            y = segment.end
            widened = true
          }
        }
      }
      func rows(_ layout: _PublishedLayout) -> (count: Int, identity: UInt?, uniform: Bool) {
        var count = 0
        var identity: UInt?
        var uniform = true
        var cursor = Swift.max(x, layout.start)
        let stop = Swift.min(y, layout.end)
        var first = true
        while cursor < stop, let segment = layout.segment(at: cursor) {
          let upper = Swift.min(segment.end, stop)
          count += segment.isUniform ? upper - cursor : segment.rows
          uniform = uniform && segment.isUniform
          identity = first ? segment.identity : (identity == segment.identity ? identity : nil)
          first = false
          cursor = segment.isUniform ? upper : segment.end
        }
        return (count, identity, uniform)
      }
      let before = rows(old)
      let after = rows(new)
      let inOld = x >= old.start && x < old.end
      let inNew = x >= new.start && x < new.end
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
extension Pager {
  /// The changes from the publication `version` (a `PagedCollection`'s
  /// `version`) to the current one, one batch per publication in order, or
  /// `nil` if `version` is too old (more than 64 publications ago) or not
  /// this pager's: then reload the list from `items`.
  ///
  /// - Complexity: O(publications since `version`).
  public func changes(since version: Int) -> [PagedChanges]? {
    if version == items.version { return [] }
    guard let first = _changeLog.first, version >= first.version - 1, version < items.version
    else { return nil }
    return _changeLog.filter { $0.version > version }.map(\.changes)
  }

  /// The layout of the stored pages over `start..<end`.
  internal func _layout(_ stored: [_StoredPage], start: Int, end: Int) -> _PublishedLayout {
    var layout = _PublishedLayout(start: start, end: end)
    layout.segments.reserveCapacity(stored.count * 2 + 1)
    var cursor = start
    for page in stored {
      if page.start > cursor {
        layout.segments.append(
          .init(start: cursor, end: page.start, rows: page.start - cursor, identity: 0))
      }
      let identity = page.shown.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      layout.segments.append(
        .init(
          start: page.start, end: page.end, rows: page.shown.count + page.span - page.items.count,
          identity: identity))
      cursor = page.end
    }
    if end > cursor {
      layout.segments.append(.init(start: cursor, end: end, rows: end - cursor, identity: 0))
    }
    return layout
  }

  /// Records the changes of the publication of `new` (over `layout`),
  /// which replaces `old`.
  internal func _recordChanges(
    to layout: _PublishedLayout, version: Int, from old: PagedCollection<Item>,
    to new: PagedCollection<Item>
  ) {
    let changes = Self._withShifts(
      PagedChanges(from: _publishedLayout, to: layout), from: old, to: new)
    _publishedLayout = layout
    _changeLog.append((version, changes))
    if _changeLog.count > 64 { _changeLog.removeFirst(_changeLog.count - 64) }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Pager {
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
    guard !changes.updated.isEmpty, Item.self is any Identifiable.Type else { return changes }
    // The items of the updated rows on both sides, in the coordinates after
    // `changes`.
    // Updated rows that showed an item: a publication that only loads
    // placeholders has none, and costs no more.
    var oldIDAt: [Int: AnyHashable] = [:]
    var before: [AnyHashable: Int] = [:]
    for range in changes.updated {
      for position in range {
        if let oldItem = changes.oldPosition(ofRowAt: position).flatMap({ old[$0] }),
          let oldID = _identity(oldItem)
        {
          oldIDAt[position] = oldID
          before[oldID] = position
        }
      }
    }
    guard !oldIDAt.isEmpty else { return changes }
    var after: [AnyHashable: Int] = [:]
    var replaced = Set<Int>()
    for range in changes.updated {
      for position in range {
        guard let newID = new[position].flatMap(_identity) else { continue }
        after[newID] = position
        // An item replaced by another one; a placeholder that loads, or an
        // item dropped to a placeholder, stays an update unless it moves.
        if let oldID = oldIDAt[position], oldID != newID { replaced.insert(position) }
      }
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

/// An item's identity, if it has one.
internal func _identity(_ item: some Sendable) -> AnyHashable? {
  guard let identifiable = item as? any Identifiable else { return nil }
  return _anyHashableID(identifiable)
}

private func _anyHashableID(_ item: some Identifiable) -> AnyHashable { AnyHashable(item.id) }
