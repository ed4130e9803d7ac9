//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import FuzzSupport

final class TreeNode: Identifiable {
  let id: Int
  var children: [TreeNode]?
  init(_ id: Int, children: [TreeNode]? = nil) {
    self.id = id
    self.children = children
  }
}

/// Expansions, collapses, reveals and reloads of a random tree by ids from
/// "the UI" (unknown ones included), over trees with unique ids against a
/// naive flatten, and over trees that repeat ids against the rules for
/// duplicates: no node shown twice, rows consistent by position and by
/// iteration, and every reported change explaining the row count.
@_cdecl("FuzzOutline_main")
public func main(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc: argc, argv: argv) { data, size in
    fuzzOutline(data ?? UnsafePointer(bitPattern: 1)!, size)
  }
}

/// Runs one input: decodes it into calls and checks them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let run = OutlineRun(FuzzInput(data, size))
  var step = 0
  while !run.input.isAtEnd, step < 120, !run.diverged {
    step += 1
    run.step(step)
  }
  return 0
}

/// One input's tree, its outline, and the reference: the nodes expanded
/// and indexed (known), for trees with unique ids.
final class OutlineRun {
  var input: FuzzInput
  let duplicates: Bool
  let idSpace: Int
  var nextID = 0
  var roots: [TreeNode] = []
  var outline: OutlineCollection<TreeNode, Int, [TreeNode]>
  var expanded = Set<Int>()
  var indexed = Set<Int>()
  var reloaded = false
  /// Whether a move was not made in the tree (ids not unique, or the
  /// reference no longer exact): later reads of the tree would not match.
  var diverged = false

  init(_ input: FuzzInput) {
    self.input = input
    duplicates = self.input.bool()
    idSpace = duplicates ? self.input.int(in: 1...12) : Int.max
    outline = OutlineCollection(roots: [], children: \.children)
    roots = (0..<self.input.int(in: 0...5)).map { _ in makeNode(depth: 0) }
    // Leaves learned from a has-children answer or from `children`.
    outline =
      self.input.choice(2) == 0
      ? OutlineCollection(roots: roots, children: \.children, hasChildren: { $0.children != nil })
      : OutlineCollection(roots: roots, children: \.children)
  }

  func makeNode(depth: Int) -> TreeNode {
    let id = duplicates ? input.int(in: 0...idSpace - 1) : nextID
    nextID += 1
    let node = TreeNode(id)
    if depth < 4, input.choice(3) != 0 {
      node.children = (0..<input.int(in: 0...4)).map { _ in makeNode(depth: depth + 1) }
    }
    return node
  }

  /// One call by an id from "the UI" (unknown ones included), then the
  /// checks.
  func step(_ step: Int) {
    let all = allNodes(roots)
    let id =
      all.isEmpty || input.choice(6) == 0
      ? -1 - input.int(in: 0...3) : all[input.int(in: 0...all.count - 1)].node.id
    let before = outline.count
    // The change an operation reports, if it reports one.
    let change: OutlineChange?
    switch input.choice(9) {
    case let choice where choice < 6: change = expandOrCollapse(choice, id, all)
    case 6:
      guard !all.isEmpty else { return }
      reveal(all[input.int(in: 0...all.count - 1)], all)
      change = nil
    case 7: change = reload(all)
    default:
      guard input.bool() else {
        change = outline.toggle(-99)
        check(change == .unknownID, "an id never seen is unknown")
        break
      }
      change = move(id, all)
    }
    if let change { explain(change, before: before, after: outline.count, step: step) }
    verify(step)
  }

  private func expandOrCollapse(
    _ choice: Int, _ id: Int, _ all: [(node: TreeNode, parent: TreeNode?)]
  ) -> OutlineChange {
    let known =
      roots.contains { $0.id == id }
      || all.contains { $0.node.id == id && $0.parent.map { indexed.contains($0.id) } == true }
    let opens = known && all.contains { $0.node.id == id && $0.node.children != nil }
    switch choice {
    case 0, 1:
      if opens {
        expanded.insert(id)
        indexed.insert(id)
      }
      return outline.expand(id)
    case 2:
      expanded.remove(id)
      return outline.collapse(id)
    case 3:
      if expanded.contains(id) {
        expanded.remove(id)
      } else if opens {
        expanded.insert(id)
        indexed.insert(id)
      }
      return outline.toggle(id)
    case 4:
      for (node, _) in all where node.children != nil {
        expanded.insert(node.id)
        indexed.insert(node.id)
      }
      return outline.expandAll()
    default:
      expanded = []
      indexed = []
      return outline.collapseAll()
    }
  }

  /// Reveals a node by its path from a root.
  private func reveal(
    _ target: (node: TreeNode, parent: TreeNode?), _ all: [(node: TreeNode, parent: TreeNode?)]
  ) {
    var path = [target.node.id]
    var parent = target.parent
    while let p = parent {
      path.insert(p.id, at: 0)
      parent = all.first { $0.node === p }?.parent
    }
    let row = outline.reveal(path: path)
    if let row { check(outline[row].id == target.node.id, "reveal returned row \(row)") }
    for ancestor in path.dropLast() {
      expanded.insert(ancestor)
      indexed.insert(ancestor)
    }
  }

  /// A drag of `first` and up to two more ids (repeated, unknown or
  /// nested ones too) to the roots or a node, before a child or the end;
  /// the same move made in the tree, as an app does, unless refused.
  private func move(_ first: Int, _ all: [(node: TreeNode, parent: TreeNode?)]) -> OutlineChange {
    func pick() -> Int? {
      all.isEmpty || input.choice(8) == 0 ? nil : all[input.int(in: 0...all.count - 1)].node.id
    }
    let ids = [first] + (0..<input.int(in: 0...2)).map { _ in pick() ?? -5 }
    let parent = input.choice(3) == 0 ? nil : pick()
    let siblings = parent.map { p in all.first { $0.node.id == p }?.node.children ?? [] } ?? roots
    let sibling =
      siblings.isEmpty || input.choice(4) == 0
      ? pick() : siblings[input.int(in: 0...siblings.count - 1)].id
    let change = outline.move(ids, toParent: parent, before: sibling)
    guard !duplicates, !reloaded else {
      diverged = true
      return change
    }
    let expected = mirrorMove(ids, parent: parent, sibling: sibling, all)
    switch change {
    case .unknownID: check(expected == .unknownID, "move(\(ids)) unknown, expected \(expected)")
    case .refused: check(expected == .refused, "move(\(ids)) refused, expected \(expected)")
    default: check(expected == .accepted, "move(\(ids)) gave \(change), expected \(expected)")
    }
    return change
  }

  enum ExpectedMove { case unknownID, refused, accepted }

  /// The move made in the tree and the reference, as plainly as possible.
  private func mirrorMove(
    _ ids: [Int], parent: Int?, sibling: Int?, _ all: [(node: TreeNode, parent: TreeNode?)]
  ) -> ExpectedMove {
    var parentOf: [Int: TreeNode] = [:]
    for (node, p) in all { parentOf[node.id] = p }
    func isKnown(_ id: Int) -> Bool {
      all.contains { $0.node.id == id && ($0.parent.map { indexed.contains($0.id) } ?? true) }
    }
    if let parent, !isKnown(parent) { return .unknownID }
    let known = Set(ids.filter(isKnown))
    func isBelowKnown(_ id: Int) -> Bool {
      var cursor = parentOf[id]
      while let node = cursor {
        if known.contains(node.id) { return true }
        cursor = parentOf[node.id]
      }
      return false
    }
    if let parent, known.contains(parent) || isBelowKnown(parent) { return .refused }
    let moving = all.map(\.node).filter { known.contains($0.id) && !isBelowKnown($0.id) }
    guard !moving.isEmpty else { return .accepted }
    let destination = parent.flatMap { p in all.first { $0.node.id == p }?.node }
    let isIndexed = parent.map { indexed.contains($0) } ?? true
    let siblings = destination.map { $0.children ?? [] } ?? roots
    var index = siblings.count
    if let sibling, let i = siblings.firstIndex(where: { $0.id == sibling }) {
      index = i
    } else if sibling != nil, isIndexed {
      return .unknownID
    }
    let movingIDs = Set(moving.map(\.id))
    let landing = index - siblings[..<index].filter { movingIDs.contains($0.id) }.count
    roots.removeAll { movingIDs.contains($0.id) }
    for node in moving { parentOf[node.id]?.children?.removeAll { movingIDs.contains($0.id) } }
    if let destination {
      destination.children = (destination.children ?? [])
      destination.children!.insert(contentsOf: moving, at: landing)
    } else {
      roots.insert(contentsOf: moving, at: landing)
    }
    if !isIndexed {
      for node in allNodes(moving) {
        expanded.remove(node.node.id)
        indexed.remove(node.node.id)
      }
    }
    return .accepted
  }

  /// The app changed a node's children (or the roots) and says so.
  private func reload(_ all: [(node: TreeNode, parent: TreeNode?)]) -> OutlineChange {
    reloaded = true
    if input.bool() || all.isEmpty {
      roots =
        (0..<input.int(in: 0...5)).map { _ in makeNode(depth: 1) }
        + roots.prefix(input.int(in: 0...2))
      return outline.reloadRoots(roots)
    }
    let node = all[input.int(in: 0...all.count - 1)].node
    node.children =
      input.choice(4) == 0
      ? nil
      : (0..<input.int(in: 0...4)).map { _ in makeNode(depth: 3) }
        + (node.children ?? []).prefix(2)
    return outline.reloadChildren(of: node.id)
  }

  private func verify(_ step: Int) {
    verifyRows(outline, step: step)
    if outline.count > 0 {
      // A slice, iterated, then reads around where its iterator left the
      // shared cursor.
      let a = input.int(in: 0...outline.count)
      let b = input.int(in: a...outline.count)
      verifySlice(outline, a..<b, step: step)
    }
    if !duplicates, !reloaded {
      let expected = flatten(roots, expanded: expanded)
      check(outline.map(\.id) == expected.map(\.id), "rows at step \(step)")
      check(outline.map(\.depth) == expected.map(\.depth), "depths at step \(step)")
    }
    if !duplicates { check(outline.duplicateIDs.isEmpty, "duplicates reported in a unique tree") }
  }
}

func allNodes(_ roots: [TreeNode]) -> [(node: TreeNode, parent: TreeNode?)] {
  var result: [(TreeNode, TreeNode?)] = []
  var stack: [(TreeNode, TreeNode?)] = roots.reversed().map { ($0, nil) }
  while let (node, parent) = stack.popLast() {
    result.append((node, parent))
    for child in (node.children ?? []).reversed() { stack.append((child, node)) }
  }
  return result
}

func flatten(_ roots: [TreeNode], expanded: Set<Int>) -> [(id: Int, depth: Int)] {
  var result: [(Int, Int)] = []
  func visit(_ node: TreeNode, _ depth: Int) {
    result.append((node.id, depth))
    if expanded.contains(node.id), let children = node.children {
      for child in children { visit(child, depth + 1) }
    }
  }
  for root in roots { visit(root, 0) }
  return result
}

func explain(_ change: OutlineChange, before: Int, after: Int, step: Int) {
  switch change {
  case .unchanged, .unknownID, .refused:
    check(
      before == after, "\(change) but the count went from \(before) to \(after) at step \(step)")
  case .inserted(let rows):
    check(
      after == before + rows.count && rows.upperBound <= after, "inserted \(rows) at step \(step)")
  case .deleted(let rows):
    check(
      after == before - rows.count && rows.upperBound <= before, "removed \(rows) at step \(step)")
  case .changed(let changes):
    check(changes.newCount(from: before) == after, "moved \(changes) at step \(step)")
  }
}

func verifySlice(
  _ outline: OutlineCollection<TreeNode, Int, [TreeNode]>, _ bounds: Range<Int>, step: Int
) {
  let rows = Array(outline)
  var position = bounds.lowerBound
  for row in outline[bounds] {
    check(
      row.node === rows[position].node && row.depth == rows[position].depth,
      "slice \(bounds) row \(position) differs at step \(step)")
    position += 1
  }
  check(position == bounds.upperBound, "slice \(bounds) ends at \(position), step \(step)")
  for around in [bounds.upperBound - 2, bounds.upperBound - 1, bounds.upperBound]
  where around >= 0 && around < rows.count {
    check(outline[around].node === rows[around].node, "row \(around) after slice \(bounds)")
  }
}

func verifyRows(_ outline: OutlineCollection<TreeNode, Int, [TreeNode]>, step: Int) {
  let rows = Array(outline)
  check(rows.count == outline.count, "iteration gives \(rows.count) rows, count \(outline.count)")
  var seen = Set<ObjectIdentifier>()
  var depth = -1
  for (position, row) in rows.enumerated() {
    let indexed = outline[position]
    check(indexed.node === row.node && indexed.depth == row.depth, "row \(position) differs")
    check(row.id == row.node.id, "row id")
    check(seen.insert(ObjectIdentifier(row.node)).inserted, "node \(row.id) shown twice")
    check(row.depth <= depth + 1 && row.depth >= 0, "depth jumps at row \(position)")
    check(!row.isExpanded || row.hasChildren, "expanded leaf at row \(position)")
    depth = row.depth
  }
}
