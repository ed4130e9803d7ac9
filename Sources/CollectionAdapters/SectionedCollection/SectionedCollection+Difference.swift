//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension SectionedDifference {
  /// Computes the changes between two snapshots of a sectioned list.
  ///
  /// A section whose header or footer appears or disappears, or for which
  /// `sectionContentEquals` says `false`, is updated (a batch reloads it).
  ///
  /// - Parameters:
  ///   - old: The rows shown now.
  ///   - new: The rows to show.
  ///   - itemID: An item's identity.
  ///   - itemContentEquals: Whether two items with the same identity have
  ///     the same content.
  ///   - sectionContentEquals: Whether two sections with the same identity
  ///     show the same header and footer, beyond their presence; `nil`
  ///     compares only their presence.
  /// - Complexity: O(*n* + *m* + *k* log *k*), expected: see
  ///   `init(from:to:sectionID:items:itemID:sectionContentEquals:itemContentEquals:)`.
  public init<SectionID: Hashable, Items: RandomAccessCollection, ItemID: Hashable>(
    from old: SectionedCollection<SectionID, Items>,
    to new: SectionedCollection<SectionID, Items>,
    itemID: (Items.Element) -> ItemID,
    itemContentEquals: (Items.Element, Items.Element) -> Bool,
    sectionContentEquals: (
      (ListSection<SectionID, Items>, ListSection<SectionID, Items>) -> Bool
    )? = nil
  ) {
    self.init(
      from: old.sections, to: new.sections, sectionID: { $0.id }, items: { $0.items },
      itemID: itemID,
      sectionContentEquals: { a, b in
        a.hasHeader == b.hasHeader && a.hasFooter == b.hasFooter
          && (sectionContentEquals?(a, b) ?? true)
      },
      itemContentEquals: itemContentEquals)
  }

  /// Computes the changes between two snapshots of a sectioned list of
  /// identifiable, equatable items.
  ///
  /// - Complexity: O(*n* + *m* + *k* log *k*), expected.
  public init<SectionID: Hashable, Items: RandomAccessCollection>(
    from old: SectionedCollection<SectionID, Items>,
    to new: SectionedCollection<SectionID, Items>
  ) where Items.Element: Identifiable & Equatable {
    self.init(from: old, to: new, itemID: { $0.id }, itemContentEquals: ==)
  }
}
