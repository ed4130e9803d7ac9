//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A list whose items all have the same length. Stores nothing per item.
public struct FixedLengthLayout: WindowLayout, Hashable, Sendable {
  /// The number of items.
  public private(set) var itemCount: Int
  /// Each item's length along the scrolling axis.
  public var itemLength: Double {
    didSet { _checkLength(itemLength, "Item length") }
  }
  /// Space between consecutive items.
  public var spacing: Double {
    didSet { _checkSpacing(spacing) }
  }
  /// The items' length across the scrolling axis.
  public var crossLength: Double

  /// Creates a list layout of `itemCount` items of `itemLength` points.
  public init(itemCount: Int, itemLength: Double, spacing: Double = 0, crossLength: Double = 0) {
    _precondition(itemCount >= 0, "Item count \(itemCount) must not be negative")
    _checkLength(itemLength, "Item length")
    _checkSpacing(spacing)
    self.itemCount = itemCount
    self.itemLength = itemLength
    self.spacing = spacing
    self.crossLength = crossLength
  }

  private var stride: Double { itemLength + spacing }

  /// - Complexity: O(1).
  public var contentLength: Double {
    itemCount == 0 ? 0 : Double(itemCount) * stride - spacing
  }

  /// - Complexity: O(1).
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    let low = Swift.max(region.lowerBound, 0)
    let high = Swift.min(region.upperBound, contentLength)
    guard itemCount > 0, low < high else { return 0..<0 }
    // Item i covers [i * stride, i * stride + itemLength): estimate, then fix
    // the estimate against the exact test so rounding cannot misplace it.
    var lower = _position(((low - itemLength) / stride).rounded(.down) + 1, itemCount: itemCount)
    while lower > 0, Double(lower - 1) * stride + itemLength > low { lower -= 1 }
    while lower < itemCount, Double(lower) * stride + itemLength <= low { lower += 1 }
    var upper = _position((high / stride).rounded(.up), itemCount: itemCount)
    while upper < itemCount, Double(upper) * stride < high { upper += 1 }
    while upper > lower, Double(upper - 1) * stride >= high { upper -= 1 }
    return lower..<Swift.max(lower, upper)
  }

  /// - Complexity: O(1).
  public func frame(of position: Int) -> ItemFrame {
    ItemFrame(
      mainOffset: Double(position) * stride, mainLength: itemLength, crossOffset: 0,
      crossLength: crossLength)
  }

  /// - Complexity: O(1).
  public func length(of positions: Range<Int>) -> Double {
    Double(positions.count) * stride
  }

  /// - Complexity: O(1).
  public mutating func insertItems(at positions: Range<Int>) { itemCount += positions.count }

  /// - Complexity: O(1).
  public mutating func removeItems(at positions: Range<Int>) { itemCount -= positions.count }
}

/// `estimate` as a position in `0...itemCount`: a huge estimate (an item
/// count near `Int.max`) converts without trapping.
internal func _position(_ estimate: Double, itemCount: Int) -> Int {
  guard estimate > 0 else { return 0 }
  return estimate < Double(itemCount) ? Int(estimate) : itemCount
}
