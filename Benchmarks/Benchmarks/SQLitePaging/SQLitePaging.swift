//===----------------------------------------------------------------------===//
//
// A real database: a SQLite table of 1,000,000 rows (GRDB.swift), created by
// the suite itself in the temporary directory on first use. Measures the
// time to the first visible rows and the peak memory of a `Pager` against
// `fetchAll` into an `Array`; the loads and time to show a far position
// with a positional source (LIMIT/OFFSET), a keyed source with a refresh
// key (keyset pagination, the key of a position by OFFSET), and a keyed
// source without one (walking); and a fling.
//
//   swift package --disable-sandbox benchmark --target SQLitePaging
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import Foundation
import GRDB
import Paging

let rowCount = 1_000_000
let pageSize = 100
let pageLoads = BenchmarkMetric.custom("page loads")
let keyLookups = BenchmarkMetric.custom("key lookups")

/// A row of the table.
struct Item: Sendable, FetchableRecord {
  var id: Int
  var title: String
  var score: Double

  init(row: Row) {
    id = row[0]
    title = row[1]
    score = row[2]
  }
}

/// The database, created once per process: 1,000,000 rows.
let database: DatabaseQueue = {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("collection-adapters-benchmark-\(rowCount).sqlite").path
  do {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      if try db.tableExists("item"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") == rowCount
      {
        return
      }
      try db.execute(sql: "DROP TABLE IF EXISTS item")
      try db.execute(
        sql: "CREATE TABLE item(id INTEGER PRIMARY KEY, title TEXT NOT NULL, score DOUBLE NOT NULL)"
      )
      try db.execute(
        sql: """
          INSERT INTO item(id, title, score)
          WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < \(rowCount - 1))
          SELECT x, 'Item ' || x, x * 0.5 FROM c
          """)
    }
    return queue
  } catch {
    fatalError("Could not create the benchmark database at \(path): \(error)")
  }
}()

/// One page by `LIMIT/OFFSET`.
func page(at range: Range<Int>, _ db: Database) throws -> [Item] {
  try Item.fetchAll(
    db, sql: "SELECT id, title, score FROM item ORDER BY id LIMIT ? OFFSET ?",
    arguments: [range.count, range.lowerBound])
}

/// `LIMIT/OFFSET`: any page by position; the first page also counts the
/// rows (once: the pager keeps the count).
func positionalSource() -> PagingSource<Int, Item> {
  .positional { range in
    try await database.read { db in
      let total =
        range.lowerBound == 0 ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") : nil
      return PositionalPage(items: try page(at: range, db), totalCount: total)
    }
  }
}

/// Keyset pagination (`WHERE id > ?`), with counts, and optionally the key
/// of a position (`OFFSET`, one row) as the refresh key.
func keyedSource(refreshKeys: Bool, lookups: LookupCounter) -> PagingSource<Int, Item> {
  // The key of the page starting at `position`: the id before it.
  let refreshKey: @Sendable (Int) async throws -> Int? = { position in
    lookups.add()
    if position == 0 { return -1 }
    return try await database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT id FROM item ORDER BY id LIMIT 1 OFFSET ?", arguments: [position - 1])
    }
  }
  // A key is an id: a page after it (appends, refreshes), or before it
  // (prepends).
  let load: @Sendable (PageRequest<Int>) async throws -> Page<Int, Item> = { request in
    try await database.read { db in
      let key = request.key ?? -1
      var items: [Item]
      if request.kind == .prepend {
        items = try Item.fetchAll(
          db, sql: "SELECT id, title, score FROM item WHERE id < ? ORDER BY id DESC LIMIT ?",
          arguments: [key, request.size])
        items.reverse()
      } else {
        items = try Item.fetchAll(
          db, sql: "SELECT id, title, score FROM item WHERE id > ? ORDER BY id LIMIT ?",
          arguments: [key, request.size])
      }
      // Ids are dense here, so the counts are cheap; a real table would
      // keep them or leave them out.
      let before = items.first?.id ?? 0
      let end = before + items.count
      return Page(
        items: items, previousKey: before > 0 ? items.first?.id : nil,
        nextKey: end < rowCount ? items.last?.id : nil,
        itemsBefore: before, itemsAfter: rowCount - end)
    }
  }
  return .keyed(initialKey: -1, refreshKey: refreshKeys ? refreshKey : nil, load: load)
}

/// Counts refresh-key lookups from the loader's thread.
final class LookupCounter: @unchecked Sendable {
  // The lock guards `count`.
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

@MainActor
func makePager(_ source: PagingSource<Int, Item>) -> Pager<Int, Item> {
  Pager(
    configuration: PagingConfiguration(pageSize: pageSize, maximumLoadedPages: 8),
    source: source)
}

/// Refreshes and waits for the first 20 rows.
@MainActor
func firstVisibleRows(_ pager: Pager<Int, Item>) async -> Int {
  pager.refresh()
  await pager.load(0..<20)
  return (0..<20).reduce(0) { $0 + (pager.items[$1]?.id ?? 0) }
}

/// Shows the 20 rows at `position`.
@MainActor
func show(_ pager: Pager<Int, Item>, at position: Int) async {
  await pager.load(position..<position + 20)
  precondition(pager.items[position]?.id == position, "the jump did not show its rows")
}

/// Measures a jump from the top to `position`: only the jump is timed;
/// returns its page loads.
func measureJump(_ pager: Pager<Int, Item>, to position: Int, _ benchmark: Benchmark) async -> Int {
  _ = await firstVisibleRows(pager)
  let before = await pager.requestCount
  benchmark.startMeasurement()
  await show(pager, at: position)
  benchmark.stopMeasurement()
  return await pager.requestCount - before
}

/// A fling across 100,000 rows at 60 frames per second, decelerating as a
/// scroll view does, until it rests; returns the loads it caused.
@MainActor
func fling(_ pager: Pager<Int, Item>) async -> Int {
  _ = await firstVisibleRows(pager)
  let before = pager.requestCount
  let frame = 1_000.0 / 60
  var time = 0.0
  var last = -1
  while true {
    time += frame
    let position = Int(99_000 * (1 - pow(0.995, time)))
    pager.visibleRangeDidChange(position..<position + 20)
    try? await Task.sleep(for: .milliseconds(16))
    if position == last { break }
    last = position
  }
  await pager.load(last..<last + 20)
  return pager.requestCount - before
}

let benchmarks: @Sendable () -> Void = {
  _ = database
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, pageLoads], warmupIterations: 0,
    maxDuration: .seconds(20), maxIterations: 5)

  Benchmark("first 20 rows: Pager, positional") { benchmark in
    let pager = await makePager(positionalSource())
    blackHole(await firstVisibleRows(pager))
    benchmark.measurement(pageLoads, await pager.requestCount)
  }
  Benchmark("first 20 rows: fetchAll into an Array") { benchmark in
    let items = try await database.read { db in
      try Item.fetchAll(db, sql: "SELECT id, title, score FROM item ORDER BY id")
    }
    blackHole(items.prefix(20).reduce(0) { $0 + $1.id })
    benchmark.measurement(pageLoads, 1)
  }
  Benchmark("jump to 500,000: positional") { benchmark in
    let pager = await makePager(positionalSource())
    benchmark.measurement(pageLoads, await measureJump(pager, to: 500_000, benchmark))
  }
  Benchmark(
    "one page at OFFSET 500,000 (the loader's latency)",
    configuration: .init(metrics: [.wallClock])
  ) { _ in
    blackHole(try await database.read { db in try page(at: 500_000..<500_100, db) })
  }
  Benchmark(
    "jump to 500,000: keyed, refresh key",
    configuration: .init(metrics: [.wallClock, pageLoads, keyLookups])
  ) { benchmark in
    let lookups = LookupCounter()
    let pager = await makePager(keyedSource(refreshKeys: true, lookups: lookups))
    benchmark.measurement(pageLoads, await measureJump(pager, to: 500_000, benchmark))
    benchmark.measurement(keyLookups, lookups.value)
  }
  Benchmark(
    "jump to 100,000: keyed, walking", configuration: .init(metrics: [.wallClock, pageLoads])
  ) { benchmark in
    let pager = await makePager(keyedSource(refreshKeys: false, lookups: LookupCounter()))
    benchmark.measurement(pageLoads, await measureJump(pager, to: 100_000, benchmark))
  }
  Benchmark("fling across 100,000 rows: positional", configuration: .init(metrics: [pageLoads])) {
    benchmark in
    let pager = await makePager(positionalSource())
    benchmark.measurement(pageLoads, await fling(pager))
  }
}
