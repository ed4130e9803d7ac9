//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension IdentityDifference {
  /// The difference as one batch of a list UI's section `section` that
  /// UIKit's `performBatchUpdates` accepts, as IGListKit's batch cleanup
  /// makes one: an item both moved and updated is deleted and inserted
  /// (UIKit cannot reload an item that moves: "attempt to perform a delete
  /// and a move from the same index path"); an updated item that stays is
  /// reloaded at its old position; the other moves stay moves.
  ///
  /// ```swift
  /// import IdentityDiff
  ///
  /// struct Row: Identifiable, Equatable {
  ///   let id: Int
  ///   var text: String
  /// }
  ///
  /// let old = [Row(id: 1, text: "a"), Row(id: 2, text: "b"), Row(id: 3, text: "c")]
  /// let new = [Row(id: 3, text: "c!"), Row(id: 1, text: "a"), Row(id: 2, text: "b!")]
  /// let difference = IdentityDifference(from: old, to: new)
  /// let batch = difference.batch()           // 3 moved and updated: deleted and inserted
  /// assert(batch.itemDeletions == [ItemPath(section: 0, item: 2)])
  /// assert(batch.itemInsertions == [ItemPath(section: 0, item: 0)])
  /// assert(batch.itemReloads == [ItemPath(section: 0, item: 1)])
  /// ```
  ///
  /// To keep every move and still show new content, diff the snapshots as
  /// one section with `SectionedDifference` and take its
  /// `stagedBatches(updatingContentBy:)`.
  ///
  /// - Parameter section: The section the rows are in.
  /// - Complexity: O(changes log changes).
  public func batch(inSection section: Int = 0) -> ListBatch {
    RowChanges(self).batch(inSection: section)
  }
}
