//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

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
    public var items: Items
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
