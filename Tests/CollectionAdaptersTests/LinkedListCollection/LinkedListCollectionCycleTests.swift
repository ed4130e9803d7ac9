//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// A list that does not end is malformed data, not a reason to hang: the
/// collection ends before the first repeated node (class nodes) or at
/// `maximumLength` (any node), and says so.
@Suite("LinkedListCollection cycles")
struct LinkedListCollectionCycleTests {
  /// A value-type node: no identity, so a cycle is only bounded by length.
  struct Handle {
    var node: ListNode
  }

  @Test("A cyclic list of class nodes holds each node once", arguments: 0..<40)
  func cyclesEndBeforeTheFirstRepeat(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let n = Int.random(in: 1...90, using: &g)
    let values = Array(0..<n)
    let head = ListNode.list(values)!
    var nodes = [head]
    while let next = nodes.last!.next { nodes.append(next) }
    let loopTo = Int.random(in: 0..<n, using: &g)
    nodes[n - 1].next = nodes[loopTo]
    let list = LinkedListCollection(
      head: head, checkpointInterval: Int.random(in: 1...9, using: &g), next: \.next,
      element: \.value)
    // Read a random position first sometimes, so checkpoints exist before the count.
    if Bool.random(using: &g) { _ = list[Int.random(in: 0..<n, using: &g)] }
    #expect(list.count == n, "seed \(seed): loop to \(loopTo)")
    #expect(list.isTruncated)
    #expect(Array(list) == values, "seed \(seed)")
    #expect(list.indices.map { list[$0] } == values, "seed \(seed)")
    // Nodes taken off the cycle: the list is whole again after invalidation.
    nodes[n - 1].next = nil
    var fixed = list
    fixed.invalidate(from: n - 1)
    #expect(fixed.count == n && !fixed.isTruncated && Array(fixed) == values)
  }

  @Test("A list that never ends within maximumLength holds its first maximumLength nodes")
  func maximumLengthBoundsValueNodes() {
    let head = ListNode.list([1, 2, 3])!
    head.next!.next!.next = head
    let list = LinkedListCollection(
      head: Handle(node: head), maximumLength: 1_000,
      next: { $0.node.next.map(Handle.init) }, element: \.node.value)
    #expect(list.count == 1_000 && list.isTruncated)
    #expect(list[999] == 1 && list.last == 1)
    let sum: Int = list.reduce(0, +)
    #expect(sum == 333 * 6 + 1)
  }

  @Test func aListThatEndsIsNotTruncated() {
    let list = LinkedListCollection(head: ListNode.list(0..<100), next: \.next, element: \.value)
    #expect(list.count == 100 && !list.isTruncated)
  }
}
