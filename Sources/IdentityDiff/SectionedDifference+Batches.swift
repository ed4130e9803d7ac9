//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

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
    for p in itemUpdates { touched[p.section] = true }
    // An item inserted into, or moved to, a new section touches no old one.
    for q in itemInsertions {
      if let s = oldSectionForNew[q.section] { touched[s] = true }
    }
    for move in itemMoves {
      touched[move.from.section] = true
      if let s = oldSectionForNew[move.to.section] { touched[s] = true }
    }
    var fate = [_SectionFate](repeating: .kept, count: sections.oldCount)
    for s in sections.updates { fate[s] = .reloaded }
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
    let updated = Set(itemUpdates)
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
    for p in itemUpdates where !isImplicitFrom(p.section) && !movedFrom.contains(p) {
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
  /// - Complexity: O(*n* + *m*) for the old and new items (every stage
  ///   lists its sections and items).
  public func stagedBatches(
    updatingContentBy style: ContentUpdateStyle = .reconfigure
  ) -> [StagedBatch] {
    let oldSectionForNew = sections._oldPositions
    let deletions = _itemDeletionStage()
    let sectionDeletions = _sectionDeletionStage(after: deletions.stage.sections)
    let arranged = _sectionArrangingStage(
      after: deletions.stage.sections, ranks: sectionDeletions.ranks,
      oldSectionForNew: oldSectionForNew)
    let arrivals = _itemArrivalStage(
      arranged: arranged.sections, survivorRanks: deletions.ranks,
      oldSectionForNew: oldSectionForNew)
    let content = _contentStage(updating: arrivals.updated, by: style)
    return [deletions.stage, sectionDeletions.stage, arranged, arrivals.stage, content]
      .filter { !$0.batch.isEmpty }
  }

  /// New section `t` as the new snapshot has it.
  private func _newSection(_ t: Int) -> StagedBatch.Section {
    StagedBatch.Section(
      source: .new(t), items: (0..<newItemCounts[t]).map { .new(ItemPath(section: t, item: $0)) })
  }

  /// Stage 1, item deletions: every old section with its surviving items,
  /// and each old item's position once the deletions are done (`nil` for a
  /// deleted one).
  private func _itemDeletionStage() -> (stage: StagedBatch, ranks: [[Int?]]) {
    var deleted = oldItemCounts.map { [Bool](repeating: false, count: $0) }
    for p in itemDeletions { deleted[p.section][p.item] = true }
    var ranks: [[Int?]] = []
    ranks.reserveCapacity(oldItemCounts.count)
    var sections: [StagedBatch.Section] = []
    for s in oldItemCounts.indices {
      var sectionRanks = [Int?](repeating: nil, count: oldItemCounts[s])
      var items: [StagedBatch.ItemSource] = []
      for i in 0..<oldItemCounts[s] where !deleted[s][i] {
        sectionRanks[i] = items.count
        items.append(.old(ItemPath(section: s, item: i)))
      }
      ranks.append(sectionRanks)
      sections.append(StagedBatch.Section(source: .old(s), items: items))
    }
    var batch = ListBatch()
    batch.itemDeletions = itemDeletions
    return (StagedBatch(batch: batch, sections: sections), ranks)
  }

  /// Stage 2, section deletions: the surviving sections, and each old
  /// section's position among them (`nil` for a deleted one).
  private func _sectionDeletionStage(
    after afterDeletions: [StagedBatch.Section]
  ) -> (stage: StagedBatch, ranks: [Int?]) {
    var batch = ListBatch()
    batch.sectionDeletions = sections.deletions
    var ranks = [Int?](repeating: nil, count: sections.oldCount)
    var kept: [StagedBatch.Section] = []
    for s in 0..<sections.oldCount where sections.newPositions[s] != nil {
      ranks[s] = kept.count
      kept.append(afterDeletions[s])
    }
    return (StagedBatch(batch: batch, sections: kept), ranks)
  }

  /// Stage 3, section insertions and moves: a surviving section keeps its
  /// items as they are after stage 1.
  private func _sectionArrangingStage(
    after afterDeletions: [StagedBatch.Section], ranks: [Int?], oldSectionForNew: [Int?]
  ) -> StagedBatch {
    var batch = ListBatch()
    batch.sectionInsertions = sections.insertions
    // A moved section survives: it has a rank.
    batch.sectionMoves = sections.moves.map {
      IdentityDifference.Move(from: ranks[$0.from]!, to: $0.to)
    }
    let arranged = (0..<sections.newCount).map { t in
      oldSectionForNew[t].map { afterDeletions[$0] } ?? _newSection(t)
    }
    return StagedBatch(batch: batch, sections: arranged)
  }

  /// Stage 4, item insertions and moves, from where stage 3 left them; with
  /// the new paths of the items whose content changed.
  private func _itemArrivalStage(
    arranged: [StagedBatch.Section], survivorRanks: [[Int?]], oldSectionForNew: [Int?]
  ) -> (stage: StagedBatch, updated: [ItemPath]) {
    var batch = ListBatch()
    batch.itemInsertions = itemInsertions
    // A moved item survives stage 1, in a section that survives stage 2.
    batch.itemMoves = itemMoves.map {
      let s = $0.from.section
      return ItemMove(
        from: ItemPath(
          section: sections.newPositions[s]!, item: survivorRanks[s][$0.from.item]!),
        to: $0.to)
    }
    var arrivals = _Arrivals(newItemCounts: newItemCounts)
    for q in itemInsertions { arrivals.inserted[q.section][q.item] = true }
    for move in itemMoves {
      arrivals.arrivingFrom[move.to] = move.from
      arrivals.leaving.insert(move.from)
    }
    let updated = Set(itemUpdates)
    var updatedNewPaths: [ItemPath] = []
    var final: [StagedBatch.Section] = []
    for t in 0..<sections.newCount {
      guard let s = oldSectionForNew[t] else {
        final.append(arranged[t])
        continue
      }
      let items = arrivals.items(
        ofNewSection: t, count: newItemCounts[t], oldSection: s, survivors: survivorRanks[s])
      for (i, source) in items.enumerated() {
        if case .old(let from) = source, updated.contains(from) {
          updatedNewPaths.append(ItemPath(section: t, item: i))
        }
      }
      final.append(StagedBatch.Section(source: .old(s), items: items))
    }
    return (StagedBatch(batch: batch, sections: final), updatedNewPaths)
  }

  /// Stage 5, content, in the final positions (old and new agree): section
  /// reloads, and the other updated items reconfigured or reloaded.
  private func _contentStage(
    updating updatedNewPaths: [ItemPath], by style: ContentUpdateStyle
  ) -> StagedBatch {
    var batch = ListBatch()
    var reloadedSection = [Bool](repeating: false, count: sections.newCount)
    for s in sections.updates {
      let t = sections.newPositions[s]!
      reloadedSection[t] = true
      batch.sectionReloads.append(t)
    }
    batch.sectionReloads.sort()
    let contentUpdates = updatedNewPaths.filter { !reloadedSection[$0.section] }.sorted()
    switch style {
    case .reload: batch.itemReloads = contentUpdates
    case .reconfigure: batch.itemReconfigures = contentUpdates
    }
    return StagedBatch(batch: batch, sections: (0..<sections.newCount).map(_newSection))
  }
}

/// Where the items of stage 4 come from: insertions and move destinations
/// by new path, and the old items that leave their section.
private struct _Arrivals {
  var inserted: [[Bool]]
  var arrivingFrom: [ItemPath: ItemPath] = [:]
  var leaving = Set<ItemPath>()

  init(newItemCounts: [Int]) {
    inserted = newItemCounts.map { [Bool](repeating: false, count: $0) }
  }

  /// The items of new section `t` (old section `s`): insertions and move
  /// destinations in their places, and the items that stay, in their old
  /// order, in the places left. `survivors` holds the old items' ranks
  /// after stage 1 (`nil` for a deleted one).
  func items(
    ofNewSection t: Int, count: Int, oldSection s: Int, survivors: [Int?]
  ) -> [StagedBatch.ItemSource] {
    var stayer = 0
    var items: [StagedBatch.ItemSource] = []
    items.reserveCapacity(count)
    for i in 0..<count {
      let q = ItemPath(section: t, item: i)
      if inserted[t][i] {
        items.append(.new(q))
      } else if let source = arrivingFrom[q] {
        items.append(.old(source))
      } else {
        while survivors[stayer] == nil || leaving.contains(ItemPath(section: s, item: stayer)) {
          stayer += 1
        }
        items.append(.old(ItemPath(section: s, item: stayer)))
        stayer += 1
      }
    }
    return items
  }
}
