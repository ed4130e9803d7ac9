//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension WindowingEngine {
  /// Applies a change of the data by position (a `RowChanges` from an
  /// adapter's edit, a pager's publications, or a difference): the layout
  /// follows it, and the reader keeps their place by the rules of
  /// `Anchoring`.
  ///
  /// ```swift
  /// import IdentityDiff
  /// import Windowing
  ///
  /// var engine = WindowingEngine(
  ///   layout: FixedLengthLayout(itemCount: 100, itemLength: 40), viewport: Viewport(length: 400))
  /// _ = engine.scroll(toOffset: 400)                        // item 10 at the top
  /// engine.apply(RowChanges(insertions: [0..<5]))      // five items above it
  /// assert(engine.visibleRange.lowerBound == 15 && engine.viewport.offset == 600)
  /// ```
  ///
  /// A moved row (`changes.moves`) counts as a survivor: the reader's place,
  /// a pinned row and a measured length follow it. Updated rows keep their
  /// positions; the engine reads nothing of them. An aimed scroll
  /// (`scroll(toPosition:alignment:)`) whose row survives keeps aiming at
  /// it, at its new position: a jump lands on its row although the pages
  /// around it load meanwhile. It ends when its row is removed, or when the
  /// list follows the end (`.chat` or `.assistant` anchoring) and is there.
  ///
  /// - Parameter changes: Removals in the old positions and insertions in
  ///   the new, ascending and disjoint, within the item count, and moves of
  ///   removed rows to inserted ones; traps otherwise, naming the range or
  ///   the move.
  /// - Complexity: O(ranges) plus the layout's cost of each range: O(log n)
  ///   for the fixed layouts, the layout's insertion or removal cost for a
  ///   measured one.
  @discardableResult
  public mutating func apply(_ changes: RowChanges) -> WindowChange {
    let oldCount = _layout.itemCount
    _checkRanges(changes.deletions, count: oldCount, "Removed")
    let newCount = changes.newCount(from: oldCount)
    _checkRanges(changes.insertions, count: newCount, "Inserted")
    for move in changes.moves {
      _precondition(
        _contains(changes.deletions, move.from) && _contains(changes.insertions, move.to),
        "Move \(move.from) to \(move.to) is not of a removed row to an inserted one")
    }
    let target = _anchorTarget(changes, oldCount: oldCount)
    // At the end of a list that follows it, the end wins over an aim (a
    // "jump to latest" in a chat, then a new message).
    var aim = _followsEnd && _isAtEnd(contentLength: _lastContentLength) ? nil : _scrollAim
    if let old = aim {
      aim = changes.newPosition(ofRowAt: old.position).map { position in
        var aim = old
        aim.position = position
        // Measured since the scroll: the positions that survive, where they are now.
        aim.measured = Set(old.measured.compactMap { changes.newPosition(ofRowAt: $0) })
        return aim
      }
    }
    _wasVisible = _survivors(of: _visible, changes)
    _layout.apply(changes)
    _remapPinned { changes.newPosition(ofRowAt: $0) }
    if let prompt = _prompt { _prompt = changes.newPosition(ofRowAt: prompt) }
    guard let aim else { return _reanchor(target) }
    _scrollAim = aim
    return _land(aim)
  }

  /// The new positions from the lowest to the highest of the rows of
  /// `range` that survive `changes` in place (with any row inserted between
  /// them); if none stayed in place, of those that moved. The measurements
  /// that follow a change keep the rows the change kept (`Anchoring`).
  ///
  /// - Complexity: O(log ranges + log moves) for each row of `range`.
  internal func _survivors(of range: Range<Int>, _ changes: RowChanges) -> Range<Int> {
    var lowest = Int.max
    var highest = Int.min
    var moved: [Int] = []
    for position in range {
      guard let new = changes.newPosition(ofRowAt: position) else { continue }
      if _contains(changes.deletions, position) {
        moved.append(new)
        continue
      }
      lowest = Swift.min(lowest, new)
      highest = Swift.max(highest, new)
    }
    if lowest > highest, let low = moved.min(), let high = moved.max() {
      (lowest, highest) = (low, high)
    }
    return lowest <= highest ? lowest..<highest + 1 : 0..<0
  }

  /// Traps unless `ranges` are ascending, disjoint and within `0..<count`,
  /// naming the first that is not.
  internal func _checkRanges(_ ranges: [Range<Int>], count: Int, _ name: String) {
    var end = 0
    for range in ranges {
      _precondition(
        range.lowerBound >= end && range.upperBound <= count,
        "\(name) range \(range) is out of order or out of range 0..<\(count)")
      end = range.upperBound
    }
  }
}
