//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seeds every model-based test runs with: two at the default size, four
/// at full size (`TestSize`). Both hold 3: the pager's model lets a source
/// lie about positions in one seed of three. A parameterized test over these
/// prints the failing seed as its argument; set `MODEL_TEST_SEED` to run one
/// seed alone.
public var modelTestSeeds: [UInt64] {
  if let text = _environment("MODEL_TEST_SEED"), let seed = UInt64(text) { return [seed] }
  return sized([3, 0xC0FFEE], full: [1, 2, 3, 0xC0FFEE])
}

/// Runs a model-based test: `steps` operations, each chosen by `step` from a
/// generator seeded with `seed`, with `verify` after every one. On the first
/// failed verification it records the seed and the step and stops, so the
/// failure is reproduced by running that seed alone.
public func runModelTest<State>(
  seed: UInt64,
  steps: Int,
  state: inout State,
  step: (inout State, inout SplitMix64) -> String,
  verify: (State) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var generator = SplitMix64(seed: seed)
  var log = _ModelTestLog(seed: seed)
  for index in 0..<steps {
    let operation = step(&state, &generator)
    if !log.passed(index, operation, verify(state), sourceLocation) { return }
  }
}

/// `runModelTest` for models whose steps await (a pager's loads, on the main
/// actor): the same seeds, trace, history and report.
@MainActor
public func runModelTest<State>(
  seed: UInt64,
  steps: Int,
  state: inout State,
  step: @MainActor (inout State, inout SplitMix64) async -> String,
  verify: (State) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  var generator = SplitMix64(seed: seed)
  var log = _ModelTestLog(seed: seed)
  for index in 0..<steps {
    let operation = await step(&state, &generator)
    if !log.passed(index, operation, verify(state), sourceLocation) { return }
  }
}

/// The trace, the recent history and the failure report of a model test.
private struct _ModelTestLog {
  let seed: UInt64
  // MODEL_TRACE=1 prints every operation to standard error as it runs.
  let trace = _environment("MODEL_TRACE") != nil
  var history: [String] = []

  init(seed: UInt64) { self.seed = seed }

  /// Records the step; on a failure, reports it and returns `false`.
  mutating func passed(
    _ index: Int, _ operation: String, _ failure: String?, _ sourceLocation: SourceLocation
  ) -> Bool {
    if trace { _ = write(2, operation + "\n", operation.utf8.count + 1) }
    history.append(operation)
    if history.count > 8 { history.removeFirst() }
    guard let failure else { return true }
    Issue.record(
      Comment(
        rawValue:
          "Model test failed with seed \(seed) at step \(index) (\(operation)): \(failure). "
          + "Last operations: \(history.joined(separator: "; ")). "
          + "Reproduce with MODEL_TEST_SEED=\(seed)."),
      sourceLocation: sourceLocation)
    return false
  }
}
