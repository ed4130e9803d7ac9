//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// A grid whose rows have different lengths: items are measured, and each
/// row takes the length of its longest item (cells of a row share it).
/// Columns are fixed or as many as fit, as in `FixedLengthGridLayout`.
///
/// Row offsets are kept in chunks of Fenwick trees, so queries and a
/// measurement are O(log n) (plus the row's items); an insertion or a
/// removal shifts items between rows, and rebuilds the rows from it.
public struct MeasuredGridLayout: MeasuredLayout, Hashable, Sendable {
  /// The column rule.
  public private(set) var columns: FixedLengthGridLayout.Columns
  /// The length of an item not yet measured.
  public private(set) var estimatedLength: Double
  /// Space between rows, and between columns.
  public private(set) var spacing: Double
  /// The cross length the columns share.
  public private(set) var crossLength: Double

  @usableFromInline internal var _lengths: [Double]
  /// Each row's length plus the spacing after it.
  @usableFromInline internal var _rows: _ChunkedLengths

  /// The largest length a measurement may have.
  public static var maximumItemLength: Double { 10_000_000 }

  /// Creates a grid of `itemCount` items at the estimate.
  ///
  /// - Complexity: O(`itemCount`).
  public init(
    itemCount: Int, columns: FixedLengthGridLayout.Columns, estimatedLength: Double,
    spacing: Double = 0,
    crossLength: Double = 0
  ) {
    _checkMeasuredLayout(itemCount: itemCount, estimatedLength: estimatedLength, spacing: spacing)
    if case .fixed(let n) = columns { _precondition(n >= 1, "Column count \(n) must be positive") }
    if case .adaptive(let m) = columns {
      _precondition(m > 0, "Minimum column length \(m) must be positive")
    }
    self.columns = columns
    self.estimatedLength = estimatedLength
    self.spacing = spacing
    self.crossLength = crossLength
    self._lengths = Array(repeating: estimatedLength, count: itemCount)
    self._rows = _ChunkedLengths([])
    _rebuildRows()
  }

  /// The number of columns for the current cross length.
  ///
  /// - Complexity: O(1).
  public var columnCount: Int {
    FixedLengthGridLayout(
      itemCount: 0, columns: columns, itemLength: 1, spacing: spacing, crossLength: crossLength
    )
    .columnCount
  }

  /// - Complexity: O(1).
  public var itemCount: Int { _lengths.count }

  /// The number of rows.
  ///
  /// - Complexity: O(1).
  public var rowCount: Int { _rows.count }

  /// - Complexity: O(log n).
  public var contentLength: Double { _rows.count == 0 ? 0 : _rows.prefix(_rows.count) - spacing }

  /// The measured (or estimated) length of the item at `position`; its
  /// frame has its row's length.
  ///
  /// - Complexity: O(1).
  public func length(of position: Int) -> Double { _lengths[position] }

  /// - Complexity: O(log n).
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    let n = columnCount
    // By rows, whose sums count each row's trailing gap; the exact test
    // leaves it out.
    let rows = _exactOverlap(
      _rows.indices(overlapping: region, contentLength: contentLength), count: _rows.count,
      region: region, extent: { self._extent(of: $0 * n) })
    return Swift.min(itemCount, rows.lowerBound * n)..<Swift.min(itemCount, rows.upperBound * n)
  }

  /// - Complexity: O(log n).
  public func frame(of position: Int) -> ItemFrame {
    let n = columnCount
    let row = position / n
    let columnLength = Swift.max(0, (crossLength - spacing * Double(n - 1)) / Double(n))
    return ItemFrame(
      mainOffset: _rows.prefix(row), mainLength: _rows.value(at: row) - spacing,
      crossOffset: Double(position % n) * (columnLength + spacing), crossLength: columnLength)
  }

  /// The length of the rows the items occupy.
  ///
  /// - Complexity: O(log n).
  public func length(of positions: Range<Int>) -> Double {
    guard !positions.isEmpty else { return 0 }
    let n = columnCount
    return _rows.prefix((positions.upperBound - 1) / n + 1) - _rows.prefix(positions.lowerBound / n)
  }

  /// - Returns: The change in the item's length.
  /// - Complexity: O(log n + columns).
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> Double {
    _precondition(
      position >= 0 && position < itemCount, "Position \(position) out of range 0..<\(itemCount)")
    _precondition(
      length >= 0 && length <= Self.maximumItemLength,
      "Length \(length) must be in 0...\(Self.maximumItemLength)")
    let delta = length - _lengths[position]
    guard delta != 0 else { return 0 }
    _lengths[position] = length
    let row = position / columnCount
    let change = _rowLength(row) + spacing - _rows.value(at: row)
    if change != 0 { _rows.add(change, at: row) }
    return delta
  }

  /// New items start at the estimate.
  ///
  /// - Complexity: O(n): items after them move between rows.
  public mutating func insertItems(at positions: Range<Int>) {
    _checkInsertion(of: positions.count, into: itemCount)
    _lengths.insert(
      contentsOf: repeatElement(estimatedLength, count: positions.count), at: positions.lowerBound)
    _rebuildRows()
  }

  /// - Complexity: O(n): items after them move between rows.
  public mutating func removeItems(at positions: Range<Int>) {
    _lengths.removeSubrange(positions)
    _rebuildRows()
  }

  /// Re-forms the rows when the column count changes.
  ///
  /// - Complexity: O(n) when the column count changes, O(1) otherwise.
  public mutating func viewportCrossLengthDidChange(_ crossLength: Double) {
    let before = columnCount
    self.crossLength = crossLength
    if columnCount != before { _rebuildRows() }
  }

  /// The length of row `row`: its longest item's.
  internal func _rowLength(_ row: Int) -> Double {
    let n = columnCount
    return _lengths[row * n..<Swift.min(_lengths.count, row * n + n)].max() ?? 0
  }

  internal mutating func _rebuildRows() {
    let n = columnCount
    let rows = _lengths.isEmpty ? 0 : (_lengths.count - 1) / n + 1
    _rows = _ChunkedLengths((0..<rows).map { _rowLength($0) + spacing })
  }
}
