//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@_spi(Testing) @testable import Paging

/// What a scripted load throws when the test fails it.
struct LoaderFailure: Error, Equatable {
  var message = "offline"
}

/// An item of a scripted source: its id, and a version an edit bumps.
struct Row: Identifiable, Hashable, Sendable {
  var id: Int
  var version = 0
}

/// How a scripted response misbehaves.
enum Hostility: CaseIterable, Sendable {
  case none
  /// Fewer items than asked (one to all of them missing).
  case short
  /// More items than asked (the next page's, too).
  case extra
  /// A total count off by some amount, either way.
  case wrongCount
  /// The items of earlier positions (as if rows were inserted above
  /// between loads): they overlap those of loaded pages.
  case overlapping
}

/// A source on the main actor whose loads wait until the test answers them,
/// in any order, from the rows as they are when answered. `settle(_:)`
/// waits until every load the pager awaits waits here, then lets every
/// consequence land before a check.
@MainActor
final class ScriptedSource {
  struct Pending {
    /// Which wait this is, for `cancelledWaits`.
    var wait: Int
    var range: Range<Int>?
    var keyed: PageRequest<Int>?
    var positional: CheckedContinuation<PositionalPage<Row>, any Error>?
    var keyedContinuation: CheckedContinuation<Page<Int, Row>, any Error>?
  }

  var rows: [Row]
  var pending: [Pending] = []
  /// Every positional range and keyed request asked for, in order.
  var asked: [Range<Int>] = []
  var keyLookups: [Int] = []
  /// Whether responses report the total count (positional) or the counts
  /// before and after (keyed).
  var reportsCounts = true
  /// For keyed pages: whether they report the count before them.
  var reportsItemsBefore = true
  /// Answer at once instead of waiting for the test.
  var answersAtOnce = false
  /// Keyset cursors instead of page numbers: a key is an item's id, a
  /// page after it (or before it, for prepends), and the refresh key of a
  /// position is the id before it (`Int.min` at the start). A key whose
  /// item is gone finds nothing (a stale cursor).
  var keyset = false
  /// A latency on a manual clock for answers at once.
  var latency: (ManualClock, Duration)?
  var pageSize: Int
  /// The waits in `pending` whose task the pager cancelled: they stay, for
  /// a test to answer late, but the pager no longer awaits them.
  private var cancelledWaits: Set<Int> = []
  private var waitsMade = 0
  /// Loads sleeping on the latency clock.
  private var loadsOnClock = 0

  init(count: Int, pageSize: Int) {
    rows = (0..<count).map { Row(id: $0) }
    self.pageSize = pageSize
  }

  var positionalSource: PagingSource<Int, Row> {
    .positional { @MainActor [self] range in try await self.load(range) }
  }

  func keyedSource(refreshKeys: Bool, initialKey: Int = 0) -> PagingSource<Int, Row> {
    .keyed(
      initialKey: initialKey,
      refreshKey: refreshKeys
        ? { @MainActor [self] position in
          self.keyLookups.append(position)
          guard self.keyset else { return position }
          if position <= 0 { return Int.min }
          return position <= self.rows.count ? self.rows[position - 1].id : nil
        } : nil,
      load: { @MainActor [self] request in try await self.load(request) })
  }

  func load(_ range: Range<Int>) async throws -> PositionalPage<Row> {
    asked.append(range)
    if answersAtOnce {
      try await sleepForLatency()
      return page(for: range)
    }
    return try await waitForTheTest { wait, continuation in
      Pending(wait: wait, range: range, positional: continuation)
    }
  }

  func load(_ request: PageRequest<Int>) async throws -> Page<Int, Row> {
    let start = request.key ?? 0
    asked.append(start..<start + request.size)
    if answersAtOnce {
      try await sleepForLatency()
      return page(for: request)
    }
    return try await waitForTheTest { wait, continuation in
      Pending(wait: wait, keyed: request, keyedContinuation: continuation)
    }
  }

  private func sleepForLatency() async throws {
    guard let (clock, latency) = latency else { return }
    loadsOnClock += 1
    defer { loadsOnClock -= 1 }
    try await clock.sleep(for: latency)
  }

  /// Suspends the load in `pending` until the test answers it.
  private func waitForTheTest<Page>(
    _ entry: (Int, CheckedContinuation<Page, any Error>) -> Pending
  ) async throws -> Page {
    let wait = waitsMade
    waitsMade += 1
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.append(entry(wait, continuation))
      }
    } onCancel: {
      // The pager cancels its loads on the main actor, synchronously.
      MainActor.assumeIsolated { _ = self.cancelledWaits.insert(wait) }
    }
  }

  func page(
    for range: Range<Int>, _ hostility: Hostility = .none, by amount: Int = 1
  )
    -> PositionalPage<Row>
  {
    let clamped = range.clamped(to: 0..<rows.count)
    var items = Array(rows[clamped])
    var total = reportsCounts ? rows.count : nil
    switch hostility {
    case .none: break
    case .short: items.removeLast(Swift.min(items.count, Swift.max(1, amount % (items.count + 1))))
    case .extra:
      items += rows[clamped.upperBound..<Swift.min(rows.count, clamped.upperBound + amount)]
    case .wrongCount: total = Swift.max(0, rows.count + (amount % 2 == 0 ? amount : -amount))
    case .overlapping:
      let back = 1 + amount % 20
      let shifted = (clamped.lowerBound - back)..<(clamped.upperBound - back)
      items = Array(rows[shifted.clamped(to: 0..<rows.count)])
    }
    return PositionalPage(items: items, totalCount: total)
  }

  func page(
    for request: PageRequest<Int>, _ hostility: Hostility = .none, by amount: Int = 1
  ) -> Page<Int, Row> {
    if keyset { return keysetPage(for: request, hostility, by: amount) }
    let start = Swift.min(Swift.max(request.key ?? 0, 0), rows.count)
    let end = Swift.min(rows.count, start + request.size)
    // Only the overlap misbehaves for keyed pages: their items start
    // earlier than their key says.
    let back = hostility == .overlapping ? Swift.min(start, 1 + amount % 20) : 0
    return Page(
      items: Array(rows[start - back..<end - back]),
      previousKey: start > 0 ? Swift.max(0, start - pageSize) : nil,
      nextKey: end < rows.count ? end : nil,
      itemsBefore: reportsCounts && reportsItemsBefore ? start : nil,
      itemsAfter: reportsCounts ? rows.count - end : nil)
  }

  /// A keyset page: the rows after the item with id `key` (from the start
  /// for `Int.min`), or before it for a prepend.
  func keysetPage(
    for request: PageRequest<Int>, _ hostility: Hostility, by amount: Int
  ) -> Page<Int, Row> {
    let key = request.key ?? Int.min
    let index = key == Int.min ? nil : rows.firstIndex { $0.id == key }
    if key != Int.min, index == nil { return Page(items: []) }  // a stale cursor
    var start: Int
    var end: Int
    if request.kind == .prepend {
      end = index ?? 0
      start = Swift.max(0, end - request.size)
    } else {
      start = index.map { $0 + 1 } ?? 0
      end = Swift.min(rows.count, start + request.size)
    }
    let back = hostility == .overlapping ? Swift.min(start, 1 + amount % 20) : 0
    start -= back
    end -= back
    let items = Array(rows[start..<end])
    return Page(
      items: items, previousKey: start > 0 ? items.first?.id : nil,
      nextKey: end < rows.count ? items.last?.id : nil,
      itemsBefore: reportsCounts && reportsItemsBefore ? start : nil,
      itemsAfter: reportsCounts ? rows.count - end : nil)
  }

  /// Answers the pending load at `index` from the rows as they are now.
  func respond(_ index: Int = 0, _ hostility: Hostility = .none, by amount: Int = 1) {
    guard let entry = takePending(index) else { return }
    if let range = entry.range {
      entry.positional?.resume(returning: page(for: range, hostility, by: amount))
    } else if let request = entry.keyed {
      entry.keyedContinuation?.resume(returning: page(for: request, hostility, by: amount))
    }
  }

  /// Answers the pending load at `index` with `page`, its items as rows of
  /// those ids: a page the rows would not give.
  func respond(_ index: Int = 0, with page: Page<Int, Int>) {
    let rows = Page(
      items: page.items.map { Row(id: $0) }, previousKey: page.previousKey,
      nextKey: page.nextKey, itemsBefore: page.itemsBefore, itemsAfter: page.itemsAfter)
    takePending(index)?.keyedContinuation?.resume(returning: rows)
  }

  /// Removes the load waiting at `index`; a test that answers a load that
  /// is not there fails, rather than trapping.
  private func takePending(_ index: Int) -> Pending? {
    guard pending.indices.contains(index) else {
      Issue.record("no load waits at \(index): \(pending.count) wait")
      return nil
    }
    let entry = pending.remove(at: index)
    cancelledWaits.remove(entry.wait)
    return entry
  }

  /// Answers everything still waiting with a cancellation, so no task is
  /// left suspended.
  func drain() {
    for entry in pending {
      entry.positional?.resume(throwing: CancellationError())
      entry.keyedContinuation?.resume(throwing: CancellationError())
    }
    pending = []
    cancelledWaits = []
  }

  func fail(_ index: Int = 0) {
    guard let entry = takePending(index) else { return }
    entry.positional?.resume(throwing: LoaderFailure())
    entry.keyedContinuation?.resume(throwing: LoaderFailure())
  }

  /// Answers the oldest `count` loads waiting, honestly.
  func respondToOldest(_ count: Int) {
    for _ in 0..<Swift.min(count, pending.count) { respond(0) }
  }

  /// Answers everything waiting, honestly, until nothing waits and the
  /// pager has no load in flight.
  func respondToAll(_ pager: Pager<Int, Row>) async {
    var responses = 0
    // Bounded: a load that never reaches the source ends the wait, and the
    // test's own expectations then say what is missing.
    for _ in 0..<100_000 where responses < 10_000 {
      await settle(pager)
      if !pending.isEmpty {
        respond(0)
        responses += 1
      } else if pager.loadsInFlight == 0 {
        return
      }
    }
  }

  /// Lets the pager's tasks run until every load it awaits waits here and
  /// nothing the test can see changes.
  ///
  /// A load's task reaches the source through another thread (its loader
  /// is not isolated to the main actor), so yields alone cannot tell a
  /// load on its way from none: the wait is for the pager's live tasks to
  /// equal the loads waiting here, which holds only once each has arrived.
  func settle(_ pager: Pager<Int, Row>) async {
    func state() -> [Int] {
      [
        pending.count, pager.requestCount, pager.items.count, pager.loadsInFlight,
        pager.items.loadedPageCount, pager._discardedResponseCount, loadsOnClock,
      ]
    }
    var quiet = 0
    var yields = 0
    while quiet < 4 {
      let before = state()
      await Task.yield()
      yields += 1
      quiet = state() == before && everyLoadWaitsHere(pager) ? quiet + 1 : 0
      // Far more than a load on its way needs, on any machine.
      if yields == 10_000_000 {
        Issue.record("the pager's loads never all reached the source")
        return
      }
    }
  }

  /// Whether each load task the pager has not cancelled or completed waits
  /// here, for the test or on the latency clock.
  private func everyLoadWaitsHere(_ pager: Pager<Int, Row>) -> Bool {
    let waiting = pending.count { !cancelledWaits.contains($0.wait) }
    return pager._tasks.count == waiting + loadsOnClock
  }
}
