//===----------------------------------------------------------------------===//
//
// Shared fixtures for the benchmark suites.
//
//===----------------------------------------------------------------------===//

import Benchmark
import CollectionAdapters
import Windowing

/// The tolerances of `swift package benchmark thresholds check` (CI runs it,
/// `check-thresholds.sh`) against the stored static thresholds: allocations
/// may not grow by more than 2 at p90 (0 stays 0, so an allocation in a path
/// that has none fails), bytes allocated or held by more than 10% (hash seeds and
/// runtime metadata move them by a few bytes from run to run). Wall clock is
/// not checked: `update-thresholds.sh` does not record it, because CI's fresh
/// machine is not the machine that recorded it (a fresh machine can measure
/// a 1M-element memmove at several times the recorded p90). Costs in time are proven by the unit
/// tests that count calls; the suites report time for people to compare side
/// by side. (A static check compares p90 only: a tolerance given at another
/// percentile is never applied.)
public var regressionThresholds: [BenchmarkMetric: BenchmarkThresholds] {
  [
    .mallocCountTotal: .init(absolute: [.p90: 2]),
    .mallocBytesCount: .init(relative: [.p90: 10]),
    .memoryLeakedBytes: .init(relative: [.p90: 10]),
  ]
}

/// `regressionThresholds`, kept to the metrics a benchmark measures: a
/// threshold for a metric it does not measure only makes package-benchmark
/// print a warning for that benchmark on every run.
public func regressionThresholds(
  for metrics: [BenchmarkMetric]
) -> [BenchmarkMetric: BenchmarkThresholds] {
  regressionThresholds.filter { metrics.contains($0.key) }
}

/// A tree node with dense integer ids.
public final class TreeNode: Identifiable, @unchecked Sendable {
  /// The benchmark fixture's `id`.
  public let id: Int
  /// The benchmark fixture's `children`.
  public var children: [TreeNode]?
  /// Creates the fixture.
  public init(_ id: Int) { self.id = id }
}

/// A tree of 1,111,110 nodes: 10 roots, fan-out 10, 6 levels.
public func makeTree(levels: Int = 6) -> [TreeNode] {
  var next = 0
  func build(_ depth: Int) -> TreeNode {
    let node = TreeNode(next)
    next += 1
    if depth < levels - 1 { node.children = (0..<10).map { _ in build(depth + 1) } }
    return node
  }
  return (0..<10).map { _ in build(0) }
}

/// A visible outline row, as flatten-on-change implementations store it.
public struct FlatRow {
  /// The benchmark fixture's `node`.
  public var node: TreeNode
  /// The benchmark fixture's `depth`.
  public var depth: Int
  /// The benchmark fixture's `isExpanded`.
  public var isExpanded: Bool
}

/// The usual outline: rebuild the array of rows after every expand or collapse.
public func flatten(_ roots: [TreeNode], expanded: Set<Int>) -> [FlatRow] {
  var rows: [FlatRow] = []
  var stack: [(TreeNode, Int)] = roots.reversed().map { ($0, 0) }
  while let (node, depth) = stack.popLast() {
    let isExpanded = expanded.contains(node.id)
    rows.append(FlatRow(node: node, depth: depth, isExpanded: isExpanded))
    if isExpanded, let children = node.children {
      for child in children.reversed() { stack.append((child, depth + 1)) }
    }
  }
  return rows
}

/// A singly linked list node.
public final class ListNode: @unchecked Sendable {
  /// The benchmark fixture's `value`.
  public let value: Int
  /// The benchmark fixture's `next`.
  public var next: ListNode?
  /// Creates the fixture.
  public init(_ value: Int, next: ListNode?) {
    self.value = value
    self.next = next
  }
}

/// A list of `count` nodes; `release` unlinks it without deep recursion.
public struct LinkedList: @unchecked Sendable {
  /// The benchmark fixture's `head`.
  public let head: ListNode?
  /// Creates the fixture.
  public init(count: Int) {
    var head: ListNode?
    for value in (0..<count).reversed() { head = ListNode(value, next: head) }
    self.head = head
  }
  /// The benchmark fixture's `release`.
  public func release() {
    var node = head
    while let current = node {
      node = current.next
      current.next = nil
    }
  }
}

/// The adapter people write: a subscript that walks from the head.
public struct WalkingListAdapter: RandomAccessCollection {
  /// The benchmark fixture's `head`.
  public let head: ListNode?
  /// The benchmark fixture's `count`.
  public let count: Int
  /// Creates the fixture.
  public init(head: ListNode?, count: Int) {
    self.head = head
    self.count = count
  }
  /// The benchmark fixture's `startIndex`.
  public var startIndex: Int { 0 }
  /// The benchmark fixture's `endIndex`.
  public var endIndex: Int { count }
  /// A member of the fixture.
  public subscript(position: Int) -> Int {
    var node = head!
    for _ in 0..<position { node = node.next! }
    return node.value
  }
}

/// A seeded generator (SplitMix64), for benchmarks whose allocation counts
/// depend on the positions drawn: random positions, the same in every run,
/// so the recorded thresholds hold.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator that draws the same numbers for the same seed.
  public init(seed: UInt64) { state = seed }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A duration in nanoseconds, the wall clock's unit, for a custom metric
/// that check-ratios.sh compares with the wall clock or another such metric.
public func nanoseconds(_ duration: Duration) -> Int {
  Int(duration.components.seconds) * 1_000_000_000
    + Int(duration.components.attoseconds / 1_000_000_000)
}
