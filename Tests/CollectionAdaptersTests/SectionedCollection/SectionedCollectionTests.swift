//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

/// The rows of `sections`, flattened the naive way.
private func naiveRows(
  _ sections: [ListSection<Int, [Int]>]
) -> [SectionedRow<Int, Int>] {
  var rows: [SectionedRow<Int, Int>] = []
  for (s, section) in sections.enumerated() {
    if section.hasHeader { rows.append(.header(section.id)) }
    for (i, item) in section.items.enumerated() {
      rows.append(.item(item, ItemPath(section: s, item: i)))
    }
    if section.hasFooter { rows.append(.footer(section.id)) }
  }
  return rows
}

/// Rows equal in what they show and where: `==` leaves the path out.
private func sameRow<Item: Equatable>(
  _ a: SectionedRow<Int, Item>, _ b: SectionedRow<Int, Item>
) -> Bool {
  switch (a, b) {
  case (.item(let x, let p), .item(let y, let q)): return x == y && p == q
  default: return a == b
  }
}

private func randomSection(_ id: Int, _ g: inout SplitMix64) -> ListSection<Int, [Int]> {
  let size = Int.random(in: 0..<3, using: &g) == 0 ? 0 : Int.random(in: 1...6, using: &g)
  return ListSection(
    id: id, items: (0..<size).map { _ in Int.random(in: 0..<1_000, using: &g) },
    header: Bool.random(using: &g), footer: Int.random(in: 0..<3, using: &g) == 0)
}

@Suite("SectionedCollection")
struct SectionedCollectionTests {
  @Test("Conforms to RandomAccessCollection, with and without headers, footers and empty sections")
  func conformance() {
    var generator = SplitMix64(seed: 11)
    for size in 0..<8 {
      let sections = (0..<size).map { randomSection($0, &generator) }
      let rows = SectionedCollection(sections)
      checkRandomAccessCollection(rows, expectedContents: naiveRows(sections), by: sameRow)
    }
  }

  @Test(
    "Random section edits anywhere, down to empty, against naive flattening",
    arguments: modelTestSeeds)
  func modelTest(seed: UInt64) {
    var state = (
      rows: SectionedCollection<Int, [Int]>(), model: [ListSection<Int, [Int]>](), next: 0
    )
    runModelTest(seed: seed, steps: modelTestSteps(2_000), state: &state) { state, g in
      let count = state.model.count
      switch Int.random(in: 0..<9, using: &g) {
      case 0, 1:
        let section = randomSection(state.next, &g)
        state.next += 1
        let at = Int.random(in: 0...count, using: &g)
        state.rows.insertSection(section, at: at)
        state.model.insert(section, at: at)
        return "insert section \(section.id) at \(at)"
      case 2 where count > 0:
        let at = Int.random(in: 0..<count, using: &g)
        let removed = state.rows.removeSection(at: at)
        state.model.remove(at: at)
        return "remove section \(at) (\(removed.id))"
      case 3 where count > 0:
        let from = Int.random(in: 0..<count, using: &g)
        let to = Int.random(in: 0..<count, using: &g)
        state.rows.moveSection(from: from, to: to)
        state.model.insert(state.model.remove(at: from), at: to)
        return "move section \(from) to \(to)"
      case 4 where count > 0, 5 where count > 0:
        let at = Int.random(in: 0..<count, using: &g)
        let position = Int.random(in: 0...state.model[at].items.count, using: &g)
        let value = Int.random(in: 0..<1_000, using: &g)
        if Bool.random(using: &g) || state.model[at].items.isEmpty {
          state.rows[section: at].items.insert(value, at: position)
          state.model[at].items.insert(value, at: position)
          return "insert \(value) at item \(position) of section \(at)"
        }
        let removeAt = min(position, state.model[at].items.count - 1)
        state.rows[section: at].items.remove(at: removeAt)
        state.model[at].items.remove(at: removeAt)
        return "remove item \(removeAt) of section \(at)"
      case 6 where count > 0:
        let at = Int.random(in: 0..<count, using: &g)
        state.rows[section: at].hasHeader.toggle()
        state.model[at].hasHeader.toggle()
        return "toggle header of section \(at)"
      case 7 where state.model.contains(where: { !$0.items.isEmpty }):
        // A user's drag, within or across sections.
        let sources = state.model.indices.filter { !state.model[$0].items.isEmpty }
        let s = sources[Int.random(in: 0..<sources.count, using: &g)]
        let from = ItemPath(
          section: s, item: Int.random(in: 0..<state.model[s].items.count, using: &g))
        let item = state.model[s].items.remove(at: from.item)
        let t = Int.random(in: 0..<count, using: &g)
        let to = ItemPath(
          section: t, item: Int.random(in: 0...state.model[t].items.count, using: &g))
        state.model[t].items.insert(item, at: to.item)
        state.rows.moveItem(from: from, to: to)
        return "move item \(from) to \(to)"
      default:
        let sections = (0..<Int.random(in: 0...3, using: &g)).map { _ in
          defer { state.next += 1 }
          return randomSection(state.next, &g)
        }
        state.rows.replaceSections(with: sections)
        state.model = sections
        return "replace with \(sections.count) sections"
      }
    } verify: { state in
      let expected = naiveRows(state.model)
      if Array(state.rows) != expected { return "rows \(Array(state.rows)) != \(expected)" }
      if state.rows.count != expected.count { return "count \(state.rows.count)" }
      var row = 0
      for (s, section) in state.model.enumerated() {
        if state.rows.firstRow(ofSection: s) != row { return "first row of section \(s)" }
        if state.rows.headerRow(ofSection: s) != (section.hasHeader ? row : nil) {
          return "header row of section \(s)"
        }
        row += section.hasHeader ? 1 : 0
        for i in section.items.indices {
          let path = ItemPath(section: s, item: i)
          if state.rows.position(of: path) != row { return "position of \(path)" }
          if state.rows.itemPath(at: row) != path { return "path at \(row)" }
          if state.rows[path] != section.items[i] { return "item at \(path)" }
          row += 1
        }
        row += section.hasFooter ? 1 : 0
      }
      for position in expected.indices {
        if state.rows[position] != expected[position] { return "row \(position)" }
        let s = state.rows.section(containing: position)
        let first = state.rows.firstRow(ofSection: s)
        if position < first || position >= first + state.model[s].rowCount {
          return "section containing \(position) is \(s)"
        }
      }
      let headers = state.model.indices.filter { state.model[$0].hasHeader }.map {
        state.rows.firstRow(ofSection: $0)
      }
      if state.rows.headerRows != headers { return "header rows \(state.rows.headerRows)" }
      return nil
    }
  }

  @Test("Typed sections: items of different types, held as they are")
  func typedSections() {
    struct Story: Equatable { var title: String }
    struct Ad: Equatable { var sponsor: String }
    enum FeedRow: Equatable {
      case story(Story)
      case ad(Ad)
    }
    let stories = [Story(title: "a"), Story(title: "b")]
    let ads: OrderedStore<Int, Ad> = [7: Ad(sponsor: "x")]
    let feed = SectionedCollection([
      ListSection(id: "stories", items: SectionItems(stories, as: FeedRow.story), header: true),
      ListSection(id: "ads", items: SectionItems(ads, as: { FeedRow.ad($0.value) })),
    ])
    #expect(feed.count == 4)
    #expect(feed[1] == .item(.story(Story(title: "a")), ItemPath(section: 0, item: 0)))
    #expect(feed[3] == .item(.ad(Ad(sponsor: "x")), ItemPath(section: 1, item: 0)))
    #expect(
      feed[section: 1].items.base(as: OrderedStore<Int, Ad>.self)?[key: 7] == Ad(sponsor: "x"))
    #expect(feed[section: 1].items.base(as: [Ad].self) == nil)
    checkRandomAccessCollection(
      feed[section: 0].items, expectedContents: stories.map(FeedRow.story), by: ==)
  }

  @Test("A diff of rows reports an item updated only when it changed")
  func rowEqualityLeavesThePathOut() {
    let old = SectionedCollection([ListSection(id: 0, items: [10, 20, 30])])
    let new = SectionedCollection([ListSection(id: 0, items: [5, 10, 20, 30])])
    let difference = IdentityDifference(from: old, to: new, id: { $0.id(itemID: { $0 }) })
    #expect(difference.insertions == [0])
    #expect(difference.updates.isEmpty)
    #expect(new[1] == old[0], "same item, another path")
    #expect(SectionedRow<Int, Int>.header(1) != .footer(1))
  }

  @Test("The sections recipe over a real change reports only the changed files")
  func recipeOverAGeneratedTree() {
    struct File: Identifiable, Equatable {
      var id: Int
      var size: Int
    }
    var g = SplitMix64(seed: 50_000)
    // 50,000 files in 500 directories.
    var directories = (0..<500).map { d in
      (0..<100).map { File(id: d * 100 + $0, size: Int.random(in: 0..<1_000_000, using: &g)) }
    }
    func rows() -> SectionedCollection<Int, [File]> {
      SectionedCollection(
        directories.indices.map { ListSection(id: $0, items: directories[$0], header: true) })
    }
    let before = rows()
    // 20 files rewritten, 30 added and 30 removed across the tree, and a
    // directory moved to another place: only the 20 are updates.
    var rewritten = Set<Int>()
    while rewritten.count < 20 {
      let d = Int.random(in: 0..<500, using: &g)
      let i = Int.random(in: 0..<directories[d].count, using: &g)
      directories[d][i].size += 1
      rewritten.insert(directories[d][i].id)
    }
    for n in 0..<30 {
      let d = Int.random(in: 0..<500, using: &g)
      directories[d].insert(File(id: 1_000_000 + n, size: 1), at: 0)
      let e = Int.random(in: 0..<500, using: &g)
      if let k = directories[e].indices.last(where: { !rewritten.contains(directories[e][$0].id) })
      {
        directories[e].remove(at: k)
      }
    }
    directories.insert(directories.remove(at: 7), at: 400)
    let after = rows()
    let difference = IdentityDifference(from: before, to: after, id: { $0.id })
    #expect(difference.updates.count == 20)
    #expect(Set(difference.updates.map { after[$0].id }) == Set(rewritten.map { .item($0) }))
    #expect(difference.insertions.count == 30)
  }

  @Test("Row identities for ForEach")
  func rowIdentities() {
    struct Person: Identifiable { var id: Int }
    let rows = SectionedCollection([
      ListSection(id: "A", items: [Person(id: 1)], header: true, footer: true)
    ])
    #expect(rows.indices.map { rows.id(at: $0) } == [.header("A"), .item(1), .footer("A")])
  }

  @Test("A difference of two snapshots: a header that appears updates its section")
  func differenceOfSnapshots() {
    struct Person: Identifiable, Equatable {
      var id: Int
      var name: String
    }
    let old = SectionedCollection([
      ListSection(id: "A", items: [Person(id: 1, name: "Ada"), Person(id: 2, name: "Alan")]),
      ListSection(id: "B", items: [Person(id: 3, name: "Bob")], header: true),
    ])
    var new = old
    new[section: 0].hasHeader = true
    new.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
    new[section: 1].items[0].name = "Barbara"
    let difference = SectionedDifference(from: old, to: new)
    #expect(difference.sections.updates == [0])
    #expect(
      difference.itemMoves == [
        .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
      ])
    #expect(difference.itemUpdates == [ItemPath(section: 1, item: 0)])
    let batch = difference.batch()
    #expect(batch.sectionReloads == [0])
    #expect(batch.itemInsertions == [ItemPath(section: 1, item: 1)], "out of a reloaded section")
    #expect(batch.itemReloads == [ItemPath(section: 1, item: 0)])
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func movedItemOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var rows = SectionedCollection([
          ListSection(id: 0, items: [1, 2]), ListSection(id: 1, items: [3]),
        ])
        rows.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 3))
      }
      #expect(standardErrorText(of: result).contains("Item 3 out of range 0...1 of section 1"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func positionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let rows = SectionedCollection([ListSection(id: 0, items: [1, 2], header: true)])
        _ = rows[3]
      }
      #expect(standardErrorText(of: result).contains("Position 3 out of range 0..<3"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func sectionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let rows = SectionedCollection([ListSection(id: 0, items: [1, 2])])
        _ = rows.firstRow(ofSection: 1)
      }
      #expect(standardErrorText(of: result).contains("Section 1 out of range 0..<1"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func itemOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let rows = SectionedCollection([ListSection(id: 0, items: [1, 2])])
        _ = rows.position(of: ItemPath(section: 0, item: 2))
      }
      #expect(standardErrorText(of: result).contains("Item 2 out of range 0..<2 of section 0"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func insertedSectionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var rows = SectionedCollection([ListSection(id: 0, items: [1, 2])])
        rows.insertSection(ListSection(id: 1, items: []), at: 3)
      }
      #expect(standardErrorText(of: result).contains("Section 3 out of range 0...1"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func sectionItemsOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = SectionItems([1, 2])[-1]
      }
      #expect(standardErrorText(of: result).contains("Position -1 out of range 0..<2"))
    }
  #endif
}
