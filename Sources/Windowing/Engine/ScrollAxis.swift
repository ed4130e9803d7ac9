//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The scrolling direction of a layout.
public enum ScrollAxis: Hashable, Sendable {
  /// Items stack top to bottom.
  case vertical
  /// Items stack leading to trailing.
  case horizontal
}
