//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// A row of a `PagedCollection`: its identity, position and item.
public struct PagedRow<Item: Sendable & Identifiable>: Identifiable, Sendable
where Item.ID: Sendable {
  /// The row's identity (see `PagedRowID`).
  public let id: PagedRowID<Item.ID>
  /// The row's position in the collection.
  public let position: Int
  /// The item, or `nil` for a placeholder.
  public let item: Item?

  @inlinable
  internal init(id: PagedRowID<Item.ID>, position: Int, item: Item?) {
    self.id = id
    self.position = position
    self.item = item
  }
}
