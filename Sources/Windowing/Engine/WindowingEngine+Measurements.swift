//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension WindowingEngine where Layout: MeasuredLayout {
  /// Records a measured item length. What is on screen keeps its place
  /// (`Anchoring`'s rule for measurements): a change above the first
  /// visible item it leaves alone moves the scroll offset by the same
  /// amount, so the visible content does not jump.
  ///
  /// - Parameters:
  ///   - length: The measured length. A measurement is transient UI data:
  ///     one outside `0...Layout.maximumItemLength` (NaN,
  ///     infinite, negative, absurd) is ignored and `nil` is returned, as
  ///     is one within a millionth of a point of the length held.
  ///   - position: A position in `0..<itemCount`; traps otherwise.
  /// - Returns: The change, if the window, the visible range or the offset
  ///   moved.
  /// - Complexity: O(log n), plus O(v) for the v visible items the rule
  ///   may pass over.
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> WindowChange? {
    _precondition(
      position >= 0 && position < _layout.itemCount,
      "Position \(position) out of range 0..<\(_layout.itemCount)")
    _scrollAim?.measured.insert(position)
    guard length >= 0, length <= Layout.maximumItemLength, !_isUnchanged(length, of: position)
    else { return nil }
    return _measure(changed: [position]) { $0.setLength(length, of: position) }
  }

  /// Records the lengths a layout pass measured, at once: what is on screen
  /// (`Anchoring`'s rule for measurements), or an aimed scroll's target,
  /// keeps its place once for all of them, and the layout takes them as one
  /// batch (`VariableLengthLayout` rebuilds a chunk's sums once for its many
  /// rows).
  ///
  /// - Parameter measurements: Positions in `0..<itemCount` (trap
  ///   otherwise) with their lengths. A length outside
  ///   `0...Layout.maximumItemLength` (NaN, infinite, negative, absurd) is
  ///   transient UI data and is ignored. A length equal to the one the
  ///   layout holds (within a millionth of a point) is no measurement, as
  ///   in `setLength(_:of:)`: a host may report every row of its window on
  ///   every pass.
  /// - Returns: The change, if the window, the visible range or the offset
  ///   moved.
  /// - Complexity: O(k) to note the k positions and a read of the layout's
  ///   `length(of:)` for each, plus, for the c lengths that differ, the
  ///   layout's `setLengths(_:)` of c and one re-anchoring, O(v log n) for
  ///   the v visible items.
  @discardableResult
  public mutating func setLengths(
    _ measurements: [(position: Int, length: Double)]
  )
    -> WindowChange?
  {
    let count = _layout.itemCount
    let maximum = Layout.maximumItemLength
    // The last valid length reported for each position, as one call at a
    // time would leave it.
    var last: [Int: Double] = [:]
    last.reserveCapacity(measurements.count)
    for (position, length) in measurements {
      _precondition(
        position >= 0 && position < count, "Position \(position) out of range 0..<\(count)")
      if length >= 0 && length <= maximum { last[position] = length }
    }
    if _scrollAim != nil {
      for (position, _) in measurements { _scrollAim?.measured.insert(position) }
    }
    // Only the lengths that differ from the layout's reach it: a host that
    // reports its whole window every pass pays a read for each other one.
    var changed: [(position: Int, length: Double)] = []
    for (position, length) in last where !_isUnchanged(length, of: position) {
      changed.append((position, length))
    }
    guard !changed.isEmpty else { return nil }
    changed.sort { $0.position < $1.position }
    return _measure(changed: Set(changed.lazy.map(\.position))) { $0.setLengths(changed) }
  }

  /// Whether a visible item counts as measured for the rule: it was
  /// measured now (`changed`), or it shares a row (an offset along the
  /// scroll) with a visible item that was. A grid row takes its tallest
  /// item's length, so every item in it moves with any of them, reported
  /// or not. The rows are found only if the rule asks past the measured
  /// items, before the layout changes.
  private func _isMeasured(changed: Set<Int>) -> (Int) -> Bool {
    var rows: Set<Double>?
    return { position in
      if changed.contains(position) { return true }
      if rows == nil {
        rows = Set(
          changed.lazy.filter { self._visible.contains($0) }
            .map { self._layout.frame(of: $0).mainOffset })
      }
      return rows!.contains(self._layout.frame(of: position).mainOffset)
    }
  }

  /// Whether `length` is the length the layout holds for `position`, up to
  /// the rounding of the layout's sums (a length is kept as a difference of
  /// them): a millionth of a point, far below a pixel.
  private func _isUnchanged(_ length: Double, of position: Int) -> Bool {
    abs(length - _layout.length(of: position)) <= 1e-6
  }

  /// Records measurements through `record`, keeping in place the target of
  /// an aimed scroll, or else what is on screen (`Anchoring`'s rule for
  /// measurements), so the visible content does not jump; `nil` if nothing
  /// a host shows moved.
  private mutating func _measure(
    changed: Set<Int>, _ record: (inout Layout) -> Void
  ) -> WindowChange? {
    let change: WindowChange
    if let aim = _scrollAim {
      record(&_layout)
      change = _land(aim)
      if change.scrollCorrection != 0 { _scrollAim?.corrections += 1 }
    } else {
      let anchor = _measurementAnchor(isMeasured: _isMeasured(changed: changed))
      record(&_layout)
      change = _reanchor(anchor.map(_target(keeping:)))
    }
    return change.window == change.previousWindow
      && change.visibleRange == change.previousVisibleRange
      && change.scrollCorrection == 0 ? nil : change
  }

  /// The item edge that keeps its place on screen through measurements of
  /// the positions `isMeasured` holds (`Anchoring`'s rule for
  /// measurements).
  /// - A first visible item that starts at or below the top of the
  ///   unobscured region is what the reader reads: it keeps its top edge,
  ///   unless it entered since the reader moved and is measured now.
  /// - Else the first visible item straddles that edge (or sits under the
  ///   leading inset), or is entering: the first visible item that was
  ///   visible before the reader moved and that the measurements leave
  ///   alone keeps its top edge (else the first one they leave alone), so
  ///   the items entering above it move the offset. With none, the first
  ///   one keeps its bottom edge.
  /// - At the very top of the content the first visible item keeps its top
  ///   edge, so the content keeps starting there.
  private func _measurementAnchor(isMeasured: (Int) -> Bool) -> _MeasurementAnchor? {
    guard let first = _anchor() else { return nil }
    func top(_ position: Int) -> _MeasurementAnchor {
      .top(position, screenOffset: _layout.frame(of: position).mainOffset - _viewport.offset)
    }
    guard _viewport.offset > _scrollRange.lowerBound else { return top(first) }
    let frame = _layout.frame(of: first)
    let edge = _viewport.offset + _viewport.leadingInset
    // A first item at the edge or below it is read, unless it is entering
    // (it appeared since the reader moved, beside rows still on screen)
    // and measured now. A few units in the last place: an anchoring that
    // put the item at the edge may leave it a rounding error above.
    let startsAbove = frame.mainOffset < edge - 8 * edge.ulp
    let entering =
      _visible.overlaps(_wasVisible) && !_wasVisible.contains(first) && isMeasured(first)
    guard startsAbove || entering else { return top(first) }
    // What the reader was reading before the rows entering, else any row.
    if let kept = _visible.first(where: { _wasVisible.contains($0) && !isMeasured($0) })
      ?? _visible.first(where: { !isMeasured($0) })
    {
      return top(kept)
    }
    // Every visible item measured: one that straddles the edge keeps its
    // bottom edge, one below it (entering) its top.
    guard startsAbove, frame.mainOffset + frame.mainLength > edge else { return top(first) }
    return .bottom(first, screenOffset: frame.mainOffset + frame.mainLength - _viewport.offset)
  }

  /// Where `anchor`'s item must start on screen, now that its length is
  /// measured.
  private func _target(keeping anchor: _MeasurementAnchor) -> _AnchorTarget {
    switch anchor {
    case .top(let position, let screenOffset):
      return (position, screenOffset)
    case .bottom(let position, let screenOffset):
      return (position, screenOffset - _layout.frame(of: position).mainLength)
    }
  }
}

/// The edge of an item that keeps its place on screen through a
/// measurement, with that edge's offset from the viewport's.
private enum _MeasurementAnchor {
  case top(Int, screenOffset: Double)
  case bottom(Int, screenOffset: Double)
}
