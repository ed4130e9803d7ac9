//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A change of what a `VirtualList` shows on screen, by identity:
/// published through `onVisibilityChange`, apart from the window's updates.
public struct VisibilityUpdate<ID: Hashable> {
  /// The positions visible now.
  public var visibleRange: Range<Int>
  /// Identifiers that became visible (for impressions and analytics).
  public var becameVisible: ListUpdate<ID>.Identifiers
  /// Identifiers that stopped being visible.
  public var becameHidden: ListUpdate<ID>.Identifiers

  @inlinable
  internal init(
    visibleRange: Range<Int>, becameVisible: ListUpdate<ID>.Identifiers,
    becameHidden: ListUpdate<ID>.Identifiers
  ) {
    self.visibleRange = visibleRange
    self.becameVisible = becameVisible
    self.becameHidden = becameHidden
  }
}
