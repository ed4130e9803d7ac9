//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing

@Suite("Applying differences to a VirtualList")
struct ApplyDifferenceTests {
  func makeList(_ data: [Int]) -> VirtualList<[Int], Int, VariableLengthLayout> {
    VirtualList(
      data: data, id: { $0 },
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: data.count, estimatedLength: 40),
        viewport: Viewport(offset: 2_000, length: 400), overscan: Overscan(items: 2)))
  }

  @Test func insertionsAndRemovalsAboveKeepTheContentAnchored() {
    let old = Array(0..<1_000)
    var list = makeList(old)
    let firstVisible = list.data[list.visibleRange.lowerBound]
    let screen =
      list.engine.layout.frame(of: list.visibleRange.lowerBound).mainOffset
      - list.engine.viewport.offset
    // Remove 3 items above, insert 10 above and 1 inside the window, move one into it.
    var new = old
    new.removeSubrange(5..<8)
    new.insert(contentsOf: 2_000..<2_010, at: 20)
    let at = new.firstIndex(of: firstVisible)! + 2
    new.insert(5_000, at: at)
    let moving = new.remove(at: 900)
    new.insert(moving, at: at + 1)
    let difference = IdentityDifference(from: old, to: new, id: { $0 })
    let update = list.apply(RowChanges(difference), from: new)
    let newPosition = new.firstIndex(of: firstVisible)!
    #expect(list.visibleRange.lowerBound == newPosition, "the same item is first on screen")
    #expect(
      list.engine.layout.frame(of: newPosition).mainOffset - list.engine.viewport.offset == screen)
    #expect(update.change.scrollCorrection == 7 * 40)
    #expect(update.insertions == [5_000], "inserted rows in the window are named")
    #expect(update.moves.contains(moving))
    #expect(update.entered.contains(5_000) && update.entered.contains(moving))
    #expect(list.windowIDs == Array(new[list.window]))
  }

  @Test func measuredLengthsFollowTheirItems() {
    var list = makeList(Array(0..<100))
    _ = list.setLength(100, of: 60)
    var new = Array(0..<100)
    new.remove(at: 10)
    list.apply(RowChanges(IdentityDifference(from: Array(0..<100), to: new, id: { $0 })), from: new)
    #expect(list.engine.layout.length(of: 59) == 100)
  }
}
