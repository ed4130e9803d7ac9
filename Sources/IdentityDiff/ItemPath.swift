//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The place of an item in a list with sections: its section and its
/// position among that section's items, what UIKit spells
/// `IndexPath(item:section:)`.
///
/// Ordered by section, then item.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section's position among the sections.
  public var section: Int
  /// The item's position among its section's items.
  public var item: Int

  /// Creates the path of item `item` of section `section`.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Whether `lhs` comes before `rhs`: an earlier section, or the same
  /// section and an earlier item.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// `[section, item]`, as `IndexPath` prints.
  public var description: String { "[\(section), \(item)]" }
}
