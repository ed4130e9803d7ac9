//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import Observation
import Testing
import _TestSupport

@_spi(Testing) @testable import Paging

@MainActor
@Suite("Pager and PagedCollection")
struct PagerTests {
  let source = ScriptedSource(count: 0, pageSize: 10)
  /// The pagers' clock: a scroll's loads wait on it for the reports to
  /// settle, and `settled(_:_:)` lets that interval pass.
  let clock = ManualClock()

  func makePager(
    _ trigger: PagingTrigger = .visibleRange, pageSize: Int = 10, prefetch: Int = 2,
    maximumPages: Int? = nil, initialKey: Int = 0
  ) -> Pager<Int, Row> {
    let clock = self.clock
    return Pager(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: pageSize, prefetchDistance: prefetch,
        maximumLoadedPages: maximumPages, trigger: trigger),
      source: source.keyedSource(refreshKeys: false, initialKey: initialKey),
      sleep: { try await clock.sleep(for: $0) })
  }

  /// Rows `0..<count` in pages of `pageSize`, keyed by their first offset.
  func serve(_ count: Int, pageSize: Int = 10, reportsCounts: Bool = false) {
    source.rows = (0..<count).map { Row(id: $0) }
    source.pageSize = pageSize
    source.reportsCounts = reportsCounts
  }

  /// Whether `n` loads wait, once the pager's tasks have run.
  func pendingCount(_ n: Int, _ pager: Pager<Int, Row>) async -> Bool {
    await settled(pager) { source.pending.count == n }
  }

  /// `condition`, once the pager's tasks have run until nothing changes
  /// and the reports of a scroll have settled.
  func settled(_ pager: Pager<Int, Row>, _ condition: () -> Bool) async -> Bool {
    await source.settle(pager)
    clock.advance(by: pager.configuration.settleInterval)
    await source.settle(pager)
    return condition()
  }

  /// The key of the first load waiting.
  var firstPendingKey: Int? { source.pending.first?.keyed?.key }

  /// Refreshes and answers the first page.
  func start(_ pager: Pager<Int, Row>) async {
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond()
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
  }

  func loaded(_ pager: Pager<Int, Row>) -> [Int] {
    pager.items.compactMap { $0?.id }
  }

  @Test(
    "Nothing loads before the first refresh",
    arguments: [PagingTrigger.visibleRange, .indexAdvance, .manual])
  func nothingLoadsBeforeRefresh(trigger: PagingTrigger) async {
    let pager = makePager(trigger)
    pager.rowDidAppear(at: 0)
    pager.visibleRangeDidChange(0..<20)
    pager.visibleRangeWillSettle(40..<60)
    // The pager decides synchronously: no request now means none at all.
    #expect(pager.requestCount == 0)
    serve(100, pageSize: 10)
    await start(pager)
    #expect(loaded(pager) == Array(0..<10))
    source.drain()
  }

  @Test("Observers are told of what changed, and only of that")
  func observation() async {
    let pager = makePager()
    let told = Told()
    withObservationTracking {
      _ = pager.items
    } onChange: {
      told.add("items")
    }
    withObservationTracking {
      _ = pager.loadState(of: .refresh)
    } onChange: {
      told.add("loadState(of: .refresh)")
    }
    withObservationTracking {
      _ = pager.lastRefusal
    } onChange: {
      told.add("lastRefusal")
    }
    serve(100, pageSize: 10)
    await start(pager)
    // An honest page refuses nothing: `lastRefusal` was never set.
    #expect(told.names == ["items", "loadState(of: .refresh)"])
    source.drain()
  }

  @Test("Hostile positions from the UI never trap")
  func hostilePositions() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.rowDidAppear(at: .max)
    pager.rowDidAppear(at: .min)
    pager.visibleRangeDidChange(Int.max - 1..<Int.max)
    pager.visibleRangeDidChange(Int.min..<Int.min + 1)
    #expect(loaded(pager) == Array(0..<10))
    source.drain()
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test("Configuration sizes past the maximum trap naming them; defaults stay within it")
    func configurationSizes() async {
      let largest = PagingConfiguration(pageSize: PagingConfiguration.maximumSize)
      #expect(largest.initialLoadSize == PagingConfiguration.maximumSize)
      #expect(largest.jumpDistance == PagingConfiguration.maximumSize)
      let page = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = PagingConfiguration(pageSize: .max)
      }
      #expect(
        standardErrorText(of: page).contains(
          "Page size \(Int.max) must be in 1...\(PagingConfiguration.maximumSize)"))
      let prefetch = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
      {
        _ = PagingConfiguration(pageSize: 10, prefetchDistance: .max)
      }
      #expect(standardErrorText(of: prefetch).contains("Prefetch distance \(Int.max) exceeds"))
    }
  #endif

  @Test("The items and their rows are conforming collections, with their slices")
  func itemsConform() async {
    let pager = makePager(pageSize: 10)
    serve(23, pageSize: 10, reportsCounts: true)
    await start(pager)
    let expected: [Row?] = (0..<10).map { Row(id: $0) } + Array(repeating: nil, count: 13)
    checkRandomAccessCollection(pager.items, expectedContents: expected)
    #expect(pager.requestCount == 1, "index arithmetic must not load")
    source.drain()
  }

  @Test func triggersAtTheThresholdAndNotBefore() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    #expect(loaded(pager) == Array(0..<10))
    pager.visibleRangeDidChange(0..<8)  // 8 + 2 is not past 10
    // The pager decides synchronously: no request now means none at all.
    #expect(pager.requestCount == 1)
    pager.visibleRangeDidChange(1..<9)  // 9 + 2 > 10
    #expect(await pendingCount(1, pager))
    #expect(pager.loadState(of: .append).isLoading)
    #expect(firstPendingKey == 10)
    source.respond()
    #expect(await settled(pager) { pager.items.count == 20 })
    #expect(loaded(pager) == Array(0..<20))
    source.drain()
  }

  @Test func oneLoadInFlightPerDirection() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    for _ in 0..<20 {
      pager.visibleRangeDidChange(5..<10)
      pager.loadNext()
    }
    #expect(pager.requestCount == 2)
    #expect(await pendingCount(1, pager))
    source.drain()
  }

  @Test func endOfData() async {
    let pager = makePager()
    serve(15, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.respond()
    #expect(await settled(pager) { pager.loadState(of: .append).isEndReached })
    pager.loadNext()
    pager.visibleRangeDidChange(10..<15)
    #expect(pager.requestCount == 2)
    #expect(loaded(pager) == Array(0..<15))
    #expect(pager.loadState(of: .prepend).isEndReached)
  }

  @Test func errorThenRetry() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.fail()
    #expect(await settled(pager) { pager.loadState(of: .append).error != nil })
    #expect(pager.loadState(of: .append).error as? LoaderFailure == LoaderFailure())
    #expect(loaded(pager) == Array(0..<10), "an error loses nothing")
    // A failed direction waits for retry(): triggers do not hammer the source.
    pager.loadNext()
    pager.visibleRangeDidChange(9..<10)
    #expect(pager.requestCount == 2)
    pager.retry()
    #expect(await pendingCount(1, pager))
    #expect(firstPendingKey == 10, "retry re-issues the same key")
    source.respond()
    #expect(await settled(pager) { pager.items.count == 20 })
    #expect(loaded(pager) == Array(0..<20), "nothing duplicated")
  }

  @Test func refreshDiscardsALateResponseFromTheOldGeneration() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    pager.refresh()
    #expect(await pendingCount(2, pager))
    #expect(loaded(pager) == Array(0..<10), "old items stay visible during a refresh")
    // The old append answers after the refresh began.
    source.respond(0)
    #expect(await settled(pager) { pager._discardedResponseCount == 1 })
    #expect(loaded(pager) == Array(0..<10), "the late page is not merged")
    source.respond(0, with: Page(items: [100, 101], nextKey: nil))
    #expect(await settled(pager) { loaded(pager) == [100, 101] })
    #expect(pager.loadState(of: .append).isEndReached)
  }

  @Test func prependWithoutCountsShiftsPositions() async {
    let pager = makePager(initialKey: 50)
    serve(100, pageSize: 10)
    await start(pager)
    #expect(loaded(pager) == Array(50..<60))
    pager.visibleRangeDidChange(0..<3)
    #expect(await pendingCount(1, pager))
    #expect(source.pending.first?.keyed?.kind == .prepend)
    source.respond()
    #expect(await settled(pager) { pager.items.count == 20 })
    #expect(loaded(pager) == Array(40..<60))
  }

  @Test func placeholdersWithAKnownTotal() async {
    let pager = makePager(initialKey: 50)
    serve(100, pageSize: 10, reportsCounts: true)
    await start(pager)
    #expect(pager.items.count == 100, "every position exists from the first page")
    #expect(pager.items[49]?.id == nil && pager.items[50]?.id == 50 && pager.items[59]?.id == 59)
    #expect(pager.items.loadedRanges == [50..<60])
    #expect(!pager.items.isLoaded(at: 60) && pager.items.isLoaded(at: 55))
    pager.visibleRangeDidChange(45..<52)
    #expect(await pendingCount(1, pager))
    source.respond()
    #expect(await settled(pager) { pager.items.loadedRanges == [40..<60] })
    #expect(pager.items[45]?.id == 45 && pager.items.count == 100, "positions do not move")
  }

  @Test func farPagesAreDroppedAndReloadedInPlace() async {
    let pager = makePager(maximumPages: 2)
    serve(100, pageSize: 10, reportsCounts: true)
    await start(pager)
    for expectedEnd in [20, 30, 40] {
      pager.visibleRangeDidChange(expectedEnd - 12..<expectedEnd - 9)
      #expect(await pendingCount(1, pager))
      source.respond()
      #expect(await settled(pager) { pager.items.loadedRanges.last?.upperBound == expectedEnd })
    }
    #expect(pager.items.loadedPageCount == 2)
    #expect(pager.items.loadedRanges == [20..<40])
    #expect(
      pager.items[5] == nil && !pager.items.isLoaded(at: 5), "dropped items read as placeholders")
    #expect(pager.items[25]?.id == 25 && pager.items.count == 100, "the rest did not move")
    // Scrolling back reloads the dropped page at the same positions.
    pager.visibleRangeDidChange(18..<21)
    #expect(await pendingCount(1, pager))
    #expect(firstPendingKey == 10)
    source.respond()
    #expect(await settled(pager) { pager.items.loadedRanges == [10..<30] })
    #expect((10..<30).allSatisfy { pager.items[$0]?.id == $0 })
  }

  @Test("SwiftUI List pattern: traversals never load in .visibleRange mode")
  func listPatternVisibleRange() async {
    let pager = makePager(.visibleRange)
    serve(1_000, pageSize: 10)
    await start(pager)
    for _ in 0..<20 {
      // What List does after each change: every index, every element.
      var index = pager.items.startIndex
      var sum = 0
      while index != pager.items.endIndex {
        sum &+= pager.items[index]?.id ?? 0
        index = pager.items.index(after: index)
      }
      for element in pager.items { sum &+= element?.id ?? 0 }
      _ = pager.items.map { $0 }
    }
    // No trigger is installed, so nothing can be requested later either.
    #expect(pager.items._trigger == nil)
    #expect(pager.requestCount == 1, "no load without a visible-range report")
  }

  @Test("SwiftUI List pattern in .indexAdvance mode: one page per direction per traversal")
  func listPatternIndexAdvance() async {
    let pager = makePager(.indexAdvance, initialKey: 500)
    serve(1_000, pageSize: 10)
    await start(pager)
    let snapshot = pager.items
    for _ in 0..<20 {
      var index = snapshot.startIndex
      while index != snapshot.endIndex { index = snapshot.index(after: index) }
      while index != snapshot.startIndex { index = snapshot.index(before: index) }
    }
    // The snapshot's trigger asked once per direction and never will again.
    #expect(snapshot._trigger?.requestsMade == 2)
    #expect(await pendingCount(2, pager))
    let directions = source.pending.compactMap { $0.keyed?.kind }
    #expect(Set(directions) == [.append, .prepend] && directions.count == 2)
    source.drain()
  }

  /// SwiftUI's `ForEach` over the collection walks every index (for the
  /// identifiers) each time the pager publishes, whatever the reader sees:
  /// in `.indexAdvance` mode each walk asks for the next page, whose arrival
  /// publishes, whose walk asks again, until the source is exhausted. The
  /// documentation of `.indexAdvance` says so and names `.visibleRange`
  /// instead, under which the same walks load nothing.
  @Test(
    "ForEach's walk on every publish: .indexAdvance loads the whole source, .visibleRange nothing",
    arguments: [PagingTrigger.indexAdvance, .visibleRange])
  func forEachWalksEveryIndex(trigger: PagingTrigger) async {
    let pager = makePager(trigger, prefetch: 2)
    serve(200, pageSize: 10)
    await start(pager)
    for _ in 0..<40 {
      // ForEach's walk: every element's identifier, index by index.
      let items = pager.items
      var index = items.startIndex
      while index != items.endIndex {
        _ = items[index]
        index = items.index(after: index)
      }
      let wanted = trigger == .indexAdvance && items.count < source.rows.count
      if !wanted { break }
      #expect(await pendingCount(1, pager))
      source.respond()
      #expect(await settled(pager) { pager.items.count > items.count })
    }
    if trigger == .indexAdvance {
      #expect(pager.items.count == 200, "the walks alone loaded every page")
      #expect(pager.requestCount == 20)
    } else {
      // The trigger decides synchronously: no request now means none.
      #expect(pager.requestCount == 1 && pager.items.count == 10)
    }
    source.drain()
  }

  @Test func indexAdvanceTriggersOnlyNearTheEnd() async {
    let pager = makePager(.indexAdvance, prefetch: 3)
    serve(100, pageSize: 10)
    await start(pager)
    var index = 0
    for _ in 0..<6 { index = pager.items.index(after: index) }  // reaches 6 < 10 - 3
    // The trigger decides synchronously, before any task runs.
    #expect(pager.items._trigger?.requestsMade == 0)
    index = pager.items.index(after: index)  // 7
    #expect(pager.items._trigger?.requestsMade == 1)
    #expect(await pendingCount(1, pager))
    source.drain()
  }

  @Test func loaderReturningMoreThanAskedIsKept() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.respond(with: Page(items: Array(10..<35), previousKey: 0, nextKey: 35))
    #expect(await settled(pager) { pager.items.count == 35 })
    #expect(loaded(pager) == Array(0..<35))
    #expect((0..<35).allSatisfy { pager.items[$0]?.id == $0 }, "uneven pages still index right")
  }

  @Test func emptyPageClaimingMoreEndsTheDirection() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.respond(with: Page(items: [], previousKey: 0, nextKey: 20))
    #expect(await settled(pager) { pager.loadState(of: .append).isEndReached })
    #expect(loaded(pager) == Array(0..<10))
  }

  @Test func repeatedKeyIsRefused() async {
    let pager = makePager()
    serve(100, pageSize: 10)
    await start(pager)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    // A buggy source whose next page points back at the first.
    source.respond(with: Page(items: Array(10..<20), previousKey: 0, nextKey: 0))
    #expect(await settled(pager) { pager.items.count == 20 })
    pager.loadNext()
    #expect(pager.loadState(of: .append).error as? PagingError == .repeatedKey("0"))
    #expect(source.asked.count == 2)
    #expect(loaded(pager) == Array(0..<20), "nothing duplicated")
  }

  @Test(
    "Hostile counts never overflow: the claim is ignored and reported",
    arguments: [
      (Int.max, nil), (nil, Int.max), (Int.max, Int.max), (-5, nil), (nil, -1), (Int.max - 3, 7),
    ] as [(Int?, Int?)])
  func hostileCountsAreRefused(before: Int?, after: Int?) async {
    let pager = makePager(initialKey: 50)
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond(
      with: Page(
        items: Array(50..<60), previousKey: 40, nextKey: 60, itemsBefore: before,
        itemsAfter: after))
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
    #expect(pager.items.count <= Int(Int32.max))
    #expect(loaded(pager) == Array(50..<60), "the page's items are kept")
    let sane = [before, after].allSatisfy { $0 == nil || (0...Int(Int32.max)).contains($0!) }
    #expect(sane || pager.lastRefusal != nil)
    if case .itemCountOutOfBounds(let claimed)? = pager.lastRefusal {
      #expect(claimed == before || claimed == after)
    }
    // Later pages with hostile counts too.
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.respond(
      with: Page(items: Array(60..<70), previousKey: 50, nextKey: 70, itemsAfter: Int.max))
    #expect(await settled(pager) { loaded(pager) == Array(50..<70) })
    #expect(pager.lastRefusal == .itemCountOutOfBounds(claimed: Int.max))
    pager.loadPrevious()
    #expect(await pendingCount(1, pager))
    source.respond(
      with: Page(items: Array(40..<50), previousKey: 30, nextKey: 50, itemsBefore: Int.max))
    #expect(await settled(pager) { loaded(pager) == Array(40..<70) })
    #expect(pager.lastRefusal == .itemCountOutOfBounds(claimed: Int.max))
    source.drain()
  }

  @Test(
    "A count claimed past a page with no key that way is reported, whatever its size",
    arguments: [(5, true), (Int.max, true), (5, false), (Int.max, false)])
  func claimsPastTheEndAreReported(claim: Int, after: Bool) async {
    let pager = makePager(initialKey: 50)
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond(
      with: after
        ? Page(items: Array(50..<60), previousKey: 40, nextKey: nil, itemsAfter: claim)
        : Page(items: Array(50..<60), previousKey: nil, nextKey: 60, itemsBefore: claim))
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
    #expect(loaded(pager) == Array(50..<60), "the page's items are kept")
    #expect(pager.items.count == 10, "no placeholders past the end")
    #expect(pager.lastRefusal == .itemsBeyondEnd(claim), "claimed \(claim), after: \(after)")
    source.drain()
  }

  @Test("A claimed count beyond the end of the data leaves no placeholders")
  func placeholdersBeyondTheEndAreRemoved() async {
    let pager = makePager()
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond(with: Page(items: Array(0..<10), nextKey: 10, itemsAfter: 500))
    #expect(await settled(pager) { pager.items.count == 510 })
    #expect(pager.lastRefusal == nil)
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    // The data ends at 15 although the first page claimed 510.
    source.respond(with: Page(items: Array(10..<15), previousKey: 0, nextKey: nil))
    #expect(await settled(pager) { pager.loadState(of: .append).isEndReached })
    #expect(pager.items.count == 15 && loaded(pager) == Array(0..<15))
    #expect(pager.lastRefusal == .itemsBeyondEnd(495))
  }

  @Test("A first page that claims items before it, or after the last one, keeps none")
  func firstAndLastPageClaims() async {
    let pager = makePager()
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond(
      with: Page(items: Array(0..<10), itemsBefore: 30, itemsAfter: 40))
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
    #expect(pager.items.count == 10 && loaded(pager) == Array(0..<10))
    #expect(pager.lastRefusal == .itemsBeyondEnd(40) || pager.lastRefusal == .itemsBeyondEnd(30))
    #expect(pager.loadState(of: .append).isEndReached && pager.loadState(of: .prepend).isEndReached)
  }

  @Test("A prepended page that would leave a gap or an overlap is refused, and retry asks again")
  func pagesThatDoNotJoinAreRefused() async {
    let pager = makePager(initialKey: 41)
    pager.refresh()
    #expect(await pendingCount(1, pager))
    source.respond(with: Page(items: Array(41..<51), previousKey: 25, nextKey: 51))
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
    pager.loadPrevious()
    #expect(await pendingCount(1, pager))
    // Asked for the page before 41, the source ends it at 39: 39 and 40 would be lost.
    source.respond(with: Page(items: Array(25..<39), previousKey: 9, nextKey: 39))
    #expect(await settled(pager) { pager.loadState(of: .prepend).error != nil })
    #expect(
      pager.loadState(of: .prepend).error as? PagingError
        == .pageNotAdjacent(expected: "41", found: "39"))
    #expect(loaded(pager) == Array(41..<51), "nothing placed out of line")
    pager.retry()
    #expect(await pendingCount(1, pager))
    #expect(firstPendingKey == 25)
    source.respond(with: Page(items: Array(25..<41), previousKey: 9, nextKey: 41))
    #expect(await settled(pager) { loaded(pager) == Array(25..<51) })
    // An appended page's previous key may name a page of another size (here
    // 35, as page numbers of 16 would): it is placed by the key it was
    // loaded with, and kept.
    pager.loadNext()
    #expect(await pendingCount(1, pager))
    source.respond(with: Page(items: Array(51..<60), previousKey: 35, nextKey: 60))
    #expect(await settled(pager) { loaded(pager) == Array(25..<60) })
  }

  @Test("A keyed refresh without a refresh key restarts at the initial key and walks back")
  func keyedRefreshWithoutRefreshKeyWalksBack() async {
    let pager = makePager()
    serve(1_000, pageSize: 10)
    await start(pager)
    for end in stride(from: 20, through: 50, by: 10) {
      pager.visibleRangeDidChange(end - 12..<end - 9)
      #expect(await pendingCount(1, pager))
      source.respond()
      #expect(await settled(pager) { pager.items.count == end })
    }
    let before = pager.requestCount
    pager.refresh()
    #expect(await pendingCount(1, pager))
    #expect(loaded(pager) == Array(0..<50), "the old items stay shown until replaced")
    source.respond()
    #expect(await settled(pager) { !pager.loadState(of: .refresh).isLoading })
    // The visible rows 38..<41 are 28 positions from the first page, within
    // the jump distance: the pager walks there, a page at a time.
    for _ in 0..<4 {
      #expect(await pendingCount(1, pager))
      source.respond()
    }
    await pager.waitUntilIdle()
    #expect(pager.requestCount == before + 5)
    #expect(loaded(pager) == Array(0..<50))
    #expect(
      !pager.reachesVisibleRangeByWalking, "within the jump distance is not 'only by walking'")
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func outOfRangeTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = PagedCollection<Int>()[0]
      }
      #expect(standardErrorText(of: result).contains("Position 0 out of range 0..<0"))
    }
  #endif
}

/// The names of the properties whose observers were told, from any thread.
private final class Told: @unchecked Sendable {
  // The lock guards `told`.
  private let lock = NSLock()
  private var told: Set<String> = []
  func add(_ name: String) { lock.withLock { _ = told.insert(name) } }
  var names: Set<String> { lock.withLock { told } }
}

/// A positional source whose total count alternates between two values on
/// every response, the data never changing: hostile counts.
private final class FlappingCounts: @unchecked Sendable {
  // The lock guards `responses`.
  private let lock = NSLock()
  private var responses = 0
  let counts: (Int, Int)
  init(_ counts: (Int, Int)) { self.counts = counts }

  /// The count of the next response.
  private func nextCount() throws -> Int {
    let n = lock.withLock {
      responses += 1
      return responses
    }
    // A storm would never end: stop it, so that the test fails rather than
    // hangs.
    if n > 1_000 { throw CancellationError() }
    return n.isMultiple(of: 2) ? counts.1 : counts.0
  }

  var positional: PagingSource<Int, Int> {
    .positional { [self] range in
      let total = try nextCount()
      return PositionalPage(items: Array(range.clamped(to: 0..<total)), totalCount: total)
    }
  }

  /// Keys are offsets; the counts after a page flap, the items do not.
  var keyed: PagingSource<Int, Int> {
    .keyed(initialKey: 0, refreshKey: { $0 }) { [self] request in
      let total = try nextCount()
      let key = request.key ?? 0
      let start = request.kind == .prepend ? Swift.max(0, key - request.size) : key
      let end = Swift.min(start + request.size, Swift.max(counts.0, counts.1))
      return Page(
        items: Array(start..<end), previousKey: start > 0 ? start : nil,
        nextKey: end, itemsBefore: start, itemsAfter: Swift.max(0, total - end))
    }
  }
}

@MainActor
@Suite("Hostile counts")
struct HostileCountTests {
  @Test(
    "A count that flaps without the data changing loads a bounded number of pages",
    arguments: [0, 25, 100, 250, 290], [false, true])
  func flappingCounts(visible: Int, keyed: Bool) async {
    for counts in [(300, 30), (30, 300), (300, 260)] {
      let source = FlappingCounts(counts)
      let pager = Pager<Int, Int>(
        configuration: PagingConfiguration(pageSize: 10, settleInterval: .zero),
        source: keyed ? source.keyed : source.positional)
      pager.refresh()
      await pager.waitUntilIdle()
      pager.visibleRangeDidChange(visible..<visible + 20)
      await pager.waitUntilIdle()
      // The visible pages and their prefetch, a few times over.
      #expect(
        pager.requestCount + pager.keyRequestCount <= 12,
        "\(counts) at \(visible): \(pager.requestCount) requests")
      if visible + 20 <= Swift.min(counts.0, counts.1) {
        #expect(
          (visible..<visible + 20).allSatisfy { pager.items[$0] == $0 },
          "\(counts) at \(visible): the visible rows are shown")
      }
      // What is shown is what the source holds.
      for position in pager.items.indices {
        if let item = pager.items[position] { #expect(item == position) }
      }
    }
  }
}

@MainActor
@Suite("Items a source repeats")
struct DuplicateItemTests {
  /// Every id of the publication, with the rows it has.
  func duplicatedIDs(_ pager: Pager<Int, Row>) -> [Int] {
    let ids = pager.items.compactMap { $0?.id }
    return Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
  }

  @Test("A keyed source that returns the same items under every key shows them once")
  func sameItemsUnderNewKeys() async {
    let pager = Pager<Int, Row>(
      configuration: PagingConfiguration(pageSize: 10, settleInterval: .zero),
      source: .keyed(initialKey: 0) { request in
        let key = request.key ?? 0
        return Page(items: (0..<10).map { Row(id: $0) }, nextKey: key + 10)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    pager.visibleRangeDidChange(0..<10)
    await pager.waitUntilIdle()
    #expect(duplicatedIDs(pager) == [])
    #expect(pager.items.compactMap { $0?.id } == Array(0..<10))
    #expect(pager.lastRefusal == .duplicateItems(position: 10, count: 10))
    guard case .failed(let error) = pager.loadState(of: .append) else {
      Issue.record("append state \(pager.loadState(of: .append))")
      return
    }
    #expect(error as? PagingError == .duplicateItems(position: 10, count: 10))
    // Bounded: the walk stopped at the repeat.
    #expect(pager.requestCount == 2)
  }

  @Test("Positional pages whose items overlap show each item once", arguments: [0, 3, 9])
  func overlappingPages(overlapAt: Int) async {
    // The page at 10 starts with items the page at 0 already shows, from
    // `overlapAt` on (as if rows were deleted above between the loads).
    let pager = Pager<Int, Row>(
      configuration: PagingConfiguration(
        pageSize: 10, initialLoadSize: 10, prefetchDistance: 0, settleInterval: .zero),
      source: .positional { range in
        let shift = range.lowerBound == 0 ? 0 : 10 - overlapAt
        let ids = range.map { $0 - shift }.filter { $0 >= 0 && $0 < 100 }
        return PositionalPage(items: ids.map { Row(id: $0) }, totalCount: 100)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    pager.visibleRangeDidChange(5..<15)
    await pager.waitUntilIdle()
    #expect(duplicatedIDs(pager) == [])
    let shown = pager.items.prefix(20).map { $0?.id }
    let expected: [Int?] =
      Array(0..<10) + Array(repeating: nil, count: 10)
    #expect(shown == expected, "overlap at \(overlapAt)")
    let count = 10 - overlapAt
    #expect(pager.lastRefusal == .duplicateItems(position: 10, count: count))
    guard case .failed = pager.loadState(of: .append) else {
      Issue.record("append state \(pager.loadState(of: .append))")
      return
    }
    // A retry asks again and refuses again: the list shows a retry, never
    // a duplicate.
    pager.retry()
    await pager.waitUntilIdle()
    #expect(duplicatedIDs(pager) == [])
    #expect(pager.requestCount == 3)
  }
}

@MainActor
@Suite("A deep link")
struct DeepLinkTests {
  @Test("Refresh, then await positions beyond the first page: they load", arguments: [false, true])
  func refreshThenLoadFar(keyed: Bool) async {
    let rows = (0..<1_000).map { Row(id: $0) }
    let source: PagingSource<Int, Row> =
      keyed
      ? .keyed(initialKey: 0, refreshKey: { $0 }) { request in
        let start = request.key ?? 0
        let end = min(start + request.size, rows.count)
        return Page(
          items: Array(rows[start..<end]), previousKey: start > 0 ? start : nil,
          nextKey: end < rows.count ? end : nil, itemsBefore: start, itemsAfter: rows.count - end)
      }
      : .positional { range in
        PositionalPage(items: Array(rows[range.clamped(to: 0..<rows.count)]), totalCount: 1_000)
      }
    let pager = Pager<Int, Row>(
      configuration: PagingConfiguration(pageSize: 20, settleInterval: .zero), source: source)
    pager.refresh()
    await pager.load(500..<510)
    #expect((500..<510).map { pager.items[$0]?.id } == Array(500..<510))
  }
}
