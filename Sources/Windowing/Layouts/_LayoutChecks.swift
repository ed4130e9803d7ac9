//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// The checks every layout makes of what a programmer passes: each traps
// naming the value. Geometry from a layout pass (viewports, measurements
// through the engine) is clamped or ignored elsewhere, never trapped on.

/// Traps on an item count a layout cannot hold.
internal func _checkItemCount(_ itemCount: Int, maximum: Int) {
  _precondition(itemCount >= 0, "Item count \(itemCount) must not be negative")
  _precondition(
    itemCount <= maximum, "Item count \(itemCount) exceeds the maximum of \(maximum)")
}

/// Traps on a fixed item or row length that is not positive and finite.
internal func _checkLength(_ length: Double, _ name: String) {
  _precondition(
    length > 0 && length <= VariableLengthLayout.maximumItemLength,
    "\(name) \(length) must be greater than 0 and at most \(VariableLengthLayout.maximumItemLength)"
  )
}

/// Traps on spacing that is negative or not finite.
internal func _checkSpacing(_ spacing: Double) {
  _precondition(
    spacing >= 0 && spacing <= VariableLengthLayout.maximumItemLength,
    "Spacing \(spacing) must be in 0...\(VariableLengthLayout.maximumItemLength)")
}

/// Traps on parameters no measured layout takes, naming them.
internal func _checkMeasuredLayout(itemCount: Int, estimatedLength: Double, spacing: Double) {
  _checkItemCount(itemCount, maximum: VariableLengthLayout.maximumItemCount)
  _precondition(
    estimatedLength > 0 && estimatedLength <= VariableLengthLayout.maximumItemLength,
    "Estimated length \(estimatedLength) must be in 0...\(VariableLengthLayout.maximumItemLength)")
  _checkSpacing(spacing)
}

/// Traps on an insertion that takes a measured layout past its maximum.
internal func _checkInsertion(of inserted: Int, into itemCount: Int) {
  let (total, overflow) = itemCount.addingReportingOverflow(inserted)
  _precondition(
    !overflow && total <= VariableLengthLayout.maximumItemCount,
    "Inserting \(inserted) items into \(itemCount) exceeds the maximum of "
      + "\(VariableLengthLayout.maximumItemCount)")
}

/// Traps on a measurement of a position out of range or a length no
/// layout keeps, naming them.
internal func _checkMeasurement(_ length: Double, of position: Int, itemCount: Int) {
  _precondition(
    position >= 0 && position < itemCount, "Position \(position) out of range 0..<\(itemCount)")
  _precondition(
    length >= 0 && length <= VariableLengthLayout.maximumItemLength,
    "Length \(length) must be in 0...\(VariableLengthLayout.maximumItemLength)")
}
