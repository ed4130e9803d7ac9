//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The identity of a row of a `PagedCollection`: an item's own id, or a
/// placeholder's, which never equals another placeholder's or an item's and
/// does not change when items are prepended or pages are dropped.
public enum PagedRowID<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// A loaded item, by its id.
  case item(ItemID)
  /// A placeholder, by the position it stands for in the source's
  /// coordinates (stable across prepends).
  case placeholder(Int)
}
