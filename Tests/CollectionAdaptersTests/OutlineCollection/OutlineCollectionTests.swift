//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import _TestSupport

@testable import CollectionAdapters

@Suite("OutlineCollection")
struct OutlineCollectionTests {
  @Test("Conformance on random trees and expansion states", arguments: 0..<24)
  func conformance(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let forest = RandomForest(roots: Int.random(in: 0...4, using: &g), &g)
    var outline = TreeOutline(roots: forest.roots, children: \.children)
    var reference = ReferenceOutline()
    for (node, parent) in forest.allNodes where Int.random(in: 0..<3, using: &g) != 0 {
      // Expand top-down, like a user does, so every node is known when reached.
      guard parent == nil || reference.indexed.contains(parent!.id), node.children != nil else {
        continue
      }
      outline.expand(node.id)
      reference.expanded.insert(node.id)
      reference.indexed.insert(node.id)
    }
    let expected = reference.rows(forest.roots)
    let nodes = Dictionary(uniqueKeysWithValues: forest.allNodes.map { ($0.node.id, $0.node) })
    let expectedRows = expected.map {
      TreeOutline.Row(
        node: nodes[$0.id]!, id: { $0.id }, depth: $0.depth, isExpanded: $0.isExpanded,
        hasChildren: $0.hasChildren)
    }
    let same: (TreeOutline.Row, TreeOutline.Row) -> Bool = {
      $0.node === $1.node && $0.id == $1.id && $0.depth == $1.depth
        && $0.isExpanded == $1.isExpanded && $0.hasChildren == $1.hasChildren
    }
    // The exhaustive checker is cubic: it takes the first few dozen rows;
    // every row of larger outlines is compared by position and by iteration.
    if expected.count <= 45 {
      checkRandomAccessCollection(
        outline, expectedContents: expectedRows, by: same, "seed \(seed)")
    } else {
      #expect(outline.count == expectedRows.count, "seed \(seed)")
      #expect(outline.indices.allSatisfy { same(outline[$0], expectedRows[$0]) }, "seed \(seed)")
      #expect(outline.elementsEqual(expectedRows, by: same), "seed \(seed)")
      checkRandomAccessCollection(
        outline.prefix(45), expectedContents: expectedRows.prefix(45), by: same, "seed \(seed)")
    }
  }

  @Test("A deep tree reads right forwards, backwards and at random (the cursor's path grows)")
  func deepTree() {
    // A spine 40 levels deep, each level with a leaf after the spine node.
    var nextID = 0
    func level(_ depth: Int) -> TreeNode {
      let node = TreeNode(nextID)
      nextID += 1
      guard depth < 40 else { return node }
      node.children = [level(depth + 1)]
      node.children!.append(TreeNode(nextID))
      nextID += 1
      return node
    }
    let roots = [level(0), TreeNode(-1)]
    var outline = TreeOutline(roots: roots, children: \.children)
    outline.expandAll()
    var reference = ReferenceOutline()
    var stack = roots
    while let node = stack.popLast() {
      guard let children = node.children else { continue }
      reference.expanded.insert(node.id)
      stack.append(contentsOf: children)
    }
    let expected = reference.rows(roots).map { [$0.id, $0.depth] }
    #expect(outline.count == expected.count)
    #expect(expected.map { $0[1] }.max() == 40)
    let forwards = outline.indices.map { [outline[$0].id, outline[$0].depth] }
    #expect(forwards == expected)
    let backwards = outline.indices.reversed().map { [outline[$0].id, outline[$0].depth] }
    #expect(backwards == expected.reversed())
    var g = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let i = Int.random(in: 0..<expected.count, using: &g)
      #expect([outline[i].id, outline[i].depth] == expected[i], "row \(i)")
    }
  }

  @Test(
    "Reads a few rows from the last one (a list's next frame) match a descent", arguments: 0..<6)
  func readsNearTheCursor(seed: UInt64) {
    // A deep spine and wide levels, so steps climb and descend several levels.
    var g = SplitMix64(seed: seed)
    var nextID = 0
    func node(_ depth: Int) -> TreeNode {
      let n = TreeNode(nextID)
      nextID += 1
      if depth < 5, Int.random(in: 0..<3, using: &g) > 0 {
        n.children = (0..<Int.random(in: 0...4, using: &g)).map { _ in node(depth + 1) }
      }
      return n
    }
    let roots = (0..<6).map { _ in node(0) }
    var outline = TreeOutline(roots: roots, children: \.children)
    var reference = ReferenceOutline()
    var stack = roots
    while let n = stack.popLast() {
      guard let children = n.children else { continue }
      if Int.random(in: 0..<4, using: &g) > 0 {
        reference.expanded.insert(n.id)
        outline.expand(n.id)
      }
      stack.append(contentsOf: children)
    }
    let expected = reference.rows(roots).map { [$0.id, $0.depth] }
    #expect(outline.count == expected.count)
    guard !expected.isEmpty else { return }
    // Jumps of every length around the step limit, both ways, from rows
    // read last, then a window moved as a list moves it.
    var position = 0
    for _ in 0..<400 {
      let jump = Int.random(in: -40...40, using: &g)
      position = Swift.min(Swift.max(position + jump, 0), expected.count - 1)
      #expect(
        [outline[position].id, outline[position].depth] == expected[position], "row \(position)")
    }
    var start = 0
    while start < expected.count {
      for row in start..<Swift.min(start + 50, expected.count) {
        #expect([outline[row].id, outline[row].depth] == expected[row], "row \(row)")
      }
      start += 25
    }
  }

  @Test func identifiableConvenienceAndRows() {
    let tree = [
      TreeNode(1, children: [TreeNode(2), TreeNode(3, children: [TreeNode(4)])]),
      TreeNode(5, children: []),
    ]
    var outline = OutlineCollection(roots: tree, children: \.children)
    #expect(outline.map(\.id) == [1, 5])
    #expect(outline.expand(1) == .inserted(1..<3))
    #expect(outline.map(\.id) == [1, 2, 3, 5])
    #expect(outline[2].hasChildren && !outline[2].isExpanded && outline[2].depth == 1)
    #expect(!outline[1].hasChildren)
    #expect(outline.expand(3) == .inserted(3..<4))
    #expect(outline.collapse(1) == .deleted(1..<4))
    #expect(outline.map(\.id) == [1, 5])
    #expect(outline.isExpanded(3) && !outline.isExpanded(1))
    #expect(outline.expand(1) == .inserted(1..<4), "the subtree comes back as it was")
    #expect(outline.expand(5) == .inserted(5..<5), "an empty folder expands to no rows")
    #expect(outline.expand(2) == .unchanged, "a leaf does not expand")
    #expect(outline.expand(99) == .unknownID)
    #expect(outline.collapse(99) == .unknownID)
    #expect(outline.map(\.id) == [1, 2, 3, 4, 5])
    #expect(outline.toggle(3) == .deleted(3..<4))
    #expect(outline.collapseAll() == .changed(RowChanges(deletions: [1..<3])))
    #expect(outline.reveal(path: [1, 3, 4]) == 3)
    #expect(outline.map(\.id) == [1, 2, 3, 4, 5])
    #expect(outline.reveal(path: [1, 7]) == nil)
    #expect(outline.expandAll() == .unchanged, "every row is shown; the empty folder adds none")
    #expect(outline.collapseAll() == .changed(RowChanges(deletions: [1..<4])))
    #expect(outline.expandAll() == .changed(RowChanges(insertions: [1..<4])))
  }

  @Test func unknownIDsAreReportedNotTrapped() {
    let tree = [TreeNode(1, children: [TreeNode(2, children: [TreeNode(3, children: [])])])]
    var outline = OutlineCollection(roots: tree, children: \.children)
    // Node 3's parent was never expanded: the outline does not know it yet.
    #expect(outline.expand(3) == .unknownID)
    #expect(outline.toggle(42) == .unknownID)
    #expect(outline.reloadChildren(of: 42) == .unknownID)
    #expect(outline.count == 1)
  }

  @Test("With a has-children answer, expanding lists only that folder, after collapseAll() too")
  func hasChildrenKeepsExpansionLazy() {
    let children = CallCounter()
    let folder = TreeNode(
      1, children: (2..<102).map { TreeNode($0, children: [TreeNode(1_000 + $0)]) })
    let lazy = TreeOutline(
      roots: [folder], id: \.id,
      children: {
        children.increment()
        return $0.children
      }, hasChildren: { $0.children != nil })
    var outline = lazy
    #expect(children.calls == 0)
    #expect(outline.expand(1) == .inserted(1..<101))
    #expect(children.calls == 1, "one listing: the folder's own")
    let subfolders = outline.dropFirst().filter { $0.hasChildren }.count
    #expect(subfolders == 100)
    // Without the answer, the root is listed at creation and each subfolder
    // on expansion, to learn which are leaves.
    children.calls = 0
    var eager = TreeOutline(
      roots: [folder], id: \.id,
      children: {
        children.increment()
        return $0.children
      })
    eager.expand(1)
    #expect(children.calls == 102)
    let eagerRows = eager.map { $0.hasChildren }
    let lazyRows = outline.map { $0.hasChildren }
    #expect(eagerRows == lazyRows)
    // collapseAll() starts over with the same functions, the answer too.
    #expect(outline.collapseAll() == .changed(RowChanges(deletions: [1..<101])))
    children.calls = 0
    #expect(outline.expand(1) == .inserted(1..<101))
    #expect(children.calls == 1, "after collapseAll(), still one listing")
    #expect(outline.map { $0.hasChildren } == lazyRows)
  }

  @Test("A folder of leaves is read by offset, until one of its children has children")
  func leafFolderReadByOffset() {
    let files = (10..<20).map { TreeNode($0) }
    let tree = [
      TreeNode(1, children: files),
      TreeNode(2, children: [TreeNode(30), TreeNode(31, children: [TreeNode(40)])]),
    ]
    var outline = TreeOutline(roots: tree, children: \.children)
    outline.expand(1)
    outline.expand(2)
    func childrenAreLeaves(_ id: Int) -> Bool {
      outline._spans[Int(outline._recordForID[id]!)].childrenAreLeaves
    }
    func checkDescents(_ ids: [Int], _ comment: Comment) {
      expectDescentsFindTheRows(of: outline, ids, comment)
    }
    #expect(childrenAreLeaves(1))
    #expect(!childrenAreLeaves(2), "31 has children")
    #expect(!outline._spans[0].childrenAreLeaves, "the roots are folders")
    checkDescents([1] + Array(10..<20) + [2, 30, 31], "all leaves")
    // A file gains children: its folder's rows are searched again.
    files[5].children = [TreeNode(50)]
    #expect(outline.reloadChildren(of: 15) == .unchanged)
    #expect(!childrenAreLeaves(1))
    checkDescents([1] + Array(10..<20) + [2, 30, 31], "15 has children")
    #expect(outline.expand(15) == .inserted(7..<8))
    checkDescents([1] + Array(10...15) + [50] + Array(16..<20) + [2, 30, 31], "15 open")
    // It loses them; re-listing its folder finds only leaves again.
    files[5].children = nil
    #expect(outline.reloadChildren(of: 15) == .deleted(7..<8))
    checkDescents([1] + Array(10..<20) + [2, 30, 31], "15 a leaf again")
    // The same children: each stays, its row read again.
    #expect(outline.reloadChildren(of: 1) == .changed(RowChanges(updates: [1..<11])))
    #expect(childrenAreLeaves(1))
    checkDescents([1] + Array(10..<20) + [2, 30, 31], "re-listed")
  }

  @Test("A folder of one-row children is read by offset, until one of them opens with rows")
  func oneRowChildrenReadByOffset() {
    let tree = [
      TreeNode(
        1,
        children: [
          TreeNode(10, children: [TreeNode(40), TreeNode(41)]), TreeNode(11),
          TreeNode(12, children: []), TreeNode(13),
        ]),
      TreeNode(2),
    ]
    var outline = TreeOutline(roots: tree, children: \.children)
    func eachChildIsOneRow(_ id: Int) -> Bool {
      outline._spans[Int(outline._recordForID[id]!)].eachChildIsOneRow
    }
    func checkDescents(_ ids: [Int], _ comment: Comment) {
      expectDescentsFindTheRows(of: outline, ids, comment)
    }
    #expect(outline._spans[0].eachChildIsOneRow, "two closed roots")
    outline.expand(1)
    #expect(!outline._spans[0].eachChildIsOneRow, "1 is open with rows")
    #expect(
      eachChildIsOneRow(1) && !outline._spans[Int(outline._recordForID[1]!)].childrenAreLeaves)
    checkDescents([1, 10, 11, 12, 13, 2], "closed and empty folders")
    // An empty folder opens on no rows: still one row, and read as open.
    outline.expand(12)
    #expect(eachChildIsOneRow(1))
    checkDescents([1, 10, 11, 12, 13, 2], "12 open and empty")
    #expect(outline[3].isExpanded && outline[3].hasChildren)
    outline.expand(10)
    #expect(!eachChildIsOneRow(1))
    checkDescents([1, 10, 40, 41, 11, 12, 13, 2], "10 open")
    // Closed again: the folder is searched until its counts are rebuilt.
    outline.collapse(10)
    checkDescents([1, 10, 11, 12, 13, 2], "10 closed")
    outline.reloadChildren(of: 1)
    #expect(eachChildIsOneRow(1), "re-listed")
    checkDescents([1, 10, 11, 12, 13, 2], "re-listed")
    outline.expandAll()
    #expect(!eachChildIsOneRow(1) && eachChildIsOneRow(10))
    checkDescents([1, 10, 40, 41, 11, 12, 13, 2], "all open")
  }

  @Test("A has-children answer that lies is corrected by the listing")
  func hasChildrenThatLies() {
    let tree = [TreeNode(1, children: [TreeNode(2), TreeNode(3, children: [TreeNode(4)])])]
    var outline = TreeOutline(
      roots: tree, id: \.id, children: \.children, hasChildren: { _ in true })
    outline.expand(1)
    #expect(outline[1].hasChildren, "the answer, before any listing")
    #expect(outline.expand(2) == .unchanged)
    #expect(!outline[1].hasChildren && !outline[1].isExpanded)
    #expect(outline.count == 3)
    #expect(outline.expand(3) == .inserted(3..<4))
    let ids = outline.map { $0.id }
    #expect(ids == [1, 2, 3, 4])
  }

  @Test("A position lookup never calls children, whatever the depth")
  func childrenCallsPerLookup() {
    let counter = CallCounter()
    let roots = ternaryForest(levels: 7)
    var outline = TreeOutline(
      roots: roots, id: \.id,
      children: {
        counter.increment()
        return $0.children
      })
    outline.expandAll()
    #expect(outline.count == 3 * (1 + 3 + 9 + 27 + 81 + 243 + 729))
    var g = SplitMix64(seed: 5)
    for _ in 0..<500 {
      counter.calls = 0
      let row = outline[Int.random(in: 0..<outline.count, using: &g)]
      #expect(row.depth <= 6)
      #expect(counter.calls == 0)
    }
    counter.calls = 0
    outline.collapse(roots[1].id)
    outline.expand(roots[1].id)
    #expect(counter.calls == 0, "re-expanding an indexed node calls nothing")
  }

  @Test("A row calls id when its id is read, never when it is read by position")
  func idCallsPerRead() {
    let ids = CallCounter()
    func flatten(_ node: TreeNode) -> [TreeNode] {
      [node] + (node.children ?? []).flatMap { flatten($0) }
    }
    let roots = ternaryForest(levels: 5)
    var outline = TreeOutline(
      roots: roots,
      id: {
        ids.increment()
        return $0.id
      },
      children: \.children)
    outline.expandAll()
    let flat = Array(roots.flatMap { flatten($0) })
    #expect(outline.count == flat.count)
    var g = SplitMix64(seed: 9)
    for _ in 0..<300 {
      let position = Int.random(in: 0..<outline.count, using: &g)
      ids.calls = 0
      let row = outline[position]
      #expect(row.node === flat[position], "position \(position)")
      #expect(ids.calls == 0, "a read by position called id \(ids.calls) times")
      #expect(row.id == flat[position].id, "position \(position)")
      #expect(ids.calls == 1, "reading the id called it \(ids.calls) times")
    }
    // The same through a slice and an iterator, as a list reads its window.
    ids.calls = 0
    let window = outline[40..<90]
    #expect(window.map(\.node.id) == flat[40..<90].map(\.id))
    #expect(ids.calls == 0)
    #expect(window.map(\.id) == flat[40..<90].map(\.id))
    #expect(ids.calls == 50)
  }

  @Test("Rows compare their nodes, ids, depths and states")
  func rowEquality() {
    struct Item: Equatable, Sendable {
      var key: Int
      var children: [Item]?
    }
    let roots = [Item(key: 1, children: [Item(key: 2), Item(key: 1)]), Item(key: 3)]
    var outline = OutlineCollection(roots: roots, id: { $0.key }, children: \.children)
    let negated = OutlineCollection(roots: roots, id: { -$0.key }, children: \.children)
    #expect(outline[0] == outline[0])
    #expect(outline[0] != outline[1], "different nodes")
    #expect(outline[0] != negated[0], "the same node and state, another id")
    let collapsed = outline[0]
    outline.expand(1)
    #expect(outline[0] != collapsed, "the same node, now expanded")
    // Row 2 is another node with the root's key (a duplicate id): equal
    // ids, unequal rows.
    #expect(outline[2].id == outline[0].id && outline[2] != outline[0])
    #expect(outline[2].depth == 1)
  }

  @Test func copiesAreIndependent() {
    let tree = [TreeNode(1, children: [TreeNode(2)])]
    var outline = OutlineCollection(roots: tree, children: \.children)
    let copy = outline
    outline.expand(1)
    #expect(outline.count == 2 && copy.count == 1)
  }

  @Test func reloadKeepsSurvivingState() {
    let inner = TreeNode(3, children: [TreeNode(4)])
    let top = TreeNode(1, children: [TreeNode(2), inner])
    var outline = OutlineCollection(roots: [top], children: \.children)
    outline.expand(1)
    outline.expand(3)
    let ids = outline.map { $0.id }
    #expect(ids == [1, 2, 3, 4])
    top.children = [inner, TreeNode(5)]
    // 2 leaves, 3 stays with its open subtree (never removed), 5 arrives.
    #expect(
      outline.reloadChildren(of: 1)
        == .changed(RowChanges(deletions: [1..<2], insertions: [3..<4], updates: [1..<2])))
    #expect(outline.map(\.id) == [1, 3, 4, 5])
    // 5 before 3: one of them moves, as a block of rows.
    top.children = [top.children![1], inner]
    let change = outline.reloadChildren(of: 1)
    #expect(outline.map(\.id) == [1, 5, 3, 4])
    // 5 moves (the shorter block); 3 stays, its row read again.
    #expect(
      change
        == .changed(
          RowChanges(
            deletions: [3..<4], insertions: [1..<2], updates: [2..<3],
            moves: [.init(from: 3, to: 1)])))
    top.children = nil
    #expect(outline.reloadChildren(of: 1) == .deleted(1..<4))
    #expect(outline.map(\.id) == [1] && !outline[0].hasChildren)
    #expect(
      outline.reloadRoots([TreeNode(9)])
        == .changed(RowChanges(deletions: [0..<1], insertions: [0..<1])))
  }

  @Test("A reload with repeated identifiers replaces the children's rows")
  func reloadWithDuplicates() {
    let top = TreeNode(1, children: [TreeNode(2), TreeNode(3)])
    var outline = OutlineCollection(roots: [top], children: \.children)
    outline.expand(1)
    // Two children with id 3: no identity tells them apart.
    top.children = [TreeNode(3), TreeNode(3), TreeNode(4)]
    let change = outline.reloadChildren(of: 1)
    #expect(change == .changed(RowChanges(deletions: [1..<3], insertions: [1..<4])))
    #expect(change.rowChanges.newCount(from: 3) == outline.count)
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func positionOutOfRangeTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let outline = OutlineCollection(roots: [TreeNode(1)], children: \.children)
        _ = outline[1]
      }
      #expect(standardErrorText(of: result).contains("Position 1 out of range 0..<1"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func sliceOutOfRangeTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let outline = OutlineCollection(roots: [TreeNode(1), TreeNode(2)], children: \.children)
        _ = outline[1..<3]
      }
      #expect(standardErrorText(of: result).contains("Range 1..<3 out of bounds 0..<2"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func positionOutsideASliceTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let outline = OutlineCollection(
          roots: [TreeNode(1), TreeNode(2), TreeNode(3)], children: \.children)
        _ = outline[1..<2][0]
      }
      #expect(standardErrorText(of: result).contains("Position 0 out of range 1..<2"))
    }
  #endif

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func sliceOfASliceOutOfRangeTraps() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let outline = OutlineCollection(
          roots: [TreeNode(1), TreeNode(2), TreeNode(3)], children: \.children)
        _ = outline[1..<2][1..<3]
      }
      #expect(standardErrorText(of: result).contains("Range 1..<3 out of bounds 1..<2"))
    }
  #endif
}
