//===----------------------------------------------------------------------===//
//
// Window queries and size updates at 1,000,000 rows, against the linear row
// filter of CollectionThing and the prefix-sum rebuild of web virtualizers.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import Windowing

let n = 1_000_000
let rowLength = 44.0

/// The seed's row: an id, a frame and its slice of items, as CollectionThing
/// builds them (`WrappedLayout`), and its query: a filter of every row by
/// rectangle intersection (`rows(in:)`).
struct Rect {
  var x, y, width, height: Double
  func intersects(_ other: Rect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height
      && other.y < y + height
  }
}
struct SeedRow {
  var id: Int
  var frame: Rect
  var items: ArraySlice<Int>
}
let seedItems = Array(0..<n)
let seedRows: [SeedRow] = (0..<n).map {
  SeedRow(
    id: $0, frame: Rect(x: 0, y: Double($0) * rowLength, width: 390, height: rowLength),
    items: seedItems[$0..<$0 + 1])
}
nonisolated(unsafe) var engine = WindowingEngine(
  layout: VariableLengthLayout(itemCount: n, estimatedLength: rowLength),
  viewport: Viewport(length: 800), overscan: Overscan(points: 200))
nonisolated(unsafe) var offsets: [Double] = (0...n).map { Double($0) * rowLength }
nonisolated(unsafe) var lengths = [Double](repeating: rowLength, count: n)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 100,
    thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal]))

  Benchmark("1,000 window queries at 1M rows: WindowingEngine (variable sizes)") { _ in
    var position = 7
    for _ in 0..<1_000 {
      position = (position &* 7_919 &+ 13) % (n - 100)
      let change = engine.setViewport(
        Viewport(offset: Double(position) * rowLength, length: 800))
      blackHole(change.window)
    }
  }
  Benchmark("1 window query at 1M rows: linear row filter (CollectionThing)") { _ in
    let top = Double(n / 2) * rowLength
    let query = Rect(x: 0, y: top - 200, width: 390, height: 1_200)
    blackHole(seedRows.filter { $0.frame.intersects(query) })
  }
  Benchmark("1,000 size updates at 1M rows: WindowingEngine") { _ in
    var position = 11
    for step in 0..<1_000 {
      position = (position &* 7_919 &+ 13) % n
      blackHole(engine.setLength(40 + Double(step % 9), of: position))
    }
  }
  Benchmark("1 size update at 1M rows: prefix-sum rebuild from the changed index") { _ in
    let position = n / 2
    lengths[position] = lengths[position] == 44 ? 50 : 44
    for i in position..<n { offsets[i + 1] = offsets[i] + lengths[i] }
    blackHole(offsets[n])
  }
  Benchmark("scroll frames that publish nothing: WindowingEngine") { _ in
    var fixed = WindowingEngine(
      layout: FixedLengthLayout(itemCount: n, itemLength: rowLength),
      viewport: Viewport(length: 800), overscan: Overscan(points: 400))
    for offset in stride(from: 0.0, to: 150, by: 1) { blackHole(fixed.scroll(toOffset: offset)) }
  }
  // Time only: counting allocations interposes on each malloc, which
  // weighs on an operation of a few allocations and microseconds.
  let timeOnly = Benchmark.Configuration(
    metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 100,
    thresholds: regressionThresholds(for: [.wallClock]))
  Benchmark("prepend 100 items to 1M: VariableLengthLayout", configuration: timeOnly) { benchmark in
    var layout = VariableLengthLayout(itemCount: n, estimatedLength: rowLength)
    benchmark.startMeasurement()
    layout.insertItems(at: 0..<100)
    benchmark.stopMeasurement()
    blackHole(layout.contentLength)
  }
  Benchmark(
    "prepend 100 items to 1M: rebuild of the sums (the layout before)", configuration: timeOnly
  ) { benchmark in
    var values = [Double](repeating: rowLength, count: n)
    benchmark.startMeasurement()
    // What VariableLengthLayout did for an insert away from the end: read the
    // lengths back, insert, and rebuild the Fenwick tree over all of them.
    var tree = values
    var i = tree.count
    while i >= 1 {
      let parent = i + (i & -i)
      if parent <= tree.count { tree[parent - 1] -= tree[i - 1] }
      i -= 1
    }
    values.insert(contentsOf: repeatElement(rowLength, count: 100), at: 0)
    var rebuilt = values
    i = 1
    while i <= rebuilt.count {
      let parent = i + (i & -i)
      if parent <= rebuilt.count { rebuilt[parent - 1] += rebuilt[i - 1] }
      i += 1
    }
    benchmark.stopMeasurement()
    blackHole(rebuilt.last)
    blackHole(tree.first)
  }

  // TanStack Virtual's scenarios at the engine level: a cold mount (the
  // layout of every row at its estimate, ready to query) and a storm of
  // 10,000 measurements (`resizeItem` over 10k items: 1.35 ms published).
  Benchmark("mount 1M estimated rows: VariableLengthLayout", configuration: timeOnly) { _ in
    let layout = VariableLengthLayout(itemCount: n, estimatedLength: rowLength)
    blackHole(layout.items(overlapping: 22_000_000..<22_000_800))
  }
  Benchmark("mount 1M estimated rows: an array of the offsets", configuration: timeOnly) { _ in
    // What a flat prefix-sum layout (TanStack's `Float64Array`) writes.
    let starts = (0..<n).map { Double($0) * rowLength }
    blackHole(starts[500_000])
  }
  Benchmark("mount 1,000,000,000 estimated rows: VariableLengthLayout", configuration: timeOnly) {
    _ in
    let layout = VariableLengthLayout(itemCount: 1_000_000_000, estimatedLength: rowLength)
    blackHole(layout.items(overlapping: 22_000_000_000..<22_000_000_800))
  }
  // A reader scrolling up 100 pt a frame through rows never measured, the
  // host measuring each frame's entering rows as one batch (real heights
  // 0.5x to 2.7x the estimate): the cost of a frame's batch is O(rows
  // measured x log n), so 1M rows cost a small factor more than 10k.
  for rows in [10_000, 1_000_000] {
    Benchmark(
      "a frame's entering rows measured as one batch, 100 frames up: \(rows / 1_000)k rows",
      configuration: timeOnly
    ) { benchmark in
      var engine = WindowingEngine(
        layout: VariableLengthLayout(itemCount: rows, estimatedLength: rowLength),
        viewport: Viewport(offset: Double(rows / 2) * rowLength, length: 800),
        overscan: Overscan(points: 200))
      var measured = [Bool](repeating: false, count: rows)
      benchmark.startMeasurement()
      for _ in 0..<100 {
        _ = engine.scroll(toOffset: engine.viewport.offset - 100)
        let entering = engine.window.filter { !measured[$0] }
        for position in entering { measured[position] = true }
        blackHole(
          engine.setLengths(entering.map { (position: $0, length: 22 + Double($0 % 97)) }))
      }
      benchmark.stopMeasurement()
    }
  }
  // Hosts that re-report the whole window every frame (UIKit's
  // `visibleCells`) against hosts that report only what changed: 1,000
  // frames of 100 pt down at 1M rows, each frame's window (about 30 rows)
  // reported with its real heights. An unchanged length is read and
  // dropped, so the whole window costs little more than its changes. The
  // two hosts run side by side in one process, frame by frame, each report
  // timed on its own: a ratio of two processes moved by 1.7x with the
  // process alone.
  let hostsSideBySide = SideBySide("whole window time", "changed rows time")
  Benchmark(
    "1,000 frames at 1M rows, the window's heights reported by two hosts side by side",
    configuration: hostsSideBySide.configuration(maxIterations: 100)
  ) { benchmark in
    func makeEngine() -> WindowingEngine<VariableLengthLayout> {
      WindowingEngine(
        layout: VariableLengthLayout(itemCount: 1_000_000, estimatedLength: rowLength),
        viewport: Viewport(offset: 500_000 * rowLength, length: 800),
        overscan: Overscan(points: 200))
    }
    func real(_ position: Int) -> Double { 22 + Double(position % 97) }
    var hosts = [makeEngine(), makeEngine()]
    // What the changed-only host knows: the rows it has measured.
    var measured = [Bool](repeating: false, count: 1_000_000)
    var timed = hostsSideBySide
    benchmark.startMeasurement()
    for frame in 0..<1_000 {
      let offset = hosts[0].viewport.offset + 100
      timed.time(round: frame) { host in
        _ = hosts[host].scroll(toOffset: offset)
        var reported = Array(hosts[host].window)
        if host == 1 {
          reported.removeAll { measured[$0] }
          for position in reported { measured[position] = true }
        }
        blackHole(hosts[host].setLengths(reported.map { (position: $0, length: real($0)) }))
      }
    }
    benchmark.stopMeasurement()
    timed.record(in: benchmark)
  }
  for batched in [false, true] {
    let name = "10,000 measurements of 10k rows (a storm): WindowingEngine, "
    Benchmark(name + (batched ? "one batch" : "one by one"), configuration: timeOnly) { benchmark in
      var storm = WindowingEngine(
        layout: VariableLengthLayout(itemCount: 10_000, estimatedLength: rowLength),
        viewport: Viewport(offset: 100_000, length: 800), overscan: Overscan(points: 200))
      let measurements = (0..<10_000).map { (position: $0, length: 30 + Double($0 % 29)) }
      benchmark.startMeasurement()
      if batched {
        blackHole(storm.setLengths(measurements))
      } else {
        for (position, length) in measurements { blackHole(storm.setLength(length, of: position)) }
      }
      benchmark.stopMeasurement()
    }
  }
  measureCountsOnceIfAsked()
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum WindowingQuerySuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
