//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import IdentityDiff

/// The difference of two snapshots of unique identifiers the plain way: a
/// dictionary of old positions, and the survivors outside one longest
/// increasing subsequence move.
func referenceDifference(from old: [Item], to new: [Item]) -> IdentityDifference {
  var oldPosition: [Int: Int] = [:]
  for (j, item) in old.enumerated() { oldPosition[item.id] = j }
  var newForOld = [Int?](repeating: nil, count: old.count)
  var insertions: [Int] = []
  var survivors: [(old: Int, new: Int)] = []
  for (i, item) in new.enumerated() {
    if let j = oldPosition[item.id] {
      newForOld[j] = i
      survivors.append((j, i))
    } else {
      insertions.append(i)
    }
  }
  let stays = _longestIncreasingSubsequence(count: survivors.count) { survivors[$0].old }
  let moves = survivors.indices.filter { !stays[$0] }.map {
    IdentityDifference.Move(from: survivors[$0].old, to: survivors[$0].new)
  }
  let deletions = old.indices.reversed().filter { newForOld[$0] == nil }
  let updated = old.indices.compactMap { j in
    newForOld[j].flatMap { new[$0] != old[j] ? IdentityDifference.Move(from: j, to: $0) : nil }
  }
  return IdentityDifference(
    deletions: deletions, insertions: insertions, moves: moves, updated: updated,
    newPositions: .init(newForOld), newCount: new.count)
}

@Suite("A few edits found by comparing identifiers")
struct ShortEditScriptTests {
  @Test(
    "A few edits anywhere in a long list: the same difference as a table finds",
    arguments: modelTestSeeds)
  func fewEditsMatchTheTable(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 1_000_000
    for pair in 0..<modelTestSteps(400) {
      let count =
        Int.random(in: 0..<6, using: &g) == 0
        ? Int.random(in: 0...3, using: &g)
        : Int.random(in: 0...3_000, using: &g)
      let old = (0..<count).map { Item(id: $0, content: 0) }
      var new = old
      // 0 to 80 edits (up to 160 for the search: a move is two), at the
      // ends, in the middle, or anywhere.
      for _ in 0..<Int.random(in: 0...80, using: &g) {
        func position(_ upper: Int) -> Int {
          switch Int.random(in: 0..<4, using: &g) {
          case 0: return 0
          case 1: return upper
          case 2: return upper / 2
          default: return Int.random(in: 0...upper, using: &g)
          }
        }
        switch Int.random(in: 0..<4, using: &g) {
        case 0 where !new.isEmpty: new.remove(at: position(new.count - 1))
        case 1:
          new.insert(Item(id: nextID, content: 0), at: position(new.count))
          nextID += 1
        case 2 where !new.isEmpty:
          let item = new.remove(at: position(new.count - 1))
          new.insert(item, at: position(new.count))
        case 3 where !new.isEmpty: new[position(new.count - 1)].content += 1
        default: break
        }
      }
      let difference = IdentityDifference(from: old, to: new)
      #expect(
        difference == referenceDifference(from: old, to: new),
        "seed \(seed), pair \(pair): \(count) rows")
    }
  }

  @Test(
    "Blocks of consecutive values: the subsequence the element-wise sort marks",
    arguments: modelTestSeeds)
  func blocksMatchElements(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      // A permutation of 0..<n cut into blocks of consecutive values.
      let n = Int.random(in: 0...40, using: &g)
      var blocks: [(value: Int, count: Int)] = []
      var value = 0
      while value < n {
        let count = Int.random(
          in: 1...max(1, min(n - value, Int.random(in: 1...8, using: &g))),
          using: &g)
        blocks.append((value, count))
        value += count
      }
      blocks.shuffle(using: &g)
      let elements = blocks.flatMap { $0.value..<$0.value + $0.count }
      let marks = _longestIncreasingSubsequence(count: elements.count) { elements[$0] }
      var expected: [Int] = []
      var start = 0
      for block in blocks {
        let marked = marks[start..<start + block.count]
        let kept = marked.prefix { $0 }.count
        #expect(marked.dropFirst(kept).allSatisfy { !$0 }, "a block keeps a prefix")
        expected.append(kept)
        start += block.count
      }
      #expect(_longestIncreasingBlocks(blocks) == expected, "\(blocks)")
    }
  }

  @Test("One row moved across a long list is one move, and no identifier is hashed")
  func oneMoveFarAway() {
    let old = (0..<100_000).map { Item(id: $0, content: 0) }
    for (from, to) in [(0, 99_999), (99_999, 0), (10, 90_000), (90_000, 10), (50_000, 50_002)] {
      var new = old
      new.insert(new.remove(at: from), at: to)
      new[to].content = 1
      let hashes = CallCounter()
      let d = IdentityDifference(
        from: old, to: new, id: { CountedID(value: $0.id, hashes: hashes) }, contentEquals: ==)
      #expect(hashes.calls == 0, "\(from) -> \(to)")
      #expect(d.moves == [.init(from: from, to: to)], "\(from) -> \(to)")
      #expect(d.updates == [to] && d.deletions.isEmpty && d.insertions.isEmpty)
    }
  }
}

/// An identifier that counts how often it is hashed.
struct CountedID: Hashable {
  var value: Int
  var hashes: CallCounter

  static func == (a: Self, b: Self) -> Bool { a.value == b.value }
  func hash(into hasher: inout Hasher) {
    hashes.increment()
    hasher.combine(value)
  }
}
