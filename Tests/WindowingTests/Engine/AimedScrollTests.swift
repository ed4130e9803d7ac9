//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// Scrolls to a position while estimates are replaced by measurements (as a
/// host measures the rows of each window): the target lands where its
/// alignment says once it settles, against brute-force sums of the lengths.
@Suite("Scroll to a position, settling")
struct AimedScrollTests {
  struct State<L: MeasuredLayout> {
    var engine: WindowingEngine<L>
    var trueLengths: [Double]
    var totalCorrections = 0
    var aimed: (position: Int, alignment: ScrollAlignment)?
  }

  /// Brute-force placement: every item's start and length along the
  /// scrolling axis, from the lengths the layout holds.
  typealias Placement = ([Double]) -> [(offset: Double, length: Double)]

  /// What brute force says the offset of an aimed scroll must be.
  static func expectedOffset<L: MeasuredLayout>(
    _ engine: WindowingEngine<L>, position: Int, alignment: ScrollAlignment, place: Placement
  ) -> Double {
    let layout = engine.layout
    let frames = place((0..<layout.itemCount).map { layout.length(of: $0) })
    let (start, length) = frames[position]
    let total = frames.map { $0.offset + $0.length }.max() ?? 0
    let viewport = engine.viewport
    let shown = viewport.length - viewport.leadingInset - viewport.trailingInset
    var offset: Double
    switch alignment {
    case .start: offset = start - viewport.leadingInset
    case .center: offset = start - viewport.leadingInset - (shown - length) / 2
    case .end: offset = start - viewport.leadingInset - (shown - length)
    case .nearest: offset = viewport.offset
    }
    let lowest = -viewport.leadingInset
    let highest = max(lowest, total - viewport.length + viewport.trailingInset)
    offset = min(max(offset, lowest), highest)
    return offset
  }

  /// A host's layout pass: measures every row of the window.
  static func measureWindow<L>(_ state: inout State<L>) {
    for position in state.engine.window {
      state.engine.setLength(state.trueLengths[position], of: position)
    }
  }

  enum Kind: CaseIterable, Sendable { case variable, masonry, measuredGrid }

  @Test(
    "Random aims, measurements, user scrolls and inserts, for every measured layout",
    arguments: Kind.allCases)
  func model(kind: Kind) {
    for seed in modelTestSeeds {
      switch kind {
      case .variable:
        run(seed: seed, layout: VariableLengthLayout(itemCount: 0, estimatedLength: 40, spacing: 2))
        {
          lengths in
          var offset = 0.0
          return lengths.map { length in
            defer { offset += length + 2 }
            return (offset, length)
          }
        }
      case .masonry:
        run(
          seed: seed,
          layout: MasonryLayout(itemCount: 0, columns: .fixed(3), estimatedLength: 40, spacing: 4)
        ) { lengths in
          var next = [0.0, 0.0, 0.0]
          return lengths.map { length in
            let lane = next.indices.min { next[$0] < next[$1] }!
            defer { next[lane] += length + 4 }
            return (next[lane], length)
          }
        }
      case .measuredGrid:
        run(
          seed: seed,
          layout: MeasuredGridLayout(
            itemCount: 0, columns: .fixed(3), estimatedLength: 40, spacing: 2)
        ) { lengths in
          var frames: [(offset: Double, length: Double)] = []
          var offset = 0.0
          for row in stride(from: 0, to: lengths.count, by: 3) {
            let length = lengths[row..<min(lengths.count, row + 3)].max()!
            for _ in row..<min(lengths.count, row + 3) { frames.append((offset, length)) }
            offset += length + 2
          }
          return frames
        }
      }
    }
  }

  /// Measures the window, as a host's layout passes do, until an aim
  /// settles (at most 50 passes); returns the passes.
  @discardableResult
  static func settle<L>(_ state: inout State<L>) -> Int {
    var passes = 0
    while state.engine.aimedScroll?.isSettled == false && passes < 50 {
      measureWindow(&state)
      passes += 1
    }
    return passes
  }

  func run<L: MeasuredLayout>(seed: UInt64, layout: L, place: @escaping Placement) {
    var g = SplitMix64(seed: seed)
    let count = Int.random(in: 50...1_500, using: &g)
    let lengths = (0..<count).map { _ in
      Int.random(in: 0..<10, using: &g) == 0
        ? Double.random(in: 200...900, using: &g) : Double.random(in: 10...120, using: &g)
    }
    var layout = layout
    layout.insertItems(at: 0..<count)
    var state = State(
      engine: WindowingEngine(
        layout: layout,
        viewport: Viewport(
          offset: 0, length: 600, crossLength: 390, leadingInset: Bool.random(using: &g) ? 50 : 0,
          trailingInset: Bool.random(using: &g) ? 30 : 0),
        overscan: Overscan(points: 100, items: 1)),
      trueLengths: lengths)
    var settledAims = 0
    runModelTest(seed: seed, steps: modelTestSteps(300), state: &state) { state, g in
      let count = state.trueLengths.count
      switch Int.random(in: 0..<10, using: &g) {
      case 0:
        // The user scrolls: the aim ends.
        let offset = Double.random(in: 0...state.engine.contentLength, using: &g)
        _ = state.engine.scroll(toOffset: offset)
        state.aimed = nil
        Self.measureWindow(&state)
        return "user scroll to \(offset)"
      case 1:
        // Rows inserted: an aim follows its row to its new position and
        // lands on it again once the new rows are measured.
        let at = Int.random(in: 0...count, using: &g)
        let added = (0..<Int.random(in: 1...5, using: &g)).map { _ in
          Double.random(in: 10...120, using: &g)
        }
        state.trueLengths.insert(contentsOf: added, at: at)
        state.engine.apply(RowChanges(insertions: [at..<at + added.count]))
        if let aimed = state.aimed, aimed.position >= at {
          state.aimed?.position = aimed.position + added.count
        }
        Self.settle(&state)
        return "insert \(added.count) at \(at)"
      case 2:
        // Rows removed: an aim whose row is removed ends; another follows
        // its row.
        guard count > 1 else { return "nothing to remove" }
        let at = Int.random(in: 0..<count, using: &g)
        let removed = at..<min(count - 1, at + Int.random(in: 1...5, using: &g))
        guard !removed.isEmpty else { return "nothing to remove" }
        state.trueLengths.removeSubrange(removed)
        state.engine.apply(RowChanges(deletions: [removed]))
        if let aimed = state.aimed {
          if removed.contains(aimed.position) {
            state.aimed = nil
          } else if aimed.position >= removed.upperBound {
            state.aimed?.position = aimed.position - removed.count
          }
        }
        Self.settle(&state)
        return "remove \(removed)"
      default:
        let position = Int.random(in: 0..<count, using: &g)
        let alignment = [ScrollAlignment.start, .center, .end][Int.random(in: 0..<3, using: &g)]
        state.engine.scroll(toPosition: position, alignment: alignment)
        state.aimed = (position, alignment)
        let passes = Self.settle(&state)
        state.totalCorrections += state.engine.aimedScroll?.corrections ?? 0
        settledAims += 1
        return "aim at \(position) (\(alignment)), \(passes) layout passes"
      }
    } verify: { state in
      let engine = state.engine
      if !(engine.visibleRange.isEmpty
        || (engine.window.lowerBound <= engine.visibleRange.lowerBound
          && engine.visibleRange.upperBound <= engine.window.upperBound))
      {
        return "visible \(engine.visibleRange) outside the window \(engine.window)"
      }
      guard let aimed = state.aimed else {
        return engine.aimedScroll == nil
          ? nil : "an aim survived a user scroll or its row's removal"
      }
      guard let target = engine.aimedScroll else { return "the aim ended by itself" }
      if !target.isSettled { return "did not settle in 50 layout passes" }
      let expected = Self.expectedOffset(
        engine, position: aimed.position, alignment: aimed.alignment, place: place)
      if abs(engine.viewport.offset - expected) > 1e-6 {
        return
          "offset \(engine.viewport.offset), brute force \(expected) (\(target.corrections) corrections)"
      }
      return nil
    }
    #expect(settledAims > modelTestSteps(300) / 3)
    #expect(state.totalCorrections > 0, "estimates were replaced, so some aims were corrected")
  }

  @Test(
    "Row 500,000 of 1,000,000 with estimates off by 2x lands exactly within 2 passes",
    arguments: [ScrollAlignment.start, .center, .end])
  func aimFarWithWrongEstimates(alignment: ScrollAlignment) {
    // Every row is twice (or, for a third of them, half) its estimate.
    let count = 1_000_000
    let lengths = (0..<count).map { $0 % 3 == 0 ? 22.0 : 88.0 }
    var state = State(
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: count, estimatedLength: 44),
        viewport: Viewport(length: 800), overscan: Overscan(points: 200)),
      trueLengths: lengths)
    state.engine.scroll(toPosition: 500_000, alignment: alignment)
    let passes = Self.settle(&state)
    #expect(passes <= 2)
    #expect(state.engine.aimedScroll?.isSettled == true)
    // Exactly where the layout's lengths put the row: 0 pt off.
    let layout = state.engine.layout
    let start = layout.offset(of: 500_000)
    let length = layout.length(of: 500_000)
    let expected =
      switch alignment {
      case .start: start
      case .center: start - (800 - length) / 2
      default: start - (800 - length)
      }
    #expect(state.engine.viewport.offset == expected)
    #expect(length == 88)
  }

  @Test("A VirtualList scrolls to an id, and reports its corrections")
  func virtualListScrollsToAnID() {
    var list = VirtualList(
      identifying: Array(0..<1_000).map { "row \($0)" },
      layout: VariableLengthLayout(itemCount: 1_000, estimatedLength: 40),
      viewportLength: 400)
    let before = list.window
    #expect(list.scroll(toID: "row 5000") == nil)
    #expect(list.window == before)
    let found = list.scroll(toID: "row 600", alignment: .center)
    // The update names the rows to create: the new window's, by identity.
    #expect(
      found.map { Set($0.entered) } == Set(list.windowIDs).subtracting(before.map { "row \($0)" }))
    #expect(list.aimedScroll?.position == 600 && list.aimedScroll?.isSettled == false)
    for position in list.window { _ = list.setLength(60, of: position) }
    for position in list.window { _ = list.setLength(60, of: position) }
    let target = list.aimedScroll
    #expect(target?.isSettled == true && (target?.corrections ?? 0) > 0)
    // The row's middle is at the viewport's middle.
    let frame = list.engine.layout.frame(of: 600)
    #expect(frame.mainOffset + 30 - list.engine.viewport.offset == 200)
    _ = list.scroll(toOffset: 0)
    #expect(list.aimedScroll == nil)
  }

  @Test("Layouts without measurements land at once, settled", arguments: modelTestSeeds)
  func unmeasuredLayoutsLandAtOnce(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let columns = Int.random(in: 1...4, using: &g)
    var grid = WindowingEngine(
      layout: FixedLengthGridLayout(
        itemCount: 1_000, columns: .fixed(columns), itemLength: 50, spacing: 2),
      viewport: Viewport(length: 500, crossLength: 400, leadingInset: 20))
    var list = WindowingEngine(
      layout: FixedLengthLayout(itemCount: 1_000, itemLength: 30, spacing: 1),
      viewport: Viewport(length: 500))
    for _ in 0..<200 {
      let position = Int.random(in: 0..<1_000, using: &g)
      let alignment = [ScrollAlignment.start, .center, .end][Int.random(in: 0..<3, using: &g)]
      grid.scroll(toPosition: position, alignment: alignment)
      list.scroll(toPosition: position, alignment: alignment)
      // Brute force: the row's start, the unobscured length, the bounds.
      func expected(start: Double, length: Double, content: Double, viewport: Viewport) -> Double {
        let shown = viewport.length - viewport.leadingInset - viewport.trailingInset
        var offset = start - viewport.leadingInset
        if alignment == .center { offset -= (shown - length) / 2 }
        if alignment == .end { offset -= shown - length }
        let highest = max(
          -viewport.leadingInset, content - viewport.length + viewport.trailingInset)
        return min(max(offset, -viewport.leadingInset), highest)
      }
      let rows = (1_000 + columns - 1) / columns
      #expect(
        grid.viewport.offset
          == expected(
            start: Double(position / columns) * 52, length: 50, content: Double(rows) * 52 - 2,
            viewport: grid.viewport))
      #expect(
        list.viewport.offset
          == expected(
            start: Double(position) * 31, length: 30, content: 30_999, viewport: list.viewport))
      #expect(grid.aimedScroll?.isSettled == true && list.aimedScroll?.isSettled == true)
    }
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func aimingAtAPositionOutOfRangeTrapsNamingIt() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var engine = WindowingEngine(
          layout: VariableLengthLayout(itemCount: 10, estimatedLength: 40),
          viewport: Viewport(length: 100))
        engine.scroll(toPosition: 10)
      }
      #expect(standardErrorText(of: result).contains("Position 10 out of range 0..<10"))
    }
  #endif
}
