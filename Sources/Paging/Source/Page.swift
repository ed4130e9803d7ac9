//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A page of items returned by a loader.
public struct Page<Key: Sendable, Item: Sendable>: Sendable {
  /// The items, in order.
  public var items: [Item]
  /// The key of the page before this one, or `nil` if this is the first.
  public var previousKey: Key?
  /// The key of the page after this one, or `nil` if this is the last.
  public var nextKey: Key?
  /// How many items exist before this page, if the source knows. On the
  /// first page, it makes the earlier positions placeholders at once.
  public var itemsBefore: Int?
  /// How many items exist after this page, if the source knows; it makes
  /// the later positions placeholders, so a scroll bar is stable.
  public var itemsAfter: Int?

  /// Creates a page.
  public init(
    items: [Item], previousKey: Key? = nil, nextKey: Key? = nil, itemsBefore: Int? = nil,
    itemsAfter: Int? = nil
  ) {
    self.items = items
    self.previousKey = previousKey
    self.nextKey = nextKey
    self.itemsBefore = itemsBefore
    self.itemsAfter = itemsAfter
  }
}
