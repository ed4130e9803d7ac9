//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// A node that cannot change, so a tree of them can be shared across threads.
struct FrozenTreeNode: Identifiable, Sendable {
  let id: Int
  let children: [FrozenTreeNode]?
}

/// Run under `swift test --sanitize=thread --filter Concurrent` (CI does).
@Suite("OutlineCollection Concurrent reads")
struct OutlineCollectionConcurrentTests {
  @Test func concurrentReadersShareTheCursor() async {
    // 10 roots of 10 children of 10 leaves, all expanded: 1,110 rows, ids
    // in row order.
    var next = 0
    func node(_ depth: Int) -> FrozenTreeNode {
      let id = next
      next += 1
      return FrozenTreeNode(
        id: id, children: depth < 2 ? (0..<10).map { _ in node(depth + 1) } : nil)
    }
    let roots = (0..<10).map { _ in node(0) }
    var outline = OutlineCollection(roots: roots, children: \.children)
    outline.expandAll()
    let shared = outline
    // Every reader walks forwards, backwards, jumps and iterates slices (an
    // iterator leaves the shared cursor at its last row) on copies sharing
    // one cursor: each read must see its own row, whatever the others moved.
    let failures = await failuresOfConcurrentReaders { generator in
      var failures = 0
      var position = 0
      for _ in 0..<3_000 {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: position = Int.random(in: 0..<shared.count, using: &generator)
        case 1: position = Swift.max(0, position - 1)
        case 2:
          let end = Swift.min(
            shared.count, position + Int.random(in: 0..<60, using: &generator))
          // By iteration (`map` would read by position).
          var expected = position
          for row in shared[position..<end] {
            if row.id != expected { failures += 1 }
            expected += 1
          }
          if expected != end { failures += 1 }
          position = Swift.max(0, end - 1)
        default: position = Swift.min(shared.count - 1, position + 1)
        }
        if shared[position].id != position { failures += 1 }
      }
      return failures
    }
    #expect(failures == 0)
  }
}
