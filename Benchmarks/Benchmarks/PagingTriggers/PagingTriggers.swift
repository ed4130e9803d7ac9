//===----------------------------------------------------------------------===//
//
// Page loads caused by 20 full traversals (what SwiftUI's List does after
// each change), per trigger mode. The custom metric counts loader requests
// after the first page.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
@_spi(Testing) import Paging

let pageLoads = BenchmarkMetric.custom("page loads")

@MainActor
func loadsAfterTraversals(_ trigger: PagingTrigger) async -> Int {
  let pager = Pager<Int, Int>(
    configuration: PagingConfiguration(pageSize: 100, initialLoadSize: 100, trigger: trigger),
    source: .keyed(load: { request in
      let start = request.key ?? 0
      return Page(items: Array(start..<start + 100), nextKey: start + 100)
    }))
  pager.refresh()
  while pager.items.isEmpty { await Task.yield() }
  for _ in 0..<20 {
    let items = pager.items
    var index = items.startIndex
    var sum = 0
    while index != items.endIndex {
      sum &+= items[index] ?? 0
      index = items.index(after: index)
    }
    blackHole(sum)
    for _ in 0..<20 { await Task.yield() }  // let any triggered load land
  }
  return pager.requestCount - 1
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, pageLoads], warmupIterations: 0, maxIterations: 5,
    thresholds: regressionThresholds(for: [.wallClock, pageLoads]))
  for (name, trigger) in [
    ("visibleRange", PagingTrigger.visibleRange), ("indexAdvance", .indexAdvance),
    ("manual", .manual),
  ] {
    // The two safe triggers must load nothing (a tolerance of 0). The seed's
    // index-advance trigger loads during traversals, as many times as its
    // loads land between them, which depends on the scheduler (11 to 18 on
    // the same machine): its count is the defect shown, not a figure to hold.
    var thresholds = regressionThresholds(for: [.wallClock, pageLoads])
    thresholds[pageLoads] = .init(absolute: [.p90: trigger == .indexAdvance ? 20 : 0])
    Benchmark(
      "page loads after 20 traversals: \(name)",
      configuration: .init(
        metrics: [.wallClock, pageLoads], warmupIterations: 0, maxIterations: 5,
        thresholds: thresholds)
    ) { benchmark in
      let loads = await loadsAfterTraversals(trigger)
      benchmark.measurement(pageLoads, loads)
    }
  }
  measureCountsOnceIfAsked()
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum PagingTriggersSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
