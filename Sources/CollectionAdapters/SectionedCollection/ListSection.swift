//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// One section of a `SectionedCollection`: an identity, the user's items
/// (any random-access collection, held as it is, never copied), and whether
/// the section shows a header row before its items and a footer row after.
public struct ListSection<ID: Hashable, Items: RandomAccessCollection> {
  /// The section's identity (what a diff matches sections by).
  public var id: ID
  /// The section's items.
  public var items: Items
  /// Whether a header row comes before the items.
  public var hasHeader: Bool
  /// Whether a footer row comes after the items.
  public var hasFooter: Bool

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - items: Its items, held as they are.
  ///   - header: Whether a header row comes before the items.
  ///   - footer: Whether a footer row comes after the items.
  @inlinable
  public init(id: ID, items: Items, header: Bool = false, footer: Bool = false) {
    self.id = id
    self.items = items
    self.hasHeader = header
    self.hasFooter = footer
  }

  /// The number of rows the section shows: its items, and its header and
  /// footer if it has them.
  ///
  /// - Complexity: O(1) if `Items` is random-access (it must be).
  @inlinable
  public var rowCount: Int {
    items.count &+ (hasHeader ? 1 : 0) &+ (hasFooter ? 1 : 0)
  }
}

extension ListSection: Sendable where ID: Sendable, Items: Sendable {}

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

/// The identity of a row of a `SectionedCollection`, for SwiftUI's
/// `ForEach(rows, id: …)`: a header or footer by its section's identity, an
/// item by its own.
public enum SectionedRowID<SectionID: Hashable, ItemID: Hashable>: Hashable {
  /// The header of this section.
  case header(SectionID)
  /// The item with this identity.
  case item(ItemID)
  /// The footer of this section.
  case footer(SectionID)
}

extension SectionedRowID: Sendable where SectionID: Sendable, ItemID: Sendable {}
