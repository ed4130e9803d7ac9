//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

@_spi(Testing) import IdentityDiff
import Testing
import _TestSupport

/// An item with an identity and a content that can change.
struct Item: Equatable, Identifiable, CustomStringConvertible {
  var id: Int
  var content: Int
  var description: String { "\(id):\(content)" }
}

/// A random pair of snapshots: deletions, insertions, shuffles, content
/// changes, and (sometimes) duplicate identifiers.
func randomPair(_ g: inout SplitMix64) -> (old: [Item], new: [Item]) {
  let size =
    Int.random(in: 0..<50, using: &g) == 0
    ? Int.random(in: 0...2_000, using: &g) : Int.random(in: 0...40, using: &g)
  let idSpace = Bool.random(using: &g) ? size + 5 : max(1, size / 3)  // small space: duplicates
  var old = (0..<size).map { _ in Item(id: Int.random(in: 0..<idSpace + 1, using: &g), content: 0) }
  if Bool.random(using: &g) {
    // Unique ids.
    old = (0..<size).map { Item(id: $0, content: 0) }
    old.shuffle(using: &g)
  }
  var new = old.filter { _ in Int.random(in: 0..<10, using: &g) != 0 }
  for _ in 0..<Int.random(in: 0...max(1, size / 5), using: &g) {
    new.insert(
      Item(id: Int.random(in: 0..<idSpace + 10, using: &g), content: 0),
      at: Int.random(in: 0...new.count, using: &g))
  }
  let swaps = Int.random(in: 0...3, using: &g) == 0 ? new.count : Int.random(in: 0...3, using: &g)
  for _ in 0..<swaps where new.count > 1 {
    new.swapAt(Int.random(in: 0..<new.count, using: &g), Int.random(in: 0..<new.count, using: &g))
  }
  for i in new.indices where Int.random(in: 0..<8, using: &g) == 0 { new[i].content += 1 }
  return (old, new)
}

/// The batch ordering rules and internal consistency of a difference.
func orderingProblem(_ d: IdentityDifference, old: Int, new: Int) -> String? {
  if d.oldCount != old || d.newCount != new { return "counts" }
  if d.deletions != d.deletions.sorted(by: >) { return "deletions not descending" }
  if d.insertions != d.insertions.sorted() { return "insertions not ascending" }
  if d.updates != d.updates.sorted() { return "updates not ascending" }
  if d.moves.map(\.to) != d.moves.map(\.to).sorted() { return "moves not by new position" }
  if Set(d.deletions).count != d.deletions.count { return "a deletion twice" }
  if !d.deletions.allSatisfy({ (0..<old).contains($0) && d.newPositions[$0] == nil }) {
    return "a deletion of a matched item"
  }
  if !d.moves.allSatisfy({ d.newPositions[$0.from] == $0.to }) {
    return "a move against the mapping"
  }
  let matched = d.newPositions.compactMap { $0 }
  if !Set(matched).isSuperset(of: d.updates) { return "an update of an inserted item" }
  if Set(matched).count != matched.count { return "two old items mapped to one new" }
  if matched.count + d.insertions.count != new { return "insertions do not fill the new snapshot" }
  return nil
}

@Suite("IdentityDifference")
struct IdentityDifferenceTests {
  @Test(
    "Random snapshot pairs: applying each batch gives the new snapshot", arguments: modelTestSeeds)
  func randomPairs(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let count = sized(800, full: 2_500)
    var pairs = 0
    var failure: String?
    while pairs < count, failure == nil {
      let (old, new) = randomPair(&g)
      let difference = IdentityDifference(from: old, to: new)
      if let problem = orderingProblem(difference, old: old.count, new: new.count) {
        failure = "pair \(pairs): \(problem); \(old) -> \(new)"
        break
      }
      var applied = old
      difference._apply(to: &applied, from: new)
      if applied != new { failure = "pair \(pairs): applied \(applied) != \(new) from \(old)" }
      pairs += 1
    }
    #expect(failure == nil, "seed \(seed): \(failure ?? "")")
    #expect(pairs == count)
  }

  @Test("Random snapshot pairs: the batch passes UIKit's rules and shows the new snapshot")
  func batchesUIKitAccepts() {
    var g = SplitMix64(seed: 7)
    var movedAndUpdated = 0
    let count = sized(1_500, full: 5_000)
    for pair in 0..<count {
      let (old, new) = randomPair(&g)
      let difference = IdentityDifference(from: old, to: new)
      let updated = Set(difference.updates)
      movedAndUpdated += difference.moves.filter { updated.contains($0.to) }.count
      let batch = difference.batch(inSection: 0)
      // The sectioned route gives the same batch (moves in any order).
      var sectioned = SectionedDifference(difference).batch()
      sectioned.itemMoves.sort { $0.to < $1.to }
      #expect(sectioned == batch, "pair \(pair): \(old) -> \(new)")
      func section(_ items: [Item]) -> [TestSection] {
        [
          TestSection(
            id: 0, content: 0, items: items.map { TestItem(id: $0.id, content: $0.content) })
        ]
      }
      let note = Comment(rawValue: "pair \(pair): \(old) -> \(new)")
      #expect(uikitBatchProblems(batch, before: [old.count], after: [new.count]) == [], note)
      #expect(
        simulateUIKit(batch, before: section(old), dataSource: section(new)) == section(new), note)
    }
    #expect(movedAndUpdated > count / 50, "the pairs hold items both moved and updated")
  }

  @Test func examples() {
    let old = [Item(id: 1, content: 0), Item(id: 2, content: 0), Item(id: 3, content: 0)]
    let new = [Item(id: 3, content: 0), Item(id: 1, content: 5), Item(id: 4, content: 0)]
    let d = IdentityDifference(from: old, to: new)
    #expect(d.deletions == [1])
    #expect(d.insertions == [2])
    #expect(d.updates == [1], "item 1, at its new position")
    #expect(d.newPositions == [1, nil, 0])
    #expect(d.moves == [.init(from: 2, to: 0)], "3 moved to the front; 1 kept its place")
    #expect(d.changeCount == 4)
    #expect(
      !d.isEmpty && d.shouldAnimate() && !d.shouldAnimate(under: UpdatePolicy(animationLimit: 2)))
    #expect(IdentityDifference(from: old, to: old).isEmpty)
  }

  @Test("One drag is one move, whatever the distance")
  func oneDragIsOneMove() {
    let old = Array(0..<1_000)
    for (from, to) in [(0, 999), (999, 0), (3, 6), (500, 2)] {
      var new = old
      new.insert(new.remove(at: from), at: to)
      let d = IdentityDifference(from: old, to: new, id: { $0 })
      #expect(d.moves == [.init(from: from, to: to)], "\(from) -> \(to)")
    }
  }

  @Test("Moves are as few as a brute-force search finds", arguments: 0..<200)
  func movesAreMinimal(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let old = Array(0..<Int.random(in: 0...7, using: &g))
    var new = old.filter { _ in Int.random(in: 0..<4, using: &g) != 0 }.shuffled(using: &g)
    for extra in 100..<100 + Int.random(in: 0...2, using: &g) {
      new.insert(extra, at: Int.random(in: 0...new.count, using: &g))
    }
    let d = IdentityDifference(from: old, to: new, id: { $0 })
    // The survivors in new order; the fewest that must move is their count
    // minus the largest subset whose old order is already right.
    let survivors = new.filter { $0 < 100 }
    var largestInOrder = 0
    for mask in 0..<(1 << survivors.count) {
      let kept = survivors.indices.filter { mask & (1 << $0) != 0 }.map { survivors[$0] }
      if kept == kept.sorted() { largestInOrder = max(largestInOrder, kept.count) }
    }
    #expect(d.moves.count == survivors.count - largestInOrder, "seed \(seed): \(old) -> \(new)")
    var applied = old
    d._apply(to: &applied, from: new)
    #expect(applied == new, "seed \(seed)")
  }

  @Test("Edits at the ends and in the middle of a long list: the common prefix and suffix")
  func prefixAndSuffix() {
    let old = (0..<1_000).map { Item(id: $0, content: 0) }
    var updated = old
    updated[3].content = 1
    updated[996].content = 1
    var replaced = old
    replaced[500] = Item(id: -1, content: 0)
    let cases: [(String, [Item])] = [
      ("one appended", old + [Item(id: -1, content: 0)]),
      ("one prepended", [Item(id: -1, content: 0)] + old),
      ("one replaced", replaced),
      ("no change", old),
      ("updates in the prefix and suffix", updated),
      ("a duplicate id at the boundary", old + [old[999]]),
      ("all removed", []),
    ]
    for (name, new) in cases {
      let d = IdentityDifference(from: old, to: new)
      var applied = old
      d._apply(to: &applied, from: new)
      #expect(applied == new, "\(name)")
      #expect(orderingProblem(d, old: old.count, new: new.count) == nil, "\(name)")
      #expect(d.moves.isEmpty, "\(name): nothing moved")
    }
    #expect(
      IdentityDifference(from: old, to: old + [Item(id: -1, content: 0)]).insertions == [1_000])
    #expect(IdentityDifference(from: old, to: replaced).deletions == [500])
    #expect(IdentityDifference(from: old, to: replaced).insertions == [500])
    #expect(IdentityDifference(from: old, to: updated).updates == [3, 996])
    #expect(IdentityDifference(from: old, to: old).isEmpty)
  }

  @Test("Duplicate ids match in order of appearance, as IGListDiff does")
  func duplicates() {
    let a0 = Item(id: 7, content: 0)
    let a1 = Item(id: 7, content: 1)
    let b = Item(id: 8, content: 0)
    let d = IdentityDifference(
      from: [a0, a1, b], to: [a0, b, a1, a1], id: \.id, contentEquals: ==)
    #expect(d.newPositions == [0, 2, 1], "first 7 with first 7, second with second")
    #expect(d.insertions == [3], "the extra 7 is an insertion")
    var applied = [a0, a1, b]
    d._apply(to: &applied, from: [a0, b, a1, a1])
    #expect(applied == [a0, b, a1, a1])
  }

  @Test func coalescerDiffsOnlyTheLatestSnapshot() {
    let first = (0..<5).map { Item(id: $0, content: 0) }
    var coalescer = SnapshotCoalescer(initial: first, id: \.id, contentEquals: ==)
    #expect(coalescer.takeDifference() == nil)
    coalescer.submit(Array(first.dropFirst()))
    coalescer.submit(first + [Item(id: 9, content: 0)])
    coalescer.submit(first + [Item(id: 10, content: 0)])
    #expect(coalescer.coalescedCount == 3)
    let (difference, snapshot) = coalescer.takeDifference()!
    #expect(snapshot.last?.id == 10)
    #expect(
      difference.insertions == [5] && difference.deletions.isEmpty, "against what was applied")
    #expect(coalescer.takeDifference() == nil)
  }

  @Test func userMovesAreNotDiffedAgain() {
    let items = (0..<5).map { Item(id: $0, content: 0) }
    var coalescer = SnapshotCoalescer(initial: items, id: \.id, contentEquals: ==)
    coalescer.recordUserMove(from: 4, to: 0)
    var reordered = items
    reordered.insert(reordered.removeLast(), at: 0)
    coalescer.submit(reordered)
    #expect(coalescer.takeDifference()?.difference.isEmpty == true)
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func userMoveOutOfRangeTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var coalescer = SnapshotCoalescer(initial: [1, 2], id: { $0 }, contentEquals: ==)
        coalescer.recordUserMove(from: 5, to: 0)
      }
      #expect(standardErrorText(of: result).contains("User move 5 -> 0 out of range 0..<2"))
    }
  #endif
}
