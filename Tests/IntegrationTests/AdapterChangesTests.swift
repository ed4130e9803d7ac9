//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

/// The problems of `changes` as the change from rows `old` to rows `new`
/// (by id): the rows it keeps are the same ids in the same order on both
/// sides, each move takes an item from a removed row to an inserted one, it
/// names `updated` exactly (when given), and its ranges are ascending,
/// disjoint and in bounds.
func rowChangesProblems<ID: Equatable>(
  _ changes: RowChanges, from old: [ID], to new: [ID], updated: [Int]? = nil
) -> [String] {
  var problems: [String] = []
  for (name, ranges, count) in [
    ("removed", changes.deletions, old.count), ("inserted", changes.insertions, new.count),
    ("updated", changes.updates, new.count),
  ] {
    if !zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) {
      problems.append("\(name) \(ranges) not ascending and apart")
    }
    if ranges.contains(where: { $0.isEmpty || $0.lowerBound < 0 || $0.upperBound > count }) {
      problems.append("\(name) \(ranges) out of 0..<\(count)")
    }
  }
  guard problems.isEmpty else { return problems }
  let removed = Set(changes.deletions.joined())
  let inserted = Set(changes.insertions.joined())
  let keptOld = old.indices.filter { !removed.contains($0) }.map { old[$0] }
  let keptNew = new.indices.filter { !inserted.contains($0) }.map { new[$0] }
  if keptOld != keptNew { problems.append("kept rows differ: \(keptOld) against \(keptNew)") }
  let arrivals = Set(changes.moves.map(\.to))
  if changes.updates.joined().contains(where: { inserted.contains($0) && !arrivals.contains($0) }) {
    problems.append("updated \(changes.updates) inserted (not moved) too")
  }
  for move in changes.moves {
    if !removed.contains(move.from) || !inserted.contains(move.to) || old[move.from] != new[move.to]
    {
      problems.append(
        "move \(move.from)→\(move.to) is not of one item from a removed row to an inserted one")
    }
  }
  if !zip(changes.moves, changes.moves.dropFirst()).allSatisfy({ $0.from < $1.from }) {
    problems.append("moves \(changes.moves) not ascending")
  }
  if let updated, Array(changes.updates.joined()) != updated {
    problems.append("updated \(changes.updates), expected rows \(updated)")
  }
  return problems
}

/// A section with a random header and footer and `items` new items; ids
/// (the section's, its items') are taken from `nextID` on.
func randomSection(
  items: ClosedRange<Int>, _ nextID: inout Int, _ g: inout SplitMix64
) -> ListSection<Int, [Int]> {
  nextID += 1
  let id = nextID
  let count = Int.random(in: items, using: &g)
  let itemIDs = Array(nextID + 1..<nextID + 1 + count)
  nextID += count
  return ListSection(
    id: id, items: itemIDs, header: Bool.random(using: &g), footer: Bool.random(using: &g))
}

/// Each adapter reports the rows its own edits change, without a diff,
/// checked against the ids before and after at random positions (both
/// ends, down to empty).
@Suite("Adapters report their own changes")
struct AdapterChangesTests {
  @Test("Moving offsets, as SwiftUI's onMove does", arguments: 0..<30)
  func movingOffsets(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for _ in 0..<100 {
      let old = Array(0..<Int.random(in: 1...20, using: &g))
      let source = (0..<Int.random(in: 1...4, using: &g)).map { _ in
        Int.random(in: 0..<old.count, using: &g)
      }
      let destination = Int.random(in: 0...old.count, using: &g)
      // Brute force: the moved rows, in order, before the first row at or
      // after `destination` that does not move.
      let moving = Set(source)
      let stay = old.filter { !moving.contains($0) }
      let landing = stay.firstIndex { $0 >= destination } ?? stay.count
      var new = stay
      new.insert(contentsOf: old.filter(moving.contains), at: landing)
      let changes = RowChanges(movingOffsets: source, toOffset: destination)
      let note = Comment(rawValue: "\(source) to \(destination) in \(old.count)")
      #expect(rowChangesProblems(changes, from: old, to: new) == [], note)
      #expect(changes.isEmpty == (old == new), note)
    }
  }

  @Test("OrderedStore: set, remove by key, move (its arguments), remove ranges", arguments: 0..<30)
  func store(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var store = OrderedStore(uniqueKeysWithValues: (0..<20).map { ($0, 0) })
    var nextKey = 100
    for step in 0..<300 {
      let old = Array(store.keys)
      var updated: [Int]? = nil
      let changes: RowChanges
      switch Int.random(in: 0..<6, using: &g) {
      case 0:
        let at = Bool.random(using: &g) ? nil : Int.random(in: 0...store.count, using: &g)
        changes = store.setValue(0, forKey: nextKey, insertingAt: at)
        nextKey += 1
      case 1 where !store.isEmpty:
        let row = Int.random(in: 0..<store.count, using: &g)
        changes = store.setValue(step, forKey: old[row], insertingAt: 0)
        updated = [row]
      case 2:
        // Keys held and not, repeated.
        let keys = (0..<Int.random(in: 0...8, using: &g)).map { _ in
          Int.random(in: 0..<nextKey + 5, using: &g)
        }
        changes = store.removeValues(forKeys: keys + keys.prefix(2))
      case 3 where !store.isEmpty:
        let source = (0..<Int.random(in: 1...4, using: &g)).map { _ in
          Int.random(in: 0..<store.count, using: &g)
        }
        let destination = Int.random(in: 0...store.count, using: &g)
        store.move(fromOffsets: source, toOffset: destination)
        changes = RowChanges(movingOffsets: source, toOffset: destination)
      case 4:
        let lower = Int.random(in: 0...store.count, using: &g)
        changes = store.removeSubrange(
          lower..<Int.random(in: lower...min(store.count, lower + 6), using: &g))
      default:
        let modulus = Int.random(in: 2...7, using: &g)
        changes = store.removeAll { $0.key % modulus == 0 }
      }
      let note = Comment(rawValue: "seed \(seed), step \(step): \(changes)")
      #expect(
        rowChangesProblems(changes, from: old, to: Array(store.keys), updated: updated) == [], note)
      if store.count < 5 {
        for _ in 0..<10 {
          store.setValue(0, forKey: nextKey)
          nextKey += 1
        }
      }
    }
  }

  @Test("SectionedCollection: section and item edits, recorded moves", arguments: 0..<30)
  func sectioned(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 0
    func section() -> ListSection<Int, [Int]> { randomSection(items: 0...4, &nextID, &g) }
    var rows = SectionedCollection((0..<3).map { _ in section() })
    func ids() -> [SectionedRowID<Int, Int>] { rows.map { $0.id(itemID: { $0 }) } }
    for step in 0..<300 {
      let old = ids()
      var updated: [Int]? = nil
      var changes = RowChanges()
      let s = rows.sections.isEmpty ? -1 : Int.random(in: 0..<rows.sections.count, using: &g)
      let items = s < 0 ? 0 : rows.sections[s].items.count
      switch Int.random(in: 0..<9, using: &g) {
      case 0:
        changes = rows.insertSection(
          section(), at: Int.random(in: 0...rows.sections.count, using: &g))
      case 1: changes = rows.appendSection(section())
      case 2 where s >= 0:
        changes = RowChanges(deletions: [rows.rows(ofSection: s)].filter { !$0.isEmpty })
        rows.removeSection(at: s)
      case 3 where s >= 0:
        changes = rows.moveSection(from: s, to: Int.random(in: 0..<rows.sections.count, using: &g))
      case 4 where s >= 0:
        let k = Int.random(in: 0...3, using: &g)
        let new = (0..<k).map { nextID + 1 + $0 }
        nextID += k
        changes = rows.insertItems(
          contentsOf: new, at: ItemPath(section: s, item: Int.random(in: 0...items, using: &g)))
      case 5 where s >= 0 && items > 0:
        changes = rows.removeItems(
          atOffsets: (0..<Int.random(in: 1...3, using: &g)).map { _ in
            Int.random(in: 0..<items, using: &g)
          }, inSection: s)
      case 6 where s >= 0 && items > 0:
        let path = ItemPath(section: s, item: Int.random(in: 0..<items, using: &g))
        nextID += 1
        // A new id in the same row: an update of the row, by position.
        changes = rows.replaceItem(at: path, with: rows[path])
        updated = [rows.position(of: path)]
      case 7 where s >= 0 && items > 0:
        let t = Int.random(in: 0..<rows.sections.count, using: &g)
        let limit = rows.sections[t].items.count - (t == s ? 1 : 0)
        changes = rows.moveItem(
          from: ItemPath(section: s, item: Int.random(in: 0..<items, using: &g)),
          to: ItemPath(section: t, item: Int.random(in: 0...limit, using: &g)))
      case 8 where Int.random(in: 0..<10, using: &g) == 0:
        changes = rows.replaceSections(
          with: (0..<Int.random(in: 0...3, using: &g)).map { _ in section() })
      default:
        break
      }
      let note = Comment(rawValue: "seed \(seed), step \(step): \(changes)")
      #expect(rowChangesProblems(changes, from: old, to: ids(), updated: updated) == [], note)
    }
  }
}
