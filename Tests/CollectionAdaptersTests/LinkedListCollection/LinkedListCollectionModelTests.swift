//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

private struct ListModel {
  /// Changed by prepending and relinking, which the list is told of.
  var head = ListNode(-1)
  var reference: [Int] = [-1]
  var list: LinkedListCollection<ListNode, Int>
  var nextValue = 0
  /// A copy that shares the index, so that the next invalidation copies it.
  var copy: LinkedListCollection<ListNode, Int>?

  init(interval: Int) {
    list = LinkedListCollection(
      head: head, checkpointInterval: interval, next: \.next, element: \.value)
  }

  func node(at position: Int) -> ListNode {
    var node = head
    for _ in 0..<position { node = node.next! }
    return node
  }
}

private func step(_ m: inout ListModel, _ g: inout SplitMix64) -> String {
  let count = m.reference.count
  switch Int.random(in: 0..<12, using: &g) {
  case 11:
    return relink(&m, &g)
  case 10 where count < 50:
    // Older nodes linked before the head: none, a few, or several blocks,
    // down to below the head's block. Short lists: every step verifies
    // every position.
    let added = [0, 1, Int.random(in: 1...70, using: &g)][Int.random(in: 0..<3, using: &g)]
    var head = m.head
    for _ in 0..<added {
      head = ListNode(m.nextValue, next: head)
      m.reference.insert(m.nextValue, at: 0)
      m.nextValue += 1
    }
    m.head = head
    let changes = m.list.invalidate(prepending: added, head: head)
    #expect(changes == RowChanges(insertions: added == 0 ? [] : [0..<added]))
    return "prepend \(added)"
  case 0..<4:
    // Insert after a node: the list changes from the new node's position.
    let at = Int.random(in: 1...count, using: &g)
    let previous = m.node(at: at - 1)
    previous.next = ListNode(m.nextValue, next: previous.next)
    m.reference.insert(m.nextValue, at: at)
    m.nextValue += 1
    let known = Bool.random(using: &g) ? m.reference.count : nil
    m.list.invalidate(from: at, newCount: known)
    return "insert at \(at)"
  case 4..<8 where count > 1:
    let at = Int.random(in: 1..<count, using: &g)
    let previous = m.node(at: at - 1)
    previous.next = previous.next?.next
    m.reference.remove(at: at)
    m.list.invalidate(from: at)
    return "remove at \(at)"
  case 8 where Bool.random(using: &g):
    // Hold a copy (its index is then shared, and invalidating the list
    // copies the part it keeps), or let it go.
    m.copy = m.copy == nil ? m.list : nil
    return m.copy == nil ? "drop the copy" : "copy"
  case 8 where count > 1:
    let at = Int.random(in: 1..<count, using: &g)
    m.node(at: at).value = m.nextValue
    m.reference[at] = m.nextValue
    m.nextValue += 1
    // Elements are read through the node, so a changed value needs no invalidation.
    return "change value at \(at)"
  case 9 where Bool.random(using: &g):
    // Iterate a slice, as a list's window is read: its iterator records
    // checkpoints and leaves the index's run at its last node, which the
    // next steps' invalidations and reads must cope with.
    let start = Int.random(in: 0...count, using: &g)
    let end = Int.random(in: start...min(count, start + 70), using: &g)
    for _ in m.list[start..<end] {}
    return "iterate \(start)..<\(end)"
  default:
    // Read in an order a list UI would: a window backwards, or random positions.
    let start = Int.random(in: 0..<count, using: &g)
    let end = min(count, start + 20)
    for i in (start..<end).reversed() { _ = m.list[i] }
    return "read \(start)..<\(end) backwards"
  }
}

/// Nodes relinked elsewhere (a pin to the front, a drag of several, both
/// ends), then told with `invalidate(movingOffsets:toOffset:head:)`.
private func relink(_ m: inout ListModel, _ g: inout SplitMix64) -> String {
  let count = m.reference.count
  var source = (0..<Int.random(in: 1...3, using: &g)).map { _ in
    Bool.random(using: &g)
      ? Int.random(in: 0..<count, using: &g) : [0, count - 1].randomElement(using: &g)!
  }
  if Int.random(in: 0..<4, using: &g) == 0 { source.append(source[0]) }
  let destination =
    Bool.random(using: &g)
    ? Int.random(in: 0...count, using: &g) : [0, count].randomElement(using: &g)!
  // The plainest move: the nodes in their new order, every link set again.
  var nodes = [m.head]
  while let next = nodes.last!.next { nodes.append(next) }
  let moved = Set(source).sorted()
  let landing = destination - moved.filter { $0 < destination }.count
  let moving = moved.map { nodes[$0] }
  let values = moved.map { m.reference[$0] }
  for offset in moved.reversed() {
    nodes.remove(at: offset)
    m.reference.remove(at: offset)
  }
  nodes.insert(contentsOf: moving, at: landing)
  m.reference.insert(contentsOf: values, at: landing)
  for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
  nodes.last!.next = nil
  m.head = nodes[0]
  let changes = m.list.invalidate(movingOffsets: source, toOffset: destination, head: m.head)
  #expect(changes == RowChanges(movingOffsets: source, toOffset: destination))
  return "move \(source) to \(destination)"
}

private func verify(_ m: ListModel, _ g: inout SplitMix64) -> String? {
  if m.list.count != m.reference.count { return "count \(m.list.count) != \(m.reference.count)" }
  // Random order first, so the index is exercised from every state.
  for _ in 0..<5 {
    let i = Int.random(in: 0..<m.reference.count, using: &g)
    if m.list[i] != m.reference[i] { return "position \(i): \(m.list[i]) != \(m.reference[i])" }
  }
  for (i, value) in m.reference.enumerated() where m.list[i] != value {
    return "position \(i): \(m.list[i]) != \(value)"
  }
  if !m.list.elementsEqual(m.reference) { return "iteration differs" }
  // A slice anywhere, empty or reaching either end, iterated and sliced
  // again, then the positions around where its iterator stopped.
  let count = m.reference.count
  let start = Int.random(in: 0...count, using: &g)
  let end = Int.random(in: start...count, using: &g)
  let slice = m.list[start..<end]
  if !slice.elementsEqual(m.reference[start..<end]) { return "slice \(start)..<\(end) differs" }
  let inner = Int.random(in: start...end, using: &g)
  if !slice[inner...].elementsEqual(m.reference[inner..<end]) {
    return "slice \(inner)..<\(end) of \(start)..<\(end) differs"
  }
  for i in [end - 1, end, start - 1] where i >= 0 && i < count && m.list[i] != m.reference[i] {
    return "position \(i) after the slice \(start)..<\(end): \(m.list[i]) != \(m.reference[i])"
  }
  return nil
}

@Suite("LinkedListCollection model")
struct LinkedListCollectionModelTests {
  // Intervals up to beyond the run's first allocation (16 nodes).
  @Test(
    "Random inserts, removals, prepends and moves, each told with its invalidate",
    arguments: modelTestSeeds, [1, 3, 8, 17, 40])
  func randomMutations(seed: UInt64, interval: Int) {
    var model = ListModel(interval: interval)
    var verifier = SplitMix64(seed: seed &+ 1)
    runModelTest(
      seed: seed, steps: modelTestSteps(6_000), state: &model, step: step,
      verify: { verify($0, &verifier) })
  }
}
