//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// Items of measured lengths in columns (TanStack Virtual's `lanes`, a
/// Pinterest feed): each item goes, in order, into the column that ends
/// first, so items keep their order from top to bottom.
///
/// Because an item's column depends on every length before it, a measurement
/// or an insertion at position `p` places the items from `p` on again:
/// O(n − p) (from the nearest of the checkpoints the layout keeps every 64
/// items), as TanStack does. Queries are O(log n): item tops never
/// decrease with the position, and neither does the farthest end reached
/// so far, so both are searched by bisection.
public struct MasonryLayout: MeasuredLayout, Hashable, Sendable {
  /// How many columns the content has: exactly so many, or as many of at
  /// least a minimum cross length as fit, as in a grid.
  public private(set) var columns: FixedLengthGridLayout.Columns
  /// The length of an item not yet measured.
  public private(set) var estimatedLength: Double
  /// Space between items in a column, and between columns.
  public private(set) var spacing: Double
  /// The cross length the columns share.
  public private(set) var crossLength: Double

  @usableFromInline internal var _lengths: [Double]
  @usableFromInline internal var _tops: [Double] = []
  @usableFromInline internal var _columns: [Int] = []
  /// `_reach[i]`: the farthest end of the items `0...i`.
  @usableFromInline internal var _reach: [Double] = []
  /// `_checkpoints[k]`: where each column's next item starts, before item
  /// `k × _checkpointInterval`.
  @usableFromInline internal var _checkpoints: [[Double]] = []

  @usableFromInline internal static var _checkpointInterval: Int { 64 }

  /// The largest length a measurement may have (as `VariableLengthLayout`).
  public static var maximumItemLength: Double { VariableLengthLayout.maximumItemLength }

  /// Creates a masonry layout of `itemCount` items at the estimate.
  ///
  /// - Complexity: O(`itemCount` × columns).
  public init(
    itemCount: Int, columns: FixedLengthGridLayout.Columns, estimatedLength: Double,
    spacing: Double = 0, crossLength: Double = 0
  ) {
    _checkMeasuredLayout(itemCount: itemCount, estimatedLength: estimatedLength, spacing: spacing)
    columns._check()
    self.columns = columns
    self.estimatedLength = estimatedLength
    self.spacing = spacing
    self.crossLength = crossLength
    self._lengths = Array(repeating: estimatedLength, count: itemCount)
    _place(from: 0)
  }

  /// The number of columns for the current cross length.
  ///
  /// - Complexity: O(1).
  public var columnCount: Int { columns._count(crossLength: crossLength, spacing: spacing) }

  /// - Complexity: O(1).
  public var itemCount: Int { _lengths.count }

  /// - Complexity: O(1).
  public var contentLength: Double { _reach.last ?? 0 }

  /// The column of the item at `position`.
  ///
  /// - Complexity: O(1).
  public func column(of position: Int) -> Int { _columns[position] }

  /// - Complexity: O(1).
  public func length(of position: Int) -> Double { _lengths[position] }

  /// - Complexity: O(log n), plus one step per item after the last one
  ///   that overlaps which starts in the region's columns before it and ends
  ///   before it.
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    let low = region.lowerBound
    let high = region.upperBound
    guard itemCount > 0, low < high else { return 0..<0 }
    // The first item from which some item ends after `low`, and the first
    // that starts at or after `high`.
    let lower = _reach._partitioningIndex { $0 > low }
    var upper = _tops._partitioningIndex { $0 >= high }
    // Items in other columns may start before `high` and end by `low`, after
    // the last item that overlaps: the range ends at that one.
    while upper > lower, _tops[upper - 1] + _lengths[upper - 1] <= low { upper -= 1 }
    return lower..<Swift.max(lower, upper)
  }

  /// - Complexity: O(1).
  public func frame(of position: Int) -> ItemFrame {
    let n = columnCount
    let columnLength = Swift.max(0, (crossLength - spacing * Double(n - 1)) / Double(n))
    return ItemFrame(
      mainOffset: _tops[position], mainLength: _lengths[position],
      crossOffset: Double(_columns[position]) * (columnLength + spacing), crossLength: columnLength)
  }

  /// From the first item's start to the farthest end of the items.
  ///
  /// - Complexity: O(k) for k positions.
  public func length(of positions: Range<Int>) -> Double {
    guard !positions.isEmpty else { return 0 }
    let end = positions.map { _tops[$0] + _lengths[$0] }.max()!
    return end - _tops[positions.lowerBound]
  }

  /// - Returns: The change in length.
  /// - Complexity: O(n − `position`).
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> Double {
    _checkMeasurement(length, of: position, itemCount: itemCount)
    let delta = length - _lengths[position]
    if delta != 0 {
      _lengths[position] = length
      _place(from: position)
    }
    return delta
  }

  /// New items start at the estimate.
  ///
  /// - Complexity: O(n − `positions.lowerBound`).
  public mutating func insertItems(at positions: Range<Int>) {
    _checkInsertion(of: positions.count, into: itemCount)
    _lengths.insert(
      contentsOf: repeatElement(estimatedLength, count: positions.count), at: positions.lowerBound)
    _place(from: positions.lowerBound)
  }

  /// - Complexity: O(n − `positions.lowerBound`).
  public mutating func removeItems(at positions: Range<Int>) {
    _lengths.removeSubrange(positions)
    _place(from: positions.lowerBound)
  }

  /// Re-lays the columns when their number changes.
  ///
  /// - Complexity: O(n) when the column count changes, O(1) otherwise.
  public mutating func viewportCrossLengthDidChange(_ crossLength: Double) {
    let before = columnCount
    self.crossLength = crossLength
    if columnCount != before { _place(from: 0) }
  }

  /// Places the items from `position` on, from the checkpoint before it.
  internal mutating func _place(from position: Int) {
    let n = _lengths.count
    let columnCount = self.columnCount
    let interval = Self._checkpointInterval
    if position == 0 || _checkpoints.isEmpty || _checkpoints[0].count != columnCount {
      _checkpoints = []
      _tops.removeAll(keepingCapacity: true)
      _columns.removeAll(keepingCapacity: true)
      _reach.removeAll(keepingCapacity: true)
    }
    // Where each column's next item starts before `start`.
    let k = Swift.min(position / interval, Swift.max(0, _checkpoints.count - 1))
    var next = _checkpoints.isEmpty ? [Double](repeating: 0, count: columnCount) : _checkpoints[k]
    let start = _checkpoints.isEmpty ? 0 : k * interval
    for i in start..<Swift.min(position, _tops.count) {
      next[_columns[i]] = _tops[i] + _lengths[i] + spacing
    }
    let from = Swift.min(position, _tops.count)
    _checkpoints.removeSubrange(Swift.min(_checkpoints.count, from / interval + 1)...)
    _tops.removeSubrange(Swift.min(_tops.count, from)...)
    _columns.removeSubrange(Swift.min(_columns.count, from)...)
    _reach.removeSubrange(Swift.min(_reach.count, from)...)
    for i in _tops.count..<n {
      if i % interval == 0 && _checkpoints.count == i / interval { _checkpoints.append(next) }
      var column = 0
      for l in 1..<columnCount where next[l] < next[column] { column = l }
      let top = next[column]
      _tops.append(top)
      _columns.append(column)
      next[column] = top + _lengths[i] + spacing
      _reach.append(Swift.max(i > 0 ? _reach[i - 1] : 0, top + _lengths[i]))
    }
  }
}
