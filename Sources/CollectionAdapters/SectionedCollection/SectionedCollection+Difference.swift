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

extension SectionedCollection where Items: RangeReplaceableCollection {
  /// Records a move the user already made on screen (a drag, which UIKit
  /// reports in `tableView(_:moveRowAt:to:)`), within or across sections,
  /// so that the next difference starts from what is shown, as
  /// DataSources' recorded moves do.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: Its path after the move (in the list without it in
  ///     its old place, as UIKit reports it).
  /// - Complexity: O(*a* + *b* + *s*) for sections of *a* and *b* items and
  ///   *s* sections.
  public mutating func moveItem(from source: ItemPath, to destination: ItemPath) {
    _ = position(of: source)  // traps on a path out of range, naming it
    _checkSection(destination.section)
    var sourceItems = _sections[source.section].items
    let item = sourceItems.remove(
      at: sourceItems.index(sourceItems.startIndex, offsetBy: source.item))
    let targetCount =
      destination.section == source.section
      ? sourceItems.count : _sections[destination.section].items.count
    _precondition(
      destination.item >= 0 && destination.item <= targetCount,
      "Item \(destination.item) out of range 0...\(targetCount) of section \(destination.section)")
    if destination.section == source.section {
      sourceItems.insert(
        item, at: sourceItems.index(sourceItems.startIndex, offsetBy: destination.item))
      self[section: source.section].items = sourceItems
    } else {
      self[section: source.section].items = sourceItems
      var targetItems = _sections[destination.section].items
      targetItems.insert(
        item, at: targetItems.index(targetItems.startIndex, offsetBy: destination.item))
      self[section: destination.section].items = targetItems
    }
  }
}
