//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The items a positional source returns for a range of positions.
///
/// A short page at the end of the data ends it; a short page inside a
/// span the source said was longer keeps its items, leaves the rest
/// placeholders and is reported (`PagingError.pageShorterThanRequested`).
public struct PositionalPage<Item: Sendable>: Sendable {
  /// The items at the requested positions, in order, starting at the
  /// range's lower bound.
  public var items: [Item]
  /// The number of items in the whole data set, if the source knows it (a
  /// `COUNT(*)`); it makes the positions beyond the loaded ones
  /// placeholders, so a scroll bar is stable and any position can be
  /// jumped to. The latest count reported wins.
  public var totalCount: Int?

  /// Creates a page.
  public init(items: [Item], totalCount: Int? = nil) {
    self.items = items
    self.totalCount = totalCount
  }
}
