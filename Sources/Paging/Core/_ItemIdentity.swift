//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

// Whether `Item` is identifiable is asked once, when a core is made
// (`_ItemIdentity.make()`). Every use of ids goes through the answer: the
// index that keeps an item from being shown twice, the overlay of local
// edits, and the moves found in a publication. For items without an id,
// each does nothing. (A class hierarchy, so that the core's stored
// properties do not depend on `Item: Identifiable`.)

/// What a pager does with its items' ids: nothing, for items that are not
/// `Identifiable`; `_IdentifiableItems` is the answer for those that are.
internal class _ItemIdentity<Item: Sendable> {
  /// An index of the ids of the loaded items.
  func makeShownIDs() -> _AnyShownIDs<Item> { _AnyShownIDs() }

  /// An empty overlay of local edits.
  func makeEdits() -> _AnyEdits<Item> { _AnyEdits() }

  /// `changes`, from `old` to `new`, with the rows that now show another
  /// item deleted and inserted, and the items found again moved.
  func withShifts(
    _ changes: RowChanges, from old: PagedCollection<Item>, to new: PagedCollection<Item>
  ) -> RowChanges { changes }

  /// The answer for `Item`.
  static func make() -> _ItemIdentity<Item> {
    guard let type = Item.self as? any (Identifiable & Sendable).Type else {
      return _ItemIdentity()
    }
    return _make(type)
  }

  private static func _make<T: Identifiable & Sendable>(_: T.Type) -> _ItemIdentity<Item> {
    // `T` is `Item`.
    _IdentifiableItems<T>() as! _ItemIdentity<Item>
  }
}

/// The ids of identifiable items: counted, edited, and followed across a
/// publication.
internal final class _IdentifiableItems<Item: Identifiable & Sendable>: _ItemIdentity<Item> {
  override func makeShownIDs() -> _AnyShownIDs<Item> { _ShownIDs() }

  override func makeEdits() -> _AnyEdits<Item> { _Edits() }

  override func withShifts(
    _ changes: RowChanges, from old: PagedCollection<Item>, to new: PagedCollection<Item>
  ) -> RowChanges {
    Self._shifts(changes, old, new)
  }
}
