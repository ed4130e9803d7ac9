//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// How many loaded source items have each id, for any item type (nothing
/// for items that are not identifiable); `_ShownIDs` is the one for
/// identifiable items, as `_ItemIdentity` decides. A page is placed only
/// with items no other loaded page holds, so a publication never shows an
/// item twice.
internal class _AnyShownIDs<Item> {
  func add(_ items: ArraySlice<Item>) {}
  func remove(_ items: ArraySlice<Item>) {}
  /// The offsets of `items` whose id another loaded page holds (not
  /// counting `replaced`, the pages that `items` replace), or that an
  /// earlier item of `items` has.
  func duplicates(in items: ContiguousArray<Item>, replacing replaced: ArraySlice<Item>) -> [Int] {
    []
  }
  /// Whether a loaded page holds `item` (by id); always, for items that
  /// are not identifiable.
  func holds(_ item: Item) -> Bool { true }
  /// The number of items counted: the loaded source items, or 0.
  var count: Int { 0 }
  /// Whether the ids counted are exactly those of `items`.
  func matches(_ items: [Item]) -> Bool { true }
}

internal final class _ShownIDs<Item: Identifiable>: _AnyShownIDs<Item> {
  private var counts: [Item.ID: Int] = [:]
  private var total = 0

  override func add(_ items: ArraySlice<Item>) {
    for item in items { counts[item.id, default: 0] += 1 }
    total += items.count
  }

  override func remove(_ items: ArraySlice<Item>) {
    for item in items {
      let id = item.id
      if let count = counts[id], count > 1 { counts[id] = count - 1 } else { counts[id] = nil }
    }
    total -= items.count
  }

  override func duplicates(
    in items: ContiguousArray<Item>, replacing replaced: ArraySlice<Item>
  ) -> [Int] {
    guard total > 0 || items.count > 1 else { return [] }
    var leaving: [Item.ID: Int] = [:]
    for item in replaced { leaving[item.id, default: 0] += 1 }
    var seen = Set<Item.ID>()
    seen.reserveCapacity(items.count)
    var offsets: [Int] = []
    for (offset, item) in items.enumerated() {
      let id = item.id
      if (counts[id] ?? 0) > (leaving[id] ?? 0) || !seen.insert(id).inserted {
        offsets.append(offset)
      }
    }
    return offsets
  }

  override func holds(_ item: Item) -> Bool { counts[item.id] != nil }

  override var count: Int { total }

  override func matches(_ items: [Item]) -> Bool {
    var expected: [Item.ID: Int] = [:]
    for item in items { expected[item.id, default: 0] += 1 }
    return expected == counts && items.count == total
  }
}
