//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How large the long tests run. `swift test` runs them small, so the suite
/// finishes in about a minute; `COLLECTION_ADAPTERS_FULL_TESTS=1 swift test`
/// runs the long randomized model tests, soak runs and scale tests at full
/// size (more seeds, more steps, more rows), as CI does.
public enum TestSize: Sendable {
  /// The default: each test's smallest run that still reaches its cases.
  case small
  /// Every seed, step and row the test was written with.
  case full

  /// The size this run asked for.
  public static let current: TestSize =
    _environment("COLLECTION_ADAPTERS_FULL_TESTS") == "1" ? .full : .small
}

/// `small` at the default size, `full` when the run asks for the full sizes.
public func sized<Value>(_ small: Value, full: Value) -> Value {
  TestSize.current == .full ? full : small
}

/// The steps of a model test written for `steps`: all of them at full size,
/// a quarter (at least 100) at the default size.
public func modelTestSteps(_ steps: Int) -> Int {
  sized(Swift.min(steps, Swift.max(100, steps / 4)), full: steps)
}

/// The cases of a test written for `0..<count` random cases: all of them at
/// full size, a quarter (at least 4) at the default size.
public func randomCases(_ count: Int) -> Range<Int> {
  0..<sized(Swift.min(count, Swift.max(4, count / 4)), full: count)
}

/// The element counts of an exhaustive conformance check written for
/// `0...maximum`: all of them at full size; at the default size the small
/// ones, where the edge cases are, and a few up to `maximum`.
public func conformanceCounts(_ maximum: Int) -> [Int] {
  let small =
    Array(0...Swift.min(maximum, 9))
    + [16, 17, maximum].filter { $0 > 9 && $0 <= maximum }
  return sized(Array(Set(small)).sorted(), full: Array(0...maximum))
}

func _environment(_ name: String) -> String? {
  guard let value = getenv(name) else { return nil }
  return String(cString: value)
}
