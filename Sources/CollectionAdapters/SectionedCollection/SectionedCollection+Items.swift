//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// Edits of one section's items, in place, each returning the rows it
// changed for a list that shows the collection:
// `list.update { $0.insertItem(contact, at: ItemPath(section: 1, item: 0)) }`.

extension SectionedCollection where Items: RangeReplaceableCollection {
  /// Inserts `newItems` so that the first becomes the item at `path`.
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var contacts = SectionedCollection([
  ///   ListSection(id: "A", items: ["Ada", "Alan"], header: true),
  ///   ListSection(id: "B", items: ["Barbara"], header: true),
  /// ])
  /// let changes = contacts.insertItems(contentsOf: ["Brian"], at: ItemPath(section: 1, item: 1))
  /// assert(changes == RowChanges(insertions: [5..<6]))
  /// assert(contacts[ItemPath(section: 1, item: 1)] == "Brian")
  /// ```
  ///
  /// - Parameters:
  ///   - newItems: The items to insert.
  ///   - path: Where the first lands; `path.item` in `0...` the section's
  ///     item count.
  /// - Returns: The rows inserted.
  /// - Complexity: The items' own insertion, plus O(*s*) for *s* sections.
  @discardableResult
  public mutating func insertItems(
    contentsOf newItems: some Collection<Items.Element>, at path: ItemPath
  ) -> RowChanges {
    let row = _insertionRow(path)
    let index = _itemIndex(path)
    _sections[path.section].items.insert(contentsOf: newItems, at: index)
    _recountRows(from: path.section)
    return newItems.isEmpty ? RowChanges() : RowChanges(insertions: [row..<row + newItems.count])
  }

  /// Inserts `item` so that it becomes the item at `path`.
  ///
  /// - Returns: The row inserted.
  /// - Complexity: As `insertItems(contentsOf:at:)`.
  @discardableResult
  public mutating func insertItem(_ item: Items.Element, at path: ItemPath) -> RowChanges {
    insertItems(contentsOf: CollectionOfOne(item), at: path)
  }

  /// Removes the items at `offsets` of section `section`: what SwiftUI's
  /// `onDelete` hands a section's `ForEach`.
  ///
  /// - Parameters:
  ///   - offsets: Item positions in the section; repeated ones count once.
  ///   - section: The section.
  /// - Returns: The rows removed, in the positions before the removal.
  /// - Complexity: The items' own removals, plus O(*k* log *k* + *s*) for
  ///   *k* offsets and *s* sections.
  @discardableResult
  public mutating func removeItems(
    atOffsets offsets: some Sequence<Int>, inSection section: Int
  ) -> RowChanges {
    _checkSection(section)
    let removed = RowChanges(removing: offsets).deletions
    guard !removed.isEmpty else { return RowChanges() }
    let itemCount = _sections[section].items.count
    _precondition(
      removed[0].lowerBound >= 0 && removed[removed.count - 1].upperBound <= itemCount,
      "Item offsets \(removed) out of range 0..<\(itemCount) of section \(section)")
    for range in removed.reversed() {
      // The indices are found before the items are mutated, so no second
      // reference to them is held during it (that would copy them).
      let bounds = _itemIndices(range, inSection: section)
      _sections[section].items.removeSubrange(bounds)
    }
    let firstItemRow = _sectionStarts[section] + (_sections[section].hasHeader ? 1 : 0)
    _recountRows(from: section)
    return RowChanges(
      deletions: removed.map { $0.lowerBound + firstItemRow..<$0.upperBound + firstItemRow })
  }

  /// Replaces the item at `path` with `item` (the same row, new content).
  ///
  /// - Returns: The row updated.
  /// - Complexity: The items' own replacement of one element.
  @discardableResult
  public mutating func replaceItem(at path: ItemPath, with item: Items.Element) -> RowChanges {
    let row = position(of: path)
    let bounds = _itemIndices(path.item..<path.item + 1, inSection: path.section)
    _sections[path.section].items.replaceSubrange(bounds, with: CollectionOfOne(item))
    return RowChanges(updates: [row..<row + 1])
  }

  /// Records a move the user already made on screen (a drag, which UIKit
  /// reports in `tableView(_:moveRowAt:to:)`), within or across sections,
  /// so that the next difference starts from what is shown, as
  /// DataSources' recorded moves do.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: Its path after the move (in the list without it in
  ///     its old place, as UIKit reports it).
  /// - Returns: The item's row moved: removed where it was and inserted
  ///   where it lands.
  /// - Complexity: The items' own removal and insertion, plus O(*s*) for
  ///   *s* sections.
  @discardableResult
  public mutating func moveItem(from source: ItemPath, to destination: ItemPath) -> RowChanges {
    let oldRow = position(of: source)  // traps on a path out of range, naming it
    _checkSection(destination.section)
    let targetCount =
      _sections[destination.section].items.count - (destination.section == source.section ? 1 : 0)
    _precondition(
      destination.item >= 0 && destination.item <= targetCount,
      "Item \(destination.item) out of range 0...\(targetCount) of section \(destination.section)")
    let sourceIndex = _itemIndex(source)
    let item = _sections[source.section].items.remove(at: sourceIndex)
    let destinationIndex = _itemIndex(destination)
    _sections[destination.section].items.insert(item, at: destinationIndex)
    _recountRows(from: Swift.min(source.section, destination.section))
    let newRow = position(of: destination)
    return oldRow == newRow
      ? RowChanges()
      : RowChanges(
        deletions: [oldRow..<oldRow + 1], insertions: [newRow..<newRow + 1],
        moves: [RowChanges.Move(from: oldRow, to: newRow)])
  }

  /// The index of the item at `path` in its section's items.
  internal func _itemIndex(_ path: ItemPath) -> Items.Index {
    _itemIndices(path.item..<path.item, inSection: path.section).lowerBound
  }

  /// The indices of the items at `offsets` of section `section`.
  internal func _itemIndices(_ offsets: Range<Int>, inSection section: Int) -> Range<Items.Index> {
    let items = _sections[section].items
    let lower = items.index(items.startIndex, offsetBy: offsets.lowerBound)
    return lower..<items.index(lower, offsetBy: offsets.count)
  }

  /// The row an item inserted at `path` lands on; traps, naming the path,
  /// outside the section.
  internal func _insertionRow(_ path: ItemPath) -> Int {
    _checkSection(path.section)
    let itemCount = _sections[path.section].items.count
    _precondition(
      path.item >= 0 && path.item <= itemCount,
      "Item \(path.item) out of range 0...\(itemCount) of section \(path.section)")
    return _sectionStarts[path.section] + (_sections[path.section].hasHeader ? 1 : 0) + path.item
  }
}
