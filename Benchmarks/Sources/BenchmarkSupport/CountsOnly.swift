//===----------------------------------------------------------------------===//
//
// Runs each benchmark once, for the checks that read only counts.
//
//===----------------------------------------------------------------------===//

// The registry of benchmarks is a class property the package does not mark
// safe; it is read here while a suite registers, on one thread.
@preconcurrency import Benchmark
import Foundation

/// With `BENCHMARK_COUNTS_ONLY` set (`check-thresholds.sh`,
/// `update-thresholds.sh`), runs each benchmark of the suite once after its
/// warm-up: the thresholds check allocations, bytes and page loads, which
/// every iteration repeats, so further iterations cost time and decide
/// nothing. Call it last in a suite's `benchmarks`.
public func measureCountsOnceIfAsked() {
  guard ProcessInfo.processInfo.environment["BENCHMARK_COUNTS_ONLY"] != nil else { return }
  for benchmark in Benchmark.benchmarks {
    benchmark.configuration.maxIterations = 1
  }
}
