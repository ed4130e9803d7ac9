//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

@Suite("WindowingEngine")
struct WindowingEngineTests {
  /// The window and visible positions an engine must report, by brute force.
  func expected(
    _ layout: some WindowLayout, _ viewport: Viewport, _ overscan: Overscan, threshold: Double
  ) -> (window: Range<Int>, visibleRange: Range<Int>) {
    let region = viewport.region
    var window = bruteForceItems(
      layout, region.lowerBound - overscan.points..<region.upperBound + overscan.points)
    if overscan.items > 0, layout.itemCount > 0 {
      window =
        max(
          0, window.lowerBound - overscan.items)..<min(
          layout.itemCount, window.upperBound + overscan.items)
      // Padding ends on whole rows: every item in the region the window
      // covers is in it.
      if let first = window.first, let last = window.last {
        let end = layout.frame(of: last)
        let rows = bruteForceItems(
          layout, layout.frame(of: first).mainOffset..<end.mainOffset + end.mainLength)
        if !rows.isEmpty {
          window = min(window.lowerBound, rows.lowerBound)..<max(window.upperBound, rows.upperBound)
        }
      }
    }
    let unobscured = viewport.unobscuredRegion
    let visible = (0..<layout.itemCount).filter {
      let f = layout.frame(of: $0)
      guard f.mainLength > 0 else { return false }
      let overlap =
        min(f.mainOffset + f.mainLength, unobscured.upperBound)
        - max(f.mainOffset, unobscured.lowerBound)
      return overlap > 0 && overlap / f.mainLength >= threshold - 1e-9
    }
    return (window, visible.first.map { $0..<visible.last! + 1 } ?? 0..<0)
  }

  @Test("Windows and visibility match brute force", arguments: 0..<30)
  func windowsMatchBruteForce(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for layout in randomLayouts(&g) {
      let viewport = Viewport(
        offset: Double(Int.random(in: -20...300, using: &g)),
        length: Double(Int.random(in: 1...400, using: &g)), crossLength: 300,
        leadingInset: Double(Int.random(in: 0...40, using: &g)),
        trailingInset: Double(Int.random(in: 0...40, using: &g)))
      let overscan = Overscan(
        points: Double(Int.random(in: 0...100, using: &g)), items: Int.random(in: 0...3, using: &g))
      let threshold = [0, 0.5, 1][Int.random(in: 0..<3, using: &g)]
      func check<L: WindowLayout>(_ layout: L) {
        let engine = WindowingEngine(
          layout: layout, viewport: viewport, overscan: overscan, visibilityThreshold: threshold)
        let (window, visible) = expected(engine.layout, viewport, overscan, threshold: threshold)
        // Where a window of overscan alone sits, past all content, is the
        // layout's choice; a masonry window also covers the items of other
        // lanes beside those it holds.
        let region = viewport.region
        let nothingCovered = bruteForceItems(
          engine.layout, region.lowerBound - overscan.points..<region.upperBound + overscan.points
        ).isEmpty
        let masonry = engine.layout is MasonryLayout || engine.layout is PaddedLayout<MasonryLayout>
        let windowOK =
          engine.window == window || nothingCovered
          || (masonry && engine.window.clamped(to: window) == window)
          || (window.isEmpty && engine.window.isEmpty)
          || (engine.window.lowerBound <= window.lowerBound
            && engine.window.upperBound >= window.upperBound
            && engine.window.count - window.count <= 2 * overscan.items + 2)
        #expect(windowOK, "seed \(seed) \(L.self): window \(engine.window) vs \(window)")
        #expect(
          engine.visibleRange == visible || (visible.isEmpty && engine.visibleRange.isEmpty),
          "seed \(seed) \(L.self): visible \(engine.visibleRange) vs \(visible)")
        #expect(
          engine.visibleRange.isEmpty || engine.window.contains(engine.visibleRange.lowerBound))
      }
      check(layout)
    }
  }

  @Test func smallScrollsPublishNothing() {
    var engine = WindowingEngine(
      layout: FixedLengthLayout(itemCount: 1_000, itemLength: 50),
      viewport: Viewport(length: 500), overscan: Overscan(points: 200), visibilityThreshold: 0.5)
    #expect(engine.window == 0..<14)
    #expect(engine.scroll(toOffset: 10) == nil)
    #expect(engine.scroll(toOffset: 20) == nil)
    // Crossing an item's visibility threshold reports visibility, not a new window.
    let visibilityOnly = engine.scroll(toOffset: 40)
    #expect(visibilityOnly?.windowChanged == false && visibilityOnly?.becameVisible == [10..<11])
    let change = engine.scroll(toOffset: 160)
    #expect(change != nil && change!.windowChanged)
    #expect(change!.window.contains(3) && change!.window.upperBound >= 17)
    #expect(change!.entered.allSatisfy { !$0.overlaps(change!.previousWindow) })
  }

  @Test func visibilityReportsWithAThreshold() {
    var engine = WindowingEngine(
      layout: FixedLengthLayout(itemCount: 100, itemLength: 100),
      viewport: Viewport(length: 300, leadingInset: 20), overscan: Overscan(items: 1),
      visibilityThreshold: 0.5)
    // Unobscured: 20..<300: item 0 shows 80%, item 2 shows 100%.
    #expect(engine.visibleRange == 0..<3)
    let change = engine.scroll(toOffset: 80)  // unobscured 100..<380: item 3 shows 80%
    #expect(change?.visibleRange == 1..<4)
    #expect(change?.becameVisible == [3..<4] && change?.becameHidden == [0..<1])
  }

  @Test func scrollOffsetAlignments() {
    let engine = WindowingEngine(
      layout: FixedLengthLayout(itemCount: 100, itemLength: 50),
      viewport: Viewport(offset: 1_000, length: 400, leadingInset: 40))
    #expect(engine.scrollOffset(for: 30, alignment: .start) == 1_460)
    #expect(engine.scrollOffset(for: 30, alignment: .center) == 1_500 - 40 - 155)
    #expect(engine.scrollOffset(for: 30, alignment: .end) == 1_500 - 40 - 310)
    #expect(engine.scrollOffset(for: 25, alignment: .nearest) == 1_000, "already visible")
    #expect(engine.scrollOffset(for: 10, alignment: .nearest) == 460)
    #expect(engine.scrollOffset(for: 0, alignment: .center) == -40, "clamped to the top")
    #expect(engine.scrollOffset(for: 99, alignment: .start) == 4_600, "clamped to the end")
  }

  @Test func insertsAboveTheViewportKeepItAnchored() {
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: 1_000, estimatedLength: 40),
      viewport: Viewport(offset: 4_000, length: 400))
    let firstVisible = engine.visibleRange.lowerBound
    let screenOffset = engine.layout.frame(of: firstVisible).mainOffset - engine.viewport.offset
    let change = engine.apply(RowChanges(insertions: [10..<15]))
    #expect(change.scrollCorrection == 200)
    #expect(engine.visibleRange.lowerBound == firstVisible + 5, "the same item, shifted by 5")
    let newScreenOffset =
      engine.layout.frame(of: firstVisible + 5).mainOffset - engine.viewport.offset
    #expect(newScreenOffset == screenOffset)
    _ = engine.apply(RowChanges(deletions: [0..<3]))
    #expect(engine.visibleRange.lowerBound == firstVisible + 2)
    #expect(
      engine.layout.frame(of: firstVisible + 2).mainOffset - engine.viewport.offset == screenOffset)
  }

  @Test func resizesAboveTheViewportKeepItAnchored() {
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: 1_000, estimatedLength: 40),
      viewport: Viewport(offset: 4_000, length: 400))
    let first = engine.visibleRange.lowerBound
    let screenOffset = engine.layout.frame(of: first).mainOffset - engine.viewport.offset
    let change = engine.setLength(100, of: 3)
    #expect(change?.scrollCorrection == 60)
    #expect(engine.layout.frame(of: first).mainOffset - engine.viewport.offset == screenOffset)
    #expect(engine.setLength(100, of: 3) == nil, "no change, nothing published")
    // Below the anchor, the offset stays.
    let below = engine.setLength(10, of: first + 1)
    #expect(below?.scrollCorrection ?? 0 == 0)
  }

  @Test func rotationRecomputesColumnsAndWindow() {
    var engine = WindowingEngine(
      layout: FixedLengthGridLayout(
        itemCount: 1_000, columns: .adaptive(minimumLength: 100), itemLength: 100),
      viewport: Viewport(length: 800, crossLength: 400))
    #expect(engine.layout.columnCount == 4)
    let change = engine.setViewport(Viewport(length: 400, crossLength: 800))
    #expect(engine.layout.columnCount == 8)
    #expect(change.window == engine.window && engine.visibleRange == 0..<32)
  }
}
