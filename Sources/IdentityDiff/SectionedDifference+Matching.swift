//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension SectionedDifference {
  /// The items' part of a sectioned difference, as the flat difference finds
  /// it: the common prefix and suffix of each surviving section's items match
  /// by comparing identities, and only the rest (the middles, of every
  /// section together, so that an item can change section) go through one
  /// table made for the match.
  @usableFromInline
  internal struct _ItemMatch {
    @usableFromInline internal var itemDeletions: [ItemPath] = []
    @usableFromInline internal var itemInsertions: [ItemPath] = []
    @usableFromInline internal var itemMoves: [ItemMove] = []
    @usableFromInline internal var itemUpdates: [ItemPath] = []

    /// Matches the items of `old` and `new`, whose section `t` is old
    /// section `oldSectionForNew[t]`, or new if that is `nil`.
    ///
    /// Moves come unordered, updates by section, then prefix, suffix and
    /// middle.
    @inlinable
    internal init<Items: RandomAccessCollection, ItemID: Hashable>(
      old: [Items], new: [Items], oldSectionForNew: [Int?],
      itemID: (Items.Element) -> ItemID,
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) {
      var oldMiddles = [Range<Int>](repeating: 0..<0, count: old.count)
      var newMiddles = [Range<Int>](repeating: 0..<0, count: new.count)
      for t in new.indices {
        guard let s = oldSectionForNew[t] else { continue }
        (oldMiddles[s], newMiddles[t]) = _matchEnds(
          old[s], new[t], section: s, itemID: itemID, itemContentEquals: itemContentEquals)
      }
      var oldIDs: [ItemID] = []
      var oldPaths: [ItemPath] = []
      Self._forEachMiddleItem(of: old, oldMiddles) { path, item in
        oldIDs.append(itemID(item))
        oldPaths.append(path)
      }
      // `_placeMiddle` walks the new middles in this order: ids are enough.
      var newIDs: [ItemID] = []
      Self._forEachMiddleItem(of: new, newMiddles) { _, item in newIDs.append(itemID(item)) }
      guard !newIDs.isEmpty || !oldIDs.isEmpty else { return }
      let oldForNew = _matchByTable(
        old: oldIDs, oldRange: 0..<oldIDs.count, oldRangeStart: 0,
        new: newIDs, newRange: 0..<newIDs.count, newRangeStart: 0, id: { $0 })
      var matched = [Bool](repeating: false, count: oldIDs.count)
      var k = 0
      for t in new.indices where !newMiddles[t].isEmpty {
        _placeMiddle(
          of: new[t], t, newMiddles[t], inOld: old, oldSectionForNew[t], oldPaths: oldPaths,
          oldForNew: oldForNew, from: &k, matched: &matched, itemContentEquals: itemContentEquals)
      }
      for j in oldPaths.indices.reversed() where !matched[j] { itemDeletions.append(oldPaths[j]) }
    }

    /// Matches the common prefix and suffix of `before` (old section `s`)
    /// and `after` by comparing identities, records their content updates,
    /// and returns the middles left: the whole of both if the first items
    /// differ, empty if the identities are the same.
    @inlinable
    internal mutating func _matchEnds<Items: RandomAccessCollection, ItemID: Hashable>(
      _ before: Items, _ after: Items, section s: Int,
      itemID: (Items.Element) -> ItemID,
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) -> (old: Range<Int>, new: Range<Int>) {
      let (prefix, suffix) = _commonEnds(
        before, after, id: itemID, contentEquals: itemContentEquals
      ) { itemUpdates.append(ItemPath(section: s, item: $0)) }
      let n = before.count
      let m = after.count
      return (prefix..<n - suffix, prefix..<m - suffix)
    }

    /// Calls `body` with the path and the item of each item in `middles` of
    /// `sections`, in order.
    @inlinable
    internal static func _forEachMiddleItem<Items: RandomAccessCollection>(
      of sections: [Items], _ middles: [Range<Int>],
      _ body: (ItemPath, Items.Element) -> Void
    ) {
      for s in sections.indices where !middles[s].isEmpty {
        let items = sections[s]
        var index = items.index(items.startIndex, offsetBy: middles[s].lowerBound)
        for i in middles[s] {
          body(ItemPath(section: s, item: i), items[index])
          items.formIndex(after: &index)
        }
      }
    }

    /// Places the items of `middle` of new section `t` (old section `s`, or
    /// new if `nil`), whose matches are `oldForNew[k...]`: insertions,
    /// moves across sections, and, within the section, the items outside
    /// one longest increasing subsequence of their old positions.
    @inlinable
    internal mutating func _placeMiddle<Items: RandomAccessCollection>(
      of after: Items, _ t: Int, _ middle: Range<Int>, inOld old: [Items], _ s: Int?,
      oldPaths: [ItemPath], oldForNew: [Int], from k: inout Int, matched: inout [Bool],
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) {
      var stayers: [(new: Int, old: Int)] = []
      var index = after.index(after.startIndex, offsetBy: middle.lowerBound)
      for i in middle {
        defer {
          after.formIndex(after: &index)
          k += 1
        }
        let j = oldForNew[k]
        guard j >= 0 else {
          itemInsertions.append(ItemPath(section: t, item: i))
          continue
        }
        matched[j] = true
        let from = oldPaths[j]
        let source = old[from.section]
        if !itemContentEquals(
          source[source.index(source.startIndex, offsetBy: from.item)], after[index])
        {
          itemUpdates.append(from)
        }
        if from.section == s {
          stayers.append((i, from.item))
        } else {
          itemMoves.append(ItemMove(from: from, to: ItemPath(section: t, item: i)))
        }
      }
      // Only an old section has items that stay in it.
      guard let s else { return }
      let stays = _longestIncreasingSubsequence(count: stayers.count) { stayers[$0].old }
      for (n, pair) in stayers.enumerated() where !stays[n] {
        itemMoves.append(
          ItemMove(
            from: ItemPath(section: s, item: pair.old), to: ItemPath(section: t, item: pair.new)))
      }
    }
  }
}
