//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import IdentityDiff

/// A random pair of sectioned snapshots: sections deleted, inserted,
/// reordered and retitled (some empty); items deleted, inserted, moved within
/// and across sections and changed; sometimes duplicate identities.
func randomSectionedPair(_ g: inout SplitMix64) -> (old: [TestSection], new: [TestSection]) {
  let duplicates = Int.random(in: 0..<4, using: &g) == 0
  let sectionCount = Int.random(in: 0...6, using: &g)
  var nextItem = 0
  var nextSection = 0
  func itemID(_ g: inout SplitMix64) -> Int {
    defer { nextItem += 1 }
    return duplicates ? Int.random(in: 0..<6, using: &g) : nextItem
  }
  func sectionID(_ g: inout SplitMix64) -> Int {
    defer { nextSection += 1 }
    return duplicates && Bool.random(using: &g) ? Int.random(in: 0..<3, using: &g) : nextSection
  }
  var old: [TestSection] = []
  for _ in 0..<sectionCount {
    let size = Int.random(in: 0..<4, using: &g) == 0 ? 0 : Int.random(in: 1...8, using: &g)
    old.append(
      TestSection(
        id: sectionID(&g), content: 0,
        items: (0..<size).map { _ in TestItem(id: itemID(&g), content: 0) }))
  }
  var new = old
  // Sections: delete, insert, reorder, retitle.
  new.removeAll { _ in Int.random(in: 0..<6, using: &g) == 0 }
  for _ in 0..<Int.random(in: 0...2, using: &g) {
    let size = Int.random(in: 0...5, using: &g)
    new.insert(
      TestSection(
        id: sectionID(&g), content: 0,
        items: (0..<size).map { _ in TestItem(id: itemID(&g), content: 0) }),
      at: Int.random(in: 0...new.count, using: &g))
  }
  if new.count > 1 {
    for _ in 0..<Int.random(in: 0...2, using: &g) {
      new.swapAt(
        Int.random(in: 0..<new.count, using: &g), Int.random(in: 0..<new.count, using: &g))
    }
  }
  for t in new.indices where Int.random(in: 0..<6, using: &g) == 0 { new[t].content += 1 }
  // Items: delete, insert, move (within and across sections), change.
  for t in new.indices {
    new[t].items.removeAll { _ in Int.random(in: 0..<6, using: &g) == 0 }
    for _ in 0..<Int.random(in: 0...2, using: &g) {
      new[t].items.insert(
        TestItem(id: itemID(&g), content: 0),
        at: Int.random(in: 0...new[t].items.count, using: &g))
    }
  }
  if !new.isEmpty {
    for _ in 0..<Int.random(in: 0...4, using: &g) {
      let from = Int.random(in: 0..<new.count, using: &g)
      guard !new[from].items.isEmpty else { continue }
      let item = new[from].items.remove(
        at: Int.random(in: 0..<new[from].items.count, using: &g))
      let to = Int.random(in: 0..<new.count, using: &g)
      new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &g))
    }
  }
  for t in new.indices {
    for i in new[t].items.indices where Int.random(in: 0..<6, using: &g) == 0 {
      new[t].items[i].content += 1
    }
  }
  return (old, new)
}

/// The difference of `old` and `new`, with the number of item identities
/// it hashed.
func countingHashes(
  _ old: [TestSection], _ new: [TestSection]
) -> (difference: SectionedDifference, hashes: Int) {
  let hashes = CallCounter()
  let difference = SectionedDifference(
    from: old, to: new, sectionID: { (section: TestSection) in section.id },
    items: { (section: TestSection) in section.items },
    itemID: { (item: TestItem) in CountedID(value: item.id, hashes: hashes) },
    sectionContentEquals: { $0.content == $1.content }, itemContentEquals: ==)
  return (difference, hashes.calls)
}

func sectionedDifference(_ old: [TestSection], _ new: [TestSection]) -> SectionedDifference {
  SectionedDifference(
    from: old, to: new, sectionID: { $0.id }, items: { $0.items }, itemID: { $0.id },
    sectionContentEquals: { $0.content == $1.content }, itemContentEquals: ==)
}

/// The list a stage shows, read from its sources.
func materialize(_ stage: StagedBatch, old: [TestSection], new: [TestSection]) -> [TestSection] {
  let items = stage.items { source -> TestItem in
    switch source {
    case .old(let p): return old[p.section].items[p.item]
    case .new(let q): return new[q.section].items[q.item]
    }
  }
  return zip(stage.sections, items).map { section, items in
    switch section.source {
    case .old(let s): return TestSection(id: old[s].id, content: old[s].content, items: items)
    case .new(let t): return TestSection(id: new[t].id, content: new[t].content, items: items)
    }
  }
}

/// Every problem of the two batch forms of the pair, or `nil`.
func batchFormsProblem(old: [TestSection], new: [TestSection]) -> String? {
  let difference = sectionedDifference(old, new)
  // The single batch: UIKit's rules, and it shows the new snapshot.
  let batch = difference.batch()
  let problems = uikitBatchProblems(
    batch, before: old.map(\.items.count), after: new.map(\.items.count))
  if !problems.isEmpty { return "batch \(batch): \(problems)" }
  let shown = simulateUIKit(batch, before: old, dataSource: new)
  if shown != new { return "batch \(batch) shows \(shown), not \(new)" }
  // The stages: each passes the rules from the list the one before left,
  // and shows its own list; the last shows the new snapshot.
  for style in [ContentUpdateStyle.reconfigure, .reload] {
    var current = old
    for (k, stage) in difference.stagedBatches(updatingContentBy: style).enumerated() {
      let target = materialize(stage, old: old, new: new)
      let problems = uikitBatchProblems(
        stage.batch, before: current.map(\.items.count), after: target.map(\.items.count))
      if !problems.isEmpty { return "stage \(k) \(stage.batch): \(problems)" }
      let shown = simulateUIKit(stage.batch, before: current, dataSource: target)
      if shown != target { return "stage \(k) \(stage.batch) shows \(shown), not \(target)" }
      current = target
    }
    if current != new { return "the stages end at \(current), not \(new)" }
  }
  // Stages keep every move of the difference.
  let stagedMoves = difference.stagedBatches().reduce(0) { $0 + $1.batch.itemMoves.count }
  if stagedMoves != difference.itemMoves.count {
    return "the stages move \(stagedMoves) items, the difference \(difference.itemMoves.count)"
  }
  return nil
}

/// The fewest item moves by brute force, for unique identities: the most
/// matched items that can stay put (same section, and pairwise in the same
/// order before and after), over every subset.
func bruteForceItemMoves(old: [TestSection], new: [TestSection]) -> Int {
  let oldSectionIDs = Set(old.map(\.id))
  let newSectionIDs = Set(new.map(\.id))
  var oldPlace: [Int: (section: Int, item: Int)] = [:]
  for section in old where newSectionIDs.contains(section.id) {
    for (i, item) in section.items.enumerated() { oldPlace[item.id] = (section.id, i) }
  }
  var survivors: [(id: Int, from: (section: Int, item: Int), to: (section: Int, item: Int))] = []
  for section in new where oldSectionIDs.contains(section.id) {
    for (i, item) in section.items.enumerated() {
      if let from = oldPlace[item.id] { survivors.append((item.id, from, (section.id, i))) }
    }
  }
  let candidates = survivors.filter { $0.from.section == $0.to.section }
  var best = 0
  for mask in 0..<(1 << candidates.count) {
    let kept = candidates.indices.filter { mask & (1 << $0) != 0 }
    guard kept.count > best else { continue }
    var consistent = true
    for a in kept {
      for b in kept where candidates[a].from.section == candidates[b].from.section {
        if (candidates[a].from.item < candidates[b].from.item)
          != (candidates[a].to.item < candidates[b].to.item) && a != b
        {
          consistent = false
        }
      }
    }
    if consistent { best = kept.count }
  }
  return survivors.count - best
}

@Suite("Sectioned differences and UIKit batches")
struct SectionedDifferenceTests {
  @Test(
    "Random sectioned pairs (20,000 at full size): both batch forms pass UIKit's rules and show the new snapshot",
    arguments: modelTestSeeds)
  func batchFormsAreAcceptedAndCorrect(seed: UInt64) {
    var pair: (old: [TestSection], new: [TestSection]) = ([], [])
    var checked = 0
    runModelTest(seed: seed, steps: modelTestSteps(5_000), state: &pair) { pair, g in
      pair = randomSectionedPair(&g)
      checked += 1
      return "pair \(pair.old) → \(pair.new)"
    } verify: { pair in
      batchFormsProblem(old: pair.old, new: pair.new)
    }
    #expect(checked == modelTestSteps(5_000))
  }

  @Test(
    "Item moves are the fewest possible (brute force on small unique cases)",
    arguments: modelTestSeeds)
  func movesAreMinimal(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var checked = 0
    for step in 0..<modelTestSteps(3_000) {
      let (old, new) = randomSectionedPair(&generator)
      let ids = old.flatMap { $0.items.map(\.id) }
      let newIDs = new.flatMap { $0.items.map(\.id) }
      guard Set(ids).count == ids.count, Set(newIDs).count == newIDs.count,
        Set(old.map(\.id)).count == old.count, Set(new.map(\.id)).count == new.count,
        ids.count <= 16
      else { continue }
      let difference = sectionedDifference(old, new)
      let minimum = bruteForceItemMoves(old: old, new: new)
      checked += 1
      if difference.itemMoves.count != minimum {
        Issue.record(
          Comment(
            rawValue: "Seed \(seed), pair \(step): \(difference.itemMoves.count) moves, "
              + "the minimum is \(minimum) (old \(old), new \(new))"))
        return
      }
    }
    // About a fifth of the pairs are small and unique.
    #expect(checked > modelTestSteps(3_000) / 6)
  }

  @Test("One drag is one move, also across sections")
  func oneDragIsOneMove() {
    let old = [
      TestSection(id: 0, content: 0, items: (0..<10).map { TestItem(id: $0, content: 0) }),
      TestSection(id: 1, content: 0, items: (10..<20).map { TestItem(id: $0, content: 0) }),
    ]
    var new = old
    new[0].items.append(new[0].items.removeFirst())
    #expect(sectionedDifference(old, new).itemMoves.count == 1)
    new = old
    new[1].items.insert(new[0].items.removeFirst(), at: 5)
    let difference = sectionedDifference(old, new)
    #expect(
      difference.itemMoves == [
        .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 5))
      ])
    #expect(difference.batch().itemMoves.count == 1)
  }

  @Test("An item both moved and updates: the naive batch is refused, ours is not")
  func updateAndMoveOfOneItem() {
    // Old [a:0, b:0], new [b:1, a:0].
    let old = [
      TestSection(id: 0, content: 0, items: [.init(id: 1, content: 0), .init(id: 2, content: 0)])
    ]
    let new = [
      TestSection(id: 0, content: 0, items: [.init(id: 2, content: 1), .init(id: 1, content: 0)])
    ]
    let single = IdentityDifference(from: old[0].items, to: new[0].items, id: { $0.id })
    // The naive batch: the moves and the updates as they are.
    var naive = ListBatch()
    naive.itemMoves = single.moves.map {
      .init(from: ItemPath(section: 0, item: $0.from), to: ItemPath(section: 0, item: $0.to))
    }
    // UIKit reloads at old positions: the moved item's is where it was.
    let reloaded = single.moves.filter { single.updates.contains($0.to) }.map(\.from)
    naive.itemReloads = reloaded.map { ItemPath(section: 0, item: $0) }
    #expect(!uikitBatchProblems(naive, before: [2], after: [2]).isEmpty)
    // Ours.
    #expect(batchFormsProblem(old: old, new: new) == nil)
    #expect(SectionedDifference(single).batch() == sectionedDifference(old, new).batch())
    let batch = sectionedDifference(old, new).batch()
    #expect(batch.itemReloads.isEmpty)
    #expect(batch.itemDeletions == [ItemPath(section: 0, item: 1)])
    #expect(batch.itemInsertions == [ItemPath(section: 0, item: 0)])
    let stages = sectionedDifference(old, new).stagedBatches()
    #expect(stages.map(\.batch.itemMoves.count) == [1, 0])
    #expect(stages.last?.batch.itemReconfigures == [ItemPath(section: 0, item: 0)])
  }

  @Test("The checker and the simulator fail on bad batches")
  func checkerCanFail() {
    let old = [
      TestSection(id: 0, content: 0, items: [.init(id: 1, content: 0), .init(id: 2, content: 0)])
    ]
    var new = old
    new[0].items[1].content = 1
    var batch = ListBatch()
    // A dropped update: the rules pass, the simulator shows stale content.
    #expect(uikitBatchProblems(batch, before: [2], after: [2]).isEmpty)
    #expect(simulateUIKit(batch, before: old, dataSource: new) != new)
    // Counts that do not add up.
    batch.itemInsertions = [ItemPath(section: 0, item: 0)]
    #expect(!uikitBatchProblems(batch, before: [2], after: [2]).isEmpty)
    // An item in a deleted section.
    batch = ListBatch()
    batch.sectionDeletions = [0]
    batch.itemDeletions = [ItemPath(section: 0, item: 0)]
    #expect(!uikitBatchProblems(batch, before: [2], after: []).isEmpty)
    // A reconfigure beside a move.
    batch = ListBatch()
    batch.itemMoves = [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
    ]
    batch.itemReconfigures = [ItemPath(section: 0, item: 0)]
    #expect(!uikitBatchProblems(batch, before: [2], after: [2]).isEmpty)
  }

  @Test("A per-section update (DataSources) is the sectioned difference of that section")
  func perSectionUpdate() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let (oldItems, newItems) = randomPair(&generator)
      let other = [TestItem(id: -1, content: 0)]
      let old = [
        TestSection(id: 0, content: 0, items: other),
        TestSection(
          id: 1, content: 0, items: oldItems.map { TestItem(id: $0.id, content: $0.content) }),
      ]
      var new = old
      new[1].items = newItems.map { TestItem(id: $0.id, content: $0.content) }
      let single = IdentityDifference(from: old[1].items, to: new[1].items, id: { $0.id })
      let difference = SectionedDifference(single, inSection: 1, itemCounts: [1, oldItems.count])
      let batch = difference.batch()
      #expect(
        uikitBatchProblems(batch, before: [1, oldItems.count], after: [1, newItems.count]).isEmpty)
      #expect(simulateUIKit(batch, before: old, dataSource: new) == new)
      #expect(difference.shouldAnimate() == (difference.changeCount <= 300))
    }
  }

  @Test("A section that a few edits changed is compared, not hashed, ends and middle")
  func fewEditsAreNotHashed() {
    let old = [
      TestSection(id: 0, content: 0, items: (0..<1_000).map { TestItem(id: $0, content: 0) })
    ]
    var new = old
    new[0].items.swapAt(500, 510)
    new[0].items[2].content = 1  // an update in the common prefix
    new[0].items[900].content = 1  // and one in the common suffix
    new[0].items[505].content = 1  // and one in the middle
    let (difference, hashes) = countingHashes(old, new)
    #expect(hashes == 0)
    #expect(difference == sectionedDifference(old, new))
    #expect(
      difference.itemUpdates == [2, 505, 900].map { ItemPath(section: 0, item: $0) },
      "new paths, as every update")
    #expect(difference.itemMoves.count == 2, "a swap is two moves")
    #expect(batchFormsProblem(old: old, new: new) == nil)
  }

  @Test("Unchanged sections are compared, not hashed; a reordered one is hashed alone")
  func unchangedSectionsAreNotHashed() {
    let old = (0..<100).map { s in
      TestSection(
        id: s, content: 0, items: (0..<100).map { TestItem(id: s * 100 + $0, content: 0) })
    }
    var new = old
    new[40].items.reverse()  // more edits than a short script: the table
    new[70].items[5].content = 1  // an update in a section whose ids stay
    let (difference, hashes) = countingHashes(old, new)
    #expect(hashes <= 2 * 100, "only section 40's items are hashed")
    #expect(difference == sectionedDifference(old, new))
    #expect(difference.itemUpdates == [ItemPath(section: 70, item: 5)])
    #expect(difference.itemMoves.count == 99, "a reversal of 100 keeps one")
    #expect(batchFormsProblem(old: old, new: new) == nil)
  }

  @Test("An item dragged to another section is the only one hashed, on each side")
  func itemsAcrossSectionsAreTheOnlyOnesHashed() {
    let old = (0..<10).map { s in
      TestSection(
        id: s, content: 0, items: (0..<1_000).map { TestItem(id: s * 1_000 + $0, content: 0) })
    }
    var new = old
    var dragged = new[2].items.remove(at: 400)
    dragged.content = 1
    new[7].items.insert(dragged, at: 600)
    new[7].items.remove(at: 10)  // and a deletion beside it
    let (difference, hashes) = countingHashes(old, new)
    #expect(hashes <= 2 * 2, "the dragged item and the deleted one, each side")
    #expect(difference == sectionedDifference(old, new))
    #expect(
      difference.itemMoves == [
        .init(from: ItemPath(section: 2, item: 400), to: ItemPath(section: 7, item: 599))
      ])
    #expect(difference.itemDeletions == [ItemPath(section: 7, item: 10)])
    #expect(difference.itemUpdates == [ItemPath(section: 7, item: 599)], "its new path")
    #expect(batchFormsProblem(old: old, new: new) == nil)
  }

  @Test("Staged batches list only the stages that change something")
  func stagedBatchesCostWhatChanged() {
    let old = [
      TestSection(id: 0, content: 0, items: (0..<10_000).map { TestItem(id: $0, content: 0) })
    ]
    #expect(sectionedDifference(old, old).stagedBatches().isEmpty)
    var new = old
    new[0].items.insert(new[0].items.remove(at: 10), at: 9_000)
    let stages = sectionedDifference(old, new).stagedBatches()
    #expect(stages.map(\.batch.itemMoves.count) == [1])
    #expect(stages.first.map { materialize($0, old: old, new: new) } == new)
    // The stage's list is four runs: the rows before, between and after, and
    // the moved one.
    let items = stages[0].sections[0].items
    var expected = (0..<10_000).map { StagedBatch.ItemSource.old(ItemPath(section: 0, item: $0)) }
    expected.insert(expected.remove(at: 10), at: 9_000)
    #expect(items._runs.count == 4)
    #expect(items.elementsEqual(expected))
  }

  @Test("A stage's items are a conforming collection", arguments: [false, true])
  func stagedItemsConform(deleting: Bool) {
    let old = [
      TestSection(id: 0, content: 0, items: (0..<30).map { TestItem(id: $0, content: 0) })
    ]
    var new = old
    new[0].items.insert(new[0].items.remove(at: 3), at: 20)
    if deleting { new[0].items.remove(at: 25) }
    let stages = sectionedDifference(old, new).stagedBatches()
    #expect(stages.count == (deleting ? 2 : 1))
    // The last stage lists the new items, each an old one (its id is its
    // old position).
    let expected = new[0].items.map {
      StagedBatch.ItemSource.old(ItemPath(section: 0, item: $0.id))
    }
    if let last = stages.last {
      checkRandomAccessCollection(last.sections[0].items, expectedContents: expected)
    }
    #expect(batchFormsProblem(old: old, new: new) == nil)
  }
}
