//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// An assistant's conversation as a host drives it: a prompt sent at the
/// end, its reply appended and growing in 200 measured steps, history
/// arriving above in between, rows measured as they enter the window; then a
/// second prompt.
@Suite("A prompt kept at the top while its reply streams in")
struct StreamedReplyTests {
  @Test(
    "The prompt stays at the top until the reply fills the viewport, then the end is followed",
    arguments: modelTestSeeds)
  func promptStaysAtTheTop(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let viewport = Viewport(length: 800, crossLength: 390, leadingInset: 40, trailingInset: 30)
    let unobscured = viewport.length - viewport.leadingInset - viewport.trailingInset
    var real = realLengths(30, &g)
    var measured = Set<Int>()
    var engine = WindowingEngine(
      layout: VariableLengthLayout(
        itemCount: real.count, estimatedLength: 60,
        spacing: Double(Int.random(in: 0...8, using: &g))),
      viewport: viewport, overscan: Overscan(points: 200))
    engine.anchoring = .assistant
    engine.scroll(toPosition: real.count - 1, alignment: .end)
    measureEnteringRows(&engine, real: real, measured: &measured)

    for round in 0..<2 {
      // The prompt, sent at the end.
      var prompt = real.count
      real.append(Double(Int.random(in: 30...150, using: &g)))
      engine.apply(RowChanges(insertions: [prompt..<prompt + 1]))
      engine.showPrompt(at: prompt)
      measureEnteringRows(&engine, real: real, measured: &measured)
      // Its reply: rows appended, the last growing as it streams.
      var filled = false
      for step in 0..<200 {
        if step % 40 == 0 {
          real.append(20)
          engine.apply(RowChanges(insertions: [real.count - 1..<real.count]))
        }
        real[real.count - 1] += Double(Int.random(in: 0...14, using: &g))
        measured.insert(real.count - 1)
        engine.setLength(real[real.count - 1], of: real.count - 1)
        if step % 37 == 11 {
          // Older history loads above.
          let added = Int.random(in: 1...30, using: &g)
          real.insert(contentsOf: realLengths(added, &g), at: 0)
          measured = Set(measured.map { $0 + added })
          prompt += added
          engine.apply(RowChanges(insertions: [0..<added]))
        }
        measureEnteringRows(&engine, real: real, measured: &measured)

        let top = engine.layout.frame(of: prompt).mainOffset
        let below = engine.layout.contentLength - top
        let note = Comment(rawValue: "seed \(seed), round \(round), step \(step)")
        #expect(engine.prompt == prompt, note)
        if below >= unobscured {
          // The reply fills the viewport: the end is followed.
          filled = true
          let end = engine.viewport.offset + viewport.length - viewport.trailingInset
          #expect(abs(end - engine.layout.contentLength) <= 0.5, note)
          #expect(engine.contentLength == engine.layout.contentLength, note)
        } else {
          #expect(abs(top - engine.viewport.offset - viewport.leadingInset) <= 0.5, note)
          #expect(engine.isAtEnd, note)
        }
      }
      #expect(filled, "seed \(seed), round \(round): the reply never filled the viewport")
    }
  }

  @Test("Scrolling away lets the prompt go; the room below only shrinks")
  func scrollingAwayLetsGo() {
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: 40, estimatedLength: 50),
      viewport: Viewport(length: 600))
    engine.anchoring = .assistant
    engine.showPrompt(at: 39)
    let room = engine.contentLength - engine.layout.contentLength
    let expectedRoom: Double = 39 * 50 + 600 - 40 * 50
    #expect(room == expectedRoom)
    _ = engine.scroll(toOffset: engine.viewport.offset - 100)
    #expect(engine.prompt == nil)
    #expect(engine.contentLength - engine.layout.contentLength == room - 100)
    _ = engine.scroll(toOffset: engine.viewport.offset + 30)  // back down: the room does not grow
    #expect(engine.contentLength - engine.layout.contentLength == room - 100)
    _ = engine.scroll(toOffset: engine.viewport.offset - 30)
    // At the end, content fills the room before the end moves on.
    let offset = engine.viewport.offset
    engine.apply(RowChanges(insertions: [40..<41]))
    #expect(engine.viewport.offset == offset)
    #expect(engine.contentLength - engine.layout.contentLength == room - 150)
    engine.apply(RowChanges(insertions: [41..<51]))
    #expect(engine.contentLength == engine.layout.contentLength)
    #expect(engine.isAtEnd)
  }
}
