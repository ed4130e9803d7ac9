//===----------------------------------------------------------------------===//
//
// A real database: a SQLite table of 1,000,000 rows (GRDB.swift), created by
// the suite itself in the temporary directory on first use. Measures the
// time to the first visible rows and the peak memory of a `Pager` against
// `fetchAll` into an `Array`; the loads and time to show a far position
// with a positional source (LIMIT/OFFSET), a keyed source with a refresh
// key (keyset pagination, the key of a position by OFFSET), and a keyed
// source without one (walking); a fling; a walk of the whole table page by
// page with no cap on the pages kept, against the loader alone; a keyset
// walk up from a jump; and a refresh after rows are inserted above the
// reader.
//
//   swift package --disable-sandbox benchmark --target SQLitePaging
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import Foundation
import GRDB
@_spi(Testing) import Paging

let rowCount = 1_000_000
let pageSize = 100
let pageLoads = BenchmarkMetric.custom("page loads")
let keyLookups = BenchmarkMetric.custom("key lookups")
/// The time spent inside the loader during a benchmark, in nanoseconds
/// (the wall clock's unit, so that check-ratios.sh compares them).
let loaderTime = BenchmarkMetric.custom("loader time", useScalingFactor: false)

/// A row of the table.
struct Item: Identifiable, Sendable, FetchableRecord {
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

/// One keyset page: the rows after `key` (appends, refreshes; `Int.min`:
/// from the start), or before it (prepends), with the keys and counts of a
/// `Page`. With `rowsAbove`, the table may also hold rows with negative ids
/// (inserted above every other), counted by two small queries.
func keysetPage(
  _ request: PageRequest<Int>, _ db: Database, rowsAbove: Bool = false
) throws -> Page<Int, Item> {
  let key = request.key ?? Int.min
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
  // Ids are dense here, so the counts are cheap; a real table would keep
  // them or leave them out.
  let first = items.first?.id ?? 0
  var before = Swift.max(first, 0)
  var total = rowCount
  if rowsAbove {
    let above = "SELECT COUNT(*) FROM item WHERE id < ?"
    before += try Int.fetchOne(db, sql: above, arguments: [Swift.min(first, 0)]) ?? 0
    total += try Int.fetchOne(db, sql: above, arguments: [0]) ?? 0
  }
  let end = before + items.count
  return Page(
    items: items, previousKey: before > 0 ? items.first?.id : nil,
    nextKey: end < total ? items.last?.id : nil,
    itemsBefore: before, itemsAfter: total - end)
}

/// Keyset pagination (`WHERE id > ?`), with counts, and optionally the key
/// of a position (`OFFSET`, one row) as the refresh key; `timer` sums the
/// time spent inside the loader.
func keyedSource(
  refreshKeys: Bool, lookups: LookupCounter, timer: LoaderTimer? = nil, rowsAbove: Bool = false
) -> PagingSource<Int, Item> {
  // The key of the page starting at `position`: the id before it.
  let refreshKey: @Sendable (Int) async throws -> Int? = { position in
    lookups.add()
    if position == 0 { return Int.min }
    return try await database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT id FROM item ORDER BY id LIMIT 1 OFFSET ?", arguments: [position - 1])
    }
  }
  // A key is an id: a page after it (appends, refreshes), or before it
  // (prepends).
  let load: @Sendable (PageRequest<Int>) async throws -> Page<Int, Item> = { request in
    let start = ContinuousClock.now
    defer { timer?.add(ContinuousClock.now - start) }
    return try await database.read { db in try keysetPage(request, db, rowsAbove: rowsAbove) }
  }
  return .keyed(initialKey: Int.min, refreshKey: refreshKeys ? refreshKey : nil, load: load)
}

/// Counts refresh-key lookups from the loader's thread.
final class LookupCounter: @unchecked Sendable {
  // The lock guards `count`.
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// Sums durations from the loader's threads.
final class LoaderTimer: @unchecked Sendable {
  // The lock guards `total`.
  private let lock = NSLock()
  private var total = Duration.zero
  func add(_ duration: Duration) { lock.withLock { total += duration } }
  var nanoseconds: Int {
    lock.withLock { BenchmarkSupport.nanoseconds(total) }
  }
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

/// Walks `pages` pages further from the page at `page`, one per step, with
/// no prefetch, so that each step is one load; returns the page reached.
@MainActor
func walk(_ pager: Pager<Int, Item>, from page: Int, pages: Int) async -> Int {
  let last = Swift.min(page + pages, rowCount / pageSize - 1)
  for next in Swift.min(page + 1, last + 1)...last {
    await pager.load(next * pageSize..<next * pageSize + 20)
  }
  return last
}

func uncappedPager(timer: LoaderTimer? = nil) async -> Pager<Int, Item> {
  await Pager(
    configuration: PagingConfiguration(
      pageSize: pageSize, initialLoadSize: pageSize, prefetchDistance: 0),
    source: keyedSource(refreshKeys: false, lookups: LookupCounter(), timer: timer))
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
  // The cost of a load must not grow with the pages loaded: the whole walk
  // against the time spent in its loader (and the same 10,000 queries
  // alone), and 100 loads with 10 pages loaded against 100 loads with 9,900
  // (check-ratios.sh holds these).
  Benchmark(
    "walk 1,000,000 rows uncapped: Pager, keyset",
    configuration: .init(metrics: [.wallClock, pageLoads, loaderTime], maxIterations: 3)
  ) { benchmark in
    let timer = LoaderTimer()
    let pager = await uncappedPager(timer: timer)
    _ = await firstVisibleRows(pager)
    _ = await walk(pager, from: 0, pages: rowCount / pageSize)
    let loaded = await pager.items.loadedPageCount
    precondition(loaded == rowCount / pageSize, "the walk left pages out: \(loaded)")
    benchmark.measurement(pageLoads, await pager.requestCount)
    benchmark.measurement(loaderTime, timer.nanoseconds)
  }
  Benchmark(
    "walk 1,000,000 rows uncapped: the loader alone",
    configuration: .init(metrics: [.wallClock, pageLoads], maxIterations: 3)
  ) { benchmark in
    var request = PageRequest<Int>(kind: .refresh, key: Int.min, size: pageSize)
    var loads = 0
    while true {
      let asked = request
      let page = try await database.read { db in try keysetPage(asked, db) }
      loads += 1
      guard let next = page.nextKey else { break }
      request = PageRequest(kind: .append, key: next, size: pageSize)
    }
    precondition(loads == rowCount / pageSize, "the loader walk left pages out")
    benchmark.measurement(pageLoads, loads)
  }
  for (name, from) in [("10", 10), ("9,900", 9_900)] {
    Benchmark(
      "100 loads with \(name) pages loaded: Pager, keyset, uncapped",
      configuration: .init(metrics: [.wallClock], maxIterations: 3)
    ) { benchmark in
      let pager = await uncappedPager()
      _ = await firstVisibleRows(pager)
      let page = await walk(pager, from: 0, pages: from)
      benchmark.startMeasurement()
      _ = await walk(pager, from: page, pages: 100)
      benchmark.stopMeasurement()
    }
  }
  // Keyset paging both ways, as a reader does after a jump: up 10,000 rows
  // (100 pages before) and down again, by key.
  Benchmark(
    "walk up 10,000 rows after a jump to 500,000: keyed, refresh key",
    configuration: .init(metrics: [.wallClock, pageLoads])
  ) { benchmark in
    let pager = await makePager(keyedSource(refreshKeys: true, lookups: LookupCounter()))
    _ = await firstVisibleRows(pager)
    await show(pager, at: 500_000)
    let before = await pager.requestCount
    benchmark.startMeasurement()
    for position in stride(from: 499_900, through: 490_000, by: -pageSize) {
      await show(pager, at: position)
    }
    benchmark.stopMeasurement()
    benchmark.measurement(pageLoads, await pager.requestCount - before)
  }
  // Three rows arrive above the reader at row 500,000 (ids below every
  // other), then the app refreshes: the reloaded page starts at the refresh
  // key of the first visible row, and the item read is reported moved by 3.
  Benchmark(
    "refresh after 3 rows inserted above row 500,000: keyed, refresh key",
    configuration: .init(metrics: [.wallClock, pageLoads], maxIterations: 3)
  ) { benchmark in
    let pager = await makePager(
      keyedSource(refreshKeys: true, lookups: LookupCounter(), rowsAbove: true))
    _ = await firstVisibleRows(pager)
    await pager.load(500_000..<500_020)
    let read = await pager.items[500_000]?.id
    let version = await pager.items.version
    try await database.write { db in
      for id in [-3, -2, -1] {
        try db.execute(
          sql: "INSERT INTO item(id, title, score) VALUES (?, 'New', 0)", arguments: [id])
      }
    }
    let before = await pager.requestCount
    benchmark.startMeasurement()
    await pager.refresh()
    await pager.waitUntilIdle()
    benchmark.stopMeasurement()
    try await database.write { db in try db.execute(sql: "DELETE FROM item WHERE id < 0") }
    let moved = await pager.changes(since: version)?.flatMap { $0.moves } ?? []
    let found = await pager.items[500_003]?.id
    precondition(
      found == read && moved.contains { $0.from == 500_000 && $0.to == 500_003 },
      "the item read was not found 3 rows down: \(String(describing: found)), moves \(moved)")
    benchmark.measurement(pageLoads, await pager.requestCount - before)
  }
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum SQLitePagingSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
