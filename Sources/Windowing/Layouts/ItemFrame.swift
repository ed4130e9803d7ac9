//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// An item's frame: along the scrolling axis (`mainOffset`, `mainLength`)
/// and across it (`crossOffset`, `crossLength`).
public struct ItemFrame: Hashable, Sendable {
  /// Where the item starts along the scrolling axis.
  public var mainOffset: Double
  /// The item's length along the scrolling axis.
  public var mainLength: Double
  /// Where the item starts across the scrolling axis.
  public var crossOffset: Double
  /// The item's length across the scrolling axis.
  public var crossLength: Double

  /// Creates a frame.
  public init(mainOffset: Double, mainLength: Double, crossOffset: Double, crossLength: Double) {
    self.mainOffset = mainOffset
    self.mainLength = mainLength
    self.crossOffset = crossOffset
    self.crossLength = crossLength
  }

  /// The frame as (x, y, width, height) for `axis`.
  public func rect(for axis: ScrollAxis) -> (x: Double, y: Double, width: Double, height: Double) {
    switch axis {
    case .vertical: (crossOffset, mainOffset, crossLength, mainLength)
    case .horizontal: (mainOffset, crossOffset, mainLength, crossLength)
    }
  }
}
