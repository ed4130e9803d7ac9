//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Where the engine places a sticky header: the header of the section at
/// the top of the viewport, kept at the top edge until the next section's
/// header pushes it up.
public struct StickyHeader: Hashable, Sendable {
  /// The header's position.
  public var position: Int
  /// Where to draw it along the scrolling axis, in content coordinates:
  /// its own frame's offset, or the top of the unobscured region, or above
  /// it when the next header pushes it out.
  public var offset: Double
  /// Whether it is drawn away from its own frame (stuck or pushed).
  public var isDetached: Bool

  /// Creates a placement.
  public init(position: Int, offset: Double, isDetached: Bool) {
    self.position = position
    self.offset = offset
    self.isDetached = isDetached
  }
}

// Pinned positions stay materialized whatever the scroll (a row being
// edited, the sticky header); they follow their items through data changes
// as the anchor does: shifted by inserts and removals above them, dropped
// when their item is removed, carried by a difference's moves.
