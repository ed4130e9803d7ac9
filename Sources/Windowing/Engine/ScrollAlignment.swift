//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Where `scrollOffset(for:alignment:)` puts an item.
public enum ScrollAlignment: Hashable, Sendable {
  /// At the leading edge of the unobscured region.
  case start
  /// In the middle of the unobscured region.
  case center
  /// At the trailing edge of the unobscured region.
  case end
  /// The smallest scroll that shows the item whole; none if it already is.
  case nearest
}
