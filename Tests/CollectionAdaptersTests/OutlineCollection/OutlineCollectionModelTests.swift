//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import _TestSupport

private struct OutlineModel {
  var forest: RandomForest
  var outline: TreeOutline
  var reference = ReferenceOutline()
  var before: [RowSnapshot] = []
  var change: OutlineChange = .unchanged
  /// A mismatch found inside a step, reported by `verify` with the seed.
  var stepFailure: String?
  var expectedChange: OutlineChange?
  /// Whether the step's move must be refused (the reason is not compared).
  var expectsRefusal = false

  init(_ g: inout SplitMix64) {
    forest = RandomForest(roots: Int.random(in: 1...5, using: &g), &g)
    // Half the outlines learn leaves from a `hasChildren` answer, the other
    // half from `children`: both must show the same rows.
    outline =
      Bool.random(using: &g)
      ? TreeOutline(roots: forest.roots, children: \.children, hasChildren: { $0.children != nil })
      : TreeOutline(roots: forest.roots, children: \.children)
  }
}

private func step(_ m: inout OutlineModel, _ g: inout SplitMix64) -> String {
  m.before = m.outline.snapshots
  m.expectedChange = nil
  m.expectsRefusal = false
  let all = m.forest.allNodes
  // Mostly real ids, sometimes one that exists nowhere.
  let target = all.randomElement(using: &g)
  let id = Int.random(in: 0..<10, using: &g) == 0 ? -7 : (target?.node.id ?? -7)
  let node = all.first { $0.node.id == id }?.node
  let known = m.reference.isKnown(id, in: m.forest)
  switch Int.random(in: 0..<24, using: &g) {
  case 20..<24:
    return moveStep(&m, &g)
  case 0..<7:
    m.change = m.outline.expand(id)
    if !known {
      m.expectedChange = .unknownID
    } else if node?.children != nil {
      m.reference.expanded.insert(id)
      m.reference.indexed.insert(id)
    }
    return "expand(\(id))"
  case 7..<11:
    m.change = m.outline.collapse(id)
    if !known { m.expectedChange = .unknownID }
    m.reference.expanded.remove(id)
    return "collapse(\(id))"
  case 11..<14:
    m.change = m.outline.toggle(id)
    if !known {
      m.expectedChange = .unknownID
    } else if m.reference.expanded.contains(id) {
      m.reference.expanded.remove(id)
    } else if node?.children != nil {
      m.reference.expanded.insert(id)
      m.reference.indexed.insert(id)
    }
    return "toggle(\(id))"
  case 14:
    m.change = m.outline.expand(id, recursively: true)
    if !known {
      m.expectedChange = .unknownID
    } else if let node, node.children != nil {
      var stack = [node]
      while let n = stack.popLast() {
        m.reference.expanded.insert(n.id)
        m.reference.indexed.insert(n.id)
        stack.append(contentsOf: n.children!.filter { $0.children != nil })
      }
    }
    return "expand(\(id), recursively: true)"
  case 15 where Int.random(in: 0..<4, using: &g) == 0:
    if Bool.random(using: &g) {
      m.change = m.outline.expandAll()
      for (n, _) in all where n.children != nil {
        m.reference.expanded.insert(n.id)
        m.reference.indexed.insert(n.id)
      }
      return "expandAll()"
    }
    m.change = m.outline.collapseAll()
    m.reference = ReferenceOutline()
    return "collapseAll()"
  case 16..<19:
    // Change a node's children, then tell the outline.
    guard let node else {
      m.change = m.outline.reloadChildren(of: id)
      m.expectedChange = .unknownID
      return "reloadChildren(of: unknown \(id))"
    }
    let old = node.children
    var description = ""
    switch Int.random(in: 0..<5, using: &g) {
    case 0:
      node.children = (node.children ?? []) + [m.forest.makeNode(depth: 3, &g)]
      description = "append a child"
    case 1 where !(node.children ?? []).isEmpty:
      node.children!.remove(at: Int.random(in: 0..<node.children!.count, using: &g))
      description = "remove a child"
    case 2:
      node.children?.shuffle(using: &g)
      description = "shuffle children"
    case 3:
      node.children = nil
      description = "make a leaf"
    default:
      node.children = node.children == nil ? [] : node.children
      description = "no change"
    }
    m.change = m.outline.reloadChildren(of: id)
    if !known {
      m.expectedChange = .unknownID
    } else if m.reference.indexed.contains(id) {
      let survivors = Set((node.children ?? []).map(\.id))
      for child in old ?? [] where !survivors.contains(child.id) {
        m.reference.forget(subtree: child)
      }
      if node.children == nil {
        m.reference.expanded.remove(id)
        m.reference.indexed.remove(id)
      }
    }
    return "reloadChildren(of: \(id)) after \(description)"
  case 19:
    // Reveal a random existing node by its path.
    guard let target = target?.node else { return "reveal (empty)" }
    var parents: [Int: TreeNode] = [:]
    for (n, p) in all { parents[n.id] = p }
    var path = [target.id]
    var cursor = parents[target.id] ?? nil
    while let p = cursor {
      path.insert(p.id, at: 0)
      cursor = parents[p.id] ?? nil
    }
    let row = m.outline.reveal(path: path)
    for ancestor in path.dropLast() {
      m.reference.expanded.insert(ancestor)
      m.reference.indexed.insert(ancestor)
    }
    let rows = m.reference.rows(m.forest.roots)
    if row != rows.firstIndex(where: { $0.id == target.id }) {
      m.stepFailure = "reveal returned \(String(describing: row))"
    }
    m.change = .unchanged
    m.before = m.outline.snapshots
    return "reveal(path: \(path))"
  default:
    m.change = m.outline.collapse(id)
    if !known { m.expectedChange = .unknownID }
    m.reference.expanded.remove(id)
    return "collapse(\(id)) (default)"
  }
}

/// A drag of random ids, known or not, repeated, nested, to the roots, a
/// known node, a never-expanded one or an unknown one, before a child, a
/// moved node, a stranger or the end.
private func moveStep(_ m: inout OutlineModel, _ g: inout SplitMix64) -> String {
  let all = m.forest.allNodes
  var ids: [Int] = []
  for _ in 0..<Int.random(in: 0...3, using: &g) {
    ids.append(
      Int.random(in: 0..<8, using: &g) == 0 ? -5 : all.randomElement(using: &g)?.node.id ?? -5)
  }
  if let first = ids.first, Int.random(in: 0..<4, using: &g) == 0 { ids.append(first) }
  let parent: Int? =
    switch Int.random(in: 0..<10, using: &g) {
    case 0..<3: nil
    case 3: -9
    default: all.randomElement(using: &g)?.node.id
    }
  let siblings =
    parent == nil ? m.forest.roots : all.first { $0.node.id == parent }?.node.children ?? []
  let sibling: Int? =
    switch Int.random(in: 0..<6, using: &g) {
    case 0: nil
    case 1: all.randomElement(using: &g)?.node.id
    case 2: ids.randomElement(using: &g)
    default: siblings.randomElement(using: &g)?.id
    }
  let expected = m.referenceMove(ids, parent: parent, sibling: sibling)
  m.change = m.outline.move(ids, toParent: parent, before: sibling)
  switch expected {
  case .unknownID: m.expectedChange = .unknownID
  case .refused: m.expectsRefusal = true
  case .moved: break
  }
  return
    "move(\(ids), toParent: \(String(describing: parent)), before: \(String(describing: sibling)))"
}

private enum ExpectedMove { case unknownID, refused, moved }

extension OutlineModel {
  /// Moves the nodes in the forest as an app does after a drag, and in the
  /// reference's expanded state: the brute-force side of `move`.
  fileprivate mutating func referenceMove(
    _ ids: [Int], parent: Int?, sibling: Int?
  )
    -> ExpectedMove
  {
    let all = forest.allNodes
    var parentOf: [Int: TreeNode] = [:]
    var nodes: [Int: TreeNode] = [:]
    for (node, p) in all {
      nodes[node.id] = node
      parentOf[node.id] = p
    }
    if let parent, !reference.isKnown(parent, in: forest) { return .unknownID }
    let known = Set(ids.filter { reference.isKnown($0, in: forest) })
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
    guard !moving.isEmpty else { return .moved }
    let destination = parent.map { nodes[$0]! }
    let isIndexed = parent.map { reference.indexed.contains($0) } ?? true
    let siblings = destination.map { $0.children ?? [] } ?? forest.roots
    var index = siblings.count
    if let sibling, let i = siblings.firstIndex(where: { $0.id == sibling }) {
      index = i
    } else if sibling != nil, isIndexed {
      return .unknownID
    }
    let movingIDs = Set(moving.map(\.id))
    let landing = index - siblings[..<index].filter { movingIDs.contains($0.id) }.count
    forest.roots.removeAll { movingIDs.contains($0.id) }
    for node in moving { parentOf[node.id]?.children?.removeAll { movingIDs.contains($0.id) } }
    if let destination {
      destination.children = destination.children ?? []
      destination.children!.insert(contentsOf: moving, at: landing)
    } else {
      forest.roots.insert(contentsOf: moving, at: landing)
    }
    if !isIndexed { for node in moving { reference.forget(subtree: node) } }
    return .moved
  }
}

/// Whether `change` describes the difference between `before` and `after`.
private func changeExplains(
  _ change: OutlineChange, _ before: [RowSnapshot], _ after: [RowSnapshot]
) -> Bool {
  let ids = (before.map(\.id), after.map(\.id))
  switch change {
  case .unknownID, .unchanged, .refused:
    return ids.0 == ids.1
  case .changed(let changes):
    var rows = ids.0
    for range in changes.deletions.reversed() { rows.removeSubrange(range) }
    let arriving = Dictionary(uniqueKeysWithValues: changes.moves.map { ($0.to, ids.0[$0.from]) })
    // A row that was there before and is inserted must be a move.
    let shown = Set(ids.0)
    for range in changes.insertions {
      for position in range {
        guard
          let id = arriving[position] ?? (shown.contains(ids.1[position]) ? nil : ids.1[position])
        else { return false }
        rows.insert(id, at: position)
      }
    }
    let batch = changes.batch()
    return rows == ids.1
      && uikitBatchProblems(batch, before: [ids.0.count], after: [ids.1.count]).isEmpty
      && changes.updates.allSatisfy { $0.allSatisfy { shown.contains(ids.1[$0]) } }
  case .inserted(let range):
    var rebuilt = ids.1
    rebuilt.removeSubrange(range)
    return rebuilt == ids.0
  case .deleted(let range):
    var rebuilt = ids.0
    rebuilt.removeSubrange(range)
    return rebuilt == ids.1
  }
}

private func verify(_ m: OutlineModel) -> String? {
  if let failure = m.stepFailure { return failure }
  let expected = m.reference.rows(m.forest.roots)
  // First, the rows next to where the outline last read (the last row
  // before the step): a cursor that outlived the change would answer these
  // from its old path.
  for position in m.before.count - 2...m.before.count where expected.indices.contains(position) {
    let row = m.outline[position]
    if row.id != expected[position].id || row.depth != expected[position].depth {
      return
        "row \(position) read next to the last one read is \(row.id), expected \(expected[position].id)"
    }
  }
  // Backwards, as a list scrolled up reads its window.
  let backwards = m.outline.indices.reversed().map { m.outline[$0].id }
  if !backwards.elementsEqual(expected.reversed().map(\.id)) { return "rows read backwards differ" }
  // A walk of single steps either way and jumps, seeded by the row count.
  var g = SplitMix64(seed: UInt64(expected.count) &* 0x9E37)
  var position = expected.count / 2
  for _ in 0..<Swift.min(200, expected.count * 3) {
    switch Int.random(in: 0..<10, using: &g) {
    case 0: position = Int.random(in: 0..<expected.count, using: &g)
    case 1..<5: position = Swift.min(expected.count - 1, position + 1)
    default: position = Swift.max(0, position - 1)
    }
    let row = m.outline[position]
    if row.id != expected[position].id || row.depth != expected[position].depth
      || row.isExpanded != expected[position].isExpanded
    {
      return "row \(position) read on a walk is \(row.id), expected \(expected[position].id)"
    }
  }
  // Slices at random ranges, both ends included, iterated (a window that
  // starts wherever the last read left the cursor), then sliced again.
  for _ in 0..<4 {
    let lower = Int.random(in: 0...expected.count, using: &g)
    let upper = Int.random(in: lower...expected.count, using: &g)
    let slice = m.outline[lower..<upper]
    var rows: [RowSnapshot] = []
    for row in slice {
      rows.append(
        RowSnapshot(
          id: row.id, depth: row.depth, isExpanded: row.isExpanded, hasChildren: row.hasChildren))
    }
    if rows != Array(expected[lower..<upper]) {
      return "slice \(lower)..<\(upper) is \(rows), expected \(expected[lower..<upper])"
    }
    let middle = (lower + upper) / 2
    if !slice[middle...].lazy.map(\.id).elementsEqual(expected[middle..<upper].map(\.id)) {
      return "slice \(middle)..<\(upper) of slice \(lower)..<\(upper) differs"
    }
  }
  let actual = m.outline.snapshots
  if actual != expected { return "rows \(actual) != expected \(expected)" }
  if !m.outline.map(\.id).elementsEqual(expected.map(\.id)) { return "iteration differs" }
  if let expectedChange = m.expectedChange, m.change != expectedChange {
    return "change \(m.change) != \(expectedChange)"
  }
  var isRefusal = false
  if case .refused = m.change { isRefusal = true }
  if isRefusal != m.expectsRefusal {
    return "change \(m.change), expected \(m.expectsRefusal ? "a refusal" : "no refusal")"
  }
  if !changeExplains(m.change, m.before, actual) {
    return "change \(m.change) does not explain \(m.before) -> \(actual)"
  }
  for (node, _) in m.forest.allNodes
  where m.outline.isExpanded(node.id) != m.reference.expanded.contains(node.id) {
    return "isExpanded(\(node.id)) is \(m.outline.isExpanded(node.id))"
  }
  return nil
}

@Suite("OutlineCollection model")
struct OutlineCollectionModelTests {
  @Test(
    "Random expand, collapse, toggle, reload and move against a naive flatten",
    arguments: modelTestSeeds)
  func randomOperations(seed: UInt64) {
    var setup = SplitMix64(seed: seed ^ 0xABCD)
    var model = OutlineModel(&setup)
    runModelTest(
      seed: seed, steps: modelTestSteps(6_000), state: &model, step: step, verify: verify)
  }

  /// Children that repeat an id have no identity to compare: whatever the
  /// outline reports must still turn the rows before into the rows after,
  /// as a UIKit batch accepts, and a reload among unique ids must report
  /// moves, never a replacement.
  @Test("Reloads among repeated ids, at random, against a naive flatten", arguments: modelTestSeeds)
  func reloadsAmongRepeatedIDs(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    // Leaves from a pool of five ids, so repeats are common, under two
    // open folders of unique ids.
    func leaves() -> [TreeNode] {
      (0..<Int.random(in: 0...6, using: &g)).map { _ in TreeNode(Int.random(in: 1...5, using: &g)) }
    }
    let folders = [TreeNode(100, children: leaves()), TreeNode(200, children: leaves())]
    var outline = OutlineCollection(roots: folders, children: \.children)
    outline.expandAll()
    func flatten() -> [Int] { folders.flatMap { [$0.id] + $0.children!.map(\.id) } }
    for step in 0..<sized(200, full: 2_000) {
      let before = flatten()
      let folder = folders[Int.random(in: 0...1, using: &g)]
      let oldChildren = folder.children!.map(\.id)
      switch Int.random(in: 0..<3, using: &g) {
      case 0: folder.children = leaves()
      case 1: folder.children!.shuffle(using: &g)
      default:
        if !folder.children!.isEmpty {
          folder.children!.remove(at: Int.random(in: 0..<folder.children!.count, using: &g))
        }
      }
      let after = flatten()
      let change = outline.reloadChildren(of: folder.id)
      let note = Comment(rawValue: "seed \(seed), step \(step): \(before) -> \(after), \(change)")
      #expect(outline.map(\.id) == after, note)
      guard case .changed(let changes) = change else {
        #expect(before == after, note)
        continue
      }
      var rows = before
      for range in changes.deletions.reversed() { rows.removeSubrange(range) }
      let arriving = Dictionary(
        uniqueKeysWithValues: changes.moves.map { ($0.to, before[$0.from]) })
      for range in changes.insertions {
        for position in range { rows.insert(arriving[position] ?? after[position], at: position) }
      }
      #expect(rows == after, note)
      #expect(
        uikitBatchProblems(changes.batch(), before: [before.count], after: [after.count]) == [],
        note)
      // A shuffle among unique ids: every row removed is a move.
      let children = folder.children!.map(\.id)
      if Set(children).count == children.count, children.sorted() == oldChildren.sorted() {
        #expect(changes.deletions.reduce(0) { $0 + $1.count } == changes.moves.count, note)
      }
    }
  }
}
