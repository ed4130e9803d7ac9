//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension SectionedDifference {
  /// The items' part of a sectioned difference, as the flat difference finds
  /// it: the common prefix and suffix of each surviving section's items match
  /// by comparing identities; a section's middle that a few edits explain
  /// matches by a short edit script, as the flat difference's does; only what
  /// is left (the rest of every section together, so that an item can change
  /// section) goes through one table made for the match.
  @usableFromInline
  internal struct _ItemMatch {
    @usableFromInline internal var itemDeletions: [ItemPath] = []
    @usableFromInline internal var itemInsertions: [ItemPath] = []
    @usableFromInline internal var itemMoves: [ItemMove] = []
    /// Each updated item, from its old path to its new one.
    @usableFromInline internal var itemUpdates: [ItemMove] = []

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
      // The positions of each section the table matches: the middle, or
      // what a short edit script left unpaired (ascending).
      var oldLeft = [_Positions](repeating: .range(0..<0), count: old.count)
      var newLeft = [_Positions](repeating: .range(0..<0), count: new.count)
      for t in new.indices {
        guard let s = oldSectionForNew[t] else { continue }
        let (oldMiddle, newMiddle) = _matchEnds(
          old[s], new[t], sections: s, t, itemID: itemID, itemContentEquals: itemContentEquals)
        if let left = _matchMiddleByScript(
          old[s], new[t], sections: s, t, oldMiddle, newMiddle, itemID: itemID,
          itemContentEquals: itemContentEquals)
        {
          (oldLeft[s], newLeft[t]) = (.list(left.old), .list(left.new))
        } else {
          (oldLeft[s], newLeft[t]) = (.range(oldMiddle), .range(newMiddle))
        }
      }
      var oldIDs: [ItemID] = []
      var oldPaths: [ItemPath] = []
      Self._forEachItem(of: old, at: oldLeft) { path, item in
        oldIDs.append(itemID(item))
        oldPaths.append(path)
      }
      // `_placeMiddle` walks the new positions in this order: ids are enough.
      var newIDs: [ItemID] = []
      Self._forEachItem(of: new, at: newLeft) { _, item in newIDs.append(itemID(item)) }
      guard !newIDs.isEmpty || !oldIDs.isEmpty else { return }
      let oldForNew = _matchByTable(
        old: oldIDs, oldRange: 0..<oldIDs.count, oldRangeStart: 0,
        new: newIDs, newRange: 0..<newIDs.count, newRangeStart: 0, id: { $0 })
      var matched = [Bool](repeating: false, count: oldIDs.count)
      var k = 0
      for t in new.indices {
        switch newLeft[t] {
        case .range(let middle) where !middle.isEmpty:
          _placeMiddle(
            of: new[t], t, middle, inOld: old, oldSectionForNew[t], oldPaths: oldPaths,
            oldForNew: oldForNew, from: &k, matched: &matched, itemContentEquals: itemContentEquals)
        case .range: continue
        case .list(let positions):
          _placeLeftovers(
            of: new[t], t, positions, inOld: old, oldPaths: oldPaths, oldForNew: oldForNew,
            from: &k, matched: &matched, itemContentEquals: itemContentEquals)
        }
      }
      for j in oldPaths.indices.reversed() where !matched[j] { itemDeletions.append(oldPaths[j]) }
    }

    /// Matches the common prefix and suffix of `before` (old section `s`)
    /// and `after` (new section `t`) by comparing identities, records their content updates,
    /// and returns the middles left: the whole of both if the first items
    /// differ, empty if the identities are the same.
    @inlinable
    internal mutating func _matchEnds<Items: RandomAccessCollection, ItemID: Hashable>(
      _ before: Items, _ after: Items, sections s: Int, _ t: Int,
      itemID: (Items.Element) -> ItemID,
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) -> (old: Range<Int>, new: Range<Int>) {
      let (prefix, suffix) = _commonEnds(
        before, after, id: itemID, contentEquals: itemContentEquals
      ) {
        itemUpdates.append(
          ItemMove(from: ItemPath(section: s, item: $0), to: ItemPath(section: t, item: $1)))
      }
      let n = before.count
      let m = after.count
      return (prefix..<n - suffix, prefix..<m - suffix)
    }

    /// Some positions of one section's items: a range, or a list.
    @usableFromInline
    internal enum _Positions {
      case range(Range<Int>)
      case list([Int])
    }

    /// Matches the middles of old section `s` and new section `t` (after
    /// their common ends) by a short edit script, when a few edits explain
    /// them: records the moves within the section and the content updates,
    /// and returns the old and new positions it left unpaired, ascending,
    /// for the table (an item that changes section is one of them). `nil`
    /// when more edits than a script finds cheaply separate the middles.
    @inlinable
    internal mutating func _matchMiddleByScript<Items: RandomAccessCollection, ItemID: Hashable>(
      _ before: Items, _ after: Items, sections s: Int, _ t: Int,
      _ oldMiddle: Range<Int>, _ newMiddle: Range<Int>,
      itemID: (Items.Element) -> ItemID,
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) -> (old: [Int], new: [Int])? {
      guard !oldMiddle.isEmpty || !newMiddle.isEmpty else { return ([], []) }
      func oldItem(_ j: Int) -> Items.Element {
        before[before.index(before.startIndex, offsetBy: j)]
      }
      func newItem(_ i: Int) -> Items.Element { after[after.index(after.startIndex, offsetBy: i)] }
      // Both middles start after the common prefix.
      let start = oldMiddle.lowerBound
      guard
        let script = _ShortEditScript.find(
          oldCount: oldMiddle.count, newCount: newMiddle.count, maximumEdits: 128,
          budget: 8 * (oldMiddle.count + newMiddle.count),
          { x, y in itemID(oldItem(start + x)) == itemID(newItem(start + y)) })
      else { return nil }
      var updates: [IdentityDifference.Move] = []
      let changes = script.changes(
        at: start, updates: &updates,
        sameID: { itemID(oldItem($0)) == itemID(newItem($1)) },
        sameContent: { itemContentEquals(oldItem($0), newItem($1)) })
      for update in updates {
        itemUpdates.append(
          ItemMove(
            from: ItemPath(section: s, item: update.from),
            to: ItemPath(section: t, item: update.to)))
      }
      for move in changes.moves {
        itemMoves.append(
          ItemMove(
            from: ItemPath(section: s, item: move.from), to: ItemPath(section: t, item: move.to)))
      }
      return (changes.deletions.reversed(), changes.insertions)
    }

    /// Calls `body` with the path and the item of each item at `positions`
    /// of `sections`, in order.
    @inlinable
    internal static func _forEachItem<Items: RandomAccessCollection>(
      of sections: [Items], at positions: [_Positions],
      _ body: (ItemPath, Items.Element) -> Void
    ) {
      for s in sections.indices {
        let items = sections[s]
        switch positions[s] {
        case .range(let range):
          guard !range.isEmpty else { continue }
          var index = items.index(items.startIndex, offsetBy: range.lowerBound)
          for i in range {
            body(ItemPath(section: s, item: i), items[index])
            items.formIndex(after: &index)
          }
        case .list(let list):
          for i in list {
            body(ItemPath(section: s, item: i), items[items.index(items.startIndex, offsetBy: i)])
          }
        }
      }
    }

    /// Places the items at `positions` of new section `t`, which a short
    /// edit script left unpaired, whose matches are `oldForNew[k...]`: an
    /// insertion, or a move from another section.
    @inlinable
    internal mutating func _placeLeftovers<Items: RandomAccessCollection>(
      of after: Items, _ t: Int, _ positions: [Int], inOld old: [Items],
      oldPaths: [ItemPath], oldForNew: [Int], from k: inout Int, matched: inout [Bool],
      itemContentEquals: (Items.Element, Items.Element) -> Bool
    ) {
      for i in positions {
        let j = oldForNew[k]
        k += 1
        let to = ItemPath(section: t, item: i)
        guard j >= 0 else {
          itemInsertions.append(to)
          continue
        }
        matched[j] = true
        let from = oldPaths[j]
        let source = old[from.section]
        if !itemContentEquals(
          source[source.index(source.startIndex, offsetBy: from.item)],
          after[after.index(after.startIndex, offsetBy: i)])
        {
          itemUpdates.append(ItemMove(from: from, to: to))
        }
        itemMoves.append(ItemMove(from: from, to: to))
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
          itemUpdates.append(ItemMove(from: from, to: ItemPath(section: t, item: i)))
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
