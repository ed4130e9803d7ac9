//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import _TestSupport

@Suite("RowChanges")
struct RowChangesTests {
  struct Row: Equatable {
    var id: Int
    var version = 0
  }

  /// A random change of `rows` anywhere (both ends, everything, nothing,
  /// a few rows moved), with the ranges and moves it reports; `movedIDs`
  /// collects the ids of the rows it moves.
  static func randomChange(
    _ rows: inout [Row], nextID: inout Int, movedIDs: inout Set<Int>, _ g: inout SplitMix64
  ) -> RowChanges {
    var new: [Row] = []
    let removeAll = Int.random(in: 0..<20, using: &g) == 0
    // Insertions grow a short list and keep a long one near its size.
    let odds = rows.count > 40 ? 40 : 4
    func maybeInsert() {
      guard Int.random(in: 0..<odds, using: &g) == 0 else { return }
      for _ in 0..<Int.random(in: 1...4, using: &g) {
        new.append(Row(id: nextID))
        nextID += 1
      }
    }
    maybeInsert()
    for row in rows {
      if !removeAll, Int.random(in: 0..<5, using: &g) != 0 {
        var row = row
        if Int.random(in: 0..<6, using: &g) == 0 { row.version += 1 }
        new.append(row)
      }
      maybeInsert()
    }
    // A few kept rows moved elsewhere (their content unchanged here; an
    // earlier or a later change may update them).
    let oldByID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    var moved = Set<Int>()
    for _ in 0..<Int.random(in: 0...2, using: &g) where !new.isEmpty {
      let from = Int.random(in: 0..<new.count, using: &g)
      guard oldByID[new[from].id] == new[from] else { continue }
      let row = new.remove(at: from)
      new.insert(row, at: Int.random(in: 0...new.count, using: &g))
      moved.insert(row.id)
    }
    movedIDs.formUnion(moved)
    defer { rows = new }
    return bruteForce(from: rows, to: new, moved: moved)
  }

  /// The changes from `old` to `new` by id, where the rows of `moved` moved.
  static func bruteForce(from old: [Row], to new: [Row], moved: Set<Int>) -> RowChanges {
    let oldByID = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
    let newByID = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
    func runs(_ positions: [Int]) -> [Range<Int>] {
      var runs: [Range<Int>] = []
      for p in positions {
        if let last = runs.last, last.upperBound == p {
          runs[runs.count - 1] = last.lowerBound..<p + 1
        } else {
          runs.append(p..<p + 1)
        }
      }
      return runs
    }
    let isMoved = { (id: Int) in moved.contains(id) && oldByID[id] != nil && newByID[id] != nil }
    return RowChanges(
      deletions: runs(old.indices.filter { newByID[old[$0].id] == nil || isMoved(old[$0].id) }),
      insertions: runs(new.indices.filter { oldByID[new[$0].id] == nil || isMoved(new[$0].id) }),
      updates: runs(
        new.indices.filter { position in
          let row = new[position]
          return oldByID[row.id].map { old[$0].version != row.version } == true
        }),
      moves: old.indices.filter { isMoved(old[$0].id) }.map {
        RowChanges.Move(from: $0, to: newByID[old[$0].id]!)
      })
  }

  @Test("Any number of changes compose into the one change brute force finds", arguments: 0..<40)
  func composition(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var rows = (0..<Int.random(in: 0..<30, using: &g)).map { Row(id: $0) }
    var nextID = 1_000
    for round in 0..<50 {
      let start = rows
      var movedIDs = Set<Int>()
      let changes = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        Self.randomChange(&rows, nextID: &nextID, movedIDs: &movedIDs, &g)
      }
      let composed = RowChanges(composing: changes)
      let note = Comment(rawValue: "seed \(seed), round \(round), \(changes.count) changes")
      #expect(composed == Self.bruteForce(from: start, to: rows, moved: movedIDs), note)
      #expect(composed.newCount(from: start.count) == rows.count, note)
      // Ranges are the fewest: no two touch.
      for ranges in [composed.deletions, composed.insertions, composed.updates] {
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, note)
      }
      for move in composed.moves {
        #expect(composed.newPosition(ofRowAt: move.from) == move.to, note)
      }
    }
  }

  @Test(
    "Composed changes as one UIKit batch: accepted, and UIKit shows the new rows", arguments: 0..<40
  )
  func batchesUIKitAccepts(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var rows = (0..<Int.random(in: 0..<30, using: &g)).map { Row(id: $0) }
    var nextID = 1_000
    var batchesWithMoves = 0
    for round in 0..<30 {
      let start = rows
      var movedIDs = Set<Int>()
      let changes = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        Self.randomChange(&rows, nextID: &nextID, movedIDs: &movedIDs, &g)
      }
      let batch = RowChanges(composing: changes).batch(inSection: 0)
      if !batch.itemMoves.isEmpty { batchesWithMoves += 1 }
      let note = Comment(rawValue: "seed \(seed), round \(round)")
      #expect(uikitBatchProblems(batch, before: [start.count], after: [rows.count]) == [], note)
      func section(_ rows: [Row]) -> [TestSection] {
        [
          TestSection(
            id: 0, content: 0, items: rows.map { TestItem(id: $0.id, content: $0.version) })
        ]
      }
      let shown = simulateUIKit(batch, before: section(start), dataSource: section(rows))
      #expect(shown == section(rows), note)
    }
    #expect(batchesWithMoves > 0 || rows.count < 2, "seed \(seed): moves stay moves")
  }

  @Test("An identity difference as row changes")
  func fromADifference() {
    let old = ["a", "b", "c", "d"]
    let new = ["d", "a", "c2", "e"]
    let difference = IdentityDifference(
      from: old, to: new, id: { $0.prefix(1) }, contentEquals: ==)
    let changes = RowChanges(difference)
    #expect(changes.newCount(from: old.count) == new.count)
    // "b" removed, "d" moved (out of 3, into 0), "e" inserted, "c" updated.
    #expect(changes.deletions == [1..<2, 3..<4])
    #expect(changes.insertions == [0..<1, 3..<4])
    #expect(changes.updates == [2..<3])
  }
}
