//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Extra content materialized beyond the viewport on each side.
public struct Overscan: Hashable, Sendable {
  /// Points beyond each edge.
  public var points: Double
  /// Items beyond each edge, added to `points`.
  public var items: Int

  /// Creates an overscan.
  public init(points: Double = 0, items: Int = 0) {
    _precondition(
      points >= 0 && items >= 0,
      "Overscan points \(points) and items \(items) must be neither negative nor NaN")
    self.points = points
    self.items = items
  }
}
