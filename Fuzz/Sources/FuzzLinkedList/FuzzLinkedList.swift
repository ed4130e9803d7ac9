//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import FuzzSupport
import IdentityDiff

final class Node {
  var value: Int
  var next: Node?
  init(_ value: Int) { self.value = value }
}

/// A linked list edited anywhere (inserts, removals, nodes prepended
/// before the head, a cycle made and broken), read at positions anywhere and by iteration, with and without a
/// given count, against an array of the nodes.
@_cdecl("FuzzLinkedList_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzLinkedList(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkedList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var nodes = (0..<input.int(in: 0...120)).map(Node.init)
  var nextValue = nodes.count
  func link() {
    for (a, b) in zip(nodes, nodes.dropFirst()) { a.next = b }
    nodes.last?.next = nil
  }
  link()
  let interval = input.int(in: 1...9)
  var list = LinkedListCollection(
    head: nodes.first, count: input.bool() ? nodes.count : nil, checkpointInterval: interval,
    next: \.next, element: \.value)
  var cycleAt: Int?
  var step = 0
  while !input.isAtEnd, step < 200 {
    step += 1
    let count = nodes.count
    switch input.choice(8) {
    case 0 where count > 0:
      readRun(list, nodes, &input, step: step)
    case 1 where count > 0 && cycleAt == nil:
      // Insert after a node anywhere but the head, and say so.
      let at = input.int(in: 1...count)
      let node = Node(nextValue)
      nextValue += 1
      nodes.insert(node, at: at)
      link()
      list.invalidate(from: at, newCount: input.bool() ? nodes.count : nil)
    case 2 where count > 1 && cycleAt == nil:
      let at = input.int(in: 1...count - 1)
      nodes.remove(at: at)
      link()
      list.invalidate(from: at, newCount: input.bool() ? nodes.count : nil)
    case 3 where count > 0 && cycleAt == nil:
      // Malformed data: the last node points back into the list.
      let target = input.int(in: 0...count - 1)
      nodes[count - 1].next = nodes[target]
      cycleAt = target
      list.invalidate(from: count - 1)
    case 4 where cycleAt != nil:
      link()
      cycleAt = nil
      list.invalidate(from: count - 1, newCount: input.bool() ? count : nil)
    case 5 where cycleAt == nil:
      // Older nodes linked before the head: one, or several blocks.
      let added = input.int(in: count == 0 ? 1...30 : 0...30)
      let older = (0..<added).map { Node(nextValue + $0) }
      nextValue += added
      nodes.insert(contentsOf: older, at: 0)
      link()
      let changes = list.invalidate(prepending: added, head: nodes[0])
      check(changes.newCount(from: count) == nodes.count, "prepend \(added) at step \(step)")
    case 7 where count > 0 && cycleAt == nil:
      relink(&nodes, &list, &input, step: step)
    default:
      check(Array(list) == nodes.map(\.value), "iteration at step \(step)")
    }
    check(list.count == nodes.count, "count \(list.count), expected \(nodes.count)")
    check(list.isTruncated == (cycleAt != nil), "isTruncated at step \(step)")
  }
  check(Array(list) == nodes.map(\.value), "iteration at the end")
  link()
  return 0
}

/// Moves up to three nodes (repeated positions, both ends) before a
/// position, relinks the whole list so, and tells the collection.
func relink(
  _ nodes: inout [Node], _ list: inout LinkedListCollection<Node, Int>, _ input: inout FuzzInput,
  step: Int
) {
  let count = nodes.count
  let source = (0..<input.int(in: 1...3)).map { _ in input.int(in: 0...count - 1) }
  let destination = input.int(in: 0...count)
  let moved = Set(source).sorted()
  let landing = destination - moved.filter { $0 < destination }.count
  let moving = moved.map { nodes[$0] }
  for offset in moved.reversed() { nodes.remove(at: offset) }
  nodes.insert(contentsOf: moving, at: landing)
  for (a, b) in zip(nodes, nodes.dropFirst()) { a.next = b }
  nodes.last?.next = nil
  let changes = list.invalidate(movingOffsets: source, toOffset: destination, head: nodes[0])
  check(
    changes == RowChanges(movingOffsets: source, toOffset: destination),
    "move \(source) to \(destination) at step \(step)")
}

/// Reads a run of positions anywhere, forwards or backwards, against the
/// nodes.
func readRun(
  _ list: LinkedListCollection<Node, Int>, _ nodes: [Node], _ input: inout FuzzInput, step: Int
) {
  let count = nodes.count
  let start = input.int(in: 0...count - 1)
  let length = input.int(in: 1...40)
  let positions =
    input.bool()
    ? Array(start..<min(count, start + length))
    : Array((max(0, start - length)...start).reversed())
  if input.choice(3) == 0 {
    // A slice, iterated (it walks without the index and leaves it
    // where it stopped), then the positions around its end.
    let bounds = start..<min(count, start + length)
    check(
      Array(list[bounds]) == nodes[bounds].map(\.value), "slice \(bounds) at step \(step)")
    for p in [bounds.upperBound - 1, bounds.upperBound] where p < count {
      check(list[p] == nodes[p].value, "list[\(p)] after slice \(bounds) at step \(step)")
    }
  } else {
    for p in positions {
      check(list[p] == nodes[p].value, "list[\(p)] at step \(step)")
    }
  }
}
