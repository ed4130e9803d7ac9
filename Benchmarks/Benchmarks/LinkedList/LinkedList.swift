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
}
