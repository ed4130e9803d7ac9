//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

@Suite("VirtualList")
struct VirtualListTests {
  @Test(
    "Scrolling reports entered, exited and visibility ids that match the ranges", arguments: 0..<8)
  func scrollReportsMatchPositions(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    // Ids are distinct from positions, so a mix-up would show.
    let data = (0..<2_000).map { "row\($0 * 7)" }
    var list = VirtualList(
      data: data, id: { $0 },
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: data.count, itemLength: 40),
        viewport: Viewport(length: 400, leadingInset: 30), overscan: Overscan(points: 80, items: 1),
        visibilityThreshold: 0.5))
    var shownVisible = Set(list.visible.map { data[$0] })
    var shownWindow = Set(list.window.map { data[$0] })
    var offset = 0.0
    for _ in 0..<300 {
      offset = max(0, offset + Double(Int.random(in: -300...300, using: &g)))
      guard let update = list.scroll(to: offset) else {
        #expect(Set(list.visible.map { data[$0] }) == shownVisible)
        continue
      }
      shownWindow.subtract(update.exited)
      shownWindow.formUnion(update.entered)
      shownVisible.subtract(update.becameHidden)
      shownVisible.formUnion(update.becameVisible)
      #expect(shownWindow == Set(list.window.map { data[$0] }), "seed \(seed)")
      #expect(shownVisible == Set(list.visible.map { data[$0] }), "seed \(seed)")
      #expect(list.windowIDs == list.window.map { data[$0] }, "seed \(seed)")
    }
  }
}
