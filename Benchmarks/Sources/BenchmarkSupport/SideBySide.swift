//===----------------------------------------------------------------------===//
//
// Two parts of one benchmark, timed on their own in one process.
//
//===----------------------------------------------------------------------===//

import Benchmark

/// Two ways to do one job, run in turn within each iteration of one
/// benchmark and each timed on its own, as a custom metric in nanoseconds
/// (the wall clock's unit) that check-ratios.sh compares with the other's.
/// The ratio of two benchmarks compares two processes, whose speed moved by
/// up to 2x with the process alone; two parts of one process move together.
public struct SideBySide: Sendable {
  /// The first part's time and the second's.
  public let metrics: (BenchmarkMetric, BenchmarkMetric)
  private var spent = [Duration.zero, Duration.zero]
  private let clock = ContinuousClock()

  /// Names the parts' metrics, as check-ratios.sh names them.
  public init(_ first: String, _ second: String) {
    metrics = (
      .custom(first, useScalingFactor: false), .custom(second, useScalingFactor: false)
    )
  }

  /// A configuration that reports both parts and the wall clock of the
  /// whole.
  public func configuration(maxIterations: Int) -> Benchmark.Configuration {
    .init(
      metrics: [.wallClock, metrics.0, metrics.1], warmupIterations: 1,
      maxDuration: .seconds(2), maxIterations: maxIterations)
  }

  /// Runs `part` for part 0 and then part 1, or the other way round when
  /// `round` is odd (so neither part always reads the caches the other
  /// warmed), and adds each call's time to its part.
  public mutating func time(round: Int, _ part: (Int) -> Void) {
    for index in round % 2 == 0 ? [0, 1] : [1, 0] {
      let started = clock.now
      part(index)
      spent[index] += started.duration(to: clock.now)
    }
  }

  /// Records the two parts' times in `benchmark`.
  public func record(in benchmark: Benchmark) {
    benchmark.measurement(metrics.0, nanoseconds(spent[0]))
    benchmark.measurement(metrics.1, nanoseconds(spent[1]))
  }
}
