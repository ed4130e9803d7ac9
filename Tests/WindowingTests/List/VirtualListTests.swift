//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
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
        layout: FixedLengthLayout(itemCount: data.count, itemLength: 40),
        viewport: Viewport(length: 400, leadingInset: 30), overscan: Overscan(points: 80, items: 1),
        visibilityThreshold: 0.5))
    // Visibility is published on its own; the log is what a host saw.
    final class Shown {
      var visibleIDs: Set<String> = []
      var publications = 0
    }
    let shown = Shown()
    shown.visibleIDs = Set(list.visibleRange.map { data[$0] })
    list.onVisibilityChange = { update in
      shown.visibleIDs.subtract(update.becameHidden)
      shown.visibleIDs.formUnion(update.becameVisible)
      shown.publications += 1
    }
    var shownWindow = Set(list.window.map { data[$0] })
    var offset = 0.0
    for _ in 0..<300 {
      offset = max(0, offset + Double(Int.random(in: -300...300, using: &g)))
      let windowBefore = list.window
      if let update = list.scroll(toOffset: offset) {
        #expect(update.change.windowChanged)
        shownWindow.subtract(update.exited)
        shownWindow.formUnion(update.entered)
      } else {
        #expect(list.window == windowBefore, "no update, but the window moved (seed \(seed))")
      }
      #expect(shownWindow == Set(list.window.map { data[$0] }), "seed \(seed)")
      #expect(shown.visibleIDs == Set(list.visibleRange.map { data[$0] }), "seed \(seed)")
      #expect(list.windowIDs == list.window.map { data[$0] }, "seed \(seed)")
    }
    #expect(shown.publications > 0)
  }
}

@Suite("VirtualList logs under edits")
struct VirtualListLogTests {
  /// A host that applies only what the list publishes: the window's
  /// entered and exited ids, and the visibility updates.
  final class Host {
    var window: Set<Int> = []
    var visibleIDs: Set<Int> = []
    var positions: Range<Int> = 0..<0
  }

  @Test(
    "Window and visibility logs stay exact through scrolls, edits anywhere, viewport changes and scrolls to ids",
    arguments: 0..<8)
  func logsStayExact(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 100_000
    var data = Array(0..<Int.random(in: 0...300, using: &g)).map { $0 * 3 }
    var list = VirtualList(
      data: data, id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: data.count, itemLength: 40),
        viewport: Viewport(length: 400), overscan: Overscan(points: 40, items: 2),
        visibilityThreshold: 0.5))
    let host = Host()
    host.window = Set(list.window.map { data[$0] })
    host.visibleIDs = Set(list.visibleRange.map { data[$0] })
    host.positions = list.visibleRange
    list.onVisibilityChange = { update in
      host.visibleIDs.subtract(update.becameHidden)
      host.visibleIDs.formUnion(update.becameVisible)
      host.positions = update.visibleRange
    }
    func apply(_ update: ListUpdate<Int>?) {
      guard let update else { return }
      host.window.subtract(update.exited)
      host.window.formUnion(update.entered)
    }
    for step in 0..<400 {
      // Positions anywhere: above, inside and below the window, both ends.
      let anywhere = Int.random(in: 0...data.count, using: &g)
      let operation: String
      switch Int.random(in: 0..<6, using: &g) {
      case 0:
        let offset = Double(Int.random(in: -200...(data.count * 40 + 200), using: &g))
        operation = "scroll(toOffset: \(offset))"
        apply(list.scroll(toOffset: offset))
      case 1:
        let k = Int.random(in: 1...12, using: &g)
        let ids = (0..<k).map { nextID + $0 }
        nextID += k
        data.insert(contentsOf: ids, at: anywhere)
        operation = "insert \(k) at \(anywhere)"
        apply(list.apply(RowChanges(insertions: [anywhere..<anywhere + k]), from: data))
      case 2 where !data.isEmpty:
        let lower = Swift.min(anywhere, data.count - 1)
        let upper = Swift.min(data.count, lower + Int.random(in: 1...40, using: &g))
        data.removeSubrange(lower..<upper)
        operation = "remove \(lower..<upper)"
        apply(list.apply(RowChanges(deletions: [lower..<upper]), from: data))
      case 3:
        let length = Double(Int.random(in: 0...900, using: &g))
        operation = "setViewport(length: \(length))"
        apply(
          list.setViewport(Viewport(offset: list.engine.viewport.offset, length: length)))
      case 4:
        // An id that may be stale (removed) or never existed.
        let id = Int.random(in: 0..<3, using: &g) == 0 ? -1 : (data.randomElement(using: &g) ?? -1)
        let alignment: ScrollAlignment = [.start, .center, .end, .nearest][
          Int.random(in: 0..<4, using: &g)]
        operation = "scroll(toID: \(id), \(alignment))"
        let window = list.window
        let update = list.scroll(toID: id, alignment: alignment)
        if data.contains(id) {
          #expect(update != nil, "seed \(seed) step \(step): \(operation) found nothing")
          #expect(
            list.visibleRange.contains(data.firstIndex(of: id)!) || list.visibleRange.isEmpty,
            "seed \(seed) step \(step): \(operation) left the row off screen")
        } else {
          #expect(update == nil && list.window == window, "seed \(seed) step \(step): \(operation)")
        }
        apply(update)
      default:
        operation = "scroll(toPosition: \(anywhere))"
        if !data.isEmpty { apply(list.scroll(toPosition: Swift.min(anywhere, data.count - 1))) }
      }
      #expect(
        host.window == Set(list.window.map { data[$0] }),
        "seed \(seed) step \(step): window log after \(operation)")
      #expect(
        host.visibleIDs == Set(list.visibleRange.map { data[$0] }),
        "seed \(seed) step \(step): visibility log after \(operation)")
      #expect(
        host.positions == list.visibleRange,
        "seed \(seed) step \(step): visible positions after \(operation)")
      #expect(list.windowIDs == list.window.map { data[$0] }, "seed \(seed) step \(step)")
    }
  }
}

/// Hostile uses of a list: each must neither trap nor misbehave.
@Suite("VirtualList hostile edits")
struct VirtualListHostileEditTests {
  func makeList(_ count: Int) -> VirtualList<[Int], Int, FixedLengthLayout> {
    VirtualList(
      data: Array(0..<count), id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: count, itemLength: 44), viewport: Viewport(length: 800)
      ))
  }

  @Test("An update's identifiers are a conforming collection, with their slices")
  func identifiersConform() throws {
    let data = (0..<60).map { "row\($0)" }
    var list = VirtualList(
      identifying: data,
      layout: FixedLengthLayout(itemCount: data.count, itemLength: 10),
      viewportLength: 100)
    // A scroll that keeps part of the window: entered and exited are views
    // of the window buffers, the first in two runs after a jump back.
    let scrolled = list.scroll(toOffset: 150)
    let update = try #require(scrolled)
    #expect(!update.entered.isEmpty && !update.exited.isEmpty)
    checkRandomAccessCollection(
      update.entered, expectedContents: list.windowIDs.filter { !data[0..<10].contains($0) })
  }

  @Test func removingRowsBelowTheFirstVisibleRow() {
    var list = makeList(100)
    let update = list.apply(RowChanges(deletions: [50..<60]), from: Array(0..<50) + Array(60..<100))
    #expect(update.change.scrollCorrection == 0)
    #expect(list.window == 0..<21 && list.windowIDs == Array(0..<21))
  }

  @Test func replacingWithShorterData() {
    var list = makeList(100)
    _ = list.scroll(toOffset: 2_000)
    list.replaceData(Array(0..<30))
    // 30 rows of 44 points leave 520 points of scrolling: clamped there.
    #expect(list.engine.viewport.offset == 30 * 44 - 800)
    #expect(list.windowIDs == Array(list.window) && list.window.upperBound == 30)
    list.replaceData([])
    #expect(list.window.isEmpty && list.engine.viewport.offset == 0)
  }

  @Test func nonFiniteGeometryIsIgnored() {
    var list = makeList(100)
    _ = list.scroll(toOffset: 440)
    #expect(list.scroll(toOffset: .nan) == nil && list.scroll(toOffset: -.infinity) == nil)
    #expect(list.engine.viewport.offset == 440)
    list.setViewport(Viewport(offset: .nan, length: .infinity, crossLength: .nan))
    #expect(list.engine.viewport == Viewport(offset: 440, length: 800))
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test func insertingARangeTheDataDoesNotHoldTrapsNamingIt() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var list = VirtualList(
          data: Array(0..<10), id: { $0 },
          engine: WindowingEngine(
            layout: FixedLengthLayout(itemCount: 10, itemLength: 44),
            viewport: Viewport(length: 800))
        )
        list.apply(RowChanges(insertions: [8..<15]), from: Array(0..<12))
      }
      #expect(standardErrorText(of: result).contains("insertions: [8..<15]"))
    }
  #endif
}

/// Geometry the fuzz target found hostile: each trapped or lost data before.
@Suite("Hostile geometry")
struct HostileGeometryTests {
  @Test func aHugeCrossLengthDoesNotOverflowAdaptiveColumns() {
    var engine = WindowingEngine(
      layout: FixedLengthGridLayout(
        itemCount: 100, columns: .adaptive(minimumLength: 50), itemLength: 40),
      viewport: Viewport(length: 800, crossLength: 1e300))
    #expect(engine.layout.columnCount == FixedLengthGridLayout.maximumColumnCount)
    engine.setViewport(Viewport(length: 800, crossLength: 390))
    #expect(engine.layout.columnCount == 7 && engine.window == 0..<100)
  }

  @Test func fixedColumnsOfAnyCountCountRowsWithoutOverflow() {
    let layout = FixedLengthGridLayout(itemCount: 10, columns: .fixed(.max), itemLength: 40)
    #expect(layout.rowCount == 1 && layout.contentLength == 40)
  }

  @Test(
    "Zero and fractional lengths beside spacing: no frame of negative length, no trap",
    arguments: 0..<60 as Range<UInt64>)
  func roundingNeverReversesAFrame(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let count = 150
    let spacing = Double(Int.random(in: 0...6, using: &g))
    var engine = WindowingEngine(
      layout: PaddedLayout(
        VariableLengthLayout(
          itemCount: count, estimatedLength: Double(Int.random(in: 1...80, using: &g)),
          spacing: spacing),
        padding: ContentPadding(start: Double(Int.random(in: 0...50, using: &g)))),
      viewport: Viewport(length: 0), overscan: Overscan(points: 0))
    for position in 0..<count {
      let length = [0, Double(Int.random(in: 0...1_000, using: &g)) / 7][
        Int.random(in: 0...1, using: &g)]
      engine.setLength(length, of: position)
    }
    for position in 0..<count {
      let frame = engine.layout.frame(of: position)
      #expect(frame.mainLength >= 0, "seed \(seed), item \(position): \(frame.mainLength)")
      _ = engine.scroll(toOffset: frame.mainOffset)
      _ = engine.scroll(toOffset: frame.mainOffset + frame.mainLength)
    }
  }

  @Test func anAbsurdMeasurementIsIgnored() {
    var engine = WindowingEngine(
      layout: VariableLengthLayout(itemCount: 10, estimatedLength: 59),
      viewport: Viewport(length: 300))
    #expect(engine.setLength(1e300, of: 0) == nil)
    #expect(engine.setLength(-.infinity, of: 0) == nil)
    #expect(engine.layout.length(of: 0) == 59 && engine.layout.frame(of: 2).mainLength == 59)
  }
}

@Suite("VirtualList over any random-access collection")
struct VirtualListIndexTests {
  @Test func aCollectionWhoseIndexIsNotInt() {
    let data = Array(0..<100).reversed()  // ReversedCollection: its own index type
    var list = VirtualList(
      data: data, id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 100, itemLength: 44), viewport: Viewport(length: 440)))
    #expect(list.windowIDs == list.window.map { 99 - $0 })
    #expect(Array(list.materialized) == list.windowIDs)
    let update = list.scroll(toOffset: 2_200)
    #expect(list.windowIDs == list.window.map { 99 - $0 })
    let entered = Set(update.map { Array($0.entered) } ?? [])
    #expect(!entered.isEmpty && entered.isSubset(of: list.windowIDs))
  }

  @Test func aSliceThatDoesNotStartAtZero() {
    let data = Array(0..<200)[50..<150]
    var list = VirtualList(
      data: data, id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 100, itemLength: 44), viewport: Viewport(length: 440)))
    _ = list.scroll(toOffset: 880)
    #expect(list.windowIDs == list.window.map { 50 + $0 })
  }
}
