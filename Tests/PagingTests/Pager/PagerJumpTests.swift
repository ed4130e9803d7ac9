//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import Testing
import _TestSupport

@_spi(Testing) @testable import Paging

@MainActor
@Suite("Pager: jumps, priority, cancellation, refresh in place, edits")
struct PagerJumpTests {
  func makePager(
    _ source: PagingSource<Int, Row>, pageSize: Int = 100, prefetch: Int? = nil,
    maximumPages: Int? = nil, concurrent: Int = 2, settle: Duration = .zero,
    clock: ManualClock? = nil
  ) -> Pager<Int, Row> {
    let sleep: @Sendable (Duration) async throws -> Void
    if let clock {
      sleep = { duration in try await clock.sleep(for: duration) }
    } else {
      sleep = { duration in try await Task.sleep(for: duration) }
    }
    return Pager(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: pageSize, prefetchDistance: prefetch,
        maximumLoadedPages: maximumPages, maximumConcurrentLoads: concurrent,
        settleInterval: settle),
      source: source, sleep: sleep)
  }

  func loaded(_ items: PagedCollection<Row>, _ positions: Range<Int>) -> Bool {
    positions.allSatisfy { items[$0]?.id == $0 }
  }

  @Test("A failed visible page is the append side's failure, whatever the alignment")
  func failedVisiblePageAtAnyAlignment() async {
    for visible in [30_000..<30_020, 30_010..<30_030, 30_090..<30_110] {
      let source = ScriptedSource(count: 100_000, pageSize: 100)
      let pager = makePager(source.positionalSource, prefetch: 0)
      pager.refresh()
      await source.respondToAll(pager)
      pager.visibleRangeDidChange(visible)
      // Fail every load until none is in flight: a load reaches the source
      // only when its loader runs, on another thread.
      var failures = 0
      for _ in 0..<1_000 {
        await source.settle(pager)
        if !source.pending.isEmpty {
          source.fail(0)
          failures += 1
        } else if pager.loadsInFlight == 0 {
          break
        }
      }
      #expect(failures > 0)
      guard case .failed = pager.loadState(of: .append) else {
        Issue.record(
          "visible \(visible): append \(pager.loadState(of: .append)), prepend \(pager.loadState(of: .prepend))"
        )
        continue
      }
      #expect(pager.loadState(of: .refresh).isLoading == false)
      pager.retry()
      #expect(
        pager.loadState(of: .append).isLoading, "visible \(visible): a retry shows .loading at once"
      )
      await source.respondToAll(pager)
      #expect(loaded(pager.items, visible))
    }
  }

  @Test("A positional jump to 500,000 of 1,000,000 shows its rows after at most 2 loads")
  func positionalJump() async {
    let source = ScriptedSource(count: 1_000_000, pageSize: 100)
    let pager = makePager(source.positionalSource)
    pager.refresh()
    await source.respondToAll(pager)
    #expect(pager.items.count == 1_000_000)
    // Within one page, then across a page boundary.
    for visible in [500_000..<500_020, 750_090..<750_110] {
      let before = source.asked.count
      pager.visibleRangeDidChange(visible)
      await source.settle(pager)
      // The visible pages are asked for first, before any prefetch.
      let visiblePages = Set(visible.map { $0 / 100 * 100 })
      let first = source.asked[before...].prefix(visiblePages.count).map(\.lowerBound)
      #expect(Set(first) == visiblePages)
      // Answering those loads (at most 2) shows the rows.
      var answered = 0
      while !loaded(pager.items, visible),
        let index = source.pending.firstIndex(where: { visiblePages.contains($0.range!.lowerBound) }
        )
      {
        source.respond(index)
        answered += 1
        await source.settle(pager)
      }
      #expect(loaded(pager.items, visible))
      #expect(answered <= 2)
      await source.respondToAll(pager)
    }
  }

  @Test("A keyed jump with a refresh key: one key lookup, then the visible pages")
  func keyedJumpWithRefreshKey() async {
    let source = ScriptedSource(count: 1_000_000, pageSize: 100)
    let pager = makePager(source.keyedSource(refreshKeys: true))
    pager.refresh()
    await source.respondToAll(pager)
    let before = (source.asked.count, source.keyLookups.count)
    let jump = Task { await pager.load(500_000..<500_020) }
    await source.respondToAll(pager)
    await jump.value
    #expect(loaded(pager.items, 500_000..<500_020))
    #expect(source.keyLookups.count - before.1 == 1)
    #expect(source.keyLookups.last == 500_000)
    // The page at the key, then the prefetch on each side (one page each).
    #expect(source.asked.count - before.0 <= 3)
    #expect(!pager.reachesVisibleRangeByWalking)
    #expect(pager.keyRequestCount == 1)
  }

  @Test("A keyed source without a refresh key says it walks, and walks")
  func keyedWalk() async {
    let source = ScriptedSource(count: 10_000, pageSize: 100)
    let pager = makePager(source.keyedSource(refreshKeys: false))
    pager.refresh()
    await source.respondToAll(pager)
    pager.visibleRangeDidChange(5_000..<5_020)
    #expect(pager.reachesVisibleRangeByWalking)
    await source.respondToAll(pager)
    #expect(loaded(pager.items, 5_000..<5_020))
    #expect(!pager.reachesVisibleRangeByWalking)
    #expect(source.asked.count >= 50, "every page in between was walked")
  }

  @Test("A scripted fling across 100,000 rows at 60 fps over a 50 ms loader")
  func fling() async {
    for predicted in [false, true] {
      let clock = ManualClock()
      let source = ScriptedSource(count: 100_000, pageSize: 50)
      source.answersAtOnce = true
      source.latency = (clock, .milliseconds(50))
      let pager = makePager(
        source.positionalSource, pageSize: 50, settle: .milliseconds(50), clock: clock)
      pager.refresh()
      while pager.items.isEmpty {
        clock.advance(by: .milliseconds(17))
        await source.settle(pager)
      }
      let before = source.asked.count
      // UIScrollView's deceleration: velocity × 0.998 per millisecond.
      let distance = 99_000.0
      let frame = 1_000.0 / 60
      var time = 0.0
      var rest = 0
      if predicted { pager.visibleRangeWillSettle(99_000..<99_020) }
      while true {
        time += frame
        let position = Int(distance * (1 - pow(0.998, time)))
        pager.visibleRangeDidChange(position..<position + 20)
        clock.advance(by: .milliseconds(frame))
        await source.settle(pager)
        #expect(pager.loadsInFlight <= 2)
        if position == rest, position >= 98_990 { break }
        rest = position
      }
      for _ in 0..<30 {
        clock.advance(by: .milliseconds(frame))
        await source.settle(pager)
      }
      #expect(loaded(pager.items, rest..<rest + 20))
      // Where it rests: the visible pages (1 or 2) and one prefetch page on
      // each side; plus at most the cap of loads in flight.
      let loads = source.asked.count - before
      print("fling (\(predicted ? "with" : "without") a predicted rest): \(loads) loads")
      #expect(loads <= (predicted ? 4 : 4 + 2))
    }
  }

  @Test("The loaded pages never exceed maximumLoadedPages across random jumps (1,000 at full size)")
  func memoryCapAcrossJumps() async {
    let source = ScriptedSource(count: 1_000_000, pageSize: 100)
    source.answersAtOnce = true
    let pager = makePager(source.positionalSource, maximumPages: 4)
    pager.refresh()
    await pager.waitUntilIdle()
    var generator = SplitMix64(seed: 12)
    var most = 0
    for _ in 0..<sized(250, full: 1_000) {
      let start = Int.random(in: 0..<999_980, using: &generator)
      await pager.load(start..<start + 20)
      most = max(most, pager.items.loadedPageCount, pager._pages.count)
      #expect(loaded(pager.items, start..<start + 20))
    }
    #expect(most <= 4)
  }

  @Test("A refresh at 500,000 reloads the visible pages in place; rows keep their identity")
  func refreshInPlace() async {
    for positional in [true, false] {
      let source = ScriptedSource(count: 1_000_000, pageSize: 100)
      source.answersAtOnce = true
      let pager = makePager(
        positional ? source.positionalSource : source.keyedSource(refreshKeys: true))
      pager.refresh()
      await pager.waitUntilIdle()
      await pager.load(500_010..<500_030)
      await pager.waitUntilIdle()  // the prefetch too
      let id = pager.items.id(at: 500_010)
      let before = source.asked.count
      pager.refresh()
      // Until the visible range is loaded again, the old items stay shown.
      #expect(pager.items[500_010]?.id == 500_010)
      await pager.waitUntilIdle()
      #expect(pager.items.id(at: 500_010) == id)
      #expect(loaded(pager.items, 500_010..<500_030))
      // The visible page, then a page of prefetch on each side: no walk.
      #expect(source.asked.count - before <= 3)
    }
  }

  @Test("A load whose page left the demand is cancelled; its late response is discarded")
  func cancellation() async {
    let source = ScriptedSource(count: 100_000, pageSize: 100)
    let pager = makePager(source.positionalSource, concurrent: 1)
    pager.refresh()
    await source.respondToAll(pager)
    pager.visibleRangeDidChange(50_000..<50_020)
    await source.settle(pager)
    #expect(source.asked.last == 50_000..<50_100)
    pager.visibleRangeDidChange(80_000..<80_020)
    await source.settle(pager)
    #expect(source.asked.last == 80_000..<80_100, "the slot freed by the cancel is reused")
    #expect(pager.loadsInFlight == 1)
    source.respond(0)  // the cancelled one
    await source.settle(pager)
    #expect(pager._discardedResponseCount == 1)
    #expect(pager.items[50_000] == nil)
    await source.respondToAll(pager)
    #expect(loaded(pager.items, 80_000..<80_020))
  }

  @Test("Placeholder ids are unique, differ from items', and stay put when items are prepended")
  func placeholderIdentities() async {
    let source = ScriptedSource(count: 1_000, pageSize: 10)
    source.reportsItemsBefore = false
    let pager = makePager(
      source.keyedSource(refreshKeys: false, initialKey: 500), pageSize: 10, prefetch: 0)
    pager.refresh()
    await source.respondToAll(pager)
    // Items 500..<510 at positions 0..<10, then 490 placeholders.
    #expect(pager.items.count == 500 && pager.items[0]?.id == 500)
    let ids = pager.items.rows.map(\.id)
    #expect(Set(ids).count == ids.count)
    pager.loadPrevious()
    await source.respondToAll(pager)
    // Ten items prepended: every row keeps its id, ten positions later.
    #expect(pager.items.count == 510 && pager.items[0]?.id == 490)
    let after = pager.items.rows.map(\.id)
    #expect(Set(after).count == after.count)
    #expect(Array(after.dropFirst(10)) == ids)
    #expect(!after.contains(.item(0)) && after.contains(.item(490)))
  }

  @Test("Local edits show at once, keep their rows past the cap, and all end at the next refresh")
  func localEdits() async {
    let source = ScriptedSource(count: 1_000, pageSize: 10)
    source.answersAtOnce = true
    let pager = makePager(source.positionalSource, pageSize: 10, prefetch: 0, maximumPages: 2)
    pager.refresh()
    await pager.waitUntilIdle()
    #expect(pager.replace(Row(id: 3, version: 1)))
    #expect(pager.items[3] == Row(id: 3, version: 1))
    #expect(pager.remove(id: 5))
    #expect(pager.items[5]?.id == 6 && pager.items.count == 999)
    #expect(pager.insert(Row(id: -1), after: 7))
    #expect(pager.items[7]?.id == -1 && pager.items[6]?.id == 7)
    #expect(pager.items.count == 1_000)
    #expect(!pager.replace(Row(id: 500)), "an id that is not loaded is refused")
    #expect(!pager.insert(Row(id: 3), after: 1), "an id already shown is refused")
    // Far away: page 0 shows a removal and an insertion, so it stays past
    // the cap (its placeholders would not count them: every row after it
    // would shift). A page with an update only is dropped, and shows the
    // update when loaded again.
    await pager.load(500..<510)
    #expect(pager.replace(Row(id: 505, version: 1)))
    await pager.load(600..<610)
    #expect(pager.items.isLoaded(at: 0) && !pager.items.isLoaded(at: 505))
    #expect(pager.items.count == 1_000 && pager.items[600]?.id == 600)
    await pager.load(500..<510)
    #expect(pager.items[505] == Row(id: 505, version: 1), "the update survives the reload")
    #expect(pager.items[3] == Row(id: 3, version: 1))
    #expect(pager.items[5]?.id == 6 && pager.items[7]?.id == -1)
    #expect(pager.hasLocalEdits)
    await pager.load(0..<10)
    // The source saves the update; after a refresh the source is the truth.
    source.rows[3].version = 2
    pager.refresh()
    await pager.waitUntilIdle()
    #expect(pager.items[3] == Row(id: 3, version: 2))
    #expect(pager.items[5]?.id == 5, "the source did not remove item 5: it is back")
    #expect(
      pager.items[8]?.id == 8 && !pager.items.contains { $0?.id == -1 },
      "the source does not have the insertion: it ends, as the update and the removal did")
    // The update of 505 ends when a page of the new generation holds it.
    #expect(pager.hasLocalEdits)
    await pager.load(500..<510)
    #expect(pager.items[505] == Row(id: 505, version: 0) && !pager.hasLocalEdits)
    // An insertion of the new generation keeps its page past the cap too.
    #expect(pager.insert(Row(id: -2), after: 7))
    await pager.load(500..<510)
    await pager.load(600..<610)
    #expect(pager.items[8]?.id == -2 && pager.hasLocalEdits)
    #expect(pager.items.count == 1_001 && pager.items[601]?.id == 600)
  }

  @Test("retry() keeps what a short page gave and asks only for what is missing")
  func retryAsksForTheRestOfAShortPage() async {
    // On screen: nothing reported, the short page's kept rows, rows across
    // its end. The initial load of 30 comes back 3 short.
    for visible in [nil, 15..<25, 25..<29] as [Range<Int>?] {
      let source = ScriptedSource(count: 100, pageSize: 10)
      let pager = Pager(
        configuration: PagingConfiguration(
          pageSize: 10, initialLoadSize: 30, prefetchDistance: 0),
        source: source.positionalSource)
      pager.refresh()
      await source.settle(pager)
      source.respond(0, .short, by: 3)
      await source.settle(pager)
      #expect(
        pager.lastRefusal == .pageShorterThanRequested(position: 0, expected: 30, received: 27))
      if let visible { pager.visibleRangeDidChange(visible) }
      await source.settle(pager)
      #expect(source.pending.isEmpty, "\(String(describing: visible)): nothing until retry()")
      pager.retry()
      await source.settle(pager)
      #expect(
        source.pending.map(\.range) == [27..<30],
        "\(String(describing: visible)): only the missing positions are asked for")
      #expect(loaded(pager.items, 0..<27), "\(String(describing: visible)): loaded rows stay")
      await source.respondToAll(pager)
      #expect(loaded(pager.items, 0..<30), "\(String(describing: visible))")
      #expect(pager.items.count == 100 && source.pending.isEmpty)
    }
  }

  @Test("A short page's rest that comes back short again waits for the next retry()")
  func retryOfAShortRestIsShortAgain() async {
    let source = ScriptedSource(count: 100, pageSize: 10)
    let pager = makePager(source.positionalSource, pageSize: 10, prefetch: 0)
    pager.refresh()
    await source.respondToAll(pager)
    pager.visibleRangeDidChange(40..<45)
    await source.settle(pager)
    source.respond(0, .short, by: 6)
    await source.settle(pager)
    #expect(loaded(pager.items, 40..<44) && pager.items[44] == nil)
    pager.retry()
    await source.settle(pager)
    #expect(source.pending.map(\.range) == [44..<50])
    source.respond(0, .short, by: 2)
    await source.settle(pager)
    #expect(loaded(pager.items, 40..<48) && pager.items[48] == nil)
    #expect(
      pager.lastRefusal == .pageShorterThanRequested(position: 40, expected: 10, received: 8))
    #expect(source.pending.isEmpty, "a rest short again is not asked for until retry()")
    pager.retry()
    await source.respondToAll(pager)
    #expect(loaded(pager.items, 40..<50))
  }

  @Test("Hostile positional pages: short, long, and changing counts never misplace an item")
  func hostilePositionalPages() async {
    let source = ScriptedSource(count: 1_000, pageSize: 10)
    let pager = makePager(source.positionalSource, pageSize: 10, prefetch: 0)
    pager.refresh()
    await source.respondToAll(pager)
    pager.visibleRangeDidChange(500..<505)
    await source.settle(pager)
    source.respond(0, .short, by: 3)
    await source.settle(pager)
    #expect(
      pager.lastRefusal == .pageShorterThanRequested(position: 500, expected: 10, received: 7))
    #expect(loaded(pager.items, 500..<507) && pager.items[507] == nil)
    #expect(source.pending.isEmpty, "the short page is not asked for again until retry()")
    pager.retry()
    await source.respondToAll(pager)
    #expect(loaded(pager.items, 500..<510))
    pager.visibleRangeDidChange(700..<705)
    await source.settle(pager)
    source.respond(0, .extra, by: 5)
    await source.settle(pager)
    #expect(pager.lastRefusal == .moreItemsThanRequested(position: 700, extra: 5))
    #expect(loaded(pager.items, 700..<710) && pager.items[710] == nil)
    // The count shrinks by 2 between pages: positions beyond it go.
    pager.visibleRangeDidChange(300..<305)
    await source.settle(pager)
    source.respond(0, .wrongCount, by: 3)
    await source.settle(pager)
    #expect(pager.items.count == 997)
    // Out of order: two pages answered last-first.
    pager.visibleRangeDidChange(195..<205)
    await source.settle(pager)
    #expect(source.pending.count == 2)
    source.respond(1)
    source.respond(0)
    await source.settle(pager)
    #expect(loaded(pager.items, 190..<210))
  }
}
