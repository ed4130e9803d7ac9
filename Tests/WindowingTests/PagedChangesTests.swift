//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Paging
import Testing
import Windowing
import _TestSupport

@MainActor
@Suite("A pager's changes applied to a VirtualList")
struct PagedChangesTests {
  /// Items `start..<start + size` of `0..<1_000`, keyed by offset, without
  /// counts: a prepend adds positions at the top.
  nonisolated static func page(_ request: PageRequest<Int>) -> Page<Int, Int> {
    let start = max(0, request.key ?? 500)
    let end = min(1_000, start + request.size)
    return Page(
      items: Array(start..<end), previousKey: start > 0 ? max(0, start - 20) : nil,
      nextKey: end < 1_000 ? end : nil)
  }

  @Test("A prepend above the viewport keeps the first visible row where it was")
  func prependKeepsTheViewportAnchored() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 0, trigger: .manual),
      initialKey: 500, loader: { Self.page($0) })
    pager.refresh()
    await pager.waitUntilIdle()
    #expect(pager.items.first == 500)
    var list = VirtualList(
      data: pager.items, id: { $0 ?? -1 },
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: pager.items.count, itemLength: 50),
        viewport: Viewport(offset: 0, length: 500)))
    _ = list.scroll(to: 40 * 50 + 10)  // row 540 at the top, 10 points up
    let row = list.data[list.engine.visible.lowerBound]
    let screenOffset = 40 * 50.0 - list.engine.viewport.offset
    let version = list.data.version
    pager.loadPrevious()
    await pager.waitUntilIdle()
    #expect(pager.items.count == 80 && pager.items.first == 480)
    let batches = pager.changes(since: version) ?? []
    #expect(batches.count == 1 && batches.first?.inserted == [0..<20])
    list.apply(batches, from: pager.items)
    let first = list.engine.visible.lowerBound
    #expect(list.data[first] == row, "the same row is first on screen")
    #expect(Double(first) * 50 - list.engine.viewport.offset == screenOffset)
  }

  @Test("Five pending publications apply in one call, anchored")
  func pendingPublicationsApplyInOneCall() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 0, trigger: .manual),
      initialKey: 500, loader: { Self.page($0) })
    pager.refresh()
    await pager.waitUntilIdle()
    var list = VirtualList(
      data: pager.items, id: { $0 ?? -1 },
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: pager.items.count, itemLength: 50),
        viewport: Viewport(offset: 0, length: 300)))
    _ = list.scroll(to: 5 * 50)
    let read = list.data[list.engine.visible.lowerBound]
    let version = list.data.version
    // Five count-changing publications before the list's next frame.
    for load in 0..<5 {
      if load.isMultiple(of: 2) { pager.loadPrevious() } else { pager.loadNext() }
      await pager.waitUntilIdle()
    }
    let changes = pager.changes(since: version) ?? []
    #expect(changes.count == 5)
    list.apply(changes, from: pager.items)
    #expect(list.engine.layout.itemCount == pager.items.count)
    #expect(list.windowIDs == list.window.map { pager.items[$0] ?? -1 })
    #expect(list.data[list.engine.visible.lowerBound] == read, "the row read is still first")
  }

  @Test("Changes since a version too old ask for a full reload")
  func oldVersionsAskForAReload() async {
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(pageSize: 5, initialLoadSize: 5, trigger: .manual),
      initialKey: 0,
      loader: { Self.page($0) })
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
}
