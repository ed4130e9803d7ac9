//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
@_spi(Testing) import Paging
import Testing
import Windowing
import _TestSupport

@Suite("Scrolling a million items (100,000 at the default size) through every adapter")
struct ScrollThroughAdaptersTests {
  static let itemCount = sized(100_000, full: 1_000_000)

  /// Scrolls from top to bottom in viewport-sized jumps and checks that each
  /// frame read the collection only at positions inside its window.
  /// Returns the number of published windows.
  @discardableResult
  func scrollThrough<C: RandomAccessCollection, ID: Hashable>(
    _ collection: C, id: @escaping (C.Element) -> ID, step: Double = 4_000,
    configure: (inout VirtualList<AccessCountingCollection<C>, ID, FixedLengthLayout>) -> Void = {
      _ in
    }
  ) -> Int where C.Index == Int {
    let counter = AccessCounter()
    let data = AccessCountingCollection(collection, counter: counter)
    let engine = WindowingEngine(
      layout: FixedLengthLayout(itemCount: collection.count, itemLength: 50),
      viewport: Viewport(length: 1_000), overscan: Overscan(points: 100, items: 2))
    var list = VirtualList(data: data, id: id, engine: engine)
    configure(&list)
    #expect(
      counter.readRange.map {
        list.window.contains($0.lowerBound) && list.window.contains($0.upperBound)
      } ?? true)
    var published = 0
    var offset = 0.0
    var outside = 0
    while offset < engine.contentLength {
      counter.reset()
      offset += step
      if list.scroll(toOffset: offset) != nil { published += 1 }
      if let range = counter.readRange,
        !(list.window.contains(range.lowerBound) && list.window.contains(range.upperBound))
      {
        outside += 1
      }
    }
    #expect(outside == 0, "\(outside) frames read outside their window")
    #expect(published > 0)
    return published
  }

  @Test func array() {
    scrollThrough(Array(0..<Self.itemCount), id: { $0 })
  }

  @Test func orderedStore() {
    let store = OrderedStore(uniqueKeysWithValues: (0..<Self.itemCount).lazy.map { ($0, $0 * 2) })
    scrollThrough(store, id: { $0.key })
  }

  @Test func linkedList() {
    // Integer nodes: a million class nodes would also work, but their
    // recursive release would overflow the stack on deallocation.
    let n = Self.itemCount
    let list = LinkedListCollection(
      head: 0, count: n, next: { $0 + 1 < n ? $0 + 1 : nil }, element: { $0 })
    scrollThrough(list, id: { $0 })
  }

  @Test func outline() {
    var next = 0
    func build(_ depth: Int) -> TreeNode {
      let node = TreeNode(next)
      next += 1
      if depth < sized(4, full: 5) { node.children = (0..<10).map { _ in build(depth + 1) } }
      return node
    }
    let roots = (0..<10).map { _ in build(0) }
    var outline = OutlineCollection(roots: roots, children: \.children)
    outline.expandAll()
    #expect(outline.count == sized(111_110, full: 1_111_110))
    scrollThrough(outline, id: { $0.id }, step: 40_000)
  }

  @MainActor
  @Test func pagedCollection() async {
    let total = Self.itemCount
    let pager = Pager<Int, Int>(
      configuration: PagingConfiguration(
        pageSize: 500, prefetchDistance: 200, maximumLoadedPages: 6),
      source: .keyed(load: { request in
        let start = request.key ?? 0
        let end = min(total, start + request.size)
        return Page(
          items: Array(start..<end), previousKey: start > 0 ? max(0, start - 500) : nil,
          nextKey: end < total ? end : nil, itemsBefore: start, itemsAfter: total - end)
      }))
    pager.refresh()
    await pager.waitUntilIdle()
    #expect(pager.items.count == total)
    // The windowing engine reports visible ranges to the pager.
    scrollThrough(pager.items, id: { $0 ?? -1 }, step: 400_000) { list in
      list.onVisibilityChange = { update in
        MainActor.assumeIsolated { pager.visibleRangeDidChange(update.visibleRange) }
      }
    }
    // The scroll jumps 8,000 rows a frame: a fling. Its loads start once
    // the visible range has settled.
    await pager.waitUntilIdle()
    #expect(pager.requestCount >= 2, "scrolling requested pages through the hook")
  }
}
