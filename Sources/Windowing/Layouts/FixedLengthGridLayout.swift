//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Items of one length packed into rows: a fixed number of columns, or as many
/// as fit the viewport's cross length. Stores nothing per item.
public struct FixedLengthGridLayout: WindowLayout, Hashable, Sendable {
  /// How many columns a row has.
  public enum Columns: Hashable, Sendable {
    /// Exactly this many.
    case fixed(Int)
    /// As many items of at least this cross length as fit.
    case adaptive(minimumLength: Double)
  }

  /// The number of items.
  public private(set) var itemCount: Int
  /// The column rule.
  public var columns: Columns
  /// Each item's length along the scrolling axis, which is its row's.
  public var itemLength: Double {
    didSet { _checkLength(itemLength, "Item length") }
  }
  /// Space between rows, and between columns.
  public var spacing: Double {
    didSet { _checkSpacing(spacing) }
  }
  /// The cross length the columns share.
  public private(set) var crossLength: Double

  /// Creates a grid.
  public init(
    itemCount: Int, columns: Columns, itemLength: Double, spacing: Double = 0,
    crossLength: Double = 0
  ) {
    _precondition(itemCount >= 0, "Item count \(itemCount) must not be negative")
    _checkLength(itemLength, "Item length")
    _checkSpacing(spacing)
    columns._check()
    self.itemCount = itemCount
    self.columns = columns
    self.itemLength = itemLength
    self.spacing = spacing
    self.crossLength = crossLength
  }

  /// The most columns an adaptive grid makes, whatever the cross length.
  public static var maximumColumnCount: Int { 1 << 16 }

  /// The number of columns for the current cross length: at least 1, at
  /// most `maximumColumnCount` for adaptive columns.
  public var columnCount: Int { columns._count(crossLength: crossLength, spacing: spacing) }

  /// The number of rows.
  public var rowCount: Int { itemCount == 0 ? 0 : (itemCount - 1) / columnCount + 1 }

  private var stride: Double { itemLength + spacing }

  /// - Complexity: O(1).
  public var contentLength: Double { rowCount == 0 ? 0 : Double(rowCount) * stride - spacing }

  /// - Complexity: O(1).
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    let rows = FixedLengthLayout(itemCount: rowCount, itemLength: itemLength, spacing: spacing)
      .items(overlapping: region)
    let n = columnCount
    return Swift.min(itemCount, rows.lowerBound * n)..<Swift.min(itemCount, rows.upperBound * n)
  }

  /// - Complexity: O(1).
  public func frame(of position: Int) -> ItemFrame {
    let n = columnCount
    let columnLength = Swift.max(0, (crossLength - spacing * Double(n - 1)) / Double(n))
    return ItemFrame(
      mainOffset: Double(position / n) * stride, mainLength: itemLength,
      crossOffset: Double(position % n) * (columnLength + spacing), crossLength: columnLength)
  }

  /// The length of the rows the items occupy.
  ///
  /// - Complexity: O(1).
  public func length(of positions: Range<Int>) -> Double {
    guard !positions.isEmpty else { return 0 }
    let n = columnCount
    return Double((positions.upperBound - 1) / n - positions.lowerBound / n + 1) * stride
  }

  /// - Complexity: O(1).
  public mutating func insertItems(at positions: Range<Int>) { itemCount += positions.count }

  /// - Complexity: O(1).
  public mutating func removeItems(at positions: Range<Int>) { itemCount -= positions.count }

  /// Recomputes adaptive columns.
  ///
  /// - Complexity: O(1).
  public mutating func viewportCrossLengthDidChange(_ crossLength: Double) {
    self.crossLength = crossLength
  }
}

extension FixedLengthGridLayout.Columns {
  /// The number of columns for `crossLength`: at least 1, at
  /// most `FixedLengthGridLayout.maximumColumnCount` for adaptive ones.
  internal func _count(crossLength: Double, spacing: Double) -> Int {
    switch self {
    case .fixed(let n): return n
    case .adaptive(let minimum):
      // The cross length comes from UI geometry: a huge or non-finite one
      // must not overflow the conversion.
      let fitting = ((crossLength + spacing) / (minimum + spacing)).rounded(.down)
      guard fitting.isFinite else { return 1 }
      return Swift.max(1, Int(Swift.min(fitting, Double(FixedLengthGridLayout.maximumColumnCount))))
    }
  }

  /// Traps on a rule that makes no column, naming it.
  internal func _check() {
    switch self {
    case .fixed(let n): _precondition(n >= 1, "Column count \(n) must be positive")
    case .adaptive(let m): _precondition(m > 0, "Minimum column length \(m) must be positive")
    }
  }
}
