//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// Any layout with content padding: the one way every layout gets it.
///
/// ```swift
/// import Windowing
///
/// let padded = PaddedLayout(
///   FixedLengthGridLayout(itemCount: 1_000, columns: .adaptive(minimumLength: 100), itemLength: 100, spacing: 8),
///   padding: ContentPadding(start: 16, end: 16, crossStart: 12, crossEnd: 12))
/// var engine = WindowingEngine(layout: padded, viewport: Viewport(length: 800, crossLength: 390))
/// ```
///
/// Frames are the base layout's, moved by the padding; the base lays its
/// items out in the cross length left between the cross paddings. Every
/// operation costs what the base's costs.
public struct PaddedLayout<Base: WindowLayout>: WindowLayout {
  /// The layout of the items.
  public private(set) var base: Base
  /// The space around them.
  public private(set) var padding: ContentPadding

  /// Pads `base` by `padding`.
  ///
  /// - Complexity: O(1), plus the base's cost of a new cross length when
  ///   the cross padding is not zero.
  public init(_ base: Base, padding: ContentPadding) {
    self.base = base
    self.padding = padding
  }

  /// - Complexity: O(1).
  public var itemCount: Int { base.itemCount }

  /// The base's content and the padding; 0 without items.
  ///
  /// - Complexity: The base's.
  public var contentLength: Double {
    base.itemCount == 0 ? 0 : padding.start + base.contentLength + padding.end
  }

  /// - Complexity: The base's.
  public func items(overlapping region: Range<Double>) -> Range<Int> {
    // Moving the region into the base's coordinates rounds; widen it by a
    // few units in the last place so that an item the padded frame puts a
    // hair inside the region is never missed, then trim the ends that the
    // padded frames only touch (the base's range is the hull of the items
    // that overlap, so only its ends can be extra).
    guard region.lowerBound < region.upperBound else { return 0..<0 }
    let slack =
      (Swift.max(Swift.abs(region.lowerBound), Swift.abs(region.upperBound)) + padding.start).ulp
      * 4
    let lower = region.lowerBound - padding.start
    let upper = region.upperBound - padding.start
    guard slack.isFinite else { return base.items(overlapping: lower..<upper) }
    var items = base.items(overlapping: lower - slack..<upper + slack)
    while !items.isEmpty, !_frame(of: items.lowerBound, overlaps: region) {
      items = items.lowerBound + 1..<items.upperBound
    }
    while !items.isEmpty, !_frame(of: items.upperBound - 1, overlaps: region) {
      items = items.lowerBound..<items.upperBound - 1
    }
    return items
  }

  /// - Complexity: The base's.
  public func frame(of position: Int) -> ItemFrame {
    var frame = base.frame(of: position)
    frame.mainOffset += padding.start
    frame.crossOffset += padding.crossStart
    return frame
  }

  /// - Complexity: The base's.
  public func length(of positions: Range<Int>) -> Double { base.length(of: positions) }

  /// - Complexity: The base's.
  public mutating func insertItems(at positions: Range<Int>) { base.insertItems(at: positions) }

  /// - Complexity: The base's.
  public mutating func removeItems(at positions: Range<Int>) { base.removeItems(at: positions) }

  /// Gives the base the cross length between the cross paddings.
  ///
  /// - Complexity: The base's.
  public mutating func viewportCrossLengthDidChange(_ crossLength: Double) {
    base.viewportCrossLengthDidChange(
      Swift.max(0, crossLength - padding.crossStart - padding.crossEnd))
  }

  /// - Complexity: The base's.
  public mutating func apply(_ changes: RowChanges) { base.apply(changes) }
}

extension PaddedLayout: Equatable where Base: Equatable {}
extension PaddedLayout: Hashable where Base: Hashable {}
extension PaddedLayout: Sendable where Base: Sendable {}

extension PaddedLayout: MeasuredLayout where Base: MeasuredLayout {
  /// The base's.
  public static var maximumItemLength: Double { Base.maximumItemLength }

  /// - Complexity: The base's.
  public func length(of position: Int) -> Double { base.length(of: position) }

  /// - Complexity: The base's.
  @discardableResult
  public mutating func setLength(_ length: Double, of position: Int) -> Double {
    base.setLength(length, of: position)
  }
}
