//===----------------------------------------------------------------------===//
//
// LinkedListCollection against the adapter people write (a subscript that
// walks from the head) and against walking the nodes directly: 20,000 nodes.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters

let n = 20_000
let nodes = LinkedList(count: n)
let warm: LinkedListCollection<ListNode, Int> = {
  let list = LinkedListCollection(
    head: nodes.head, count: n, next: { $0.next }, element: { $0.value })
  _ = list[n - 1]
  return list
}()

// Every node by position: the direct walk of a window starts at its node.
let nodeAt: [ListNode] = {
  var result: [ListNode] = []
  var node = nodes.head
  while let current = node {
    result.append(current)
    node = current.next
  }
  return result
}()

/// What `ForEach` does as a list scrolls: 40 windows of 50 rows, each 25
/// rows past the last, read by the list's subscript; their sum.
@inline(__always)
func windowsRead(_ list: LinkedListCollection<ListNode, Int>, from start: Int) -> Int {
  var sum = 0
  for frame in 0..<40 {
    for position in start + 25 * frame..<start + 25 * frame + 50 { sum &+= list[position] }
  }
  return sum
}

/// The same windows walked from each one's first node, handed over for free.
@inline(__always)
func windowsWalked(from start: Int) -> Int {
  var sum = 0
  for frame in 0..<40 {
    var node: ListNode? = nodeAt[start + 25 * frame]
    for _ in 0..<50 {
      let current = node.unsafelyUnwrapped
      sum &+= current.value
      node = current.next
    }
  }
  return sum
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
    warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 50,
    thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal, .mallocBytesCount]))

  Benchmark("index iteration 20k: LinkedListCollection (cold index)") { _ in
    let list = LinkedListCollection(
      head: nodes.head, count: n, next: { $0.next }, element: { $0.value })
    var sum = 0
    for i in 0..<list.count { sum &+= list[i] }
    blackHole(sum)
  }
  Benchmark("index iteration 20k: direct node walk") { _ in
    var sum = 0
    var node = nodes.head
    while let current = node {
      sum &+= current.value
      node = current.next
    }
    blackHole(sum)
  }
  Benchmark(
    "index iteration 20k: walking adapter",
    configuration: .init(
      metrics: [.wallClock], warmupIterations: 0, maxIterations: 2,
      thresholds: regressionThresholds(for: [.wallClock]))
  ) { _ in
    let adapter = WalkingListAdapter(head: nodes.head, count: n)
    var sum = 0
    for i in 0..<adapter.count { sum &+= adapter[i] }
    blackHole(sum)
  }
  Benchmark("for-in 20k: LinkedListCollection") { _ in
    var sum = 0
    for value in warm { sum &+= value }
    blackHole(sum)
  }
  // What `ForEach` does as a list scrolls: a window of 50 rows read by
  // subscript, position by position, moved by 25 rows a frame, from a fresh
  // random start each iteration (40 frames, 2,000 reads); against walking
  // the same rows from each window's first node, handed over for free.
  nonisolated(unsafe) var listWindows = SeededGenerator(seed: 12)
  Benchmark("window reads by subscript, 40 frames: LinkedListCollection") { _ in
    blackHole(windowsRead(warm, from: Int.random(in: 0..<n - 1_100, using: &listWindows)))
  }
  nonisolated(unsafe) var walkWindows = SeededGenerator(seed: 12)
  Benchmark("window reads by subscript, 40 frames: direct node walk") { _ in
    blackHole(windowsWalked(from: Int.random(in: 0..<n - 1_100, using: &walkWindows)))
  }
  // The same two readers side by side in one process (check-ratios.sh
  // holds their ratio).
  nonisolated(unsafe) var sideBySideWindows = SeededGenerator(seed: 13)
  let readers = SideBySide("list time", "walk time")
  Benchmark(
    "window reads by subscript, 40 frames, side by side",
    configuration: readers.configuration(maxIterations: 1_000)
  ) { benchmark in
    let list = warm
    var timed = readers
    timed.time(round: benchmark.currentIteration) { reader in
      let start = Int.random(in: 0..<n - 1_100, using: &sideBySideWindows)
      blackHole(reader == 0 ? windowsRead(list, from: start) : windowsWalked(from: start))
    }
    timed.record(in: benchmark)
  }
  Benchmark("last 50 rows of 20k: LinkedListCollection (warm)") { _ in
    var sum = 0
    for i in n - 50..<n { sum &+= warm[i] }
    blackHole(sum)
  }
  Benchmark("last 50 rows of 20k: walking adapter") { _ in
    let adapter = WalkingListAdapter(head: nodes.head, count: n)
    var sum = 0
    for i in n - 50..<n { sum &+= adapter[i] }
    blackHole(sum)
  }
  measureCountsOnceIfAsked()
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum LinkedListSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
