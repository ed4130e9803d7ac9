//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// `a` minus `b`, as at most two ranges.
internal func _difference(_ a: Range<Int>, _ b: Range<Int>) -> [Range<Int>] {
  let (first, second) = _differencePair(a, b)
  return [first, second].filter { !$0.isEmpty }
}

/// `a` minus `b`, as two ranges (either may be empty), without allocating.
@inlinable
internal func _differencePair(_ a: Range<Int>, _ b: Range<Int>) -> (Range<Int>, Range<Int>) {
  guard !a.isEmpty, a.overlaps(b) else { return (a, a.upperBound..<a.upperBound) }
  let before =
    a.lowerBound < b.lowerBound ? a.lowerBound..<b.lowerBound : a.lowerBound..<a.lowerBound
  let after =
    b.upperBound < a.upperBound ? b.upperBound..<a.upperBound : a.upperBound..<a.upperBound
  return (before, after)
}

/// A headless virtualized-layout engine: given a layout and a viewport, it
/// decides which few positions to materialize (the window) and which are
/// visible. A scroll publishes a new window only when the viewport nears the
/// edge of the window it already has, and a visibility change (same window,
/// new visible positions) when an item crosses the visibility threshold;
/// otherwise nothing.
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
  public var visibleRange: Range<Int> { _visible }
  @usableFromInline internal var _visible: Range<Int> = 0..<0
  /// The content region the window was computed for.
  @usableFromInline internal var _covered: Range<Double> = 0..<0
  /// How a data change keeps the reader's place (see `Anchoring`): a feed
  /// by default; a chat keeps what is read also at the very top, and
  /// follows the end: while the viewport is at the end of the content, it
  /// stays there through every change (appends are followed, a last row
  /// that grows stays pinned to the bottom, a shorter viewport keeps the
  /// end in view).
  public var anchoring: Anchoring = .feed {
    didSet { if anchoring != .assistant { _prompt = nil } }
  }
  /// The content length when the window was last computed: a data change
  /// knows from it whether the viewport was at the end before.
  @usableFromInline internal var _lastContentLength = 0.0
  /// See `pinned` and `stickyHeaders` (WindowingEngine+Pinning.swift).
  @usableFromInline internal var _pinned: [Int] = []
  @usableFromInline internal var _stickyHeaders: [Int] = []
  /// See `scroll(toPosition:alignment:)` (WindowingEngine+AimedScroll.swift).
  @usableFromInline internal var _scrollAim: _ScrollAim?
  /// See `showPrompt(at:)` (WindowingEngine+Reply.swift): the prompt kept at
  /// the top while its reply streams in, and the room below the last row
  /// that lets it reach the top.
  @usableFromInline internal var _prompt: Int?
  @usableFromInline internal var _room = 0.0
  /// The positions visible before the reader last moved, or that survived
  /// the last data change: what the reader was reading, which the rule for
  /// measurements keeps in place while the rows entering are measured, in
  /// one batch or one at a time (WindowingEngine+Measurements.swift).
  @usableFromInline internal var _wasVisible: Range<Int> = 0..<0

  /// Creates an engine and computes its first window.
  public init(
    layout: Layout, viewport: Viewport, overscan: Overscan = Overscan(points: 0, items: 2),
    visibilityThreshold: Double = 0
  ) {
    _precondition(
      visibilityThreshold >= 0 && visibilityThreshold <= 1,
      "Visibility threshold \(visibilityThreshold) must be in 0...1")
    self._layout = layout
    let viewport = viewport._sanitized(replacingInvalidWith: Viewport(length: 0))
    self._viewport = viewport
    self.overscan = overscan
    self.visibilityThreshold = visibilityThreshold
    self._layout.viewportCrossLengthDidChange(viewport.crossLength)
    _recompute(correction: 0)
  }

  /// The length of all content, for the scroll view's content size: the
  /// layout's, plus the room below the last row that lets a prompt reach
  /// the top while its reply streams in (`showPrompt(at:)`).
  ///
  /// - Complexity: O(log n) at most.
  @inlinable
  public var contentLength: Double { _layout.contentLength + _room }

  // MARK: - Scrolling and resizing

  /// Scrolls to `offset`. Publishes a change when the viewport comes within
  /// the margin of the window's region (a new window) or when the visible
  /// positions change (a change whose `window` equals `previousWindow`).
  ///
  /// A non-finite offset (a layout pass can report one) is ignored: the
  /// viewport stays where it was and nothing is published.
  ///
  /// - Complexity: O(1) when nothing is published; O(log n) otherwise.
  @inlinable
  public mutating func scroll(toOffset offset: Double) -> WindowChange? {
    guard offset.isFinite else { return nil }
    // The user scrolled elsewhere: an aimed scroll ends (a host echoing the
    // aimed offset back does not end it).
    if offset != _viewport.offset {
      _scrollAim = nil
      _prompt = nil
      _wasVisible = _visible
    }
    _viewport.offset = offset
    if _room > 0 { _shrinkRoom() }
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
        window: _window, previousWindow: _window, visibleRange: newVisible,
        previousVisibleRange: _visible,
        scrollCorrection: 0)
      _visible = newVisible
      return change
    }
    return _recompute(correction: 0)
  }

  /// Changes the viewport's size, insets or offset (rotation, safe area):
  /// always recomputes. When the cross length changes (a grid's columns may
  /// change), the first visible item keeps its place on screen.
  ///
  /// Geometry from a layout pass is not trusted: a non-finite value keeps
  /// the current one, and a negative length or inset counts as 0.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setViewport(_ newViewport: Viewport) -> WindowChange {
    let newViewport = newViewport._sanitized(replacingInvalidWith: _viewport)
    _wasVisible = _visible
    if _scrollAim != nil || _prompt != nil {
      // An aimed scroll keeps aiming through a new size or rotation, and a
      // prompt stays at the top.
      let before = _viewport.offset
      let crossChanged = newViewport.crossLength != _viewport.crossLength
      _viewport = newViewport
      if crossChanged { _layout.viewportCrossLengthDidChange(newViewport.crossLength) }
      guard let aim = _scrollAim else { return _keepPrompt() }
      _viewport.offset = scrollOffset(for: aim.position, alignment: aim.alignment)
      return _recompute(correction: _viewport.offset - before)
    }
    guard newViewport.crossLength != _viewport.crossLength else {
      let wasAtEnd = _followsEnd && _isAtEnd(contentLength: _lastContentLength)
      _viewport = newViewport
      if wasAtEnd { _viewport.offset = _scrollRange.upperBound }
      return _recompute(correction: _viewport.offset - newViewport.offset)
    }
    let target = _anchorTarget()
    let wasAtEnd = _followsEnd && _isAtEnd(contentLength: _lastContentLength)
    _viewport = newViewport
    _layout.viewportCrossLengthDidChange(newViewport.crossLength)
    return _reanchor(target, wasAtEnd: wasAtEnd)
  }

  // MARK: - Data changes
  //
  // One anchoring rule serves every change (inserts, removals, differences,
  // resizes, a new cross length): the first visible item that survives the
  // change keeps its offset on screen, measured from its own new frame (so a
  // grid anchors right whatever the column count). A viewport at the top of
  // its content stays at the top, so items inserted there are shown. The
  // offset is then clamped to the scrollable range, as a scroll view would.

  /// Tells the engine that its layout was replaced, for example after the
  /// count changed in a way not described by inserts and removals. The
  /// offset is kept, clamped to the new content.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLayout(_ newLayout: Layout) -> WindowChange {
    _layout = newLayout
    _wasVisible = 0..<0
    _layout.viewportCrossLengthDidChange(_viewport.crossLength)
    let count = _layout.itemCount
    _remapPinned { $0 < count ? $0 : nil }
    return _reanchor(nil)
  }

  // MARK: - Anchoring

  /// Where an item must be after a change: its new position and its offset
  /// from the viewport's leading edge before the change.
  @usableFromInline
  internal typealias _AnchorTarget = (position: Int, screenOffset: Double)

  /// The first visible item, or the window's first; `nil` when nothing is
  /// materialized.
  @usableFromInline
  internal func _anchor() -> Int? {
    let position = _visible.isEmpty ? _window.lowerBound : _visible.lowerBound
    guard !_window.isEmpty, position < _layout.itemCount else { return nil }
    return position
  }

  /// The item now at `old` must be at `new` after the change, where it is on
  /// screen now. Call it before changing the layout.
  @usableFromInline
  internal func _target(old: Int, new: Int) -> _AnchorTarget {
    (new, _layout.frame(of: old).mainOffset - _viewport.offset)
  }

  /// The anchoring rule for `changes`: the first row from the anchor on
  /// that stayed in place, if it is on screen; else
  /// `_anchorTarget(firstSurvivor:lastSurvivor:newPosition:)` with the
  /// survivors found by position and among the moved rows (a row moved,
  /// or one the list found again by identity among the inserted ones: a
  /// collapse and an expand composed into one replaced range). Call it
  /// before changing the layout.
  ///
  /// - Complexity: O(log ranges × moves), plus one frame query.
  @usableFromInline
  internal func _anchorTarget(_ changes: RowChanges, oldCount: Int) -> _AnchorTarget? {
    let removed = changes.deletions
    func removal(holding position: Int) -> Range<Int>? {
      let k = removed._partitioningIndex { $0.upperBound > position }
      return k < removed.count && removed[k].contains(position) ? removed[k] : nil
    }
    // A row that stayed in place, from the anchor on and on screen, wins
    // over one that moved: a row dragged away from the top of the screen
    // leaves the rows below it where they were.
    if !changes.moves.isEmpty, let anchor = _anchor() {
      var stayed = anchor
      while let range = removal(holding: stayed) { stayed = range.upperBound }
      if stayed < oldCount, stayed == anchor || _visible.contains(stayed) {
        return _target(old: stayed, new: changes.newPosition(ofRowAt: stayed)!)
      }
    }
    var foundAgain: [Int: Int] = [:]
    for move in changes.moves { foundAgain[move.from] = move.to }
    return _anchorTarget(
      firstSurvivor: { position in
        var survivor = position
        while survivor < oldCount {
          if foundAgain[survivor] != nil { return survivor }
          guard let range = removal(holding: survivor) else { return survivor }
          if let found = foundAgain.keys.filter({ range.contains($0) && $0 > survivor }).min() {
            return found
          }
          survivor = range.upperBound
        }
        return nil
      },
      lastSurvivor: { position in
        var survivor = position - 1
        while survivor >= 0 {
          if foundAgain[survivor] != nil { return survivor }
          guard let range = removal(holding: survivor) else { return survivor }
          if let found = foundAgain.keys.filter({ range.contains($0) && $0 < survivor }).max() {
            return found
          }
          survivor = range.lowerBound - 1
        }
        return nil
      },
      newPosition: { changes.newPosition(ofRowAt: $0)! })
  }

  /// The anchoring rule, for every change (see `Anchoring`): the item that
  /// must keep its place on screen. That is the anchor (the first visible
  /// item) if it survives; else the first survivor after it if it was on
  /// screen, so what stays on screen does not move. When nothing on screen
  /// survives from the anchor on (a collapsed folder the viewport was
  /// inside), the nearest survivor before the removed block, the folder's
  /// own row, stays where it was if it was on screen and goes to the top
  /// edge if not; with no survivor before, the first one after goes there.
  /// `nil` when nothing is shown or nothing survives. Call it before
  /// changing the layout.
  ///
  /// - Parameters:
  ///   - firstSurvivor: The first old position at or after a position
  ///     whose item survives, or `nil`.
  ///   - lastSurvivor: The last old position before a position whose item
  ///     survives, or `nil`.
  ///   - newPosition: A survivor's new position.
  @usableFromInline
  internal func _anchorTarget(
    firstSurvivor: (Int) -> Int?, lastSurvivor: (Int) -> Int?, newPosition: (Int) -> Int
  ) -> _AnchorTarget? {
    guard let anchor = _anchor() else { return nil }
    let after = firstSurvivor(anchor)
    if let after, after == anchor || _visible.contains(after) {
      return _target(old: after, new: newPosition(after))
    }
    guard let survivor = lastSurvivor(anchor) ?? after else { return nil }
    if _visible.contains(survivor) { return _target(old: survivor, new: newPosition(survivor)) }
    return (newPosition(survivor), _viewport.leadingInset)
  }

  /// The anchoring rule for a change that moves no position (a resize, a
  /// new cross length): the anchor keeps its place.
  @usableFromInline
  internal func _anchorTarget() -> _AnchorTarget? {
    // The rule with no row changed: the anchor survives where it is. Said
    // directly, since a measurement storm comes here once per measurement.
    guard let anchor = _anchor() else { return nil }
    return _target(old: anchor, new: anchor)
  }

  /// How far the viewport's bottom edge is from the end of the content
  /// (0 at the end): a chat shows "new messages" beyond some distance.
  ///
  /// - Complexity: O(log n) at most.
  public var distanceFromEnd: Double {
    Swift.max(0, _scrollRange.upperBound - _viewport.offset)
  }

  /// Whether the viewport shows the end of the content (within half a
  /// point), as the anchoring decides it.
  ///
  /// - Complexity: O(log n) at most.
  public var isAtEnd: Bool { _isAtEnd(contentLength: _layout.contentLength) }

  /// Whether the end is followed: a chat's or an assistant's anchoring,
  /// unless a prompt is kept at the top.
  @usableFromInline
  internal var _followsEnd: Bool {
    _prompt == nil && (anchoring == .chat || anchoring == .assistant)
  }

  @usableFromInline
  internal func _isAtEnd(contentLength: Double) -> Bool {
    _viewport.offset >= _scrollRange(contentLength: contentLength).upperBound - 0.5
  }

  /// The offsets a scroll view can rest at for the current content.
  @usableFromInline
  internal var _scrollRange: ClosedRange<Double> {
    _scrollRange(contentLength: _layout.contentLength)
  }

  /// The offsets a scroll view can rest at for content of `contentLength`
  /// and the room below it: the one place the insets bound the scroll,
  /// computed as a host computes it from `contentLength`, so that both agree
  /// to the last bit.
  @usableFromInline
  internal func _scrollRange(contentLength: Double) -> ClosedRange<Double> {
    let minimum = -_viewport.leadingInset
    let maximum = _endOffset(contentLength: contentLength + _room)
    return minimum...Swift.max(minimum, maximum)
  }

  /// The offset at which the unobscured region ends where content of
  /// `contentLength` ends: the end of the scroll without the room below the
  /// last row (`showPrompt(at:)`).
  @usableFromInline
  internal func _endOffset(contentLength: Double) -> Double {
    contentLength - _viewport.length + _viewport.trailingInset
  }

  /// After the layout changed: puts the target back at its screen offset
  /// (unless the viewport is at the top), clamps the offset to the
  /// scrollable range, and recomputes.
  @usableFromInline
  internal mutating func _reanchor(_ target: _AnchorTarget?, wasAtEnd: Bool? = nil) -> WindowChange
  {
    // A data change that reaches here ends an aimed scroll (its item was
    // removed, or the layout replaced): the anchor rule keeps what is on
    // screen.
    _scrollAim = nil
    if _prompt != nil { return _keepPrompt() }
    let before = _viewport.offset
    let wasAtEnd =
      wasAtEnd ?? (_followsEnd && _isAtEnd(contentLength: _lastContentLength))
    let range = _scrollRange
    // A feed at the very top shows what is inserted above; a chat keeps
    // what is read there too.
    let atTop = anchoring == .feed && before <= range.lowerBound
    var offset = before
    if wasAtEnd {
      // Room below the last row (a prompt let go) is filled before the
      // end moves on.
      offset =
        _room > 0
        ? Swift.max(before, _endOffset(contentLength: _layout.contentLength)) : range.upperBound
    } else if !atTop, let target, target.position < _layout.itemCount {
      offset = _layout.frame(of: target.position).mainOffset - target.screenOffset
    }
    offset = Swift.min(offset, range.upperBound)
    if !atTop { offset = Swift.max(offset, range.lowerBound) }
    _viewport.offset = offset
    if _room > 0 { _shrinkRoom() }
    return _recompute(correction: offset - before)
  }

  // MARK: - Queries

  /// The scroll offset that shows the item at `position` with `alignment`,
  /// within the unobscured region and the content's bounds.
  ///
  /// - Complexity: O(log n).
  public func scrollOffset(for position: Int, alignment: ScrollAlignment) -> Double {
    _precondition(
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
    let range = _scrollRange
    return Swift.min(Swift.max(target, range.lowerBound), range.upperBound)
  }

  // MARK: - Internals

  @inlinable
  @discardableResult
  internal mutating func _recompute(correction: Double) -> WindowChange {
    let previousWindow = _window
    let previousVisibleRange = _visible
    let region = _viewport.region
    let wanted = region.lowerBound - overscan.points..<region.upperBound + overscan.points
    var positions = _layout.items(overlapping: wanted)
    // A viewport past the end (an overscroll, a stale offset) is nearest
    // the last items: padding by items reaches back to them, not to the first.
    if positions.isEmpty, wanted.lowerBound >= _layout.contentLength {
      positions = _layout.itemCount..<_layout.itemCount
    }
    if overscan.items > 0, _layout.itemCount > 0 {
      let pad = Swift.min(overscan.items, _layout.itemCount)
      positions =
        Swift.max(
          0, positions.lowerBound - pad)..<Swift.min(
          _layout.itemCount, positions.upperBound + pad)
    }
    if let first = positions.first, let last = positions.last {
      let start = _layout.frame(of: first).mainOffset
      let end = _layout.frame(of: last)
      // Rounding in a layout's running sums can end a zero-length item a
      // hair before it starts: never a reversed range.
      _covered = start..<Swift.max(start, end.mainOffset + end.mainLength)
      // Padding by items can end inside a grid's row: the window holds every
      // item in the region it claims to cover, so a later scroll within that
      // region never misses one.
      let whole = _layout.items(overlapping: _covered)
      if !whole.isEmpty {
        positions =
          Swift.min(
            positions.lowerBound, whole.lowerBound)..<Swift.max(
            positions.upperBound, whole.upperBound)
      }
    } else {
      // Nothing to materialize: only a layout change can alter that.
      _covered = _layout.itemCount == 0 ? -Double.infinity..<Double.infinity : wanted
    }
    _window = positions
    _visible = _visiblePositions()
    _lastContentLength = _layout.contentLength
    return WindowChange(
      window: _window, previousWindow: previousWindow, visibleRange: _visible,
      previousVisibleRange: previousVisibleRange, scrollCorrection: correction)
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

extension WindowingEngine: Sendable where Layout: Sendable {}
