//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CHeapStatistics
import CollectionAdapters
import IdentityDiff
import Observation
@_spi(Testing) import Paging
import Windowing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one adapter did in the scripted scroll.
struct Report {
  var adapter: String
  var items = 0
  var frames = 0
  var windows = 0
  var frameNanoseconds: [Double] = []
  var heapGrowthWhileScrolling = 0
  var arrayConversionBytes = 0
  var pageLoads: Int?
  var dataChange = ""
  /// For the paged adapter: what each jump took to show its rows.
  var jumps = ""

  /// Notes a data change and what it did to the list on screen.
  mutating func record<ID>(_ change: String, _ update: ListUpdate<ID>) {
    let correction = Int(update.change.scrollCorrection)
    dataChange = "\(change); offset corrected by \(correction) pt"
  }

  func percentile(_ p: Double) -> Double {
    guard !frameNanoseconds.isEmpty else { return 0 }
    let sorted = frameNanoseconds.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }
}

struct Options {
  var items = 1_000_000
  var adapters = Demo.adapterNames
  var json = false
}

@main
enum Demo {
  static let adapterNames = ["orderedstore", "linkedlist", "outline", "paged", "array"]
  static let rowLength = 44.0
  static let viewportRows = 50.0
  /// The paged adapter's steady read: 15 rows a frame, under the fiftieth
  /// of a 1,000-row page that makes a move a fling.
  static let readingStep = 15 * rowLength
  /// Frames a jump is given to show its rows (2 s at 60 Hz).
  static let framesPerJump = 120

  static func usage() -> String {
    """
    usage: adapters-demo [--items N] [--adapter NAME] [--json]
      --items N        items per adapter (default 1000000; at least 100)
      --adapter NAME   one of: \(adapterNames.joined(separator: ", ")), all (default all)
      --json           machine-readable output on standard output
    """
  }

  static func fail(_ message: String) -> Never {
    var stderr = StandardError()
    print("adapters-demo: \(message)\n\(usage())", to: &stderr)
    exit(2)
  }

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--items":
        guard let text = iterator.next() else { fail("--items needs a number") }
        guard let n = Int(text), n >= 100, n <= 50_000_000 else {
          fail("--items must be a whole number from 100 to 50000000, not '\(text)'")
        }
        options.items = n
      case "--adapter":
        guard let name = iterator.next()?.lowercased() else { fail("--adapter needs a name") }
        if name == "all" {
          options.adapters = adapterNames
        } else if adapterNames.contains(name) {
          options.adapters = [name]
        } else {
          fail("unknown adapter '\(name)'")
        }
      case "--json":
        options.json = true
      case "-h", "--help":
        print(usage())
        exit(0)
      default:
        fail("unknown argument '\(argument)'")
      }
    }
    return options
  }

  @MainActor
  static func main() async {
    let options = parse(Array(CommandLine.arguments.dropFirst()))
    var reports: [Report] = []
    for (number, name) in options.adapters.enumerated() {
      progress("[\(number + 1)/\(options.adapters.count)] \(name): building \(options.items) items")
      switch name {
      case "orderedstore": reports.append(await runOrderedStore(options.items))
      case "linkedlist": reports.append(await runLinkedList(options.items))
      case "outline": reports.append(await runOutline(options.items))
      case "paged": reports.append(await runPaged(options.items))
      default: reports.append(await runArray(options.items))
      }
    }
    progress("done\n")
    if options.json { printJSON(reports) } else { printTable(reports) }
  }

  // MARK: - The scripted scroll

  static func makeEngine(count: Int) -> WindowingEngine<FixedLengthLayout> {
    WindowingEngine(
      layout: FixedLengthLayout(itemCount: count, itemLength: rowLength),
      viewport: Viewport(length: viewportRows * rowLength, crossLength: 390, leadingInset: 47),
      overscan: Overscan(points: 10 * rowLength))
  }

  /// Top to bottom in half-viewport steps, then `jumps` jumps spread over the content.
  static func topToBottom(contentLength end: Double, jumps: Int) -> [Double] {
    let step = viewportRows * rowLength / 2
    return Array(stride(from: step, to: end, by: step)) + spreadJumps(jumps, over: end)
  }

  /// `count` offsets spread evenly over the content, the same on every run:
  /// the golden-ratio sequence (each jump lands in the largest gap left).
  static func spreadJumps(_ count: Int, over end: Double) -> [Double] {
    (0..<count).map { k in
      let fraction = (Double(k + 1) * 0.618_033_988_749_894_8).truncatingRemainder(dividingBy: 1)
      return (fraction * end).rounded()
    }
  }

  /// Scrolls `list` to each of `offsets`, one frame each, timing the list's
  /// work; `afterFrame` runs after each (the paged adapter's display pace).
  @MainActor
  static func scroll<C, ID>(
    _ list: inout VirtualList<C, ID, FixedLengthLayout>, report: inout Report, offsets: [Double],
    afterFrame:
      @MainActor (inout VirtualList<C, ID, FixedLengthLayout>, _ index: Int) async ->
      Void = { _, _ in }
  ) async {
    let clock = ContinuousClock()
    var heapBefore = 0
    var peak = 0
    report.frameNanoseconds.reserveCapacity(offsets.count)
    for (index, offset) in offsets.enumerated() {
      if index % 20_000 == 0 {
        progress("  frame \(index)/\(offsets.count)")
      }
      let started = clock.now
      let update = list.scroll(toOffset: offset)
      let elapsed = clock.now - started
      report.frameNanoseconds.append(
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
      report.frames += 1
      if update?.change.windowChanged == true { report.windows += 1 }
      await afterFrame(&list, index)
      // The baseline is read after the first frame, once the async task's
      // own frame storage exists: it is the harness's, not the adapter's.
      if index == 0 { heapBefore = ca_heap_bytes_in_use() }
      peak = max(peak, ca_heap_bytes_in_use())
    }
    report.heapGrowthWhileScrolling = max(report.heapGrowthWhileScrolling, peak - heapBefore)
  }

  /// Measures the bytes `Array(collection)` takes, by doing it.
  static func arrayConversionBytes<C: Collection>(_ collection: C) -> Int {
    let before = ca_heap_bytes_in_use()
    let array = Array(collection)
    let after = ca_heap_bytes_in_use()
    withExtendedLifetime(array) {}
    return max(0, after - before)
  }

  // MARK: - Adapters

  @MainActor
  static func runOrderedStore(_ n: Int) async -> Report {
    var report = Report(adapter: "OrderedStore", items: n)
    var store = OrderedStore<Int, String>(minimumCapacity: n)
    for id in 0..<n { store[key: id] = "Item \(id)" }
    report.arrayConversionBytes = arrayConversionBytes(store)
    var list = VirtualList(data: store, id: { $0.key }, engine: makeEngine(count: n))
    await scroll(
      &list, report: &report,
      offsets: topToBottom(contentLength: list.engine.contentLength, jumps: 500))
    // A data change: rows removed and inserted above the viewport, through
    // the list, in place, each edit reporting its own rows.
    let anchor = list.visibleRange.lowerBound
    let update = list.update { store in
      var changes = store.removeSubrange(10..<20)
      for k in 0..<15 {
        changes = changes.followed(by: store.setValue("New \(k)", forKey: -1 - k, insertingAt: 5))
      }
      return changes
    }
    report.record("25 rows changed above row \(anchor)", update)
    return report
  }

  @MainActor
  static func runLinkedList(_ n: Int) async -> Report {
    var report = Report(adapter: "LinkedListCollection", items: n)
    let nodes = ListNodes(count: n)
    defer { nodes.release() }
    let adapter = LinkedListCollection(head: nodes.head, next: { $0.next }, element: { $0.value })
    report.arrayConversionBytes = arrayConversionBytes(adapter)
    var list = VirtualList(data: adapter, id: { $0 }, engine: makeEngine(count: n))
    await scroll(
      &list, report: &report,
      offsets: topToBottom(contentLength: list.engine.contentLength, jumps: 500))
    // A data change: a node inserted near the top.
    let third = nodes.head!.next!.next!
    third.next = ListNode(-1, next: third.next)
    let update = list.update { rows in
      rows.invalidate(from: 3, newCount: n + 1)
      return RowChanges(insertions: [3..<4])
    }
    report.record("node inserted at 3", update)
    return report
  }

  @MainActor
  static func runOutline(_ n: Int) async -> Report {
    var report = Report(adapter: "OutlineCollection")
    let roots = makeTree(nodes: n)
    // The list owns the outline (no second reference): edits go through
    // it, in place.
    var list = VirtualList(
      data: OutlineCollection(roots: roots, children: \.children), id: { $0.id },
      engine: makeEngine(count: roots.count))
    list.update { rows in
      rows.expandAll()
      return RowChanges(deletions: [0..<roots.count], insertions: [0..<rows.count])
    }
    report.items = list.data.count
    report.arrayConversionBytes = arrayConversionBytes(list.data)
    await scroll(
      &list, report: &report,
      offsets: topToBottom(contentLength: list.engine.contentLength, jumps: 500))
    // A data change: collapse the first root, above the viewport.
    let before = list.data.count
    let update = list.update { $0.collapse(roots[0].id).rowChanges }
    report.record("root collapsed (\(before - list.data.count) rows)", update)
    return report
  }

  @MainActor
  static func runPaged(_ n: Int) async -> Report {
    var report = Report(adapter: "PagedCollection")
    report.items = n
    // `inserted` rows arrive at the top later (new messages the refresh finds).
    let inserted = _Counter()
    let pager = makePager(n, inserted: inserted)
    pager.refresh()
    await pager.waitUntilIdle()
    report.arrayConversionBytes = arrayConversionBytes(pager.items)
    // The pager's rows (each placeholder with its own id), fed the visible
    // range as a scroll view feeds it: a far jump settles before it loads.
    var list = VirtualList(
      data: pager.items.rows, id: { $0.id }, engine: makeEngine(count: pager.items.count))
    list.onVisibilityChange = { pager.visibleRangeDidChange($0.visibleRange) }
    // Frames at a display's pace (60 Hz, on the real clock the pager's
    // settle interval runs on): a steady read, then jumps. Each frame
    // follows the pager's publications and waits for nothing else.
    var display = DisplayClock()
    let readFrames = 600
    let read = (1...readFrames).map { Double($0) * readingStep }
    let jumps = spreadJumps(20, over: list.engine.contentLength)
    var landings = JumpLandings()
    var unshown = 0
    func shown(_ list: PagedList) -> Bool {
      !list.visibleRange.contains { !pager.items.isLoaded(at: $0) }
    }
    await scroll(&list, report: &report, offsets: read) { list, _ in
      await display.waitForNextFrame()
      Self.follow(pager, in: &list)
      if !shown(list) { unshown += 1 }
    }
    // After a jump the offset stays put, frame after frame, until the rows
    // on screen are loaded: the settle interval, then the loads.
    await scroll(&list, report: &report, offsets: jumps) { list, _ in
      let started = ContinuousClock.now
      let loadsBefore = pager.requestCount
      var frames = 0
      repeat {
        await display.waitForNextFrame()
        Self.follow(pager, in: &list)
        frames += 1
        if !shown(list) { unshown += 1 }
      } while !shown(list) && frames < framesPerJump
      guard shown(list) else { return }
      landings.record(
        frames: frames, loads: pager.requestCount - loadsBefore,
        time: ContinuousClock.now - started)
    }
    report.pageLoads = pager.requestCount
    report.jumps =
      "\(readFrames) frames read \(Int(readingStep / rowLength)) rows each at 60 Hz, then "
      + "\(jumps.count) jumps; \(landings.summary)"
      + "; \(unshown) of \(report.frames) frames showed placeholders"
    report.dataChange = await refreshAfterArrivals(pager, &list, inserted: inserted)
    return report
  }

  typealias PagedList = VirtualList<PagedRows<DemoMessage>, PagedRowID<Int>, FixedLengthLayout>

  /// A positional source (SQL `LIMIT/OFFSET`) that knows its count, so a
  /// jump loads the pages at the visible range directly: a message at each
  /// position, whose id is not its position, after `inserted` new ones.
  @MainActor
  static func makePager(_ n: Int, inserted: _Counter) -> Pager<Int, DemoMessage> {
    let pageSize = 1_000
    return Pager<Int, DemoMessage>(
      configuration: PagingConfiguration(
        pageSize: pageSize, initialLoadSize: pageSize, prefetchDistance: 2 * pageSize,
        maximumLoadedPages: 8),
      source: .positional { range in
        try await Task.sleep(for: .milliseconds(1))  // a simulated remote source
        let top = inserted.value
        let rows = range.clamped(to: 0..<n + top).map { position in
          DemoMessage(id: position < top ? -1 - position : 7 * (position - top) + 3)
        }
        return PositionalPage(items: rows, totalCount: n + top)
      })
  }

  /// Three messages arrive at the top, then `refresh()` in place: where is
  /// the item the reader was looking at, by its identity?
  @MainActor
  static func refreshAfterArrivals(
    _ pager: Pager<Int, DemoMessage>, _ list: inout PagedList, inserted: _Counter
  ) async -> String {
    await pager.waitUntilIdle()
    Self.follow(pager, in: &list)
    let loadsBeforeRefresh = pager.requestCount
    let firstVisible = list.visibleRange.lowerBound
    let itemBefore = list.data[firstVisible].id
    inserted.value = 3
    pager.refresh()
    await pager.waitUntilIdle()
    Self.follow(pager, in: &list)
    let now = list.visibleRange.lowerBound
    let shift = list.data.firstIndex { $0.id == itemBefore }.map { $0 - firstVisible }
    return "refresh() in place after 3 rows arrived at the top: "
      + "\(pager.requestCount - loadsBeforeRefresh) loads; the item read "
      + (list.data[now].id == itemBefore
        ? "is still the first visible row"
        : "moved \(shift.map { "by \($0) rows" } ?? "out of the loaded rows")")
  }

  /// Brings `list` up to the pager's latest publication.
  @MainActor
  static func follow(
    _ pager: Pager<Int, DemoMessage>,
    in list: inout PagedList
  ) {
    guard list.data.version != pager.items.version else { return }
    if let changes = pager.changes(since: list.data.version) {
      list.apply(RowChanges(composing: changes), from: pager.items.rows)
    } else {
      list.replaceData(pager.items.rows)
    }
  }

  @MainActor
  static func runArray(_ n: Int) async -> Report {
    var report = Report(adapter: "Array (baseline)", items: n)
    let array = (0..<n).map { "Item \($0)" }
    // Converting an Array is free (it shares storage): the baseline already
    // paid for the array, so its column shows what the array itself holds.
    report.arrayConversionBytes = arrayConversionBytes(array.lazy.map { $0 })
    var list = VirtualList(data: array, id: { $0 }, engine: makeEngine(count: n))
    await scroll(
      &list, report: &report,
      offsets: topToBottom(contentLength: list.engine.contentLength, jumps: 500))
    let update = list.replaceData(array + ["Appended"])
    report.dataChange = "appended 1; window \(update.change.window)"
    return report
  }
}
