//===----------------------------------------------------------------------===//
//
// Window queries and size updates at 1,000,000 rows, against the linear row
// filter of CollectionThing and the prefix-sum rebuild of web virtualizers.
//
//===----------------------------------------------------------------------===//

import Benchmark
import Windowing

let n = 1_000_000
let rowLength = 44.0
/// CollectionThing keeps a frame per row and filters all of them per query.
let rowFrames: [(start: Double, end: Double)] = (0..<n).map {
  (Double($0) * rowLength, Double($0 + 1) * rowLength)
}
nonisolated(unsafe) var engine = WindowingEngine(
  layout: VariableSizeLayout(itemCount: n, estimatedLength: rowLength),
  viewport: Viewport(length: 800), overscan: Overscan(points: 200))
nonisolated(unsafe) var offsets: [Double] = (0...n).map { Double($0) * rowLength }
nonisolated(unsafe) var lengths = [Double](repeating: rowLength, count: n)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 100)

  Benchmark("1,000 window queries at 1M rows: WindowingEngine (variable sizes)") { _ in
    var position = 7
    for _ in 0..<1_000 {
      position = (position &* 7_919 &+ 13) % (n - 100)
      let change = engine.setViewport(
        Viewport(offset: Double(position) * rowLength, length: 800))
      blackHole(change.window)
    }
  }
  Benchmark("1 window query at 1M rows: linear row filter") { _ in
    let top = Double(n / 2) * rowLength
    let visible = rowFrames.indices.filter {
      rowFrames[$0].end > top - 200 && rowFrames[$0].start < top + 1_000
    }
    blackHole(visible)
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
      layout: FixedSizeLayout(itemCount: n, itemLength: rowLength),
      viewport: Viewport(length: 800), overscan: Overscan(points: 400))
    for offset in stride(from: 0.0, to: 150, by: 1) { blackHole(fixed.scroll(to: offset)) }
  }
}
