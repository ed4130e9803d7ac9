//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import IdentityDiff
import Paging
import Testing
import Windowing
import _TestSupport

@MainActor
@Suite("A pager's changes applied to a VirtualList")
struct PagerChangesTests {
  /// Items `start..<start + size` of `0..<1_000`, keyed by offset, without
  /// counts: a prepend adds positions at the top.
  nonisolated static func page(_ request: PageRequest<Int>) -> Page<Int, Int> {
    let start = max(0, request.key ?? 500)
    let end = min(1_000, start + request.size)
    return Page(
      items: Array(start..<end), previousKey: start > 0 ? max(0, start - 20) : nil,
      nextKey: end < 1_000 ? end : nil)
  }

  /// A pager that loads only when told, its first page (500..<520) loaded.
  static func manualPagerAt500() async -> Pager<Int, Int> {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 0, trigger: .manual),
      source: .keyed(initialKey: 500, load: { Self.page($0) }))
    pager.refresh()
    await pager.waitUntilIdle()
    return pager
  }

  @Test("A prepend above the viewport keeps the first visible row where it was")
  func prependKeepsTheViewportAnchored() async {
    let pager = await Self.manualPagerAt500()
    #expect(pager.items.first == 500)
    var list = VirtualList(
      data: pager.items, id: { $0 ?? -1 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: pager.items.count, itemLength: 50),
        viewport: Viewport(offset: 0, length: 500)))
    _ = list.scroll(toOffset: 40 * 50 + 10)  // row 540 at the top, 10 points up
    let row = list.data[list.engine.visibleRange.lowerBound]
    let screenOffset = 40 * 50.0 - list.engine.viewport.offset
    let version = list.data.version
    pager.loadPrevious()
    await pager.waitUntilIdle()
    #expect(pager.items.count == 80 && pager.items.first == 480)
    let batches = pager.changes(since: version) ?? []
    #expect(batches.count == 1 && batches.first?.insertions == [0..<20])
    list.apply(RowChanges(composing: batches), from: pager.items)
    let first = list.engine.visibleRange.lowerBound
    #expect(list.data[first] == row, "the same row is first on screen")
    #expect(Double(first) * 50 - list.engine.viewport.offset == screenOffset)
  }

  @Test("Five pending publications apply in one call, anchored")
  func pendingPublicationsApplyInOneCall() async {
    let pager = await Self.manualPagerAt500()
    var list = VirtualList(
      data: pager.items, id: { $0 ?? -1 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: pager.items.count, itemLength: 50),
        viewport: Viewport(offset: 0, length: 300)))
    _ = list.scroll(toOffset: 5 * 50)
    let read = list.data[list.engine.visibleRange.lowerBound]
    let version = list.data.version
    // Five count-changing publications before the list's next frame.
    for load in 0..<5 {
      if load.isMultiple(of: 2) { pager.loadPrevious() } else { pager.loadNext() }
      await pager.waitUntilIdle()
    }
    let changes = pager.changes(since: version) ?? []
    #expect(changes.count == 5)
    list.apply(RowChanges(composing: changes), from: pager.items)
    #expect(list.engine.layout.itemCount == pager.items.count)
    #expect(list.windowIDs == list.window.map { pager.items[$0] ?? -1 })
    #expect(list.data[list.engine.visibleRange.lowerBound] == read, "the row read is still first")
  }

  @Test("Changes since a version too old ask for a full reload")
  func oldVersionsAskForAReload() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 5, initialLoadSize: 5, trigger: .manual),
      source: .keyed(initialKey: 0, load: { Self.page($0) }))
    pager.refresh()
    await pager.waitUntilIdle()
    let start = pager.items.version
    for _ in 0..<70 {
      pager.loadNext()
      await pager.waitUntilIdle()
    }
    #expect(pager.changes(since: start) == nil)
    #expect(pager.changes(since: pager.items.version) == [])
    #expect(pager.changes(since: pager.items.version - 1)?.count == 1)
  }

  struct Message: Identifiable, Sendable, Equatable {
    let id: Int
  }

  /// A table whose rows change between loads; a lock guards every access.
  final class Table: @unchecked Sendable {
    private let lock = NSLock()
    private var _ids = Array(0..<1_000)
    var ids: [Int] {
      get { lock.withLock { _ids } }
      set { lock.withLock { _ids = newValue } }
    }
    func rows(_ range: Range<Int>) -> [Message] {
      lock.withLock { _ids[range.clamped(to: _ids.indices)].map { Message(id: $0) } }
    }
  }

  /// A list of the pager's rows in a 500-point viewport, that reports what
  /// it shows to the pager.
  static func list<Layout: WindowLayout>(
    following pager: Pager<Int, Message>, layout: Layout
  ) -> VirtualList<PagedRows<Message>, PagedRowID<Int>, Layout> {
    var list = VirtualList(
      data: pager.items.rows, id: { $0.id },
      engine: WindowingEngine(layout: layout, viewport: Viewport(length: 500)))
    list.onVisibilityChange = { pager.visibleRangeDidChange($0.visibleRange) }
    return list
  }

  /// Brings `list` up to the pager's latest publication.
  static func follow<Layout: WindowLayout>(
    _ pager: Pager<Int, Message>,
    in list: inout VirtualList<PagedRows<Message>, PagedRowID<Int>, Layout>
  ) {
    if let changes = pager.changes(since: list.data.version) {
      list.apply(RowChanges(composing: changes), from: pager.items.rows)
    } else {
      list.replaceData(pager.items.rows)
    }
  }

  @Test(
    "Refresh after rows were inserted or deleted above keeps the item read where it was",
    arguments: [false, true], [3, -3, 15, 45, -45, 90])
  func refreshWithoutDrift(keyed: Bool, shift: Int) async {
    let table = Table()
    let source: PagingSource<Int, Message> =
      keyed
      ? .keyed(
        initialKey: 0, refreshKey: { $0 },
        load: { request in
          let start = max(0, request.key ?? 0)
          let rows = table.rows(start..<start + request.size)
          return Page(
            // Keys are offsets: the page before starts a page size earlier
            // (a jump's page is larger, so not `request.size`).
            items: rows, previousKey: start > 0 ? max(0, start - 20) : nil,
            nextKey: start + rows.count < table.ids.count ? start + rows.count : nil,
            // The rows after: the list's content reaches the end of the
            // table, so the item read can stay at the top of the viewport
            // wherever the refresh finds it.
            itemsAfter: max(0, table.ids.count - start - rows.count))
        })
      : .positional { range in PositionalPage(items: table.rows(range), totalCount: table.ids.count)
      }
    let pager = Pager(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 20, settleInterval: .zero),
      source: source)
    pager.refresh()
    await pager.waitUntilIdle()
    var list = Self.list(
      following: pager, layout: FixedLengthLayout(itemCount: pager.items.count, itemLength: 50))
    // Walk down to row 300 as a reader scrolls, following the pager.
    var offset = 0.0
    while list.visibleRange.lowerBound < 300 {
      offset += 400
      _ = list.scroll(toOffset: offset)
      await pager.waitUntilIdle()
      Self.follow(pager, in: &list)
    }
    _ = list.scroll(toOffset: list.engine.viewport.offset + 17)
    await pager.waitUntilIdle()
    Self.follow(pager, in: &list)
    let first = list.visibleRange.lowerBound
    let read = list.data[first].id
    let screen = Double(first) * 50 - list.engine.viewport.offset
    #expect(read == .item(first), "row \(first) read before the change")
    // Rows inserted (new ids) or deleted near the top of the table.
    var ids = table.ids
    if shift > 0 {
      ids.insert(contentsOf: (0..<shift).map { 10_000 + $0 }, at: 5)
    } else {
      ids.removeSubrange(5..<5 - shift)
    }
    table.ids = ids
    pager.refresh()
    await pager.waitUntilIdle()
    Self.follow(pager, in: &list)
    let now = list.visibleRange.lowerBound
    let note = "keyed \(keyed), shift \(shift)"
    #expect(list.data[now].id == read, "the item read is still the first visible row: \(note)")
    #expect(Double(now) * 50 - list.engine.viewport.offset == screen, "0 pt drift: \(note)")
    #expect(list.windowIDs == list.window.map { pager.items.rows[$0].id }, "\(note)")
  }

  @Test(
    "Rows dragged above, inside and below the window, several pending: the row read stays put",
    arguments: modelTestSeeds)
  func dragsKeepTheRowRead(seed: UInt64) async {
    let pager = await Self.loadedMessages()
    var list = Self.list(
      following: pager, layout: FixedLengthLayout(itemCount: pager.items.count, itemLength: 50))
    _ = list.scroll(toOffset: 150 * 50 + 17)
    await pager.waitUntilIdle()
    Self.follow(pager, in: &list)
    var g = SplitMix64(seed: seed)
    for round in 0..<sized(20, full: 100) {
      let first = list.visibleRange.lowerBound
      let read = list.data[first].id
      let screen = Double(first) * 50 - list.engine.viewport.offset
      let version = list.data.version
      // One to three drags before the list's next frame, of loaded rows
      // anywhere: above the window, in it, below it.
      var reference = pager.items.map { $0?.id }
      let rowsBefore = pager.items.rows.map(\.id)
      var movedRead = false
      for _ in 0..<Int.random(in: 1...3, using: &g) {
        let loaded = reference.indices.filter { reference[$0] != nil }
        let ids = (0..<Int.random(in: 1...3, using: &g)).map { _ in
          reference[loaded.randomElement(using: &g)!]!
        }
        let before = Bool.random(using: &g) ? nil : reference[loaded.randomElement(using: &g)!]
        guard pager.move(ids: ids, before: before) else { continue }
        reference = Self.moving(ids, before: before, in: reference)
        movedRead = movedRead || ids.contains { .item($0) == read }
      }
      #expect(pager.items.map { $0?.id } == reference, "round \(round): the pager's rows")
      let changes = pager.changes(since: version) ?? []
      #expect(
        changes.allSatisfy { $0.deletions.reduce(0) { $0 + $1.count } == $0.moves.count },
        "round \(round): every removed row is a move")
      let replayed = Self.replaying(changes, on: rowsBefore)
      let rowsNow = pager.items.rows.map(\.id)
      if replayed != rowsNow {
        let at = replayed.map { rows in
          zip(rows, rowsNow).enumerated().first { $1.0 != $1.1 }?.offset ?? rows.count
        }
        Issue.record(
          "round \(round): the moves published differ from the rows at \(String(describing: at))")
      }
      Self.follow(pager, in: &list)
      #expect(list.windowIDs == list.window.map { pager.items.rows[$0].id }, "round \(round)")
      let now = list.visibleRange.lowerBound
      if !movedRead {
        #expect(list.data[now].id == read, "round \(round): the row read is still first")
        #expect(Double(now) * 50 - list.engine.viewport.offset == screen, "round \(round): 0 pt")
      }
      // The reader moves on a little, and the pager loads around it (by whole
      // points, so that 0 pt is exact).
      _ = list.scroll(
        toOffset: list.engine.viewport.offset + Double(Int.random(in: -300...300, using: &g)))
      await pager.waitUntilIdle()
      Self.follow(pager, in: &list)
    }
  }

  /// `rows` changed by `changes` in turn, each inserted row the one a move
  /// brings (`nil` if one is not).
  static func replaying<ID>(_ changes: [RowChanges], on rows: [ID]) -> [ID]? {
    var rows = rows
    for change in changes {
      let arriving = Dictionary(change.moves.map { ($0.to, rows[$0.from]) }) { first, _ in first }
      for range in change.deletions.reversed() { rows.removeSubrange(range) }
      for position in change.insertions.joined() {
        guard let row = arriving[position], position <= rows.count else { return nil }
        rows.insert(row, at: position)
      }
    }
    return rows
  }

  /// `rows` with the rows of `ids` moved before `destination` (the end if
  /// `nil`), in their order, as `Pager.move(ids:before:)` documents it.
  static func moving(_ ids: [Int], before destination: Int?, in rows: [Int?]) -> [Int?] {
    let moved = Set(ids)
    let kept = rows.filter { $0.map { !moved.contains($0) } ?? true }
    let movedRows = rows.filter { $0.map(moved.contains) ?? false }
    guard let destination else { return kept + movedRows }
    // A destination among the moved: the first kept row after it.
    let start = rows.firstIndex(of: destination)!
    let after = rows[start...].first { $0.map { !moved.contains($0) } ?? false }
    guard let after, let k = kept.firstIndex(of: after) else { return kept + movedRows }
    return Array(kept[..<k]) + movedRows + Array(kept[k...])
  }

  /// A positional pager of 1,000 messages, its first pages loaded.
  static func loadedMessages() async -> Pager<Int, Message> {
    let pager = Pager<Int, Message>(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 20, settleInterval: .zero),
      source: .positional { range in
        PositionalPage(
          items: range.clamped(to: 0..<1_000).map { Message(id: $0) }, totalCount: 1_000)
      })
    pager.refresh()
    await pager.waitUntilIdle()
    return pager
  }

  /// The row heights a host measures: not the estimate, and uneven.
  static func trueLength(ofItem id: Int) -> Double { Double(30 + (id * 7) % 5 * 13) }

  @Test(
    "A jump lands on its row while the pager loads the pages around it",
    arguments: [0, 1, 250, 700, 985, 999])
  func jumpLandsThroughLoads(row: Int) async {
    let pager = await Self.loadedMessages()
    var list = Self.list(
      following: pager,
      layout: VariableLengthLayout(itemCount: pager.items.count, estimatedLength: 40))
    list.scroll(toPosition: row)
    // A host's frames: the pager's publications followed, the window's
    // rows measured (placeholders at the estimate), until nothing changes.
    for _ in 0..<20 {
      await pager.waitUntilIdle()
      Self.follow(pager, in: &list)
      for position in list.window {
        let length = list.data[position].item.map { Self.trueLength(ofItem: $0.id) } ?? 40
        _ = list.setLength(length, of: position)
      }
    }
    #expect(list.window.allSatisfy { pager.items.isLoaded(at: $0) })
    let frame = list.engine.layout.frame(of: row)
    let maximum = list.engine.contentLength - 500
    if frame.mainOffset <= maximum {
      #expect(list.engine.viewport.offset == frame.mainOffset, "row \(row) at the top")
    } else {
      #expect(list.engine.isAtEnd, "row \(row) past the last screen: the end is shown")
    }
    #expect(list.aimedScroll?.position == row && list.aimedScroll?.isSettled == true)
  }
}
