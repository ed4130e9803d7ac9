//===----------------------------------------------------------------------===//
//
// A chat kept as the app's own linked list, shown in a VirtualList with
// `.chat` anchoring and read at its newest messages, as older messages load
// above it: 10,000 and 1,000,000 messages.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters
import IdentityDiff
import Windowing

let benchmarks: @Sendable () -> Void = {
  // A chat read at its newest messages, in a VirtualList with `.chat`
  // anchoring: 50 older messages linked before the head, the list told, and
  // the next frame's window read by subscript; 20 rounds a sample (figures
  // are per 20). Told with `invalidate(prepending:head:)`, against a new
  // collection from the new head (what a chat without it does), whose first
  // read at the end walks from the head.
  for messages in [10_000, 1_000_000] {
    let label = messages == 10_000 ? "10k" : "1M"
    Benchmark(
      "chat prepend 50, \(label) messages: invalidate(prepending:)",
      configuration: .init(
        metrics: [.wallClock], maxDuration: .seconds(2), maxIterations: 30,
        thresholds: regressionThresholds(for: [.wallClock]))
    ) { benchmark in
      var (chat, older) = chatReadAtEnd(messages)
      benchmark.startMeasurement()
      for round in 0..<20 {
        chat.update { $0.invalidate(prepending: 50, head: older[older.count - 50 * (round + 1)]) }
        blackHole(readWindow(chat))
      }
      benchmark.stopMeasurement()
      unlink(older[0])
    }
    Benchmark(
      "chat prepend 50, \(label) messages: a new collection",
      configuration: .init(
        metrics: [.wallClock], maxDuration: .seconds(2), maxIterations: 5,
        thresholds: regressionThresholds(for: [.wallClock]))
    ) { benchmark in
      var (chat, older) = chatReadAtEnd(messages)
      benchmark.startMeasurement()
      for round in 0..<20 {
        chat.update { thread in
          thread = LinkedListCollection(
            head: older[older.count - 50 * (round + 1)], count: thread.count + 50,
            next: { $0.next }, element: { $0.value })
          return RowChanges(insertions: [0..<50])
        }
        blackHole(readWindow(chat))
      }
      benchmark.stopMeasurement()
      unlink(older[0])
    }
  }
}

typealias Chat = VirtualList<LinkedListCollection<ListNode, Int>, Int, FixedLengthLayout>

/// A chat of `count` messages read at its newest, and 1,000 older messages
/// linked before its head, oldest first (the head of the last `50 * k` is
/// `older[older.count - 50 * k]`).
func chatReadAtEnd(_ count: Int) -> (Chat, [ListNode]) {
  let list = LinkedList(count: count)
  var older: [ListNode] = []
  var head = list.head
  for value in (-1_000..<0).reversed() {
    head = ListNode(value, next: head)
    older.append(head!)
  }
  older.reverse()
  var chat = VirtualList(
    data: LinkedListCollection(
      head: list.head, count: count, next: { $0.next }, element: { $0.value }),
    id: { $0 },
    engine: WindowingEngine(
      layout: FixedLengthLayout(itemCount: count, itemLength: 44), viewport: Viewport(length: 800)))
  chat.anchoring = .chat
  chat.scroll(toPosition: count - 1, alignment: .end)
  blackHole(readWindow(chat))
  return (chat, older)
}

/// The window's rows read by subscript, as `ForEach` reads them.
func readWindow(_ chat: Chat) -> Int {
  var sum = 0
  for position in chat.window { sum &+= chat.data[position] }
  return sum
}

/// Unlinks the nodes from `head` on, one by one: releasing a long list from
/// its head would recurse once per node.
func unlink(_ head: ListNode) {
  var node: ListNode? = head
  while let current = node {
    node = current.next
    current.next = nil
  }
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum ChatHistorySuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
