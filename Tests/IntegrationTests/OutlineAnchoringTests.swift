//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// An outline's expansions and collapses through a list: the anchoring
/// rules where the rows removed held the viewport.
@Suite("Anchoring through an outline")
struct OutlineAnchoringTests {
  @Test("Collapsing the folder the viewport is inside shows the folder's row")
  func collapseTheFolderYouAreIn() throws {
    // 500 files, a folder of 499 files (rows 500..<1000 once expanded), and
    // 500 files after it.
    let roots =
      (0..<500).map { Folder(id: $0, children: nil) }
      + [Folder(id: 500, children: (501..<1_000).map { Folder(id: $0, children: nil) })]
      + (1_000..<1_500).map { Folder(id: $0, children: nil) }
    var outline = OutlineCollection(roots: roots, children: \.children)
    outline.expand(500)
    var list = VirtualList(
      data: outline, id: { $0.id },
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: outline.count, itemLength: 30),
        viewport: Viewport(length: 300)))
    _ = list.scroll(toOffset: 600 * 30)
    #expect(list.visible == 600..<610)
    let change = outline.collapse(500)
    list.apply(
      RowChanges(removed: change.removedRows, inserted: change.insertedRows), from: outline)
    // The folder's row at the top edge: the survivor nearest the removed
    // block, not row 100 (what keeping the first survivor below at its
    // off-screen distance gave).
    #expect(screenOffset(of: 500, in: list) == 0)
    #expect(list.visible.lowerBound == 500)
    // The same collapse while the folder's row is on screen keeps it where
    // it was.
    outline.expand(500)
    list.apply(RowChanges(removed: [], inserted: [501..<1_000]), from: outline)
    _ = list.scroll(toOffset: 495 * 30)
    let before = try #require(screenOffset(of: 500, in: list))
    let collapse = outline.collapse(500)
    list.apply(
      RowChanges(removed: collapse.removedRows, inserted: collapse.insertedRows), from: outline)
    #expect(screenOffset(of: 500, in: list) == before)
  }

  @Test("An outline expanded and collapsed through the list, anchored")
  func outlineThroughTheList() {
    let roots = (0..<100).map { k in
      Folder(id: k, children: (0..<50).map { Folder(id: 1_000 + k * 50 + $0, children: nil) })
    }
    var list = VirtualList(
      data: OutlineCollection(roots: roots, children: \.children), id: { $0.id },
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: 100, itemLength: 30), viewport: Viewport(length: 300)))
    _ = list.scroll(toOffset: 50 * 30)
    list.update { $0.expand(10).rowChanges }  // above the viewport
    #expect(list.windowIDs.contains(50) && list.visible.lowerBound == 100)
    list.update { $0.expand(60).rowChanges }  // below it
    #expect(list.visible.lowerBound == 100)
    list.update { $0.collapse(10).rowChanges }
    #expect(list.visible.lowerBound == 50)
    let ids = list.window.map { list.data[$0].id }
    #expect(list.windowIDs == ids)
  }
}
