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
