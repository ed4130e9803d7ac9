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

/// Every `OutlineChange` applied to a `VirtualList` over the outline: the
/// window reads the new rows, and the first visible row that survives keeps
/// its place on screen.
@Suite("OutlineChange into a VirtualList")
struct OutlineBridgeTests {

  static func tree(_ g: inout SplitMix64, id: Int = 0, depth: Int = 0) -> [Folder] {
    (0..<Int.random(in: 1...6, using: &g)).map { k in
      let child = id * 10 + k + 1
      return Folder(
        id: child,
        children: depth < 3 && Bool.random(using: &g) ? tree(&g, id: child, depth: depth + 1) : nil)
    }
  }

  struct State {
    var outline: OutlineCollection<Folder, Int, [Folder]>
    var list: VirtualList<OutlineCollection<Folder, Int, [Folder]>, Int, FixedLengthLayout>
    var anchor: (id: Int, screenOffset: Double, oldOffset: Double)?
  }

  @Test(
    "Expand, collapse, recursive and whole-tree changes, reloads, unknown ids, anywhere",
    arguments: modelTestSeeds)
  func model(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var outline = OutlineCollection(roots: Self.tree(&g), children: \.children)
    outline.expandAll()
    let list = VirtualList(
      data: outline, id: { $0.id },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: outline.count, itemLength: 30),
        viewport: Viewport(length: 300), overscan: Overscan(points: 0, items: 1)))
    var state = State(outline: outline, list: list)
    runModelTest(seed: seed, steps: modelTestSteps(500), state: &state) { state, g in
      state.anchor = nil
      if Int.random(in: 0..<3, using: &g) == 0 || state.outline.isEmpty {
        let offset = Double.random(in: 0...max(0, state.list.engine.contentLength), using: &g)
        _ = state.list.scroll(toOffset: offset)
        if state.outline.isEmpty {
          state.outline.reloadRoots(Self.tree(&g))
        }
        return "scroll to \(offset)"
      }
      let engine = state.list.engine
      if !state.list.visibleRange.isEmpty {
        let first = state.list.visibleRange.lowerBound
        state.anchor = (
          state.outline[first].id,
          engine.layout.frame(of: first).mainOffset - engine.viewport.offset,
          engine.viewport.offset
        )
      }
      let row = state.outline[Int.random(in: 0..<state.outline.count, using: &g)]
      let change: OutlineChange
      let operation: String
      switch Int.random(in: 0..<8, using: &g) {
      case 0, 1:
        change = state.outline.expand(row.id)
        operation = "expand \(row.id)"
      case 2, 3:
        change = state.outline.collapse(row.id)
        operation = "collapse \(row.id)"
      case 4:
        change = state.outline.expand(row.id, recursively: true)
        operation = "expand \(row.id) recursively"
      case 5:
        change = state.outline.expand(99_999_999)
        operation = "expand an unknown id"
      case 6:
        change = Bool.random(using: &g) ? state.outline.collapseAll() : state.outline.expandAll()
        operation = "collapse or expand all"
      default:
        change = state.outline.reloadRoots(Self.tree(&g))
        operation = "reload the roots"
      }
      state.list.apply(
        RowChanges(deletions: change.deletedRows, insertions: change.insertedRows),
        from: state.outline)
      return "\(operation): \(change)"
    } verify: { state in
      let list = state.list
      let ids = list.window.map { state.outline[$0].id }
      if list.windowIDs != ids { return "window ids \(list.windowIDs) != \(ids)" }
      if list.engine.layout.itemCount != state.outline.count { return "item count" }
      if let anchor = state.anchor, anchor.oldOffset > 0,
        let position = state.outline.indices.first(where: { state.outline[$0].id == anchor.id })
      {
        let engine = list.engine
        let wanted = Double(position) * 30 - anchor.screenOffset
        let maximum = max(0, engine.contentLength - engine.viewport.length)
        if wanted >= 0 && wanted <= maximum && abs(engine.viewport.offset - wanted) > 1e-9 {
          return
            "row \(anchor.id) moved on screen: offset \(engine.viewport.offset), wanted \(wanted)"
        }
      }
      return nil
    }
  }
}
