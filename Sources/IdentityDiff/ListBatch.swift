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
