//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// A row of a `SectionedCollection`: a section's header, one of its items,
/// or its footer.
public enum SectionedRow<SectionID: Hashable, Item> {
  /// The header of the section with this identity.
  case header(SectionID)
  /// An item, with its place.
  case item(Item, ItemPath)
  /// The footer of the section with this identity.
  case footer(SectionID)
}

extension SectionedRow: Sendable where SectionID: Sendable, Item: Sendable {}

extension SectionedRow: Equatable where Item: Equatable {
  /// Whether two rows show the same thing: the same section's header or
  /// footer, or equal items. An item's path is where it is, not what it
  /// shows, so it is not compared: a diff of rows reports a row as updated
  /// only when its item changed, not when rows above it came or went.
  ///
  /// - Complexity: O(1), plus one comparison of items.
  @inlinable
  public static func == (lhs: SectionedRow, rhs: SectionedRow) -> Bool {
    switch (lhs, rhs) {
    case (.header(let a), .header(let b)), (.footer(let a), .footer(let b)): return a == b
    case (.item(let a, _), .item(let b, _)): return a == b
    default: return false
    }
  }
}

extension SectionedRow {
  /// The row's identity: its section's for a header or footer, the item's
  /// (by `itemID`) for an item.
  ///
  /// - Complexity: O(1), plus one call to `itemID`.
  @inlinable
  public func id<ItemID: Hashable>(
    itemID: (Item) -> ItemID
  ) -> SectionedRowID<SectionID, ItemID> {
    switch self {
    case .header(let id): return .header(id)
    case .item(let item, _): return .item(itemID(item))
    case .footer(let id): return .footer(id)
    }
  }
}

extension SectionedRow: Identifiable where Item: Identifiable {
  /// The row's identity, for `ForEach(rows)`: its section's for a header
  /// or footer, the item's `id` for an item.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var id: SectionedRowID<SectionID, Item.ID> { id(itemID: { $0.id }) }
}
