//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import CollectionAdapters

/// Hostile uses of `OutlineCollection`: each must neither trap nor misbehave.
@Suite("OutlineCollection hardening")
struct OutlineCollectionHardeningTests {
  @Test("Collapse-and-reload cycles do not grow the index")
  func reloadCyclesReclaimRowCounts() {
    let folder = TreeNode(0, children: (1...1_000).map { TreeNode($0) })
    let root = TreeNode(-1, children: [folder])
    var outline = TreeOutline(roots: [root], children: \.children)
    outline.expand(-1)
    for _ in 0..<200 {
      outline.expand(0)
      outline.collapse(0)
      outline.reloadChildren(of: -1)
    }
    outline.expand(0)
    #expect(outline.count == 1_002)
    // 1,001 live row counts (the folder and its children) and at most as
    // many dead ones, plus the slack before a compaction.
    #expect(outline._rowTree.count <= 2 * 1_002 + 64, "\(outline._rowTree.count) entries")
    for _ in 0..<200 {
      folder.children = (1...Int.random(in: 1...1_000)).map { TreeNode($0) }
      outline.reloadChildren(of: 0)
    }
    #expect(outline._rowTree.count <= 2 * (folder.children!.count + 2) + 64)
    #expect(outline.map(\.id) == [-1, 0] + folder.children!.map(\.id))
  }

  @Test("Duplicate ids never show a node twice or lose the owner's rows")
  func duplicateIDs() {
    let first = TreeNode(7, children: [TreeNode(1)])
    let second = TreeNode(7, children: [TreeNode(2), TreeNode(3)])
    var outline = TreeOutline(roots: [first, second], children: \.children)
    outline.expandAll()
    #expect(outline.map(\.id) == [7, 1, 7])
    #expect(outline.duplicateIDs == [7])
    #expect(outline[2].node === second && !outline[2].isExpanded && outline[2].hasChildren)
    #expect(outline.collapse(7) == .deleted(1..<2))
    #expect(outline.expand(7) == .inserted(1..<2))
    #expect(outline.map(\.id) == [7, 1, 7])
  }

  @Test("Duplicates among siblings and across levels, expanded one by one")
  func duplicateIDsByExpansion() {
    let tree = [
      TreeNode(1, children: [TreeNode(2, children: [TreeNode(9)]), TreeNode(2), TreeNode(1)])
    ]
    var outline = TreeOutline(roots: tree, children: \.children)
    outline.expand(1)
    #expect(outline.map(\.id) == [1, 2, 2, 1])
    outline.expand(2)
    #expect(outline.map(\.id) == [1, 2, 9, 2, 1])
    #expect(outline.duplicateIDs == [1, 2])
    outline.expandAll()
    #expect(outline.map(\.id) == [1, 2, 9, 2, 1])
  }
}
