//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The changes between two snapshots of a list with sections, matched by
/// identity: sections inserted, deleted, moved and updated; items inserted,
/// deleted, updated, and moved within and across sections.
///
/// This is what changed, not yet a batch: hand a list UI `batch()` (one
/// `performBatchUpdates` call that UIKit accepts) or `stagedBatches()` (the
/// fewest animations, in stages), both in `SectionedDifference+Batches.swift`.
///
/// - Sections are matched by their identity (as `IdentityDifference` does,
///   duplicates in order of appearance); `sections.updates` are sections
///   whose own content (a header's title, say) changed.
/// - Items are matched by their identity across the whole list, between
///   sections that exist in both snapshots: an item that changes section is
///   a move. The common prefix and suffix of a section's items (all of them
///   when its identities did not change) match each other, found by
///   comparing before any hashing; the rest of a section that a few edits
///   explain (a row dragged across it) is matched by comparing too, as
///   `IdentityDifference` matches a list; only what is left is hashed. Items
///   of a deleted section are deleted with it, items of an inserted section
///   arrive with it (they are not listed), as in UIKit.
/// - Moves are the fewest that explain the reorder: an item that changes
///   section moves; within a section, the items outside one longest
///   increasing subsequence of their old positions move. One drag is one move.
public struct SectionedDifference: Hashable, Sendable {
  /// The changes of the sections themselves (by section position).
  public var sections: IdentityDifference
  /// Deleted items, by old path, in descending order; only items of
  /// sections that survive.
  public var itemDeletions: [ItemPath]
  /// Inserted items, by new path, in ascending order; only items of
  /// sections that survive.
  public var itemInsertions: [ItemPath]
  /// The fewest moves that explain the reorder of the surviving items, in
  /// ascending new path.
  public var itemMoves: [ItemMove]
  /// New paths of matched items whose content changed, ascending (moved
  /// ones included: a batch form decides how to show them).
  public var itemUpdates: [ItemPath]
  /// The number of items of every old section.
  public var oldItemCounts: [Int]
  /// The number of items of every new section.
  public var newItemCounts: [Int]
  /// The old paths of `itemUpdates`, ascending: what a batch reloads.
  @usableFromInline internal var _itemUpdateSources: [ItemPath]

  /// An item that moved.
  public struct ItemMove: Hashable, Sendable {
    /// Its old path.
    public var from: ItemPath
    /// Its new path.
    public var to: ItemPath

    /// Creates a move.
    @inlinable
    public init(from: ItemPath, to: ItemPath) {
      self.from = from
      self.to = to
    }
  }

  /// Section and item changes together (a move counts once).
  public var changeCount: Int {
    sections.changeCount + itemDeletions.count + itemInsertions.count + itemMoves.count
      + itemUpdates.count
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { changeCount == 0 }

  /// Whether a UI should animate this update under `policy` (DataSources
  /// applies updates of more than 300 changes without animation).
  public func shouldAnimate(under policy: UpdatePolicy = UpdatePolicy()) -> Bool {
    changeCount <= policy.animationLimit
  }

  /// Computes the changes from `old` to `new`.
  ///
  /// ```swift
  /// import IdentityDiff
  ///
  /// struct Team { var name: String; var members: [String] }
  /// let old = [Team(name: "A", members: ["ann", "bob"]), Team(name: "B", members: ["cid"])]
  /// let new = [Team(name: "A", members: ["bob"]), Team(name: "B", members: ["cid", "ann"])]
  /// let difference = SectionedDifference(
  ///   from: old, to: new, sectionID: { $0.name }, items: { $0.members },
  ///   itemID: { $0 }, sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
  /// let moves = difference.itemMoves   // ann: [0, 0] → [1, 1], one move across sections
  /// ```
  ///
  /// - Parameters:
  ///   - old: The sections shown now.
  ///   - new: The sections to show.
  ///   - sectionID: A section's identity.
  ///   - items: A section's items.
  ///   - itemID: An item's identity.
  ///   - sectionContentEquals: Whether two sections with the same identity
  ///     show the same header and footer; `false` makes a section update.
  ///   - itemContentEquals: Whether two items with the same identity have
  ///     the same content; `false` makes an item update.
  /// - Complexity: O(*n* + *m* + *k* log *k*), expected, for *n* old and
  ///   *m* new sections and items and *k* hashed items that stay in their
  ///   section; the common prefix and suffix of each section's items (all of
  ///   them, in a section whose identities did not change), and the rest of
  ///   a section that at most 128 edits explain, are compared, not hashed.
  @inlinable
  public init<
    Sections: RandomAccessCollection, Items: RandomAccessCollection,
    SectionID: Hashable, ItemID: Hashable
  >(
    from old: Sections, to new: Sections,
    sectionID: (Sections.Element) -> SectionID,
    items: (Sections.Element) -> Items,
    itemID: (Items.Element) -> ItemID,
    sectionContentEquals: (Sections.Element, Sections.Element) -> Bool,
    itemContentEquals: (Items.Element, Items.Element) -> Bool
  ) {
    let sections = IdentityDifference(
      from: old, to: new, id: sectionID, contentEquals: sectionContentEquals)
    let oldItems = old.map(items)
    let newItems = new.map(items)
    var match = _ItemMatch(
      old: oldItems, new: newItems, oldSectionForNew: sections._oldPositions, itemID: itemID,
      itemContentEquals: itemContentEquals)
    match.itemMoves.sort { $0.to < $1.to }

    self.sections = sections
    self.itemDeletions = match.itemDeletions
    self.itemInsertions = match.itemInsertions
    self.itemMoves = match.itemMoves
    self.itemUpdates = match.itemUpdates.map(\.to).sorted()
    self._itemUpdateSources = match.itemUpdates.map(\.from).sorted()
    self.oldItemCounts = oldItems.map(\.count)
    self.newItemCounts = newItems.map(\.count)
  }

  /// The changes of a list without sections, `difference`, as the changes
  /// of its one section: so that `batch()` and `stagedBatches()` hand a
  /// single-section `UITableView` a batch it accepts.
  ///
  /// - Complexity: O(changes).
  public init(_ difference: IdentityDifference) {
    self.init(difference, inSection: 0, itemCounts: [difference.oldCount])
  }

  /// The changes of one section's items, `difference`, as a change of a
  /// list of `sectionCount` sections where only section `section` changed
  /// (DataSources' per-section update).
  ///
  /// - Complexity: O(*s* + changes) for *s* sections.
  public init(
    _ difference: IdentityDifference, inSection section: Int, itemCounts: [Int]
  ) {
    _precondition(
      section >= 0 && section < itemCounts.count,
      "Section \(section) out of range 0..<\(itemCounts.count)")
    _precondition(
      itemCounts[section] == difference.oldCount,
      "Section \(section) has \(itemCounts[section]) items, the difference is from \(difference.oldCount)"
    )
    func path(_ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    let sectionCount = itemCounts.count
    self.sections = IdentityDifference(
      deletions: [], insertions: [], moves: [], updated: [],
      newPositions: .init(runs: [.init(old: 0, new: 0, count: sectionCount)], count: sectionCount),
      newCount: sectionCount)
    self.itemDeletions = difference.deletions.map(path)
    self.itemInsertions = difference.insertions.map(path)
    self.itemMoves = difference.moves.map { ItemMove(from: path($0.from), to: path($0.to)) }
    self.itemUpdates = difference.updates.map(path)
    self._itemUpdateSources = difference._updateSources.map(path)
    self.oldItemCounts = itemCounts
    self.newItemCounts = itemCounts
    self.newItemCounts[section] = difference.newCount
  }
}
