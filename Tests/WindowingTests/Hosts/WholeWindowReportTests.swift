//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

/// A host that reports every row of its window on every layout pass, as a
/// UIKit host reading `visibleCells` does: a length equal to the one the
/// engine holds is not a measurement, so the rows reported unchanged do not
/// decide which edge stays.
@Suite("Hosts that report the whole window")
struct WholeWindowReportTests {
  @Test(
    "Scrolling up 100 pt a frame, the whole window reported each pass: what was on screen stays",
    arguments: [Anchoring.feed, .chat], 0..<4 as Range<UInt64>)
  func wholeWindowOnTheWayUp(anchoring: Anchoring, seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let count = 1_000
    // Lengths as a host measures text: fractions of a point. (A row that
    // enters with its top exactly at the edge keeps that top edge: whole
    // points would line rows up with the edge and test that rule too.)
    let real = (0..<count).map { _ in Double.random(in: 30...126, using: &g) }
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: count, estimatedLength: 60),
      viewport: Viewport(length: 800))
    engine.anchoring = anchoring
    var measured = Set<Int>()
    _ = engine.scroll(toOffset: engine.layout.contentLength / 2)
    measureEnteringRows(&engine, real: real, measured: &measured, reportingWholeWindow: true)
    var moves: [String] = []
    for frame in 0..<40 {
      let offsetBefore = engine.viewport.offset
      let before = Dictionary(
        uniqueKeysWithValues: engine.visibleRange.map {
          ($0, engine.layout.frame(of: $0).mainOffset)
        })
      _ = engine.scroll(toOffset: offsetBefore - 100)
      let moved = engine.viewport.offset - offsetBefore
      measureEnteringRows(&engine, real: real, measured: &measured, reportingWholeWindow: true)
      for position in engine.visibleRange {
        guard let was = before[position] else { continue }
        let shift =
          (engine.layout.frame(of: position).mainOffset - engine.viewport.offset)
          - (was - offsetBefore - moved)
        if abs(shift) > 0.5 { moves.append("frame \(frame): row \(position) by \(shift) pt") }
      }
    }
    #expect(moves.isEmpty, "\(anchoring), seed \(seed): \(moves.prefix(4))")
  }
}
