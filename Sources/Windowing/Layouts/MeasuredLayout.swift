//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A layout whose items' lengths are measured: each starts at an estimate,
/// and the lengths a UI reports replace it (`VariableLengthLayout`,
/// `MasonryLayout`, `MeasuredGridLayout`). The engine's and the list's
/// `setLength(_:of:)` serve every such layout.
public protocol MeasuredLayout: WindowLayout {
  /// The largest length a measurement may have.
  static var maximumItemLength: Double { get }
  /// The length recorded for the item at `position`: its measurement, or
  /// its estimate until measured.
  func length(of position: Int) -> Double
  /// Records the measured length of the item at `position`.
  ///
  /// - Returns: The change in length.
  @discardableResult
  mutating func setLength(_ length: Double, of position: Int) -> Double

  /// Records many measured lengths at once: a layout pass's.
  ///
  /// The default implementation records them one by one.
  mutating func setLengths(_ measurements: [(position: Int, length: Double)])
}

extension MeasuredLayout {
  /// Records many measured lengths, one by one.
  ///
  /// - Complexity: That of `setLength(_:of:)`, per measurement.
  public mutating func setLengths(_ measurements: [(position: Int, length: Double)]) {
    for measurement in measurements { setLength(measurement.length, of: measurement.position) }
  }
}
