//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import CollectionAdapters

/// A random tree with unique ids, some leaves (nil), some empty folders.
struct RandomForest {
  var roots: [TreeNode] = []
  var nextID = 0

  mutating func makeNode(depth: Int, _ g: inout SplitMix64) -> TreeNode {
    let node = TreeNode(nextID)
    nextID += 1
    if depth < 4, Int.random(in: 0..<3, using: &g) != 0 {
      let width = Int.random(in: 0...4, using: &g)
      node.children = []
      for _ in 0..<width { node.children!.append(makeNode(depth: depth + 1, &g)) }
    }
    return node
  }

  init(roots count: Int, _ g: inout SplitMix64) {
    for _ in 0..<count { roots.append(makeNode(depth: 0, &g)) }
  }

  var allNodes: [(node: TreeNode, parent: TreeNode?)] {
    var result: [(TreeNode, TreeNode?)] = []
    var stack: [(TreeNode, TreeNode?)] = roots.reversed().map { ($0, nil) }
    while let (node, parent) = stack.popLast() {
      result.append((node, parent))
      for child in (node.children ?? []).reversed() { stack.append((child, node)) }
    }
    return result
  }
}

/// A row as the reference sees it.
struct RowSnapshot: Equatable, CustomStringConvertible {
  var id: Int
  var depth: Int
  var isExpanded: Bool
  var hasChildren: Bool
  var description: String { "\(id)@\(depth)\(isExpanded ? "+" : "")\(hasChildren ? "" : ".")" }
}

typealias TreeOutline = OutlineCollection<TreeNode, Int, [TreeNode]>

/// Expects the rows of `outline` to have the identifiers `ids`, and every
/// row found by a descent from the roots to be the one read by steps, as
/// the tree itself says.
func expectDescentsFindTheRows(of outline: TreeOutline, _ ids: [Int], _ comment: Comment) {
  let rows = Array(outline)
  #expect(rows.map(\.id) == ids, comment)
  for position in rows.indices {
    let row = outline._row(at: outline._descend(to: position))
    #expect(
      row.node === rows[position].node && row.depth == rows[position].depth
        && row.isExpanded == rows[position].isExpanded
        && row.hasChildren == rows[position].hasChildren
        && row.hasChildren == (row.node.children != nil), comment)
  }
}

/// Three roots, each with three children down to `levels` levels; ids
/// 1, 2, ... depth-first.
func ternaryForest(levels: Int) -> [TreeNode] {
  var nextID = 0
  func build(_ depth: Int) -> TreeNode {
    nextID += 1
    let node = TreeNode(nextID)
    if depth < levels - 1 { node.children = (0..<3).map { _ in build(depth + 1) } }
    return node
  }
  return (0..<3).map { _ in build(0) }
}

extension OutlineCollection where Node == TreeNode, ID == Int {
  var snapshots: [RowSnapshot] {
    indices.map { position in
      let row = self[position]
      return RowSnapshot(
        id: row.id, depth: row.depth, isExpanded: row.isExpanded, hasChildren: row.hasChildren)
    }
  }
}

/// The naive outline: an expanded set, flattened by a depth-first walk.
struct ReferenceOutline {
  var expanded: Set<Int> = []
  /// Nodes the outline has indexed (expanded at some point, not forgotten).
  var indexed: Set<Int> = []

  func rows(_ roots: [TreeNode]) -> [RowSnapshot] {
    var rows: [RowSnapshot] = []
    func visit(_ nodes: [TreeNode], _ depth: Int) {
      for node in nodes {
        let isExpanded = expanded.contains(node.id)
        rows.append(
          RowSnapshot(
            id: node.id, depth: depth, isExpanded: isExpanded, hasChildren: node.children != nil))
        if isExpanded { visit(node.children ?? [], depth + 1) }
      }
    }
    visit(roots, 0)
    return rows
  }

  func isKnown(_ id: Int, in forest: RandomForest) -> Bool {
    guard let entry = forest.allNodes.first(where: { $0.node.id == id }) else { return false }
    guard let parent = entry.parent else { return true }
    return indexed.contains(parent.id)
  }

  mutating func forget(subtree node: TreeNode) {
    var stack = [node]
    while let n = stack.popLast() {
      expanded.remove(n.id)
      indexed.remove(n.id)
      stack.append(contentsOf: n.children ?? [])
    }
  }
}
