//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// A change the engine publishes: the new window of positions to
/// materialize and the visible positions, with what they were before.
public struct WindowChange: Hashable, Sendable {
  /// The positions to materialize now.
  public var window: Range<Int>
  /// The positions materialized before.
  public var previousWindow: Range<Int>
  /// The positions on screen (beyond the visibility threshold) now.
  public var visible: Range<Int>
  /// The positions on screen before.
  public var previousVisible: Range<Int>
  /// How far the engine moved the scroll offset to keep the content
  /// anchored (after items were inserted, removed or resized above the
  /// viewport); the UI applies it to its scroll view.
  public var scrollCorrection: Double

  /// Creates a change.
  @inlinable
  public init(
    window: Range<Int>, previousWindow: Range<Int>, visible: Range<Int>,
    previousVisible: Range<Int>, scrollCorrection: Double
  ) {
    self.window = window
    self.previousWindow = previousWindow
    self.visible = visible
    self.previousVisible = previousVisible
    self.scrollCorrection = scrollCorrection
  }

  /// Whether the window moved (a change may carry only a visibility change).
  public var windowChanged: Bool { window != previousWindow }

  /// Positions in `window` that were not in `previousWindow`, as at most two
  /// ranges. Meaningful for scrolls; after a data change, positions shift
  /// and identity (see `VirtualList`) says what really entered.
  public var entered: [Range<Int>] { _difference(window, previousWindow) }
  /// Positions in `previousWindow` that are not in `window`.
  public var exited: [Range<Int>] { _difference(previousWindow, window) }
  /// Positions that became visible.
  public var becameVisible: [Range<Int>] { _difference(visible, previousVisible) }
  /// Positions that stopped being visible.
  public var becameHidden: [Range<Int>] { _difference(previousVisible, visible) }
}

/// `a` minus `b`, as at most two ranges.
internal func _difference(_ a: Range<Int>, _ b: Range<Int>) -> [Range<Int>] {
  guard !a.isEmpty else { return [] }
  guard a.overlaps(b) else { return [a] }
  var result: [Range<Int>] = []
  if a.lowerBound < b.lowerBound { result.append(a.lowerBound..<b.lowerBound) }
  if b.upperBound < a.upperBound { result.append(b.upperBound..<a.upperBound) }
  return result
}

/// A headless virtualized-layout engine: given a layout and a viewport, it
/// decides which few positions to materialize (the window) and which are
/// visible, and publishes a change only when the viewport nears the edge of
/// the window it already has.
///
/// It never sees the data: it works on positions, so it serves any
/// `RandomAccessCollection` (see `VirtualList` for one that reads ids).
///
/// - Window query and size update: O(log n) for every layout.
/// - A scroll that publishes nothing allocates nothing.
public struct WindowingEngine<Layout: WindowLayout> {
  /// Where the items are.
  public var layout: Layout { _layout }
  @usableFromInline internal var _layout: Layout
  /// What is on screen.
  public var viewport: Viewport { _viewport }
  @usableFromInline internal var _viewport: Viewport
  /// How much is materialized beyond the viewport.
  public var overscan: Overscan
  /// The fraction of an item's length that must be unobscured for it to
  /// count as visible: 0 for any part (the default), 1 for all of it.
  public var visibilityThreshold: Double
  /// How close (in points) the viewport may come to the edge of the window's
  /// region before a new window is published; by default half the
  /// overscan. Smaller means fewer publications, larger means more margin.
  public var republishMargin: Double?
  /// The positions to materialize.
  ///
  /// - Complexity: O(1).
  public var window: Range<Int> { _window }
  @usableFromInline internal var _window: Range<Int> = 0..<0
  /// The positions on screen.
  ///
  /// - Complexity: O(1).
  public var visible: Range<Int> { _visible }
  @usableFromInline internal var _visible: Range<Int> = 0..<0
  /// The content region the window was computed for.
  @usableFromInline internal var _covered: Range<Double> = 0..<0

  /// Creates an engine and computes its first window.
  public init(
    layout: Layout, viewport: Viewport, overscan: Overscan = Overscan(points: 0, items: 2),
    visibilityThreshold: Double = 0
  ) {
    precondition(
      visibilityThreshold >= 0 && visibilityThreshold <= 1,
      "Visibility threshold \(visibilityThreshold) must be in 0...1")
    self._layout = layout
    self._viewport = viewport
    self.overscan = overscan
    self.visibilityThreshold = visibilityThreshold
    self._layout.viewportCrossLengthDidChange(viewport.crossLength)
    _recompute(correction: 0)
  }

  /// The length of all content, for the scroll view's content size.
  ///
  /// - Complexity: O(log n) at most.
  @inlinable
  public var contentLength: Double { _layout.contentLength }

  // MARK: - Scrolling and resizing

  /// Scrolls to `offset`. Publishes a change only when the viewport comes
  /// within the margin of the window's region.
  ///
  /// - Complexity: O(1) when nothing is published; O(log n) otherwise.
  @inlinable
  public mutating func scroll(to offset: Double) -> WindowChange? {
    _viewport.offset = offset
    let margin = republishMargin ?? overscan.points / 2
    let needed = _viewport.region.lowerBound - margin..<_viewport.region.upperBound + margin
    let content = 0..<_layout.contentLength
    let clampedLower = Swift.max(needed.lowerBound, content.lowerBound)
    let clampedUpper = Swift.min(needed.upperBound, content.upperBound)
    let windowHolds = clampedLower >= _covered.lowerBound && clampedUpper <= _covered.upperBound
    let newVisible = _visiblePositions()
    if windowHolds && newVisible == _visible { return nil }
    if windowHolds {
      let change = WindowChange(
        window: _window, previousWindow: _window, visible: newVisible, previousVisible: _visible,
        scrollCorrection: 0)
      _visible = newVisible
      return change
    }
    return _recompute(correction: 0)
  }

  /// Changes the viewport's size or insets (rotation, safe area): always
  /// recomputes.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setViewport(_ newViewport: Viewport) -> WindowChange {
    let crossChanged = newViewport.crossLength != _viewport.crossLength
    _viewport = newViewport
    if crossChanged { _layout.viewportCrossLengthDidChange(newViewport.crossLength) }
    return _recompute(correction: 0)
  }

  // MARK: - Data changes

  /// Inserts items at `positions` (counted after the insertion). Items
  /// inserted before the first visible one move the scroll offset by their
  /// length, so the visible content stays where it was.
  ///
  /// - Complexity: O(log n) at the end of a layout; a variable-size layout
  ///   rebuilds its sums, O(n), for an insertion elsewhere.
  @discardableResult
  public mutating func insertItems(at positions: Range<Int>) -> WindowChange {
    let anchor = _visible.isEmpty ? _window.lowerBound : _visible.lowerBound
    _layout.insertItems(at: positions)
    var correction = 0.0
    if positions.lowerBound < anchor || (positions.lowerBound == anchor && _viewport.offset > 0) {
      correction = _layout.length(of: positions)
    }
    _viewport.offset += correction
    return _recompute(correction: correction)
  }

  /// Removes the items at `positions`. Removed items before the first
  /// visible one move the scroll offset back by their length.
  ///
  /// - Complexity: As `insertItems(at:)`.
  @discardableResult
  public mutating func removeItems(at positions: Range<Int>) -> WindowChange {
    let anchor = _visible.isEmpty ? _window.lowerBound : _visible.lowerBound
    let above = positions.lowerBound..<Swift.min(positions.upperBound, anchor)
    let correction = above.isEmpty ? 0 : -_layout.length(of: above)
    _layout.removeItems(at: positions)
    _viewport.offset = Swift.max(0, _viewport.offset + correction)
    return _recompute(correction: correction)
  }

  /// Tells the engine that its layout was replaced, for example after the
  /// count changed in a way not described by inserts and removals.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLayout(_ newLayout: Layout) -> WindowChange {
    _layout = newLayout
    _layout.viewportCrossLengthDidChange(_viewport.crossLength)
    return _recompute(correction: 0)
  }

  // MARK: - Queries

  /// The scroll offset that shows the item at `position` with `alignment`,
  /// within the unobscured region and the content's bounds.
  ///
  /// - Complexity: O(log n).
  public func scrollOffset(for position: Int, alignment: ScrollAlignment) -> Double {
    precondition(
      position >= 0 && position < _layout.itemCount,
      "Position \(position) out of range 0..<\(_layout.itemCount)")
    let frame = _layout.frame(of: position)
    let visibleLength = _viewport.length - _viewport.leadingInset - _viewport.trailingInset
    let start = frame.mainOffset - _viewport.leadingInset
    let target: Double
    switch alignment {
    case .start: target = start
    case .center: target = start - (visibleLength - frame.mainLength) / 2
    case .end: target = start - (visibleLength - frame.mainLength)
    case .nearest:
      let unobscured = _viewport.unobscuredRegion
      if frame.mainOffset < unobscured.lowerBound {
        target = start
      } else if frame.mainOffset + frame.mainLength > unobscured.upperBound {
        target = start - (visibleLength - frame.mainLength)
      } else {
        target = _viewport.offset
      }
    }
    let maximum = Swift.max(
      -_viewport.leadingInset, _layout.contentLength - _viewport.length + _viewport.trailingInset)
    return Swift.min(Swift.max(target, -_viewport.leadingInset), maximum)
  }

  // MARK: - Internals

  @inlinable
  @discardableResult
  internal mutating func _recompute(correction: Double) -> WindowChange {
    let previousWindow = _window
    let previousVisible = _visible
    let region = _viewport.region
    let wanted = region.lowerBound - overscan.points..<region.upperBound + overscan.points
    var positions = _layout.items(overlapping: wanted)
    if overscan.items > 0, _layout.itemCount > 0 {
      positions =
        Swift.max(
          0, positions.lowerBound - overscan.items)..<Swift.min(
          _layout.itemCount, positions.upperBound + overscan.items)
    }
    _window = positions
    if let first = positions.first, let last = positions.last {
      let end = _layout.frame(of: last)
      _covered = _layout.frame(of: first).mainOffset..<end.mainOffset + end.mainLength
    } else {
      // Nothing to materialize: only a layout change can alter that.
      _covered = _layout.itemCount == 0 ? -Double.infinity..<Double.infinity : wanted
    }
    _visible = _visiblePositions()
    return WindowChange(
      window: _window, previousWindow: previousWindow, visible: _visible,
      previousVisible: previousVisible, scrollCorrection: correction)
  }

  /// The positions whose unobscured part reaches the threshold.
  @inlinable
  internal func _visiblePositions() -> Range<Int> {
    let unobscured = _viewport.unobscuredRegion
    var positions = _layout.items(overlapping: unobscured)
    guard visibilityThreshold > 0, !positions.isEmpty else { return positions }
    func isVisibleEnough(_ position: Int) -> Bool {
      let frame = _layout.frame(of: position)
      guard frame.mainLength > 0 else { return false }
      let overlap =
        Swift.min(frame.mainOffset + frame.mainLength, unobscured.upperBound)
        - Swift.max(frame.mainOffset, unobscured.lowerBound)
      return overlap / frame.mainLength >= visibilityThreshold - 1e-9
    }
    // Only the edge items can be partly visible.
    while !positions.isEmpty, !isVisibleEnough(positions.lowerBound) {
      positions = positions.lowerBound + 1..<positions.upperBound
    }
    while !positions.isEmpty, !isVisibleEnough(positions.upperBound - 1) {
      positions = positions.lowerBound..<positions.upperBound - 1
    }
    return positions
  }
}

extension WindowingEngine where Layout == VariableSizeLayout {
  /// Records a measured item length. A change above the first visible item
  /// moves the scroll offset by the same amount, so the visible content does
  /// not jump.
  ///
  /// - Returns: The change, if the window or the offset moved.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> WindowChange? {
    let anchor = _visible.isEmpty ? _window.lowerBound : _visible.lowerBound
    let delta = _layout.setLength(length, of: position)
    guard delta != 0 else { return nil }
    if position < anchor {
      _viewport.offset += delta
      return _recomputeForMeasurement(correction: delta)
    }
    return _recomputeForMeasurement(correction: 0)
  }

  private mutating func _recomputeForMeasurement(correction: Double) -> WindowChange? {
    let change = _recomputePublic(correction: correction)
    return change.window == change.previousWindow && change.visible == change.previousVisible
      && correction == 0 ? nil : change
  }
}

extension WindowingEngine {
  @usableFromInline
  internal mutating func _recomputePublic(correction: Double) -> WindowChange {
    _recompute(correction: correction)
  }
}

extension WindowingEngine: Sendable where Layout: Sendable {}
