import Foundation
import GRDB

/// A row of the sample table.
struct TableItem: Identifiable, Sendable, Equatable, FetchableRecord {
  let id: Int
  let title: String
  let body: String

  init(row: GRDB.Row) {
    id = row["id"]
    title = row["title"]
    body = row["body"]
  }
}

/// Loads fail while this is on: the page's "fail loads" switch. A lock
/// guards the flag.
final class FailureSwitch: @unchecked Sendable {
  private let lock = NSLock()
  private var _isOn = false

  var isOn: Bool {
    get { lock.withLock { _isOn } }
    set { lock.withLock { _isOn = newValue } }
  }
}

/// The table's loads, with their time, for `/stats`: a jump is compared
/// with the load that brought its row. A lock guards the list.
final class LoadLog: @unchecked Sendable {
  private let lock = NSLock()
  private var _loads: [(positions: Range<Int>, duration: Duration)] = []

  func record(_ positions: Range<Int>, _ duration: Duration) {
    lock.withLock {
      if _loads.count >= 200 { _loads.removeFirst(100) }
      _loads.append((positions, duration))
    }
  }

  var loads: [(positions: Range<Int>, duration: Duration)] { lock.withLock { _loads } }

  static let shared = LoadLog()
}

struct LoadFailure: Error, CustomStringConvertible {
  var description: String { "the loader is switched to fail" }
}

/// The sample table, `item(id, title, body)`: 1,000,000 rows with ids 2, 4,
/// 6, … (room for rows inserted above), one row in seven with a body long
/// enough to wrap. Created on first start; the same file is reused after.
/// `Sendable`: the queue is GRDB's, and a lock guards the row count.
final class SampleDatabase: @unchecked Sendable {
  static let rowCount = 1_000_000
  static let version = 1
  let queue: DatabaseQueue
  let path: String
  private let lock = NSLock()
  // `COUNT(*)` walks the whole table (tens of milliseconds at a million
  // rows): count once, then follow this process's own inserts.
  private var _count = 0

  init(directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent("table.sqlite").path
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
    queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      // The version of the sample's contents: another file is made again.
      if try Int.fetchOne(db, sql: "PRAGMA user_version") == Self.version { return }
      try db.execute(sql: "DROP TABLE IF EXISTS item")
      try db.execute(
        sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
      // One statement: SQLite generates the rows itself, in about a second.
      try db.execute(
        sql: """
          WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
          INSERT INTO item (id, title, body)
          SELECT 2 * x, 'Row ' || x,
            CASE WHEN x % 7 = 0
              THEN substr(?, 1 + (x * 13) % 40, 80 + (x * 37) % 420)
              ELSE 'Short row ' || x || ', ' || ((x * 7919) % 1000) || ' points'
            END
          FROM n
          """,
        arguments: [Self.rowCount, String(repeating: Self.lorem, count: 4)])
      try db.execute(sql: "PRAGMA user_version = \(Self.version)")
    }
    _count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
  }

  /// The number of rows.
  var count: Int { lock.withLock { _count } }

  static let lorem =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
    + "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
    + "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. "

  // MARK: - Queries

  /// `LIMIT/OFFSET`: the positional source.
  func rows(at positions: Range<Int>) async throws -> (rows: [TableItem], count: Int) {
    let started = ContinuousClock.now
    defer { LoadLog.shared.record(positions, ContinuousClock.now - started) }
    return try await queue.read { db in
      let rows = try TableItem.fetchAll(
        db, sql: "SELECT id, title, body FROM item ORDER BY id LIMIT ? OFFSET ?",
        arguments: [positions.count, positions.lowerBound])
      return (rows, self.count)
    }
  }

  /// Keyset: the rows after `id` (or before it), ascending, with the count
  /// of rows before the first and after the last.
  func rows(
    after id: Int?, before: Bool, limit: Int
  ) async throws
    -> (rows: [TableItem], before: Int, after: Int)
  {
    try await queue.read { db in
      var rows: [TableItem]
      if before {
        rows = try TableItem.fetchAll(
          db, sql: "SELECT id, title, body FROM item WHERE id < ? ORDER BY id DESC LIMIT ?",
          arguments: [id ?? Int.max, limit])
        rows.reverse()
      } else {
        rows = try TableItem.fetchAll(
          db, sql: "SELECT id, title, body FROM item WHERE id > ? ORDER BY id LIMIT ?",
          arguments: [id ?? Int.min, limit])
      }
      let total = self.count
      guard let first = rows.first else { return (rows, 0, 0) }
      let above =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE id < ?", arguments: [first.id])
        ?? 0
      return (rows, above, max(0, total - above - rows.count))
    }
  }

  /// The key of the page that starts at `position`: the id before it.
  func key(at position: Int) async throws -> Int? {
    if position <= 0 { return Int.min }
    return try await queue.read { db in
      try Int.fetchOne(
        db, sql: "SELECT id FROM item ORDER BY id LIMIT 1 OFFSET ?", arguments: [position - 1])
    }
  }

  /// The position of the row whose id is `id`, if there is one.
  func position(ofID id: Int) async throws -> Int? {
    try await queue.read { db in
      guard try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE id = ?", arguments: [id]) != nil
      else { return nil }
      return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE id < ?", arguments: [id])
    }
  }

  /// Inserts `count` rows above the first: new rows at the top.
  func insertAtTop(_ count: Int) async throws {
    try await queue.write { db in
      let first = try Int.fetchOne(db, sql: "SELECT MIN(id) FROM item") ?? 0
      for k in 1...count {
        let id = first - 2 * k
        try db.execute(
          sql: "INSERT INTO item (id, title, body) VALUES (?, ?, ?)",
          arguments: [id, "New row \(id)", "Inserted at the top"])
      }
    }
    // Never held while waiting for the queue: a read takes the lock inside it.
    lock.withLock { _count += count }
  }
}
