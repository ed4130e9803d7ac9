//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

/// Rows measured as a host measures them: as they enter the window, at real
/// lengths up to three times off the estimate. What was on screen must stay
/// where the scroll put it, frame after frame, in every layout that
/// measures.
@Suite("Measurements on the way up and down")
struct MeasuredScrollTests {
  /// The measuring layouts of `count` items, estimated at 60 points, with
  /// spacing and, for the padded one, insets at both ends. Masonry only
  /// downwards: a measurement there places every later item again (an
  /// item's lane depends on the lengths before it), so rows measured at the
  /// top edge may move the later rows on screen to other lanes. Downwards,
  /// the rows entering are after every row that was on screen.
  static func layouts(count: Int, downwards: Bool, _ g: inout SplitMix64) -> [any MeasuredLayout] {
    let spacing = Double(Int.random(in: 0...8, using: &g))
    let variable = VariableLengthLayout(itemCount: count, estimatedLength: 60, spacing: spacing)
    let masonry = MasonryLayout(
      itemCount: count, columns: .fixed(3), estimatedLength: 60, spacing: spacing, crossLength: 390)
    return [
      variable,
      MeasuredGridLayout(
        itemCount: count, columns: .fixed(3), estimatedLength: 60, spacing: spacing,
        crossLength: 390),
      PaddedLayout(variable, padding: ContentPadding(start: 30, end: 50)),
    ] + (downwards ? [masonry] : [])
  }

  @Test(
    "Scrolling 100 pt a frame, measuring the entering rows: what was on screen moves only by the scroll",
    arguments: [-100.0, 100.0], randomCases(6).map(UInt64.init))
  func visibleRowsStayPut(step: Double, seed: UInt64) {
    var g = SplitMix64(seed: seed)
    // No overscan: the row entering at the top edge is the first visible
    // one when it is measured. With some, it is measured above the edge.
    for overscan in [Overscan(points: 0, items: 0), Overscan(points: 200)] {
      for layout in Self.layouts(count: 3_000, downwards: step > 0, &g) {
        check(layout, step: step, overscan: overscan, seed: seed, &g)
      }
    }
  }

  private func check<Layout: MeasuredLayout>(
    _ layout: Layout, step: Double, overscan: Overscan, seed: UInt64, _ g: inout SplitMix64
  ) {
    let real = realLengths(layout.itemCount, &g)
    var measured = Set<Int>()
    var engine = WindowingEngine(
      layout: layout, viewport: Viewport(length: 800, crossLength: 390, leadingInset: 40),
      overscan: overscan)
    func screen(_ position: Int) -> Double {
      engine.layout.frame(of: position).mainOffset - engine.viewport.offset
    }
    _ = engine.scroll(toOffset: engine.layout.contentLength / 2)
    measureEnteringRows(&engine, real: real, measured: &measured)
    for frame in 0..<200 {
      let before = Dictionary(
        uniqueKeysWithValues: engine.visibleRange.map { ($0, engine.layout.frame(of: $0)) })
      let offsetBefore = engine.viewport.offset
      let scrolled = engine.viewport.offset + step
      _ = engine.scroll(toOffset: scrolled)
      let moved = engine.viewport.offset - offsetBefore  // the scroll, as clamped
      let measuredNow = measureEnteringRows(&engine, real: real, measured: &measured)
      for position in engine.visibleRange {
        guard let frameBefore = before[position] else { continue }
        let was = frameBefore.mainOffset - offsetBefore - moved
        let now = screen(position)
        // A row measured in this frame keeps its top or its bottom edge.
        let wasEnd = was + frameBefore.mainLength
        let nowEnd = now + engine.layout.frame(of: position).mainLength
        let kept =
          abs(now - was) <= 0.5 || (measuredNow.contains(position) && abs(nowEnd - wasEnd) <= 0.5)
        #expect(
          kept,
          """
          \(Layout.self), overscan \(overscan.points), seed \(seed), step \(step), frame \(frame): \
          row \(position) moved \(now - was) pt on screen beyond the scroll
          """)
      }
    }
  }
}
