//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The state of an aimed scroll.
@usableFromInline
internal struct _ScrollAim: Hashable, Sendable {
  var position: Int
  var alignment: ScrollAlignment
  var corrections = 0
  /// Positions measured since the scroll.
  var measured: Set<Int> = []
}

extension WindowingEngine {
  /// Scrolls so that the item at `position` sits where `alignment` says, as
  /// far as the content allows, and keeps aiming: every later measurement
  /// (`setLength(_:of:)`) moves the offset back onto the target, until the
  /// user scrolls elsewhere (`scroll(toOffset:)` with another offset), the item
  /// is removed, or another target is set. A data change that keeps the
  /// item (a page loaded around it, rows inserted above) moves the target
  /// with it. TanStack Virtual's users ask for
  /// this (#216, #468): a scroll that lands right once estimates are
  /// replaced.
  ///
  /// - Parameters:
  ///   - position: A position in `0..<itemCount`; traps on one out of
  ///     range, naming it.
  ///   - alignment: Where the item goes.
  /// - Complexity: O(log n + window).
  @discardableResult
  public mutating func scroll(
    toPosition position: Int, alignment: ScrollAlignment = .start
  ) -> WindowChange {
    _precondition(
      position >= 0 && position < _layout.itemCount,
      "Position \(position) out of range 0..<\(_layout.itemCount)")
    let aim = _ScrollAim(position: position, alignment: alignment)
    _scrollAim = aim
    _prompt = nil
    _wasVisible = _visible
    return _land(aim)
  }

  /// Moves the offset onto `aim`'s target and recomputes: how an aimed
  /// scroll lands after the scroll itself, a measurement or a data change.
  @usableFromInline
  internal mutating func _land(_ aim: _ScrollAim) -> WindowChange {
    let before = _viewport.offset
    _viewport.offset = scrollOffset(for: aim.position, alignment: aim.alignment)
    return _recompute(correction: _viewport.offset - before)
  }

  /// The scroll being aimed, or `nil` once the user scrolled elsewhere, its
  /// item was removed, or none was set.
  ///
  /// - Complexity: O(window) for `isSettled`.
  public var aimedScroll: AimedScroll? {
    guard let aim = _scrollAim else { return nil }
    return AimedScroll(
      position: aim.position, alignment: aim.alignment, corrections: aim.corrections,
      isSettled: !(_layout is any MeasuredLayout)
        || _window.allSatisfy { aim.measured.contains($0) })
  }
}
