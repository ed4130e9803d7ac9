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
        layout: FixedLengthLayout(itemCount: outline.count, itemLength: 30),
        viewport: Viewport(length: 300)))
    _ = list.scroll(toOffset: 600 * 30)
    #expect(list.visibleRange == 600..<610)
    let change = outline.collapse(500)
    list.apply(
      RowChanges(deletions: change.deletedRows, insertions: change.insertedRows), from: outline)
    // The folder's row at the top edge: the survivor nearest the removed
    // block, not row 100 (what keeping the first survivor below at its
    // off-screen distance gave).
    #expect(screenOffset(of: 500, in: list) == 0)
    #expect(list.visibleRange.lowerBound == 500)
    // The same collapse while the folder's row is on screen keeps it where
    // it was.
    outline.expand(500)
    list.apply(RowChanges(deletions: [], insertions: [501..<1_000]), from: outline)
    _ = list.scroll(toOffset: 495 * 30)
    let before = try #require(screenOffset(of: 500, in: list))
    let collapse = outline.collapse(500)
    list.apply(
      RowChanges(deletions: collapse.deletedRows, insertions: collapse.insertedRows), from: outline)
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
        layout: FixedLengthLayout(itemCount: 100, itemLength: 30), viewport: Viewport(length: 300)))
    _ = list.scroll(toOffset: 50 * 30)
    list.update { $0.expand(10).rowChanges }  // above the viewport
    #expect(list.windowIDs.contains(50) && list.visibleRange.lowerBound == 100)
    list.update { $0.expand(60).rowChanges }  // below it
    #expect(list.visibleRange.lowerBound == 100)
    list.update { $0.collapse(10).rowChanges }
    #expect(list.visibleRange.lowerBound == 50)
    let ids = list.window.map { list.data[$0].id }
    #expect(list.windowIDs == ids)
  }

  @Test("Nodes dragged above, below and across the viewport keep the reader's row in place")
  func movesKeepTheReadersRow() throws {
    var g = SplitMix64(seed: 0x0D2A)
    // 200 folders of 20 files each, every other one expanded: 2,200 rows.
    let roots = (0..<200).map { k in
      Folder(id: k, children: (0..<20).map { Folder(id: 1_000 + k * 20 + $0, children: nil) })
    }
    var outline = OutlineCollection(roots: roots, children: \.children)
    for k in stride(from: 0, to: 200, by: 2) { outline.expand(k) }
    var list = VirtualList(
      data: outline, id: { $0.id },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: outline.count, itemLength: 30),
        viewport: Viewport(length: 300)))
    var checked = 0
    for round in 0..<sized(200, full: 2_000) {
      // Rows 200 from either end at the top: the offset never needs clamping.
      guard list.data.count > 400 else { break }
      let top = Int.random(in: 200..<list.data.count - 200, using: &g)
      _ = list.scroll(toOffset: Double(top * 30))
      let reader = list.data[top].id
      let before = try #require(screenOffset(of: reader, in: list))
      // One to three rows from anywhere (on screen one time in three), to
      // the roots or a folder, before one of its children or at the end.
      let ids = (0..<Int.random(in: 1...3, using: &g)).map { _ in
        Int.random(in: 0..<3, using: &g) == 0
          ? list.data[Int.random(in: list.visibleRange, using: &g)].id
          : list.data[Int.random(in: 0..<list.data.count, using: &g)].id
      }
      let parent = Bool.random(using: &g) ? nil : Int.random(in: 0..<200, using: &g)
      let siblings = parent.map { p in list.data.first { $0.id == p }?.node.children ?? [] }
      let sibling = Bool.random(using: &g) ? nil : siblings?.randomElement(using: &g)?.id
      var changes = RowChanges()
      _ = list.update { outline in
        changes = outline.move(ids, toParent: parent, before: sibling).rowChanges
        return changes
      }
      #expect(list.windowIDs == list.window.map { list.data[$0].id }, "round \(round)")
      // The reader's row itself moved or left: another row holds the place.
      guard !changes.deletions.contains(where: { $0.contains(top) }) else { continue }
      #expect(
        screenOffset(of: reader, in: list) == before,
        "round \(round): \(ids) to \(String(describing: parent)) top \(top) \(changes) visible \(list.visibleRange) offset \(list.engine.viewport.offset)"
      )
      checked += 1
    }
    #expect(checked > 20)
  }
}
