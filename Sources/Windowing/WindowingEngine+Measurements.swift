//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension WindowingEngine where Layout: MeasuredLayout {
  /// Records a measured item length. The first visible item keeps its place
  /// on screen, so a change above it moves the scroll offset by the same
  /// amount and the visible content does not jump.
  ///
  /// - Parameters:
  ///   - length: The measured length. A measurement is transient UI data:
  ///     one outside `0...Layout.maximumItemLength` (NaN,
  ///     infinite, negative, absurd) is ignored and `nil` is returned.
  ///   - position: A position in `0..<itemCount`; traps otherwise.
  /// - Returns: The change, if the window, the visible range or the offset
  ///   moved.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> WindowChange? {
    _precondition(
      position >= 0 && position < _layout.itemCount,
      "Position \(position) out of range 0..<\(_layout.itemCount)")
    _scrollAim?.measured.insert(position)
    guard length >= 0, length <= Layout.maximumItemLength,
      length != _layout.length(of: position)
    else { return nil }
    return _measure { $0.setLength(length, of: position) }
  }

  /// Records the lengths a layout pass measured, at once: the first visible
  /// item (or an aimed scroll's target) keeps its place once for all of
  /// them, and the layout takes them as one batch (`VariableSizeLayout`
  /// rebuilds a chunk's sums once for its many rows).
  ///
  /// - Parameter measurements: Positions in `0..<itemCount` (trap
  ///   otherwise) with their lengths. A length outside
  ///   `0...Layout.maximumItemLength` (NaN, infinite, negative, absurd) is
  ///   transient UI data and is ignored.
  /// - Returns: The change, if the window, the visible range or the offset
  ///   moved.
  /// - Complexity: That of the layout's `setLengths(_:)`, plus one
  ///   re-anchoring, O(log n).
  @discardableResult
  public mutating func setLengths(
    _ measurements: [(position: Int, length: Double)]
  )
    -> WindowChange?
  {
    let count = _layout.itemCount
    let maximum = Layout.maximumItemLength
    var rejected = 0
    for (position, length) in measurements {
      _precondition(
        position >= 0 && position < count, "Position \(position) out of range 0..<\(count)")
      if !(length >= 0 && length <= maximum) { rejected += 1 }
    }
    if _scrollAim != nil {
      for (position, _) in measurements { _scrollAim?.measured.insert(position) }
    }
    // Copied only to leave out invalid lengths.
    let accepted =
      rejected == 0 ? measurements : measurements.filter { $0.length >= 0 && $0.length <= maximum }
    guard !accepted.isEmpty else { return nil }
    return _measure { $0.setLengths(accepted) }
  }

  /// Records measurements through `record`, keeping in place the target of
  /// an aimed scroll, or else the first visible item, so the visible
  /// content does not jump; `nil` if nothing a host shows moved.
  private mutating func _measure(_ record: (inout Layout) -> Void) -> WindowChange? {
    let change: WindowChange
    if let aim = _scrollAim {
      record(&_layout)
      change = _land(aim)
      if change.scrollCorrection != 0 { _scrollAim?.corrections += 1 }
    } else {
      let target = _anchorTarget()
      record(&_layout)
      change = _reanchor(target)
    }
    return change.window == change.previousWindow && change.visible == change.previousVisible
      && change.scrollCorrection == 0 ? nil : change
  }
}
