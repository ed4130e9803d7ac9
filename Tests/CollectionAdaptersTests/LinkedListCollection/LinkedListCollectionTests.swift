//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// A persistent list.
indirect enum IntList {
  case end
  case cons(Int, IntList)

  static func list(_ values: some BidirectionalCollection<Int>) -> IntList {
    values.reversed().reduce(IntList.end) { .cons($1, $0) }
  }

  /// The list itself when it has a first element: the node type of the adapter.
  var nonEmpty: IntList? {
    if case .cons = self { return self }
    return nil
  }
  var rest: IntList? {
    if case .cons(_, let rest) = self { return rest.nonEmpty }
    return nil
  }
  var first: Int {
    guard case .cons(let value, _) = self else { preconditionFailure("empty list has no first") }
    return value
  }
}

/// Counts calls to `next`.
@Suite("LinkedListCollection")
struct LinkedListCollectionTests {
  @Test("A loop of value nodes, with no count and no bound, is counted to the default bound")
  func valueNodeLoopEnds() {
    // Nodes 0, 1, 2, 0, 1, 2, …: a value has no identity to find the loop by.
    let list = LinkedListCollection(head: 0, next: { ($0 + 1) % 3 })
    #expect(list.count == LinkedListCollection<Int, Int>.defaultValueNodeMaximumLength)
    #expect(list.isTruncated)
    #expect(list[list.count - 1] == (list.count - 1) % 3)
    // A bound given by the caller wins.
    let bounded = LinkedListCollection(head: 0, maximumLength: 10, next: { ($0 + 1) % 3 })
    #expect(bounded.count == 10 && bounded.isTruncated)
  }

  @Test("Conformance over a class-node list", arguments: conformanceCounts(40))
  func classNodeConformance(count: Int) {
    let values = (0..<count).map { $0 * 3 }
    let head = ListNode.list(values)
    for interval in [1, 4, 32] {
      let list = LinkedListCollection(
        head: head, checkpointInterval: interval, next: \.next, element: \.value)
      checkRandomAccessCollection(list, expectedContents: values, "interval \(interval)")
      let counted = LinkedListCollection(
        head: head, count: count, checkpointInterval: interval, next: \.next, element: \.value)
      checkRandomAccessCollection(counted, expectedContents: values, "given count, \(interval)")
    }
  }

  @Test("Conformance over an indirect enum list", arguments: conformanceCounts(40))
  func enumConformance(count: Int) {
    let values = Array(0..<count)
    let list = LinkedListCollection(
      head: IntList.list(values).nonEmpty, checkpointInterval: 5, next: \.rest,
      element: \.first)
    checkRandomAccessCollection(list, expectedContents: values)
  }

  @Test func nodesAsElements() {
    let head = ListNode.list([4, 5, 6])
    let nodes = LinkedListCollection(head: head, next: \.next)
    #expect(nodes.map(\.value) == [4, 5, 6])
    #expect(nodes[1] === head?.next)
  }

  func countedList(
    _ n: Int, interval: Int = 32, count: Int? = nil
  ) -> (
    LinkedListCollection<ListNode, Int>, CallCounter
  ) {
    let counter = CallCounter()
    let list = LinkedListCollection(
      head: ListNode.list(0..<n), count: count, checkpointInterval: interval,
      next: {
        counter.increment()
        return $0.next
      }, element: \.value)
    return (list, counter)
  }

  @Test("Iterating all positions by index costs at most 2n calls to next")
  func indexIterationCost() {
    let n = 20_000
    for given in [nil, n] {
      let (list, counter) = countedList(n, count: given)
      var sum = 0
      for i in list.indices { sum &+= list[i] }
      #expect(sum == n * (n - 1) / 2)
      #expect(counter.calls <= 2 * n, "\(counter.calls) calls, count given: \(given != nil)")
    }
  }

  @Test("A for-in loop costs one call to next per element")
  func iterationCost() {
    let (list, counter) = countedList(1_000, count: 1_000)
    #expect(list.reduce(0, +) == 499_500)
    #expect(counter.calls <= 1_000)
  }

  @Test("A 50-row window after the index is built costs at most 50 + interval calls")
  func windowCost() {
    let n = 20_000
    let interval = 32
    let (list, counter) = countedList(n, interval: interval)
    _ = list.count  // builds the index
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let start = Int.random(in: 0...(n - 50), using: &generator)
      counter.calls = 0
      let forwards = (start..<start + 50).map { list[$0] }
      #expect(forwards == Array(start..<start + 50))
      #expect(counter.calls <= 50 + interval, "forwards at \(start): \(counter.calls)")
      let other = Int.random(in: 0...(n - 50), using: &generator)
      counter.calls = 0
      let backwards = (other..<other + 50).reversed().map { list[$0] }
      #expect(backwards == Array((other..<other + 50).reversed()))
      #expect(counter.calls <= 50 + interval, "backwards at \(other): \(counter.calls)")
    }
  }

  @Test(
    "A window read again a few rows on, as ForEach reads it while a list scrolls, calls next for its new rows only",
    arguments: [1, 32, 100])
  func windowReadAgainCost(interval: Int) {
    let n = 5_000
    let (list, counter) = countedList(n, interval: interval, count: n)
    _ = list[n - 1]  // builds the checkpoints
    var generator = SplitMix64(seed: 5)
    for _ in 0..<100 {
      var start = Int.random(in: 0..<(n - 1_100), using: &generator)
      #expect((start..<start + 50).map { list[$0] } == Array(start..<start + 50))
      for _ in 0..<20 {
        let step = Int.random(in: 1...14, using: &generator)
        start += step
        counter.calls = 0
        #expect((start..<start + 50).map { list[$0] } == Array(start..<start + 50))
        // Fewer when the run already holds some of the new rows.
        #expect(counter.calls <= step, "window at \(start), moved by \(step): \(counter.calls)")
        // Read again backwards, as a list scrolled up a little reads it.
        counter.calls = 0
        let backwards = (start..<start + 50).reversed().map { list[$0] }
        #expect(backwards == Array((start..<start + 50).reversed()))
        #expect(counter.calls == 0, "window at \(start) read again backwards: \(counter.calls)")
      }
    }
  }

  @Test(
    "Reading a list by consecutive slices, as a scrolling list does, costs one call to next per element"
  )
  func sliceScrollCost() {
    let n = 20_000
    let interval = 32
    let (list, counter) = countedList(n, interval: interval, count: n)
    var expected = 0
    for start in stride(from: 0, to: n, by: 50) {
      for value in list[start..<Swift.min(n, start + 50)] {
        #expect(value == expected)
        expected += 1
      }
    }
    #expect(expected == n)
    // n - 1 steps, and one call at the end that checks the given count.
    #expect(counter.calls <= n, "\(counter.calls) calls")
    // The iterators recorded the checkpoints they passed.
    var generator = SplitMix64(seed: 11)
    for _ in 0..<200 {
      let i = Int.random(in: 0..<n, using: &generator)
      counter.calls = 0
      #expect(list[i] == i)
      #expect(counter.calls <= interval, "read of \(i) after the slices: \(counter.calls) calls")
    }
  }

  @Test(
    "Windows read by subscript, as ForEach reads them, cost one call to next per row that enters"
  )
  func windowReadsBySubscriptCost() {
    let n = 20_000
    let (list, counter) = countedList(n, count: n)
    _ = list[n - 1]  // builds the checkpoints
    var generator = SplitMix64(seed: 12)
    for _ in 0..<20 {
      var start = Int.random(in: 0..<n - 1_100, using: &generator)
      // The first window may walk from its checkpoint; each next one,
      // moved by 25 rows, only to its 25 new rows.
      for position in start..<start + 50 { #expect(list[position] == position) }
      for frame in 1..<40 {
        start += 25
        counter.calls = 0
        for position in start..<start + 50 { #expect(list[position] == position) }
        #expect(counter.calls <= 25, "frame \(frame) at \(start): \(counter.calls) calls")
      }
    }
  }

  @Test("A slice scrolled upwards costs at most its length plus checkpointInterval calls")
  func sliceScrollUpwardsCost() {
    let n = 5_000
    let interval = 32
    let (list, counter) = countedList(n, interval: interval, count: n)
    _ = list[n - 1]  // builds the checkpoints
    for end in stride(from: n, to: 0, by: -50) {
      counter.calls = 0
      let values = Array(list[Swift.max(0, end - 50)..<end])
      #expect(values == Array(Swift.max(0, end - 50)..<end))
      #expect(counter.calls <= 50 + interval, "slice ending at \(end): \(counter.calls) calls")
    }
  }

  @Test("Random access after warm-up costs at most checkpointInterval calls")
  func randomAccessCost() {
    let n = 10_000
    let interval = 16
    let (list, counter) = countedList(n, interval: interval, count: n)
    _ = list[n - 1]  // warms the index
    var generator = SplitMix64(seed: 3)
    for _ in 0..<1_000 {
      let i = Int.random(in: 0..<n, using: &generator)
      counter.calls = 0
      #expect(list[i] == i)
      #expect(counter.calls <= interval)
    }
  }

  @Test("Index arithmetic never walks nodes")
  func indexArithmeticWalksNothing() {
    let (list, counter) = countedList(5_000, count: 5_000)
    #expect(list.index(0, offsetBy: 4_000) == 4_000)
    #expect(list.distance(from: 10, to: 4_990) == 4_980)
    #expect(list.index(0, offsetBy: 6_000, limitedBy: list.endIndex) == nil)
    #expect(counter.calls == 0)
  }

  @Test func copiesShareTheIndex() {
    let (list, counter) = countedList(1_000, interval: 10)
    _ = list.count
    let walked = counter.calls
    let copy = list
    #expect(copy[999] == 999)
    #expect(counter.calls - walked <= 10)
  }

  @Test(
    "The index releases every node it held: reads in every order, invalidation, a shared copy",
    arguments: [1, 3, 8, 17, 40])
  func releasesEveryNode(interval: Int) {
    final class Released: @unchecked Sendable { var count = 0 }
    final class Node: @unchecked Sendable {
      let value: Int
      var next: Node?
      let released: Released
      init(_ value: Int, next: Node?, released: Released) {
        self.value = value
        self.next = next
        self.released = released
      }
      deinit { released.count += 1 }
    }
    let released = Released()
    let n = 300
    do {
      var head: Node?
      for value in (0..<n).reversed() { head = Node(value, next: head, released: released) }
      var list = LinkedListCollection(
        head: head, checkpointInterval: interval, next: \.next, element: \.value)
      var sum = 0
      for i in list.indices { sum += list[i] }  // forwards: the run fills and restarts
      for i in list.indices.reversed() { sum += list[i] }  // backwards
      var rng = SplitMix64(seed: UInt64(interval))
      for _ in 0..<500 { sum += list[Int(rng.next() % UInt64(n))] }
      let copy = list
      list.invalidate(from: n / 2)  // a shared index: the copy keeps its own
      for i in list.indices { sum += list[i] }
      #expect(sum > 0 && copy[n - 1] == n - 1)
      // Unlink the list without recursion, so only the adapters hold nodes.
      var node = head
      head = nil
      while let current = node {
        node = current.next
        current.next = nil
      }
      #expect(released.count < n, "the adapters still hold their nodes")
    }
    #expect(released.count == n, "\(n - released.count) of \(n) nodes were never released")
  }

  @Test("Invalidating a copy that shares its index keeps the valid prefix, not the stale rest")
  func invalidateWhileShared() {
    let head = ListNode.list(0..<100)!
    var list = LinkedListCollection(
      head: head, checkpointInterval: 8, next: \.next, element: \.value)
    #expect(list[99] == 99)  // builds every checkpoint and a run at the end
    let copy = list  // now the index is shared: invalidation must not touch the copy's
    var node = head
    for _ in 0..<49 { node = node.next! }
    node.next = ListNode(-1, next: node.next)  // insert at position 50
    list.invalidate(from: 50)
    let expected: [Int] = Array(0..<50) + [-1] + Array(50..<100)
    #expect(Array(list) == expected)
    #expect(list.indices.map { list[$0] } == expected)
    #expect(copy.count == 100, "the copy keeps the index it had")
    list.invalidate(from: 10, newCount: 101)
    let backwards: [Int] = (0..<101).reversed().map { list[$0] }
    #expect(backwards == Array(expected.reversed()))
  }
}
