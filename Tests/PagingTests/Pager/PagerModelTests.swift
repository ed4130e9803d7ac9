//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@_spi(Testing) @testable import Paging

/// A pager driven at random against a reference list: scrolls, flings and
/// jumps anywhere, predicted rests, responses in any order (short, long,
/// with wrong counts), failures, late responses to cancelled loads,
/// refreshes while the source changes, local updates, retries, time.
@MainActor
private struct PagerModel {
  let source: ScriptedSource
  let pager: Pager<Int, Row>
  let clock = ManualClock()
  let cap: Int
  /// The rows as they were before the last refresh: what a held
  /// publication shows.
  var rowsBeforeRefresh: [Row]
  var nextID = 1_000_000
  /// The publication before the step, to check the changes reported since.
  var previous = PagedCollection<Row>()
  /// Whether responses may lie about positions (overlapping pages), in one
  /// seed of three; once one has, shown items are checked for duplicates
  /// and order only, not against the positions of the source.
  let allowsLies: Bool
  var lied = false

  /// `source`: "positional", "keyed" (page numbers) or "keyset".
  init(source kind: String, seed: UInt64) {
    let positional = kind == "positional"
    var generator = SplitMix64(seed: seed)
    let pageSize = Int.random(in: 5...40, using: &generator)
    // Every step reads every row: the default size keeps the source short.
    let most = sized(800, full: 3_000)
    source = ScriptedSource(count: Int.random(in: 0...most, using: &generator), pageSize: pageSize)
    cap = Int.random(in: 1...3, using: &generator)
    let clock = self.clock
    pager = Pager(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: pageSize * Int.random(in: 1...3, using: &generator),
        prefetchDistance: Int.random(in: 0...pageSize * 2, using: &generator),
        maximumLoadedPages: Bool.random(using: &generator)
          ? nil : Int.random(in: 4...8, using: &generator),
        maximumConcurrentLoads: cap,
        jumpDistance: pageSize * Int.random(in: 1...6, using: &generator),
        settleInterval: .milliseconds(50)),
      source: positional
        ? source.positionalSource
        : source.keyedSource(refreshKeys: true, initialKey: kind == "keyset" ? Int.min : 0),
      sleep: { try await clock.sleep(for: $0) })
    source.keyset = kind == "keyset"
    rowsBeforeRefresh = source.rows
    allowsLies = seed % 3 == 0
  }
}

@MainActor
private func step(_ m: inout PagerModel, _ g: inout SplitMix64) async -> String {
  m.previous = m.pager.items
  let count = m.pager.items.count
  let operation: String
  switch Int.random(in: 0..<20, using: &g) {
  case 0..<4:
    let start = count == 0 ? 0 : Int.random(in: 0..<count, using: &g)
    let range = start..<start + Int.random(in: 1...30, using: &g)
    m.pager.visibleRangeDidChange(range)
    operation = "visibleRangeDidChange(\(range))"
  case 4:
    // A fling: many far reports in a row.
    var positions: [Int] = []
    for _ in 0..<Int.random(in: 2...8, using: &g) where count > 0 {
      let start = Int.random(in: 0..<count, using: &g)
      positions.append(start)
      m.pager.visibleRangeDidChange(start..<start + 20)
    }
    operation = "fling through \(positions)"
  case 5:
    let start = count == 0 ? 0 : Int.random(in: 0..<count, using: &g)
    m.pager.visibleRangeWillSettle(start..<start + 10)
    operation = "visibleRangeWillSettle(\(start)..<\(start + 10))"
  case 6..<11:
    guard !m.source.pending.isEmpty else { return "nothing to answer" }
    let index = Int.random(in: 0..<m.source.pending.count, using: &g)
    let hostilities = Hostility.allCases.filter { m.allowsLies || $0 != .overlapping }
    let hostility =
      Int.random(in: 0..<4, using: &g) == 0 ? hostilities.randomElement(using: &g)! : .none
    if hostility == .overlapping { m.lied = true }
    let amount = Int.random(in: 1...50, using: &g)
    m.source.respond(index, hostility, by: amount)
    operation = "respond(\(index), \(hostility) by \(amount))"
  case 11:
    guard !m.source.pending.isEmpty else { return "nothing to fail" }
    let index = Int.random(in: 0..<m.source.pending.count, using: &g)
    m.source.fail(index)
    operation = "fail(\(index))"
  case 12, 13:
    m.clock.advance(by: .milliseconds(Int.random(in: 10...120, using: &g)))
    operation = "advance the clock"
  case 14:
    // The source changes, then the app refreshes. (A refresh before the
    // last one landed keeps the older publication held.)
    if m.pager._held == nil { m.rowsBeforeRefresh = m.source.rows }
    var rows = m.source.rows
    for _ in 0..<Int.random(in: 0...5, using: &g) {
      switch Int.random(in: 0..<3, using: &g) {
      case 0:
        rows.insert(Row(id: m.nextID), at: Int.random(in: 0...rows.count, using: &g))
        m.nextID += 1
      case 1 where !rows.isEmpty: rows.remove(at: Int.random(in: 0..<rows.count, using: &g))
      default:
        if !rows.isEmpty { rows[Int.random(in: 0..<rows.count, using: &g)].version += 1 }
      }
    }
    m.source.rows = rows
    m.pager.refresh()
    operation = "refresh() after the source changed to \(rows.count) rows"
  case 15:
    // A local update the source saves at once (the usual optimistic edit).
    let loaded = m.pager.items.compactMap { $0 }
    guard let row = loaded.randomElement(using: &g) else { return "nothing to update" }
    var edited = row
    edited.version += 100
    let accepted = m.pager.replace(edited)
    for index in m.source.rows.indices where m.source.rows[index].id == row.id {
      m.source.rows[index].version = edited.version
    }
    for index in m.rowsBeforeRefresh.indices where m.rowsBeforeRefresh[index].id == row.id {
      m.rowsBeforeRefresh[index].version = edited.version
    }
    operation = "update(\(edited)) -> \(accepted)"
  case 16:
    m.pager.retry()
    operation = "retry()"
  default:
    m.source.respondToOldest(Int.random(in: 1...4, using: &g))
    operation = "answer the oldest loads"
  }
  await m.source.settle(m.pager)
  return operation
}

@MainActor
private func verify(_ m: PagerModel) -> String? {
  let items = m.pager.items
  let reference = m.pager._held != nil ? m.rowsBeforeRefresh : m.source.rows
  var seen = Set<Int>()
  for position in items.indices {
    guard let item = items[position] else { continue }
    guard m.lied || (position < reference.count && reference[position] == item) else {
      return "position \(position) holds \(item), the source has "
        + (position < reference.count ? "\(reference[position])" : "nothing there")
    }
    guard seen.insert(item.id).inserted else { return "item \(item.id) shown twice" }
  }
  if m.pager.loadsInFlight > m.cap {
    return "\(m.pager.loadsInFlight) loads in flight, cap \(m.cap)"
  }
  if let maximum = m.pager.configuration.maximumLoadedPages, m.pager._pages.count > maximum {
    return "\(m.pager._pages.count) pages loaded, cap \(maximum)"
  }
  let ids = items.rows.map(\.id)
  if Set(ids).count != ids.count { return "two rows share an id" }
  return changesFailure(from: m.previous, to: items, m.pager)
}

/// Why the changes the pager reports do not turn `old`'s rows into `new`'s,
/// if they do not: every row not reported inserted or updated must be the
/// same row (same id) after the removals and insertions.
@MainActor
func changesFailure(
  from old: PagedCollection<Row>, to new: PagedCollection<Row>, _ pager: Pager<Int, Row>
) -> String? {
  guard let batches = pager.changes(since: old.version) else {
    return "no changes since version \(old.version) (now \(new.version))"
  }
  var rows: [PagedRowID<Int>?] = old.rows.map(\.id)
  for batch in batches {
    for range in batch.deletions.reversed() {
      guard range.lowerBound >= 0, range.upperBound <= rows.count else {
        return "removed \(range) out of \(rows.count) rows"
      }
      rows.removeSubrange(range)
    }
    for range in batch.insertions {
      guard range.lowerBound >= 0, range.lowerBound <= rows.count else {
        return "inserted \(range) into \(rows.count) rows"
      }
      rows.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound)
    }
    for range in batch.updates {
      guard range.lowerBound >= 0, range.upperBound <= rows.count else {
        return "updated \(range) out of \(rows.count) rows"
      }
      for position in range { rows[position] = nil }
    }
  }
  guard rows.count == new.count else {
    return "the changes give \(rows.count) rows, the publication has \(new.count)"
  }
  for position in rows.indices {
    if let id = rows[position], id != new.id(at: position) {
      return "row \(position) is \(new.id(at: position)), the changes say \(id) stayed"
    }
  }
  return nil
}

@MainActor
@Suite("Pager model test")
struct PagerModelTests {
  @Test(
    "Random scrolls, jumps, drops, edits, refreshes, failures and late responses",
    arguments: ["positional", "keyed", "keyset"])
  func randomOperations(source: String) async {
    for seed in modelTestSeeds {
      var model = PagerModel(source: source, seed: seed)
      model.pager.refresh()
      await runModelTest(
        seed: seed, steps: modelTestSteps(400), state: &model, step: step, verify: verify)
      // Then an honest source, at rest: every visible position loads, and
      // holds its source item.
      let m = model
      // Pages that lied about their positions are the source's truth until
      // a refresh.
      if m.lied { m.pager.refresh() }
      for _ in 0..<50 {
        m.clock.advance(by: .milliseconds(100))
        await m.source.respondToAll(m.pager)
        if m.pager._isIdle, m.source.pending.isEmpty { break }
      }
      m.pager.retry()
      await m.source.respondToAll(m.pager)
      var generator = SplitMix64(seed: seed)
      for _ in 0..<5 where m.pager.items.count > 0 {
        let start = Int.random(in: 0..<m.pager.items.count, using: &generator)
        let range = start..<Swift.min(start + 20, m.pager.items.count)
        m.pager.visibleRangeDidChange(range)
        for _ in 0..<20 {
          m.clock.advance(by: .milliseconds(100))
          await m.source.respondToAll(m.pager)
        }
        let shown = range.map { m.pager.items[$0] }
        let expected = range.map { $0 < m.source.rows.count ? m.source.rows[$0] : nil }
        #expect(shown == expected, "seed \(seed): \(range) after the source answered honestly")
      }
      #expect(m.pager.items.count == m.source.rows.count, "seed \(seed)")
    }
  }
}
