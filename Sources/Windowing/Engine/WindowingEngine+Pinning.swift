//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension WindowingEngine {
  /// The positions kept materialized whatever the scroll, ascending.
  ///
  /// - Complexity: O(1).
  public var pinned: [Int] { _pinned }

  /// The positions of section headers, ascending: the one of the section at
  /// the top stays materialized and is placed by `stickyHeader`.
  ///
  /// - Complexity: O(1).
  public var stickyHeaders: [Int] { _stickyHeaders }

  /// Keeps `positions` materialized whatever the scroll.
  ///
  /// - Parameter positions: Positions in `0..<itemCount`, in any order;
  ///   traps on one out of range, naming it.
  /// - Complexity: O(k log k) for k positions.
  public mutating func setPinned(_ positions: some Sequence<Int>) {
    _pinned = _sortedPositions(positions)
  }

  /// Sets the positions of section headers, for sticky placement.
  ///
  /// - Parameter positions: Positions in `0..<itemCount`, in any order;
  ///   traps on one out of range, naming it.
  /// - Complexity: O(h log h) for h headers.
  public mutating func setStickyHeaders(_ positions: some Sequence<Int>) {
    _stickyHeaders = _sortedPositions(positions)
  }

  /// The sticky header for the current viewport: the last header whose
  /// frame starts at or above the top of the unobscured region, placed at
  /// that top (or at its own frame, or pushed up by the next header); `nil`
  /// above the first header, or without headers.
  ///
  /// - Complexity: O(log h × log n) for h headers.
  public var stickyHeader: StickyHeader? {
    let top = _viewport.unobscuredRegion.lowerBound
    // The last header whose frame starts at or before the top.
    let low = _stickyHeaders._partitioningIndex { _layout.frame(of: $0).mainOffset > top }
    guard low > 0 else { return nil }
    let position = _stickyHeaders[low - 1]
    let frame = _layout.frame(of: position)
    var offset = Swift.max(frame.mainOffset, top)
    if low < _stickyHeaders.count {
      offset = Swift.min(
        offset, _layout.frame(of: _stickyHeaders[low]).mainOffset - frame.mainLength)
    }
    offset = Swift.max(offset, frame.mainOffset)
    return StickyHeader(position: position, offset: offset, isDetached: offset != frame.mainOffset)
  }

  /// The positions materialized besides the window, ascending: the pinned
  /// ones and the sticky header, where the window does not hold them.
  ///
  /// - Complexity: O(p + log h × log n) for p pinned positions.
  public var rowsOutsideWindow: [Int] {
    var positions = _pinned.filter { !_window.contains($0) }
    if let header = stickyHeader?.position, !_window.contains(header) {
      let index = positions.firstIndex { $0 >= header } ?? positions.count
      if index == positions.count || positions[index] != header {
        positions.insert(header, at: index)
      }
    }
    return positions
  }

  // MARK: Internals

  private func _sortedPositions(_ positions: some Sequence<Int>) -> [Int] {
    let count = _layout.itemCount
    let sorted = Array(Set(positions)).sorted()
    if let bad = sorted.first(where: { $0 < 0 || $0 >= count }) {
      _preconditionFailure("Position \(bad) out of range 0..<\(count)")
    }
    return sorted
  }

  /// Moves the pinned positions and headers through a change: `map` gives
  /// an old position's new one, or `nil` if its item is gone.
  internal mutating func _remapPinned(_ map: (Int) -> Int?) {
    guard !_pinned.isEmpty || !_stickyHeaders.isEmpty else { return }
    _pinned = _pinned.compactMap(map).sorted()
    _stickyHeaders = _stickyHeaders.compactMap(map).sorted()
  }

  /// After items were inserted at `positions` (counted after).
  internal mutating func _remapPinned(inserted positions: Range<Int>) {
    _remapPinned { $0 >= positions.lowerBound ? $0 + positions.count : $0 }
  }

  /// After the items at `positions` were removed.
  internal mutating func _remapPinned(removed positions: Range<Int>) {
    _remapPinned { position in
      if position < positions.lowerBound { return position }
      return position >= positions.upperBound ? position - positions.count : nil
    }
  }
}
