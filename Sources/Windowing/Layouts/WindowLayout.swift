//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// Places items along a scrolling axis and finds the items in a region.
///
/// Every query is O(log n) or better; no layout walks its items.
public protocol WindowLayout {
  /// The number of items laid out.
  var itemCount: Int { get }
  /// The length of all content along the scrolling axis.
  var contentLength: Double { get }
  /// The items whose frames overlap `region` along the scrolling axis, as a
  /// contiguous range of positions.
  func items(overlapping region: Range<Double>) -> Range<Int>
  /// The frame of the item at `position`.
  func frame(of position: Int) -> ItemFrame
  /// The length along the scrolling axis of the items in `positions`.
  func length(of positions: Range<Int>) -> Double
  /// Adds items at `positions` (counted after the insertion).
  mutating func insertItems(at positions: Range<Int>)
  /// Removes the items at `positions`.
  mutating func removeItems(at positions: Range<Int>)
  /// Adapts to a new cross length of the viewport (a grid's columns).
  mutating func viewportCrossLengthDidChange(_ crossLength: Double)
  /// Follows a data change (removals in the old positions, insertions in
  /// the new); a measured layout carries moved items' lengths.
  mutating func apply(_ changes: RowChanges)
}

extension WindowLayout {
  /// Layouts that do not depend on the cross length ignore it.
  public mutating func viewportCrossLengthDidChange(_ crossLength: Double) {}
}
