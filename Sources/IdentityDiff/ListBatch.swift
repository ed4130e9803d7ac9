//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// One batch update of a list UI with sections, in the coordinates UIKit's
/// `performBatchUpdates` uses: deletions, reloads and move sources in the
/// positions before the batch; insertions and move destinations in the
/// positions after it.
///
/// ```swift
/// import IdentityDiff
///
/// let difference = SectionedDifference(
///   from: [["a", "b"]], to: [["b", "a", "c"]], sectionID: { _ in 0 }, items: { $0 },
///   itemID: { $0 }, sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
/// let batch = difference.batch()
/// // collectionView.performBatchUpdates {
/// //   collectionView.deleteItems(at: batch.itemDeletions.map { IndexPath(item: $0.item, section: $0.section) })
/// //   …
/// // }
/// let inserted = batch.itemInsertions   // [[0, 2]]
/// ```
///
/// A batch from this package never names a position twice where UIKit
/// refuses it: no index path is both reloaded and deleted or moved, no
/// section is both moved and changed inside, and reconfigured items are
/// alone in their batch with reloads (so old and new positions agree).
public struct ListBatch: Hashable, Sendable {
  /// Sections to delete, by old position, descending.
  public var sectionDeletions: [Int] = []
  /// Sections to insert, by new position, ascending.
  public var sectionInsertions: [Int] = []
  /// Sections to move, from old to new position.
  public var sectionMoves: [IdentityDifference.Move] = []
  /// Sections to reload (their header or footer changed), by old position.
  public var sectionReloads: [Int] = []
  /// Items to delete, by old path, descending.
  public var itemDeletions: [ItemPath] = []
  /// Items to insert, by new path, ascending.
  public var itemInsertions: [ItemPath] = []
  /// Items to move, from old to new path.
  public var itemMoves: [SectionedDifference.ItemMove] = []
  /// Items to reload (a new cell), by old path.
  public var itemReloads: [ItemPath] = []
  /// Items to reconfigure (the same cell, new content: UIKit's
  /// `reconfigureItems(at:)`), by path.
  public var itemReconfigures: [ItemPath] = []

  /// Creates an empty batch.
  public init() {}

  /// The number of operations in the batch.
  public var changeCount: Int {
    sectionDeletions.count + sectionInsertions.count + sectionMoves.count + sectionReloads.count
      + itemDeletions.count + itemInsertions.count + itemMoves.count + itemReloads.count
      + itemReconfigures.count
  }

  /// Whether the batch changes nothing.
  public var isEmpty: Bool { changeCount == 0 }
}

/// How a batch shows an item whose content changed.
public enum ContentUpdateStyle: Hashable, Sendable {
  /// Replace the cell (`reloadItems(at:)`).
  case reload
  /// Keep the cell and give it the new content (`reconfigureItems(at:)`,
  /// iOS 15 and later): cheaper, and keeps the cell's state.
  case reconfigure
}

/// One stage of a staged update: a batch, and the list as it must be shown
/// after it (what the data source reports while the batch runs), each
/// section and item named by where it comes from.
///
/// Apply the stages in order, each in its own `performBatchUpdates`, with
/// the data source showing that stage's list (`stage.items { … }` builds it).
public struct StagedBatch: Hashable, Sendable {
  /// The batch of this stage.
  public var batch: ListBatch
  /// The sections after this stage.
  public var sections: [Section]

  /// A section of the list after a stage.
  public struct Section: Hashable, Sendable {
    /// Where the section comes from: `.old(s)` or `.new(t)`.
    public var source: Source
    /// Where each of its items comes from.
    public var items: [ItemSource]
  }

  /// A section of the old or of the new snapshot.
  public enum Source: Hashable, Sendable {
    /// Section `s` of the old snapshot.
    case old(Int)
    /// Section `t` of the new snapshot.
    case new(Int)
  }

  /// An item of the old or of the new snapshot.
  public enum ItemSource: Hashable, Sendable {
    /// The item at this path of the old snapshot (with its old content).
    case old(ItemPath)
    /// The item at this path of the new snapshot.
    case new(ItemPath)
  }

  /// The items of the list after this stage, each read by `item` from its
  /// source.
  ///
  /// - Complexity: O(*n*) calls of `item` for the *n* items of the stage.
  public func items<Item>(_ item: (ItemSource) throws -> Item) rethrows -> [[Item]] {
    try sections.map { try $0.items.map(item) }
  }
}
