//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// Where a closure finds the collection it serves: set after the collection
/// is made, as an app's model would hold it. Used from one thread.
private final class Holder<Collection>: @unchecked Sendable {
  var collection: Collection?
}

/// An outline calls its closures only while it indexes nodes, never with
/// its cursor's lock held: a closure that reads the outline it serves works.
@Suite("Outline closures that read the outline")
struct OutlineReentrantClosureTests {
  @Test("An outline's children and id read the outline they serve and get its rows")
  func outlineClosuresReadTheOutline() {
    let holder = Holder<OutlineCollection<TreeNode, Int, [TreeNode]>>()
    let roots = (0..<3).map { folder in
      TreeNode(folder, children: (0..<3).map { TreeNode(10 * (folder + 1) + $0) })
    }
    let seen = Holder<[Int]>()
    seen.collection = []
    var outline = OutlineCollection(
      roots: roots,
      id: { node in
        if let first = holder.collection?.first { seen.collection!.append(first.node.id) }
        return node.id
      },
      children: { node in
        if let shown = holder.collection { seen.collection!.append(shown.count) }
        return node.children
      })
    holder.collection = outline
    _ = outline.expand(1)
    holder.collection = outline
    _ = outline.expandAll()
    holder.collection = outline
    #expect(outline.map(\.id) == [0, 10, 11, 12, 1, 20, 21, 22, 2, 30, 31, 32])
    #expect(outline.map(\.node.id) == outline.map(\.id))
    #expect(!seen.collection!.isEmpty, "the closures read the outline")
    #expect(seen.collection!.allSatisfy { [0, 3, 6, 12].contains($0) })
  }
}

#if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
  /// A linked list walks with its index's lock held: a closure that reads
  /// the list it serves gets a trap that names the mistake, at once, never
  /// a hang.
  @Suite("Linked-list closures that read the list")
  struct LinkedListReentrantClosureTests {
    @Test("A linked list's next that reads the list traps naming the closure")
    func linkedListNextReadsTheList() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let holder = Holder<LinkedListCollection<ListNode, Int>>()
        let list = LinkedListCollection(
          head: ListNode.list(0..<10),
          next: { node in
            _ = holder.collection?.count
            return node.next
          },
          element: \.value)
        holder.collection = list
        _ = list[5]
      }
      #expect(
        standardErrorText(of: result).contains(
          "LinkedListCollection: its `next` or `element` closure read the collection it serves"))
    }
  }
#endif
