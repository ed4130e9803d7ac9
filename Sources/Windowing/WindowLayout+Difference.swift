//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

extension WindowLayout {
  /// Makes the layout describe the new snapshot of `difference`. Layouts
  /// that store nothing per item only take the new count.
  ///
  /// - Complexity: O(1) for fixed layouts.
  public mutating func apply(_ difference: IdentityDifference) {
    if difference.newCount > itemCount {
      insertItems(at: itemCount..<difference.newCount)
    } else if difference.newCount < itemCount {
      removeItems(at: difference.newCount..<itemCount)
    }
  }
}

extension VariableSizeLayout {
  /// Carries each surviving item's measured length to its new position;
  /// inserted items start at the estimate.
  ///
  /// - Complexity: O(n + m).
  public mutating func apply(_ difference: IdentityDifference) {
    let old = _sums.values
    var lengths = [Double](repeating: estimatedLength, count: difference.newCount)
    for (j, newPosition) in difference.newPositions.enumerated() {
      if let newPosition { lengths[newPosition] = old[j] }
    }
    _sums = _FenwickTree(lengths)
  }
}

extension WindowingEngine {
  /// Applies a data change: the layout follows the new snapshot, and the
  /// first visible item that survives keeps its place on screen (the scroll
  /// offset is corrected by whatever was inserted, removed or moved above).
  ///
  /// - Complexity: O(n + m) at worst for a variable-size layout; O(log n)
  ///   plus the scan to the first surviving item otherwise.
  @discardableResult
  public mutating func apply(_ difference: IdentityDifference) -> WindowChange {
    let anchor = _visible.isEmpty ? _window.lowerBound : _visible.lowerBound
    var survivor: (old: Int, new: Int)?
    var position = anchor
    while position < difference.oldCount {
      if let new = difference.newPositions[position] {
        survivor = (position, new)
        break
      }
      position += 1
    }
    let screenOffset = survivor.map { _layout.frame(of: $0.old).mainOffset - _viewport.offset }
    _layout.apply(difference)
    var correction = 0.0
    if let survivor, let screenOffset {
      let newOffset = _layout.frame(of: survivor.new).mainOffset - screenOffset
      correction = newOffset - _viewport.offset
      _viewport.offset = newOffset
    }
    return _recomputePublic(correction: correction)
  }
}
