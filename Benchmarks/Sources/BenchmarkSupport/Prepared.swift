//===----------------------------------------------------------------------===//
//
// A benchmark's input, made only when that benchmark runs.
//
//===----------------------------------------------------------------------===//

import Benchmark

/// Registers a benchmark whose input `prepare` makes in the benchmark's
/// setup, before its first iteration and outside every measurement, and
/// which `body` then reads.
///
/// The benchmark tool runs each benchmark in a process of its own, which
/// registers the whole suite first: an input made while registering is
/// made again for every benchmark of the suite, whichever one runs. A
/// million-row snapshot made that way cost seconds per process.
public func preparedBenchmark<Input>(
  _ name: String, configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
  prepare: @escaping () -> Input, body: @escaping (Benchmark, Input) -> Void
) {
  let input = _Prepared(prepare)
  Benchmark(
    name, configuration: configuration, closure: { body($0, input.value) },
    setup: { _ = input.value })
}

/// The input of one benchmark, made when first read.
final class _Prepared<Value> {
  private let make: () -> Value
  lazy var value: Value = make()

  init(_ make: @escaping () -> Value) { self.make = make }
}
