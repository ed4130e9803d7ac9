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

  /// A random change of `rows` anywhere (both ends, everything, nothing),
  /// with the ranges it reports.
  static func randomChange(
    _ rows: inout [Row], nextID: inout Int, _ g: inout SplitMix64
  ) -> RowChanges {
    var new: [Row] = []
    var removed: [Int] = []
    var inserted: [Int] = []
    var updated: [Int] = []
    let removeAll = Int.random(in: 0..<20, using: &g) == 0
    // Insertions grow a short list and keep a long one near its size.
    let odds = rows.count > 40 ? 40 : 4
    func maybeInsert() {
      guard Int.random(in: 0..<odds, using: &g) == 0 else { return }
      for _ in 0..<Int.random(in: 1...4, using: &g) {
        inserted.append(new.count)
        new.append(Row(id: nextID))
        nextID += 1
      }
    }
    maybeInsert()
    for (old, row) in rows.enumerated() {
      if removeAll || Int.random(in: 0..<5, using: &g) == 0 {
        removed.append(old)
      } else {
        var row = row
        if Int.random(in: 0..<6, using: &g) == 0 {
          row.version += 1
          updated.append(new.count)
        }
        new.append(row)
      }
      maybeInsert()
    }
    rows = new
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
    return RowChanges(removed: runs(removed), inserted: runs(inserted), updated: runs(updated))
  }

  @Test("Any number of changes compose into the one change brute force finds", arguments: 0..<40)
  func composition(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var rows = (0..<Int.random(in: 0..<30, using: &g)).map { Row(id: $0) }
    var nextID = 1_000
    for round in 0..<50 {
      let start = rows
      let changes = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        Self.randomChange(&rows, nextID: &nextID, &g)
      }
      let composed = RowChanges(composing: changes)
      let oldByID = Dictionary(uniqueKeysWithValues: start.map { ($0.id, $0) })
      let newIDs = Set(rows.map(\.id))
      let removed = start.indices.filter { !newIDs.contains(start[$0].id) }
      let inserted = rows.indices.filter { oldByID[rows[$0].id] == nil }
      let updated = rows.indices.filter { position in
        oldByID[rows[position].id].map { $0.version != rows[position].version } ?? false
      }
      let note = Comment(rawValue: "seed \(seed), round \(round), \(changes.count) changes")
      #expect(composed.removed.flatMap { $0 } == removed, note)
      #expect(composed.inserted.flatMap { $0 } == inserted, note)
      #expect(composed.updated.flatMap { $0 } == updated, note)
      #expect(composed.newCount(from: start.count) == rows.count, note)
      // Ranges are the fewest: no two touch.
      for ranges in [composed.removed, composed.inserted, composed.updated] {
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, note)
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
    for round in 0..<30 {
      let start = rows
      let changes = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        Self.randomChange(&rows, nextID: &nextID, &g)
      }
      let batch = RowChanges(composing: changes).batch(inSection: 0)
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
    #expect(changes.removed == [1..<2, 3..<4])
    #expect(changes.inserted == [0..<1, 3..<4])
    #expect(changes.updated == [2..<3])
  }
}
