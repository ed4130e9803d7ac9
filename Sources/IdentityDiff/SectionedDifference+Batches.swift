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
    var moved = [Bool](repeating: false, count: sections.oldCount)
    for move in sections.moves { moved[move.from] = true }
    var touched = [Bool](repeating: false, count: sections.oldCount)
    for p in itemDeletions { touched[p.section] = true }
    for p in itemUpdates { touched[p.section] = true }
    for q in itemInsertions { touched[oldSectionForNew[q.section]] = true }
    for move in itemMoves {
      touched[move.from.section] = true
      touched[oldSectionForNew[move.to.section]] = true
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
    func implicitOld(_ s: Int) -> Bool { fate[s] != .kept }
    func implicitNew(_ t: Int) -> Bool {
      let s = oldSectionForNew[t]
      return s < 0 || fate[s] != .kept
    }

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

    let updated = Set(itemUpdates)
    var movedFrom = Set<ItemPath>()
    for p in itemDeletions where !implicitOld(p.section) { batch.itemDeletions.append(p) }
    for q in itemInsertions where !implicitNew(q.section) { batch.itemInsertions.append(q) }
    for move in itemMoves {
      let fromImplicit = implicitOld(move.from.section)
      let toImplicit = implicitNew(move.to.section)
      movedFrom.insert(move.from)
      switch (fromImplicit, toImplicit) {
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
    for p in itemUpdates where !implicitOld(p.section) && !movedFrom.contains(p) {
      batch.itemReloads.append(p)
    }
    batch.itemDeletions.sort(by: >)
    batch.itemInsertions.sort()
    return batch
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
    typealias Section = StagedBatch.Section
    let oldSectionForNew = sections._oldPositions
    var stages: [StagedBatch] = []
    func add(_ batch: ListBatch, _ sections: [Section]) {
      if !batch.isEmpty { stages.append(StagedBatch(batch: batch, sections: sections)) }
    }
    /// New section `t` as the new snapshot has it.
    func newSection(_ t: Int) -> Section {
      Section(
        source: .new(t), items: (0..<newItemCounts[t]).map { .new(ItemPath(section: t, item: $0)) })
    }

    // Stage 1: item deletions. `survivorRank[s][i]` is the old item's
    // position once the deletions are done (-1 if deleted).
    var deleted = oldItemCounts.map { [Bool](repeating: false, count: $0) }
    for p in itemDeletions { deleted[p.section][p.item] = true }
    var survivorRank: [[Int]] = []
    survivorRank.reserveCapacity(oldItemCounts.count)
    var afterDeletions: [Section] = []
    for s in oldItemCounts.indices {
      var ranks = [Int](repeating: -1, count: oldItemCounts[s])
      var items: [StagedBatch.ItemSource] = []
      for i in 0..<oldItemCounts[s] where !deleted[s][i] {
        ranks[i] = items.count
        items.append(.old(ItemPath(section: s, item: i)))
      }
      survivorRank.append(ranks)
      afterDeletions.append(Section(source: .old(s), items: items))
    }
    var batch = ListBatch()
    batch.itemDeletions = itemDeletions
    add(batch, afterDeletions)

    // Stage 2: section deletions.
    batch = ListBatch()
    batch.sectionDeletions = sections.deletions
    var rankAfterSectionDeletions = [Int](repeating: -1, count: sections.oldCount)
    var afterSectionDeletions: [Section] = []
    for s in 0..<sections.oldCount where sections.newPositions[s] != nil {
      rankAfterSectionDeletions[s] = afterSectionDeletions.count
      afterSectionDeletions.append(afterDeletions[s])
    }
    add(batch, afterSectionDeletions)

    // Stage 3: section insertions and moves; a surviving section keeps its
    // items as they are after stage 1.
    batch = ListBatch()
    batch.sectionInsertions = sections.insertions
    batch.sectionMoves = sections.moves.map {
      IdentityDifference.Move(from: rankAfterSectionDeletions[$0.from], to: $0.to)
    }
    var arranged: [Section] = []
    for t in 0..<sections.newCount {
      let s = oldSectionForNew[t]
      arranged.append(s < 0 ? newSection(t) : afterDeletions[s])
    }
    add(batch, arranged)

    // Stage 4: item insertions and moves, from where stage 3 left them.
    batch = ListBatch()
    batch.itemInsertions = itemInsertions
    batch.itemMoves = itemMoves.map {
      let s = $0.from.section
      return ItemMove(
        from: ItemPath(
          section: sections.newPositions[s]!, item: survivorRank[s][$0.from.item]),
        to: $0.to)
    }
    var inserted = newItemCounts.map { [Bool](repeating: false, count: $0) }
    for q in itemInsertions { inserted[q.section][q.item] = true }
    var arrivingFrom: [ItemPath: ItemPath] = [:]
    var leaving = Set<ItemPath>()
    for move in itemMoves {
      arrivingFrom[move.to] = move.from
      leaving.insert(move.from)
    }
    let updated = Set(itemUpdates)
    var updatedNewPaths: [ItemPath] = []
    var final: [Section] = []
    for t in 0..<sections.newCount {
      let s = oldSectionForNew[t]
      guard s >= 0 else {
        final.append(arranged[t])
        continue
      }
      // The items that stay, in their old order, fill the places that are
      // neither insertions nor move destinations.
      var stayer = 0
      var items: [StagedBatch.ItemSource] = []
      items.reserveCapacity(newItemCounts[t])
      for i in 0..<newItemCounts[t] {
        let q = ItemPath(section: t, item: i)
        let from: ItemPath
        if inserted[t][i] {
          items.append(.new(q))
          continue
        } else if let source = arrivingFrom[q] {
          from = source
        } else {
          while deleted[s][stayer] || leaving.contains(ItemPath(section: s, item: stayer)) {
            stayer += 1
          }
          from = ItemPath(section: s, item: stayer)
          stayer += 1
        }
        items.append(.old(from))
        if updated.contains(from) { updatedNewPaths.append(q) }
      }
      final.append(Section(source: .old(s), items: items))
    }
    add(batch, final)

    // Stage 5: content, in the final positions (old and new agree).
    batch = ListBatch()
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
    add(batch, (0..<sections.newCount).map(newSection))
    return stages
  }
}
