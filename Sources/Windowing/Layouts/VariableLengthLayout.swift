//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A list whose items have their own lengths: each starts at an estimate and
/// is replaced by its measurement when the item is materialized.
///
/// Lengths live in chunks of Fenwick trees (`_ChunkedLengths`): offset
/// queries, the window query and a measurement update are O(log n), and one
/// change never rebuilds the sums (web virtualizers rebuild them from the
/// changed index, O(n)). Memory: about one `Double` per item. Appending is
/// O(log n) per item; inserting or removing k items anywhere else is
/// O(k + √n) (one chunk of at most 1,024 and the index over the chunks),
/// not a rebuild.
public struct VariableLengthLayout: MeasuredLayout, Hashable, Sendable {
  /// Each item's length plus the spacing after it.
  @usableFromInline internal var _sums: _ChunkedLengths
  /// The longest an item may be: 10,000,000 points, thousands of screens.
  /// Lengths are summed in a tree of `Double`s, and a longer one would
  /// swamp the precision of every offset after it.
  public static var maximumItemLength: Double { 10_000_000 }

  /// The most items a measured layout keeps a length for: 2³² where `Int`
  /// has 64 bits and 2²⁹ where it has 32 (watchOS devices), more than the
  /// machine holds at 8 bytes per item; a count past it traps at creation
  /// or insertion, naming it.
  public static var maximumItemCount: Int { _sizeLimit(Int.self) }

  /// The length assumed for items not yet measured.
  public var estimatedLength: Double
  /// The items' length across the scrolling axis.
  public var crossLength: Double
  /// Space between items (the gap).
  public private(set) var spacing: Double

  /// Creates a layout of `itemCount` items, all of `estimatedLength`,
  /// `spacing` apart.
  public init(
    itemCount: Int, estimatedLength: Double, spacing: Double = 0, crossLength: Double = 0
  ) {
    _checkMeasuredLayout(itemCount: itemCount, estimatedLength: estimatedLength, spacing: spacing)
    _sums = _ChunkedLengths(repeating: estimatedLength + spacing, count: itemCount)
    self.estimatedLength = estimatedLength
    self.spacing = spacing
    self.crossLength = crossLength
  }

  /// - Complexity: O(1).
  public var itemCount: Int { _sums.count }

  /// - Complexity: O(log n).
  public var contentLength: Double { _sums.count == 0 ? 0 : _sums.prefix(_sums.count) - spacing }

  /// The start of the item at `position` along the scrolling axis.
  ///
  /// - Complexity: O(log n).
  public func offset(of position: Int) -> Double { _sums.prefix(position) }

  /// The length of the item at `position`.
  ///
  /// - Complexity: O(log n).
  public func length(of position: Int) -> Double { _sums.value(at: position) - spacing }

  /// Records the measured length of the item at `position`.
  ///
  /// - Returns: The change in length.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> Double {
    _checkMeasurement(length, of: position, itemCount: itemCount)
    let delta = length - (_sums.value(at: position) - spacing)
    if delta != 0 { _sums.add(delta, at: position) }
    return delta
  }

  /// Records many measured lengths at once: a layout pass's. The rows of
  /// one chunk of 1,024 that take many measurements are written as plain
  /// lengths and its sums rebuilt once, instead of a tree update each.
  ///
  /// - Complexity: O(k log k + k log n), and O(k + B) for k measurements in
  ///   one chunk of B rows.
  public mutating func setLengths(_ measurements: [(position: Int, length: Double)]) {
    for measurement in measurements {
      _checkMeasurement(measurement.length, of: measurement.position, itemCount: itemCount)
    }
    _sums.set(measurements, adding: spacing)
  }

  /// - Complexity: O(log n).
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    // The sums count each item's trailing gap; the exact test leaves it out.
    _exactOverlap(
      _sums.indices(overlapping: region, contentLength: contentLength), count: itemCount,
      region: region, extent: _extent(of:))
  }

  /// - Complexity: O(log n).
  public func frame(of position: Int) -> ItemFrame {
    let (start, end) = _sums.prefixes(around: position)
    return ItemFrame(
      // The sums round: a zero-length item's end may come a hair early.
      mainOffset: start, mainLength: Swift.max(0, end - start - spacing), crossOffset: 0,
      crossLength: crossLength)
  }

  /// - Complexity: O(log n).
  public func length(of positions: Range<Int>) -> Double {
    guard !positions.isEmpty else { return 0 }
    return _sums.prefix(positions.upperBound) - _sums.prefix(positions.lowerBound) - spacing
  }

  /// New items start at the estimate.
  ///
  /// - Complexity: O(k log n) at the end; O(k + √n) elsewhere.
  public mutating func insertItems(at positions: Range<Int>) {
    _checkInsertion(of: positions.count, into: itemCount)
    _sums.insert(
      repeating: estimatedLength + spacing, count: positions.count, at: positions.lowerBound)
  }

  /// - Complexity: O(k + √n).
  public mutating func removeItems(at positions: Range<Int>) {
    _sums.remove(positions)
  }
}
