//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

/// Reorders by ids across sections, as a drag hands them over, against a
/// brute-force reference: the items land where the reference puts them, and
/// the changes, handed to a list as one UIKit batch, are accepted and show
/// the new rows.
@Suite("Moves by keys across sections")
struct MoveByKeysTests {
  typealias Board = SectionedCollection<Int, OrderedStore<Int, Int>>

  /// Sections of stores with random headers and footers; keys repeat
  /// across sections now and then, values are unique.
  static func randomBoard(_ g: inout SplitMix64) -> Board {
    var value = 0
    return Board(
      (0..<Int.random(in: 1...5, using: &g)).map { id in
        let keys = Array(0..<12).shuffled(using: &g).prefix(Int.random(in: 0...6, using: &g))
        let items = OrderedStore(
          uniqueKeysWithValues: keys.map { key in
            value += 1
            return (key, value)
          })
        return ListSection(
          id: id, items: items, header: Bool.random(using: &g), footer: Bool.random(using: &g))
      })
  }

  static func pairs(_ store: OrderedStore<Int, Int>) -> [(key: Int, value: Int)] {
    zip(store.keys, store.values).map { (key: $0, value: $1) }
  }

  /// The rows of `board`, each named uniquely: an item by its value, a
  /// header or footer by its section's id.
  static func rows(_ board: Board) -> [Int] {
    board.sections.flatMap { section -> [Int] in
      let header: [Int] = section.hasHeader ? [-1_000 - section.id] : []
      let footer: [Int] = section.hasFooter ? [-2_000 - section.id] : []
      return header + Array(section.items.values) + footer
    }
  }

  /// What the move does, written as plainly as possible: the sections'
  /// (key, value) pairs after it.
  static func expected(
    _ board: Board, keys: [Int], before destination: Int?, inSection section: Int
  ) -> [[(key: Int, value: Int)]] {
    var items = board.sections.map { Self.pairs($0.items) }
    guard let target = board.sections.firstIndex(where: { $0.id == section }) else { return items }
    let offset =
      destination.map { d in items[target].firstIndex { $0.0 == d } } ?? items[target].count
    guard let offset else { return items }
    var paths = Set<[Int]>()
    for key in keys {
      if let i = items[target].firstIndex(where: { $0.0 == key }) {
        paths.insert([target, i])
      } else if let s = items.indices.first(where: { s in items[s].contains { $0.0 == key } }) {
        paths.insert([s, items[s].firstIndex { $0.0 == key }!])
      }
    }
    let ordered = paths.sorted { $0.lexicographicallyPrecedes($1) }
    let moving = ordered.map { items[$0[0]][$0[1]] }
    let landing = offset - ordered.count { $0[0] == target && $0[1] < offset }
    for path in ordered.reversed() { items[path[0]].remove(at: path[1]) }
    items[target].insert(contentsOf: moving, at: landing)
    return items
  }

  @Test("Reorders by keys across sections against a reference", arguments: modelTestSeeds)
  func reordersAcrossSections(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for round in 0..<300 {
      var board = Self.randomBoard(&g)
      let keys = (0..<Int.random(in: 0...5, using: &g)).map { _ in
        Int.random(in: -1...12, using: &g)
      }
      let destination = Bool.random(using: &g) ? nil : Int.random(in: -1...12, using: &g)
      let section = Int.random(in: -1...board.sections.count, using: &g)
      let old = Self.rows(board)
      let expected = Self.expected(board, keys: keys, before: destination, inSection: section)
      let changes = board.moveItems(keys: keys, before: destination, inSection: section)
      let note = Comment(
        rawValue:
          "seed \(seed), round \(round): \(keys) before \(String(describing: destination)) in \(section)"
      )
      let items = board.sections.map { Self.pairs($0.items) }
      #expect(items.map { $0.map(\.key) } == expected.map { $0.map(\.key) }, note)
      #expect(items.map { $0.map(\.value) } == expected.map { $0.map(\.value) }, note)
      let new = Self.rows(board)
      #expect(board.count == new.count, note)
      #expect(rowChangesProblems(changes, from: old, to: new) == [], note)
      #expect(changes.isEmpty == (old == new), note)
      let batch = changes.batch(inSection: 0)
      #expect(uikitBatchProblems(batch, before: [old.count], after: [new.count]) == [], note)
      func shown(_ rows: [Int]) -> [TestSection] {
        [TestSection(id: 0, content: 0, items: rows.map { TestItem(id: $0, content: 0) })]
      }
      #expect(simulateUIKit(batch, before: shown(old), dataSource: shown(new)) == shown(new), note)
    }
  }

  @Test("A store's moves by key, handed to a list as one UIKit batch", arguments: modelTestSeeds)
  func storeMovesAsBatches(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for round in 0..<300 {
      let count = Int.random(in: 0...30, using: &g)
      var store = OrderedStore(
        uniqueKeysWithValues: (0..<count).shuffled(using: &g).map { ($0, $0) })
      let old = Array(store.keys)
      let keys = (0..<Int.random(in: 0...6, using: &g)).map { _ in
        Int.random(in: -1...count, using: &g)
      }
      let destination = Bool.random(using: &g) ? nil : Int.random(in: -1...count, using: &g)
      let changes = store.move(keys: keys, before: destination)
      let new = Array(store.keys)
      let note = Comment(
        rawValue:
          "seed \(seed), round \(round): \(old), \(keys) before \(String(describing: destination))")
      #expect(rowChangesProblems(changes, from: old, to: new) == [], note)
      let batch = changes.batch(inSection: 0)
      #expect(uikitBatchProblems(batch, before: [old.count], after: [new.count]) == [], note)
      func shown(_ rows: [Int]) -> [TestSection] {
        [TestSection(id: 0, content: 0, items: rows.map { TestItem(id: $0, content: 0) })]
      }
      #expect(simulateUIKit(batch, before: shown(old), dataSource: shown(new)) == shown(new), note)
    }
  }

  @Test("Three items moved across 1,000 sections")
  func lookupsAcrossSections() {
    var board = SectionedCollection(
      (0..<1_000).map { s in
        ListSection(
          id: s,
          items: OrderedStore(uniqueKeysWithValues: (0..<10).map { (s * 10 + $0, $0) }),
          header: true)
      })
    let changes = board.moveItems(keys: [12, 5_005, 9_999], before: 500, inSection: 50)
    #expect(board[section: 50].items.keys.prefix(4).elementsEqual([12, 5_005, 9_999, 500]))
    #expect(board[section: 1].items.count == 9 && board[section: 999].items.count == 9)
    // Rows: 11 a section (a header and 10 items).
    #expect(changes.moves.map(\.from) == [14, 5_506, 10_999])
    #expect(changes.moves.map(\.to) == [550, 551, 552])
  }
}
