//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

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
    // The sums hold each length with the spacing after it.
    _sums = _ChunkedLengths(
      _carry(_sums.values, through: difference, newItems: estimatedLength + spacing))
  }
}

/// Each old item's `values` entry at its new position after `difference`;
/// inserted items get `newItems`. The measured layouts carry their lengths
/// through a data change with it.
internal func _carry(
  _ values: [Double], through difference: IdentityDifference, newItems: Double
) -> [Double] {
  var result = [Double](repeating: newItems, count: difference.newCount)
  for (j, newPosition) in difference.newPositions.enumerated() {
    if let newPosition { result[newPosition] = values[j] }
  }
  return result
}

extension WindowingEngine {
  /// Applies a data change: the layout follows the new snapshot, and the
  /// first visible item that survives keeps its place on screen (the scroll
  /// offset is corrected by whatever was inserted, removed or moved above).
  /// When no item from the first visible one on survives, the last
  /// survivor before it keeps its place.
  ///
  /// - Parameter difference: A difference from a snapshot of `itemCount`
  ///   items; traps otherwise.
  /// - Complexity: O(n + m) at worst for a variable-size layout; O(log n)
  ///   plus the scan to the nearest surviving item otherwise.
  @discardableResult
  public mutating func apply(_ difference: IdentityDifference) -> WindowChange {
    _precondition(
      difference.oldCount == _layout.itemCount,
      "The difference is from \(difference.oldCount) items, not \(_layout.itemCount)")
    let positions = difference.newPositions
    let target = _anchorTarget(
      firstSurvivor: { position in positions[position...].firstIndex { $0 != nil } },
      lastSurvivor: { position in positions[..<position].lastIndex { $0 != nil } },
      newPosition: { positions[$0]! })
    _layout.apply(difference)
    _remapPinned { positions[$0] }
    return _reanchor(target)
  }
}
