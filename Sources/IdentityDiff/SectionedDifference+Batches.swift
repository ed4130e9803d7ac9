//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// The two forms a list UI takes. UIKit refuses a batch that names a position
// twice where it cannot animate both (an item both reloaded and moved:
// "attempt to delete and reload the same index path"), and it documents
// only the simplest coordinates; the rules the forms keep, with the sources,
// are in the test suite's checker (`UIKitBatchRules.swift`).

extension SectionedDifference {
  /// The sections of the old snapshot, by what a single batch does to them.
  private enum _SectionFate {
    case kept, deleted, reloaded, replaced
  }

  /// The whole change as one batch that UIKit's `performBatchUpdates`
  /// accepts, as IGListKit's batch cleanup makes one:
  ///
  /// - an item both moved and updated is deleted and inserted (UIKit cannot
  ///   reload an item that moves);
  /// - an updated item that stays is reloaded, at its old path;
  /// - a section whose header or footer changed is reloaded, its items with
  ///   it; one that also moves, or that moves while items change inside
  ///   it, is deleted and inserted;
  /// - an item moving out of or into a section that is deleted, inserted,
  ///   reloaded or replaced becomes a deletion or an insertion on the other
  ///   side.
  ///
  /// One batch is one animation; where it had to turn moves into deletions
  /// and insertions, `stagedBatches(updatingContentBy:)` keeps every move.
  ///
  /// - Complexity: O(*s* + changes), expected, for *s* sections.
  public func batch() -> ListBatch {
    let oldSectionForNew = sections._oldPositions
    let fate = _sectionFates(oldSectionForNew: oldSectionForNew)
    var batch = ListBatch()
    for s in (0..<sections.oldCount).reversed() where fate[s] == .deleted || fate[s] == .replaced {
      batch.sectionDeletions.append(s)
    }
    var insertedSections = sections.insertions
    for s in 0..<sections.oldCount where fate[s] == .replaced {
      insertedSections.append(sections.newPositions[s]!)
    }
    batch.sectionInsertions = insertedSections.sorted()
    batch.sectionMoves = sections.moves.filter { fate[$0.from] != .replaced }
    batch.sectionReloads = (0..<sections.oldCount).filter { fate[$0] == .reloaded }
    // Implicit: the section's own change already shows the item's.
    _addItemChanges(to: &batch) {
      fate[$0] != .kept
    } isImplicitIn: { newSection in
      guard let s = oldSectionForNew[newSection] else { return true }
      return fate[s] != .kept
    }
    batch.itemDeletions.sort(by: >)
    batch.itemInsertions.sort()
    return batch
  }

  /// What a single batch does to each old section: a section that moves
  /// while items change inside it, or whose header changed, is replaced.
  private func _sectionFates(oldSectionForNew: [Int?]) -> [_SectionFate] {
    var moved = [Bool](repeating: false, count: sections.oldCount)
    for move in sections.moves { moved[move.from] = true }
    var touched = [Bool](repeating: false, count: sections.oldCount)
    for p in itemDeletions { touched[p.section] = true }
    for p in _itemUpdateSources { touched[p.section] = true }
    // An item inserted into, or moved to, a new section touches no old one.
    for q in itemInsertions {
      if let s = oldSectionForNew[q.section] { touched[s] = true }
    }
    for move in itemMoves {
      touched[move.from.section] = true
      if let s = oldSectionForNew[move.to.section] { touched[s] = true }
    }
    var fate = [_SectionFate](repeating: .kept, count: sections.oldCount)
    for s in sections._updateSources { fate[s] = .reloaded }
    for s in 0..<sections.oldCount {
      if sections.newPositions[s] == nil {
        fate[s] = .deleted
      } else if moved[s] && (touched[s] || fate[s] == .reloaded) {
        fate[s] = .replaced
      }
    }
    return fate
  }

  /// Adds the item changes a batch shows beside its section changes: none
  /// in a section whose own change shows them (`isImplicitIn`, by old and
  /// by new section), a move into or out of one as an insertion or a
  /// deletion, a moved and updated item as both, an updated one that stays
  /// as a reload.
  private func _addItemChanges(
    to batch: inout ListBatch, isImplicitFrom: (Int) -> Bool, isImplicitIn: (Int) -> Bool
  ) {
    let updated = Set(_itemUpdateSources)
    var movedFrom = Set<ItemPath>()
    for p in itemDeletions where !isImplicitFrom(p.section) { batch.itemDeletions.append(p) }
    for q in itemInsertions where !isImplicitIn(q.section) { batch.itemInsertions.append(q) }
    for move in itemMoves {
      movedFrom.insert(move.from)
      switch (isImplicitFrom(move.from.section), isImplicitIn(move.to.section)) {
      case (true, true): continue
      case (true, false): batch.itemInsertions.append(move.to)
      case (false, true): batch.itemDeletions.append(move.from)
      case (false, false):
        if updated.contains(move.from) {
          batch.itemDeletions.append(move.from)
          batch.itemInsertions.append(move.to)
        } else {
          batch.itemMoves.append(move)
        }
      }
    }
    for p in _itemUpdateSources where !isImplicitFrom(p.section) && !movedFrom.contains(p) {
      batch.itemReloads.append(p)
    }
  }

  /// The whole change as stages that keep every move (DifferenceKit's
  /// staged changeset): item deletions; section deletions; section
  /// insertions and moves; item insertions and moves; then content updates
  /// (section reloads, and item reconfigures or reloads). Empty stages are
  /// left out.
  ///
  /// Each stage carries the list as it must be shown after it: give the
  /// data source that list before the stage's `performBatchUpdates`.
  ///
  /// - Parameter style: How items whose content changed are shown: kept
  ///   cells reconfigured (the default) or reloaded.
  /// - Complexity: O(*s* + *c* log *c*) for *s* sections and *c* changes,
  ///   for each stage there is: a stage lists its items as runs
  ///   (`StagedBatch.Items`), one per stretch of rows no change splits.
  public func stagedBatches(
    updatingContentBy style: ContentUpdateStyle = .reconfigure
  ) -> [StagedBatch] {
    let oldSectionForNew = sections._oldPositions
    let deleted = _Removals(sorting: itemDeletions, sectionCount: sections.oldCount)
    var stages: [StagedBatch] = []
    if !itemDeletions.isEmpty {
      var batch = ListBatch()
      batch.itemDeletions = itemDeletions
      let all = (0..<sections.oldCount).map { _survivors(ofOldSection: $0, deleted) }
      stages.append(StagedBatch(batch: batch, sections: all))
    }
    if !sections.deletions.isEmpty {
      var batch = ListBatch()
      batch.sectionDeletions = sections.deletions
      let kept = (0..<sections.oldCount).filter { sections.newPositions[$0] != nil }
      stages.append(
        StagedBatch(batch: batch, sections: kept.map { _survivors(ofOldSection: $0, deleted) }))
    }
    if !sections.insertions.isEmpty || !sections.moves.isEmpty {
      stages.append(_sectionArrangingStage(deleted, oldSectionForNew: oldSectionForNew))
    }
    if !itemInsertions.isEmpty || !itemMoves.isEmpty {
      stages.append(_itemArrivalStage(deleted, oldSectionForNew: oldSectionForNew))
    }
    if !sections.updates.isEmpty || !itemUpdates.isEmpty {
      stages.append(_contentStage(by: style))
    }
    return stages
  }

  /// New section `t` as the new snapshot has it.
  private func _newSection(_ t: Int) -> StagedBatch.Section {
    var items = StagedBatch.Items()
    items._append(.new(ItemPath(section: t, item: 0)), count: newItemCounts[t])
    return StagedBatch.Section(source: .new(t), items: items)
  }

  /// Old section `s` once the item deletions are done.
  private func _survivors(ofOldSection s: Int, _ deleted: _Removals) -> StagedBatch.Section {
    var items = StagedBatch.Items()
    var start = 0
    for gap in deleted.items[s] + [oldItemCounts[s]] {
      items._append(.old(ItemPath(section: s, item: start)), count: gap - start)
      start = gap + 1
    }
    return StagedBatch.Section(source: .old(s), items: items)
  }

  /// Stage 3, section insertions and moves: a surviving section keeps its
  /// items as they are after stage 1.
  private func _sectionArrangingStage(
    _ deleted: _Removals, oldSectionForNew: [Int?]
  ) -> StagedBatch {
    var batch = ListBatch()
    batch.sectionInsertions = sections.insertions
    // A moved section survives: its rank among the survivors.
    var ranks = [Int](repeating: 0, count: sections.oldCount)
    var kept = 0
    for s in 0..<sections.oldCount where sections.newPositions[s] != nil {
      ranks[s] = kept
      kept += 1
    }
    batch.sectionMoves = sections.moves.map {
      IdentityDifference.Move(from: ranks[$0.from], to: $0.to)
    }
    let arranged = (0..<sections.newCount).map { t in
      oldSectionForNew[t].map { _survivors(ofOldSection: $0, deleted) } ?? _newSection(t)
    }
    return StagedBatch(batch: batch, sections: arranged)
  }

  /// Stage 4, item insertions and moves, from where stage 3 left them.
  private func _itemArrivalStage(
    _ deleted: _Removals, oldSectionForNew: [Int?]
  ) -> StagedBatch {
    var batch = ListBatch()
    batch.itemInsertions = itemInsertions
    // A moved item survives stage 1, in a section that survives stage 2.
    batch.itemMoves = itemMoves.map {
      let s = $0.from.section
      return ItemMove(
        from: ItemPath(
          section: sections.newPositions[s]!, item: deleted.rank(of: $0.from.item, inSection: s)),
        to: $0.to)
    }
    let arrivals = _Arrivals(self, deleted)
    var final: [StagedBatch.Section] = []
    for t in 0..<sections.newCount {
      guard let s = oldSectionForNew[t] else {
        final.append(_newSection(t))
        continue
      }
      final.append(
        StagedBatch.Section(
          source: .old(s),
          items: arrivals.items(ofNewSection: t, oldSection: s)))
    }
    return StagedBatch(batch: batch, sections: final)
  }

  /// Stage 5, content, in the final positions (old and new agree): section
  /// reloads, and the other updated items reconfigured or reloaded.
  private func _contentStage(by style: ContentUpdateStyle) -> StagedBatch {
    var batch = ListBatch()
    var reloadedSection = [Bool](repeating: false, count: sections.newCount)
    for t in sections.updates { reloadedSection[t] = true }
    batch.sectionReloads = sections.updates
    let contentUpdates = itemUpdates.filter { !reloadedSection[$0.section] }
    switch style {
    case .reload: batch.itemReloads = contentUpdates
    case .reconfigure: batch.itemReconfigures = contentUpdates
    }
    return StagedBatch(batch: batch, sections: (0..<sections.newCount).map(_newSection))
  }
}

/// Item positions by section, ascending: the deleted items of each old
/// section, say.
private struct _Removals {
  var items: [[Int]]

  init(sorting paths: [ItemPath], sectionCount: Int) {
    items = [[Int]](repeating: [], count: sectionCount)
    for p in paths { items[p.section].append(p.item) }
    for s in items.indices where items[s].count > 1 { items[s].sort() }
  }

  /// The position of old item `item` of section `s` once these are gone.
  func rank(of item: Int, inSection s: Int) -> Int {
    item - items[s]._partitioningIndex { $0 >= item }
  }
}

/// Where the items of stage 4 come from: insertions and move destinations
/// by new section and the old items that leave each old section, each
/// ascending.
private struct _Arrivals {
  let newItemCounts: [Int]
  let deleted: _Removals
  let inserted: _Removals
  let leaving: _Removals
  /// The moves into each new section, ascending by new position.
  var arriving: [[SectionedDifference.ItemMove]]

  init(_ difference: SectionedDifference, _ deleted: _Removals) {
    newItemCounts = difference.newItemCounts
    self.deleted = deleted
    inserted = _Removals(
      sorting: difference.itemInsertions, sectionCount: difference.sections.newCount)
    leaving = _Removals(
      sorting: difference.itemMoves.map(\.from), sectionCount: difference.sections.oldCount)
    arriving = [[SectionedDifference.ItemMove]](
      repeating: [], count: difference.sections.newCount)
    // `itemMoves` is ascending by new path.
    for move in difference.itemMoves { arriving[move.to.section].append(move) }
  }

  /// The items of new section `t` (old section `s`): insertions and move
  /// destinations in their places, and the items that stay, in their old
  /// order, in the places left, a run at a time.
  func items(ofNewSection t: Int, oldSection s: Int) -> StagedBatch.Items {
    var insertions = _Cursor(inserted.items[t])
    var arrivals = _Cursor(arriving[t].map(\.to.item))
    var gaps = _Cursor((deleted.items[s] + leaving.items[s]).sorted())
    let count = newItemCounts[t]
    var items = StagedBatch.Items()
    var i = 0
    var stayer = 0
    while i < count {
      if insertions.next(atLeast: i) == i {
        items._append(.new(ItemPath(section: t, item: i)))
        i += 1
      } else if arrivals.next(atLeast: i) == i {
        items._append(.old(arriving[t][arrivals.offset].from))
        i += 1
      } else {
        while gaps.next(atLeast: stayer) == stayer { stayer += 1 }
        // Stayers, up to the next arrival or the next old item that left.
        let event = Swift.min(
          insertions.next(atLeast: i) ?? count, arrivals.next(atLeast: i) ?? count)
        let run = Swift.min(event - i, (gaps.next(atLeast: stayer) ?? Int.max) - stayer)
        items._append(.old(ItemPath(section: s, item: stayer)), count: run)
        i += run
        stayer += run
      }
    }
    return items
  }
}

/// A walk through ascending positions.
private struct _Cursor {
  let positions: [Int]
  var offset = 0

  init(_ positions: [Int]) { self.positions = positions }

  /// The first position from `offset` on that is at least `x`, the cursor
  /// moved to it; `nil` past the last.
  mutating func next(atLeast x: Int) -> Int? {
    while offset < positions.count && positions[offset] < x { offset += 1 }
    return offset < positions.count ? positions[offset] : nil
  }
}
