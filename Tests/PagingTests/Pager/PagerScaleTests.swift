//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@_spi(Testing) @testable import Paging

/// Hundreds of loaded pages, so a publication spans many chunks: local
/// edits that change page lengths anywhere, drops and reloads, checked
/// against the rows with the same edits applied. (In the project's test
/// build every publication is also rebuilt from scratch and compared.)
@MainActor
@Suite("Pager with hundreds of pages")
struct PagerScaleTests {
  @Test("Edits and drops across many chunks", arguments: [nil, 40] as [Int?])
  func editsAcrossChunks(cap: Int?) async {
    for seed in modelTestSeeds.prefix(sized(1, full: 2)) {
      var g = SplitMix64(seed: seed)
      let count = sized(200, full: 1_000)
      let source = ScriptedSource(count: count, pageSize: 2)
      source.answersAtOnce = true
      let pager = Pager<Int, Row>(
        configuration: PagingConfiguration(
          pageSize: 2, initialLoadSize: 2, prefetchDistance: 0, maximumLoadedPages: cap,
          settleInterval: .zero),
        source: source.positionalSource, sleep: { _ in })
      pager.refresh()
      await source.settle(pager)
      // Load every page, 40 positions at a time.
      for start in stride(from: 0, to: count, by: 40) {
        pager.visibleRangeDidChange(start..<start + 40)
        await source.settle(pager)
      }
      // The rows with the local edits applied: what the pager shows.
      var expected = source.rows
      var nextID = 10_000
      for step in 0..<modelTestSteps(150) {
        let previous = pager.items
        let loaded = pager.items.compactMap { $0 }
        guard let anchor = loaded.randomElement(using: &g) else { break }
        let operation: String
        switch Int.random(in: 0..<5, using: &g) {
        case 0:
          let item = Row(id: nextID)
          nextID += 1
          #expect(pager.insert(item, after: anchor.id))
          expected.insert(item, at: expected.firstIndex(of: anchor)! + 1)
          operation = "insert \(item.id) after \(anchor.id)"
        case 1:
          let item = Row(id: nextID)
          nextID += 1
          #expect(pager.insert(item, before: anchor.id))
          expected.insert(item, at: expected.firstIndex(of: anchor)!)
          operation = "insert \(item.id) before \(anchor.id)"
        case 2:
          #expect(pager.remove(id: anchor.id))
          expected.removeAll { $0.id == anchor.id }
          operation = "remove \(anchor.id)"
        case 3:
          operation = move(pager, &expected, loaded: loaded, &g)
        default:
          let start = Int.random(in: 0..<Swift.max(1, pager.items.count), using: &g)
          pager.visibleRangeDidChange(start..<start + 40)
          await source.settle(pager)
          operation = "scroll to \(start)"
        }
        let shown = pager.items.compactMap { $0 }
        if cap == nil {
          if shown != expected {
            let at =
              shown.indices.first { $0 >= expected.count || shown[$0] != expected[$0] }
              ?? shown.count
            Issue.record(
              """
              seed \(seed), step \(step), \(operation): at \(at) shows \
              \(shown[at...].prefix(4).map(\.id)), expected \(expected[at...].prefix(4).map(\.id))
              """)
            return
          }
          #expect(pager.items.count == expected.count, "seed \(seed), step \(step)")
        } else {
          // Dropped pages are placeholders, one per row (a page that shows
          // an edit stays); what is shown is in order.
          if pager.items.count != expected.count {
            Issue.record(
              """
              seed \(seed), step \(step): \(pager.items.count) rows after \(operation), \
              expected \(expected.count)
              """)
            return
          }
          var rest = expected[...]
          for item in shown {
            guard let index = rest.firstIndex(of: item) else {
              Issue.record("seed \(seed), step \(step): \(item) out of order after \(operation)")
              return
            }
            rest = rest[(index + 1)...]
          }
        }
        if let failure = changesFailure(from: previous, to: pager.items, pager)
          ?? movesFailure(from: previous, to: pager.items, pager)
        {
          Issue.record("seed \(seed), step \(step): \(failure) after \(operation)")
          return
        }
      }
      #expect(pager.items.loadedPageCount > (cap ?? count / 2) / 2, "seed \(seed): many pages")
    }
  }

  @Test("A move while a refresh still shows the rows from before it is refused, and loses none")
  func moveDuringRefreshHold() async {
    let source = ScriptedSource(count: 100, pageSize: 10)
    let pager = Pager<Int, Row>(
      configuration: PagingConfiguration(
        pageSize: 10, initialLoadSize: 30, prefetchDistance: 0, settleInterval: .zero),
      source: source.positionalSource, sleep: { _ in })
    pager.refresh()
    await source.respondToAll(pager)
    pager.visibleRangeDidChange(5..<15)
    await source.respondToAll(pager)
    let before = pager.items.map { $0?.id }
    pager.refresh()
    await source.settle(pager)
    #expect(pager._core.holdsRowsFromBeforeRefresh)
    #expect(!pager.move(ids: [7], before: 0))
    #expect(pager.items.map { $0?.id } == before)
    await source.respondToAll(pager)
    #expect(!pager._core.holdsRowsFromBeforeRefresh)
    #expect(pager.move(ids: [7], before: 0))
    #expect(pager.items.prefix(3).map { $0?.id } == [7, 0, 1])
  }

  /// Drags loaded rows (with an absent id and a repeated one at times)
  /// before a loaded row, one among them, or to the end; `expected` moves
  /// the same way when the pager says it moved.
  func move(
    _ pager: Pager<Int, Row>, _ expected: inout [Row], loaded: [Row], _ g: inout SplitMix64
  ) -> String {
    var ids = (0..<Int.random(in: 1...4, using: &g)).map { _ in loaded.randomElement(using: &g)!.id
    }
    if Bool.random(using: &g) { ids.append(-7) }
    let destination: Int? =
      Int.random(in: 0..<6, using: &g) == 0
      ? nil : Bool.random(using: &g) ? ids[0] : loaded.randomElement(using: &g)!.id
    let shown = Set(loaded.map(\.id))
    let moving = Set(ids).intersection(shown)
    let operation = "move \(ids) before \(destination.map(String.init) ?? "the end")"
    guard pager.move(ids: ids, before: destination) else {
      // Only the end, unloaded, refuses: no destination, or one that moves.
      #expect(
        destination.map(moving.contains) ?? true, "\(operation): refused before a loaded row")
      return operation + " (refused)"
    }
    let destinationIndex = destination.flatMap { id in expected.firstIndex { $0.id == id } }
    let moved = expected.filter { moving.contains($0.id) }
    var kept: [Row] = []
    var landing: Int?
    for (index, row) in expected.enumerated() where !moving.contains(row.id) {
      if landing == nil, let destinationIndex, index >= destinationIndex, shown.contains(row.id) {
        landing = kept.count
      }
      kept.append(row)
    }
    kept.insert(contentsOf: moved, at: landing ?? kept.count)
    expected = kept
    return operation
  }
}

/// Whether each move of the one batch since `old` names the same row on
/// both sides.
@MainActor
func movesFailure(
  from old: PagedCollection<Row>, to new: PagedCollection<Row>, _ pager: Pager<Int, Row>
) -> String? {
  guard let batches = pager.changes(since: old.version), batches.count == 1 else { return nil }
  for move in batches[0].moves where old.id(at: move.from) != new.id(at: move.to) {
    return
      "the move \(move.from) -> \(move.to) is of \(old.id(at: move.from)), lands \(new.id(at: move.to))"
  }
  guard !batches[0].moves.isEmpty else { return nil }
  // As one UIKit batch: accepted, and showing the new rows (placeholders
  // included, each numbered by its identity).
  var numbers: [PagedRowID<Int>: Int] = [:]
  func shown(_ items: PagedCollection<Row>) -> [TestSection] {
    let rows = items.indices.map { position in
      let id = items.id(at: position)
      if let number = numbers[id] { return TestItem(id: number, content: 0) }
      numbers[id] = numbers.count
      return TestItem(id: numbers.count - 1, content: 0)
    }
    return [TestSection(id: 0, content: 0, items: rows)]
  }
  let (before, after) = (shown(old), shown(new))
  let batch = batches[0].batch(inSection: 0)
  let problems = uikitBatchProblems(batch, before: [old.count], after: [new.count])
  if !problems.isEmpty { return "UIKit refuses the move's batch: \(problems)" }
  if simulateUIKit(batch, before: before, dataSource: after) != after {
    return "UIKit shows other rows than the pager after the move's batch"
  }
  return nil
}
