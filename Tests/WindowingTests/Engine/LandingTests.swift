//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

/// Scrolls that land: an aimed scroll to the end that stays there while the
/// last row grows, and a fling whose landing rows are measured before the
/// first frame is painted.
@Suite("Landing at the end and after a fling")
struct LandingTests {
  @Test(
    "Aimed at the last row with .end, the list stays at the end as that row grows",
    arguments: [Anchoring.feed, .chat], 0..<8 as Range<UInt64>)
  func aimAtEndThenGrow(anchoring: Anchoring, seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let count = 400
    var real = realLengths(count, &g)
    var measured = Set<Int>()
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: count, estimatedLength: 60, spacing: 4),
      viewport: Viewport(length: 800, leadingInset: 40, trailingInset: 30))
    engine.anchoring = anchoring
    engine.scroll(toPosition: count - 1, alignment: .end)
    for step in 0..<12 {
      measureEnteringRows(&engine, real: real, measured: &measured)
      let note = Comment(rawValue: "seed \(seed), \(anchoring), step \(step)")
      let last = engine.layout.frame(of: count - 1)
      let bottom = engine.viewport.offset + engine.viewport.length - engine.viewport.trailingInset
      #expect(engine.isAtEnd, note)
      #expect(abs(last.mainOffset + last.mainLength - bottom) <= 0.5, note)
      // The last row grows (a reply streaming in), measured again.
      real[count - 1] += Double(Int.random(in: 1...90, using: &g))
      engine.setLength(real[count - 1], of: count - 1)
    }
  }

  @Test(
    "A fling across unmeasured rows lands: measured before paint, its rows then stay put",
    arguments: [-1.0, 1.0], 0..<8 as Range<UInt64>)
  func flingLands(direction: Double, seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let count = 5_000
    let real = realLengths(count, &g)
    var measured = Set<Int>()
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: count, estimatedLength: 60),
      viewport: Viewport(length: 800, leadingInset: 40), overscan: Overscan(points: 100))
    _ = engine.scroll(toOffset: engine.layout.contentLength / 2)
    measureEnteringRows(&engine, real: real, measured: &measured)
    // Many screens between two frames, over rows never measured.
    let screens = Double(Int.random(in: 5...60, using: &g))
    _ = engine.scroll(toOffset: engine.viewport.offset + direction * screens * 800)
    measureEnteringRows(&engine, real: real, measured: &measured)
    let note = Comment(rawValue: "seed \(seed), direction \(direction), \(screens) screens")
    // The first frame after the fling: every row it shows is measured.
    #expect(engine.window.allSatisfy { measured.contains($0) }, note)
    let painted = Dictionary(
      uniqueKeysWithValues: engine.visibleRange.map {
        ($0, engine.layout.frame(of: $0).mainOffset - engine.viewport.offset)
      })
    // The window reads only what is on screen and the overscan, as a fresh
    // engine at that offset would.
    let fresh = WindowingEngine(
      layout: engine.layout, viewport: engine.viewport, overscan: Overscan(points: 100))
    #expect(engine.window == fresh.window && engine.visibleRange == fresh.visibleRange, note)
    // Later frames with no scroll measure nothing new and move nothing.
    for _ in 0..<3 {
      measureEnteringRows(&engine, real: real, measured: &measured)
      for (position, screen) in painted {
        let now = engine.layout.frame(of: position).mainOffset - engine.viewport.offset
        #expect(abs(now - screen) <= 0.5, note)
      }
    }
  }
}
