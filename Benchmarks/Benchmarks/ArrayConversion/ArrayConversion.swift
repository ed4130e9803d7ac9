//===----------------------------------------------------------------------===//
//
// The headline: feeding a 50-row window through a top-to-bottom scroll of
// 1,000,000 items, in place, against converting to Array first (what people
// do today). "Malloc / free Δ (bytes)" is what the feed holds while it shows
// the window (measured before it is released).
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters
import Paging
import Windowing

let count = 1_000_000
let store = OrderedStore(uniqueKeysWithValues: (0..<count).lazy.map { ($0, $0) })
let nodes = LinkedList(count: count)
let list = LinkedListCollection(
  head: nodes.head, count: count, next: { $0.next }, element: { $0.value })
let tree = makeTree()
let outline: OutlineCollection<TreeNode, Int, [TreeNode]> = {
  var outline = OutlineCollection(roots: tree, children: \.children)
  outline.expandAll()
  return outline
}()
let array = Array(0..<count)

/// Scrolls a `VirtualList` over `data` from top to bottom, one viewport of
/// 50 rows per frame, reading the id of every row that enters. Returns the
/// number of published windows. In this file, so it specializes per adapter.
@inline(never)
func scrollThrough<C: RandomAccessCollection, ID: Hashable>(
  _ data: C, id: @escaping (C.Element) -> ID
) -> Int where C.Index == Int {
  let rowLength = 44.0
  var list = VirtualList(
    data: data, id: id,
    engine: WindowingEngine(
      layout: FixedLengthLayout(itemCount: data.count, itemLength: rowLength),
      viewport: Viewport(length: 50 * rowLength), overscan: Overscan(items: 5)))
  var offset = 0.0
  var published = 0
  let end = list.engine.contentLength
  while offset < end {
    offset += 50 * rowLength
    if let update = list.scroll(toOffset: offset) { published += update.entered.count > 0 ? 1 : 0 }
  }
  return published
}

/// Scrolls a warmed-up `VirtualList` over `data` through 1,000 frames that
/// each move the window (a third of a viewport per frame, reading every
/// update's entered ids and filling the host's render plan), measuring only
/// those frames: in steady state a publication reuses the list's buffers,
/// the plan reuses its own, and nothing is allocated.
func steadyFrames<C: RandomAccessCollection, ID: Hashable>(
  _ name: String, _ data: @escaping @Sendable () -> C, id: @escaping @Sendable (C.Element) -> ID
) where C.Index == Int {
  Benchmark(
    "\(name): 1,000 frames that move the window (steady state)",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxIterations: 10,
      thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal]))
  ) { benchmark in
    let data = data()
    let rowLength = 44.0
    var list = VirtualList(
      data: data, id: id,
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: data.count, itemLength: rowLength),
        viewport: Viewport(length: 50 * rowLength), overscan: Overscan(items: 5)))
    var offset = 0.0
    var entered = 0
    var plan = RenderPlan<ID>()
    func frame() {
      offset += 17 * rowLength
      if let update = list.scroll(toOffset: offset) {
        for id in update.entered { blackHole(id) }
        entered += update.entered.count
        list.updateRenderPlan(&plan, after: update)
        blackHole(plan.rows.count)
      }
    }
    for _ in 0..<10 { frame() }  // both window buffers grow to the window's size
    benchmark.startMeasurement()
    for _ in 0..<1_000 { frame() }
    benchmark.stopMeasurement()
    blackHole(entered)
  }
}

/// Registers the in-place and the Array-conversion benchmark of one adapter.
/// At file scope (not nested in the closure) so it specializes per adapter.
func pair<C: RandomAccessCollection, ID: Hashable>(
  _ name: String, _ data: @escaping @Sendable () -> C, id: @escaping @Sendable (C.Element) -> ID
) where C.Index == Int {
  Benchmark("\(name): in place") { benchmark in
    let data = data()
    benchmark.startMeasurement()
    blackHole(scrollThrough(data, id: id))
    benchmark.stopMeasurement()
  }
  Benchmark("\(name): Array conversion") { benchmark in
    let data = data()
    benchmark.startMeasurement()
    let converted = Array(data)
    blackHole(scrollThrough(converted, id: id))
    benchmark.stopMeasurement()
    blackHole(converted)
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocBytesCount, .mallocCountTotal, .memoryLeakedBytes],
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 5,
    thresholds: regressionThresholds(for: [
      .wallClock, .mallocBytesCount, .mallocCountTotal, .memoryLeakedBytes,
    ]))

  pair("OrderedStore 1M", { store }, id: { $0.key })
  pair("LinkedListCollection 1M", { list }, id: { $0 })
  pair("OutlineCollection 1.1M", { outline }, id: { $0.id })
  // The same scroll over the rows already flattened (the conversion not
  // measured): what an outline costs per frame against a plain array.
  let flattenedOutline = Array(outline)
  Benchmark("OutlineCollection 1.1M: the flattened rows, conversion not measured") {
    benchmark in
    benchmark.startMeasurement()
    blackHole(scrollThrough(flattenedOutline, id: { $0.id }))
    benchmark.stopMeasurement()
  }
  pair("Array 1M (baseline)", { array }, id: { $0 })
  steadyFrames("OrderedStore 1M", { store }, id: { $0.key })
  steadyFrames("LinkedListCollection 1M", { list }, id: { $0 })
  steadyFrames("OutlineCollection 1.1M", { outline }, id: { $0.id })
  steadyFrames("Array 1M (baseline)", { array }, id: { $0 })

  Benchmark("PagedCollection 1M: in place") { benchmark in
    let items = await loadedPagedItems()
    benchmark.startMeasurement()
    blackHole(scrollThrough(items, id: { $0 ?? -1 }))
    benchmark.stopMeasurement()
  }
  Benchmark("PagedCollection 1M: Array conversion") { benchmark in
    let items = await loadedPagedItems()
    benchmark.startMeasurement()
    let converted = Array(items)
    blackHole(scrollThrough(converted, id: { $0 ?? -1 }))
    benchmark.stopMeasurement()
    blackHole(converted)
  }
}

/// A pager's snapshot with all 1,000,000 items loaded in pages of 10,000.
@MainActor
func loadedPagedItems() async -> PagedCollection<Int> {
  let pager = Pager<Int, Int>(
    configuration: PagingConfiguration(pageSize: 10_000, initialLoadSize: 10_000, trigger: .manual),
    source: .keyed(load: { request in
      let start = request.key ?? 0
      let end = min(count, start + request.size)
      return Page(items: Array(start..<end), nextKey: end < count ? end : nil)
    }))
  pager.refresh()
  while !pager.loadState(of: .append).isEndReached {
    if !pager.loadState(of: .append).isLoading { pager.loadNext() }
    await Task.yield()
  }
  return pager.items
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum ArrayConversionSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
