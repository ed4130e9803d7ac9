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
  public internal(set) var layout: Layout
  /// What is on screen.
  public internal(set) var viewport: Viewport
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
  public private(set) var window: Range<Int> = 0..<0
  /// The positions on screen.
  public private(set) var visible: Range<Int> = 0..<0
  /// The content region the window was computed for.
  private var _covered: Range<Double> = 0..<0

  /// Creates an engine and computes its first window.
  public init(
    layout: Layout, viewport: Viewport, overscan: Overscan = Overscan(points: 0, items: 2),
    visibilityThreshold: Double = 0
  ) {
    precondition(
      visibilityThreshold >= 0 && visibilityThreshold <= 1,
      "Visibility threshold \(visibilityThreshold) must be in 0...1")
    self.layout = layout
    self.viewport = viewport
    self.overscan = overscan
    self.visibilityThreshold = visibilityThreshold
    self.layout.viewportCrossLengthDidChange(viewport.crossLength)
    _recompute(correction: 0)
  }

  /// The length of all content, for the scroll view's content size.
  ///
  /// - Complexity: O(log n) at most.
  public var contentLength: Double { layout.contentLength }

  // MARK: - Scrolling and resizing

  /// Scrolls to `offset`. Publishes a change only when the viewport comes
  /// within the margin of the window's region.
  ///
  /// - Complexity: O(1) when nothing is published; O(log n) otherwise.
  public mutating func scroll(to offset: Double) -> WindowChange? {
    viewport.offset = offset
    let margin = republishMargin ?? overscan.points / 2
    let needed = viewport.region.lowerBound - margin..<viewport.region.upperBound + margin
    let content = 0..<layout.contentLength
    let clampedLower = Swift.max(needed.lowerBound, content.lowerBound)
    let clampedUpper = Swift.min(needed.upperBound, content.upperBound)
    let windowHolds = clampedLower >= _covered.lowerBound && clampedUpper <= _covered.upperBound
    let newVisible = _visiblePositions()
    if windowHolds && newVisible == visible { return nil }
    if windowHolds {
      let change = WindowChange(
        window: window, previousWindow: window, visible: newVisible, previousVisible: visible,
        scrollCorrection: 0)
      visible = newVisible
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
    let crossChanged = newViewport.crossLength != viewport.crossLength
    viewport = newViewport
    if crossChanged { layout.viewportCrossLengthDidChange(newViewport.crossLength) }
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
    let anchor = visible.isEmpty ? window.lowerBound : visible.lowerBound
    layout.insertItems(at: positions)
    var correction = 0.0
    if positions.lowerBound < anchor || (positions.lowerBound == anchor && viewport.offset > 0) {
      correction = layout.length(of: positions)
    }
    viewport.offset += correction
    return _recompute(correction: correction)
  }

  /// Removes the items at `positions`. Removed items before the first
  /// visible one move the scroll offset back by their length.
  ///
  /// - Complexity: As `insertItems(at:)`.
  @discardableResult
  public mutating func removeItems(at positions: Range<Int>) -> WindowChange {
    let anchor = visible.isEmpty ? window.lowerBound : visible.lowerBound
    let above = positions.lowerBound..<Swift.min(positions.upperBound, anchor)
    let correction = above.isEmpty ? 0 : -layout.length(of: above)
    layout.removeItems(at: positions)
    viewport.offset = Swift.max(0, viewport.offset + correction)
    return _recompute(correction: correction)
  }

  /// Tells the engine that its layout was replaced, for example after the
  /// count changed in a way not described by inserts and removals.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLayout(_ newLayout: Layout) -> WindowChange {
    layout = newLayout
    layout.viewportCrossLengthDidChange(viewport.crossLength)
    return _recompute(correction: 0)
  }

  // MARK: - Queries

  /// The scroll offset that shows the item at `position` with `alignment`,
  /// within the unobscured region and the content's bounds.
  ///
  /// - Complexity: O(log n).
  public func scrollOffset(for position: Int, alignment: ScrollAlignment) -> Double {
    precondition(
      position >= 0 && position < layout.itemCount,
      "Position \(position) out of range 0..<\(layout.itemCount)")
    let frame = layout.frame(of: position)
    let visibleLength = viewport.length - viewport.leadingInset - viewport.trailingInset
    let start = frame.mainOffset - viewport.leadingInset
    let target: Double
    switch alignment {
    case .start: target = start
    case .center: target = start - (visibleLength - frame.mainLength) / 2
    case .end: target = start - (visibleLength - frame.mainLength)
    case .nearest:
      let unobscured = viewport.unobscuredRegion
      if frame.mainOffset < unobscured.lowerBound {
        target = start
      } else if frame.mainOffset + frame.mainLength > unobscured.upperBound {
        target = start - (visibleLength - frame.mainLength)
      } else {
        target = viewport.offset
      }
    }
    let maximum = Swift.max(
      -viewport.leadingInset, layout.contentLength - viewport.length + viewport.trailingInset)
    return Swift.min(Swift.max(target, -viewport.leadingInset), maximum)
  }

  // MARK: - Internals

  @discardableResult
  private mutating func _recompute(correction: Double) -> WindowChange {
    let previousWindow = window
    let previousVisible = visible
    let region = viewport.region
    let wanted = region.lowerBound - overscan.points..<region.upperBound + overscan.points
    var positions = layout.items(overlapping: wanted)
    if overscan.items > 0, layout.itemCount > 0 {
      positions =
        Swift.max(
          0, positions.lowerBound - overscan.items)..<Swift.min(
          layout.itemCount, positions.upperBound + overscan.items)
    }
    window = positions
    if let first = positions.first, let last = positions.last {
      let end = layout.frame(of: last)
      _covered = layout.frame(of: first).mainOffset..<end.mainOffset + end.mainLength
    } else {
      // Nothing to materialize: only a layout change can alter that.
      _covered = layout.itemCount == 0 ? -Double.infinity..<Double.infinity : wanted
    }
    visible = _visiblePositions()
    return WindowChange(
      window: window, previousWindow: previousWindow, visible: visible,
      previousVisible: previousVisible, scrollCorrection: correction)
  }

  /// The positions whose unobscured part reaches the threshold.
  private func _visiblePositions() -> Range<Int> {
    let unobscured = viewport.unobscuredRegion
    var positions = layout.items(overlapping: unobscured)
    guard visibilityThreshold > 0, !positions.isEmpty else { return positions }
    func isVisibleEnough(_ position: Int) -> Bool {
      let frame = layout.frame(of: position)
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
    let anchor = visible.isEmpty ? window.lowerBound : visible.lowerBound
    let delta = layout.setLength(length, of: position)
    guard delta != 0 else { return nil }
    if position < anchor {
      viewport.offset += delta
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
