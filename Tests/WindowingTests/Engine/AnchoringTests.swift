//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// The two places where readers lose their place most often, as an app
/// composes the modules: history loading above a chat read at its very
/// top, and a collapse of the folder the viewport is inside.
@Suite("Anchoring policies")
struct AnchoringTests {
  @Test("A chat read at its very top keeps the read message through history loads")
  func chatAtTheTop() {
    var messages = Array(1_000..<1_100)
    var list = VirtualList(
      identifying: messages,
      layout: VariableLengthLayout(itemCount: messages.count, estimatedLength: 40),
      viewportLength: 400)
    list.anchoring = .chat
    #expect(list.engine.viewport.offset == 0)
    let read = list.windowIDs[list.visibleRange.lowerBound - list.window.lowerBound]
    for load in 0..<5 {
      let older = Array(1_000 - 50 * (load + 1)..<1_000 - 50 * load)
      messages.insert(contentsOf: older, at: 0)
      list.apply(RowChanges(insertions: [0..<50]), from: messages)
      #expect(screenOffset(of: read, in: list) == 0, "load \(load): 0 pt drift")
    }
    // Appends at the end are followed once the reader is at the end.
    _ = list.scroll(toPosition: messages.count - 1, alignment: .end)
    messages.append(2_000)
    list.apply(RowChanges(insertions: [messages.count - 1..<messages.count]), from: messages)
    #expect(list.engine.isAtEnd && list.visibleRange.upperBound == messages.count)
  }

  @Test("A feed at its very top shows what is inserted above")
  func feedAtTheTop() {
    var posts = Array(100..<200)
    var list = VirtualList(
      identifying: posts,
      layout: FixedLengthLayout(itemCount: posts.count, itemLength: 40),
      viewportLength: 400)
    posts.insert(contentsOf: 0..<10, at: 0)
    list.apply(RowChanges(insertions: [0..<10]), from: posts)
    #expect(list.engine.viewport.offset == 0 && list.windowIDs.first == 0)
  }
}

/// The list owns its data: a mutation through `update(_:)` happens where
/// the data is, and the list follows it.
@Suite("Mutating through the list")
struct ListUpdateInPlaceTests {
  struct Boom: Error {}

  @Test("An append through the list writes into the same buffer")
  func appendsInPlace() {
    var messages = Array(0..<1_000)
    messages.reserveCapacity(2_000)
    var list = VirtualList(
      identifying: messages,
      layout: FixedLengthLayout(itemCount: messages.count, itemLength: 40),
      viewportLength: 400)
    messages = []  // the app keeps no second reference
    let buffer = list.data.withUnsafeBufferPointer { $0.baseAddress }
    for message in 1_000..<1_500 {
      list.update { rows in
        rows.append(message)
        return RowChanges(insertions: [rows.count - 1..<rows.count])
      }
    }
    #expect(list.data.withUnsafeBufferPointer { $0.baseAddress } == buffer, "no copy")
    #expect(list.data.count == 1_500 && list.engine.layout.itemCount == 1_500)
  }

  @Test("A mutation that throws leaves the list reading the data as it is")
  func throwingMutation() {
    var list = VirtualList(
      data: Array(0..<10), id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 10, itemLength: 40), viewport: Viewport(length: 400)))
    #expect(throws: Boom.self) {
      try list.update { rows in
        rows.append(10)
        throw Boom()
      }
    }
    #expect(list.engine.layout.itemCount == 11 && list.windowIDs == Array(0..<11))
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func aChangeThatDoesNotAddUpTrapsNamingTheCounts() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var list = VirtualList(
          data: Array(0..<10), id: { $0 },
          engine: WindowingEngine(
            layout: FixedLengthLayout(itemCount: 10, itemLength: 40),
            viewport: Viewport(length: 400))
        )
        list.update { rows in
          rows.append(10)
          return RowChanges()
        }
      }
      #expect(
        standardErrorText(of: result).contains(
          "The changes turn 10 items into 10, not the 11 of the new data"))
    }
  #endif

  @Test("Duplicate ids in the window and among the inserted rows: matched in order, no trap")
  func duplicateIDsFoundAgain() {
    // Rows 0..<100; rows 40..<60, on screen, share one id (placeholders
    // that share an id, as apps fall back to).
    let shared = -1
    let ids = (0..<100).map { (40..<60).contains($0) ? shared : $0 }
    var list = VirtualList(
      data: ids, id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 100, itemLength: 40), viewport: Viewport(length: 400)))
    _ = list.scroll(toOffset: 45 * 40)
    // The whole screen replaced by the same rows plus three more with the
    // shared id and one new row at the top of the block.
    let update = list.update { rows in
      rows.replaceSubrange(30..<70, with: [1_000] + rows[30..<70] + [shared, shared, shared])
      return RowChanges(deletions: [30..<70], insertions: [30..<74])
    }
    #expect(list.windowIDs == Array(list.data[list.window]))
    #expect(list.engine.layout.itemCount == 104)
    // The window's rows with the shared id are found in order, so the
    // reader still sees rows of the block, not the rows before it.
    #expect(update.moves.count == list.window.count)
    #expect(list.data[list.visibleRange.lowerBound] == shared)
    #expect(list.engine.viewport.offset >= 0 && list.engine.viewport.offset <= 104 * 40 - 400)
  }
}

@Suite("A layout pass's measurements at once")
struct BatchMeasurementTests {
  @Test(
    "Hostile batches: the lengths one by one would give, what was on screen kept in place",
    arguments: modelTestSeeds)
  func batches(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for round in 0..<sized(50, full: 150) {
      let count = Int.random(in: 1...5_000, using: &g)
      var engine = WindowingEngine(
        layout: VariableLengthLayout(itemCount: count, estimatedLength: 40),
        viewport: Viewport(length: 600), overscan: Overscan(points: 100))
      _ = engine.scroll(toOffset: Double.random(in: 0...engine.contentLength, using: &g))
      var reference = engine.layout
      // Rows of the window, above it and below it, repeated; lengths that
      // are measurements or hostile.
      var batch: [(position: Int, length: Double)] = []
      for _ in 0..<Int.random(in: 0...3_000, using: &g) {
        let position =
          Bool.random(using: &g) && !engine.window.isEmpty
          ? Int.random(in: engine.window, using: &g) : Int.random(in: 0..<count, using: &g)
        let length = [
          Double.random(in: 0...300, using: &g), .nan, -5, .infinity, 2e7, 0,
        ][Int.random(in: 0..<8, using: &g) % 6]
        batch.append((position, length))
      }
      // The rule for measurements, by brute force: a first visible row
      // starting at or below the top edge keeps its top edge; else the
      // first visible row the batch leaves alone keeps its top edge; with
      // none, the first visible row keeps its bottom edge if it straddles
      // the top edge.
      let measured = Set(batch.filter { $0.length >= 0 && $0.length <= 10_000_000 }.map(\.position))
      let first = engine.visibleRange.lowerBound
      let reading =
        engine.layout.offset(of: first) >= engine.viewport.offset - 8 * engine.viewport.offset.ulp
      let kept = reading ? first : engine.visibleRange.first { !measured.contains($0) }
      let straddles =
        kept == nil && engine.layout.offset(of: first) < engine.viewport.offset
        && engine.layout.frame(of: first).mainLength + engine.layout.offset(of: first)
          > engine.viewport.offset
      func edge(_ layout: VariableLengthLayout, _ offset: Double) -> Double {
        let anchor = kept ?? first
        let frame = layout.frame(of: anchor)
        return (straddles ? frame.mainOffset + frame.mainLength : frame.mainOffset) - offset
      }
      let onScreen = edge(engine.layout, engine.viewport.offset)
      engine.setLengths(batch)
      for (position, length) in batch where length >= 0 && length <= 10_000_000 {
        reference.setLength(length, of: position)
      }
      let note = Comment(rawValue: "seed \(seed), round \(round): \(count) rows")
      // (Within rounding: a chunk rebuilt from its lengths and one updated
      // by differences round differently.)
      #expect(
        (0..<count).allSatisfy {
          abs(engine.layout.length(of: $0) - reference.length(of: $0)) < 1e-6
        }, note)
      #expect(
        stride(from: 0, through: count, by: 7).allSatisfy {
          abs(engine.layout.offset(of: $0) - reference.offset(of: $0)) < 1e-6
        }, note)
      // Unless the offset was clamped at either end of the content.
      let highest = max(0, engine.contentLength - engine.viewport.length)
      if engine.viewport.offset > 0, engine.viewport.offset < highest, !measured.isEmpty {
        let moved = edge(engine.layout, engine.viewport.offset) - onScreen
        #expect(abs(moved) < 1e-6, note)
      }
    }
  }
}
