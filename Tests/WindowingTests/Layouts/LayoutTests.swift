//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

/// The items whose frames overlap `region`, by checking every frame: the
/// smallest range holding them all. Touching is not overlapping, and a gap
/// after an item is not part of it.
func bruteForceItems(_ layout: some WindowLayout, _ region: Range<Double>) -> Range<Int> {
  guard !region.isEmpty else { return 0..<0 }
  let hits = (0..<layout.itemCount).filter {
    let f = layout.frame(of: $0)
    return f.mainOffset < region.upperBound && f.mainOffset + f.mainLength > region.lowerBound
  }
  guard let first = hits.first, let last = hits.last else { return 0..<0 }
  return first..<last + 1
}

func randomLayouts(_ g: inout SplitMix64) -> [any WindowLayout] {
  let count = Int.random(in: 0..<60, using: &g)
  func measured<L: MeasuredLayout>(_ layout: L, _ g: inout SplitMix64) -> L {
    var layout = layout
    for position in 0..<count where Bool.random(using: &g) {
      layout.setLength(Double(Int.random(in: 0...80, using: &g)), of: position)
    }
    return layout
  }
  let spacing = Double(Int.random(in: 0...8, using: &g))
  let padding = ContentPadding(
    start: Double(Int.random(in: 0...40, using: &g)), end: Double(Int.random(in: 0...40, using: &g))
  )
  let variable = measured(
    VariableLengthLayout(itemCount: count, estimatedLength: 30, spacing: spacing), &g)
  let masonry = measured(
    MasonryLayout(
      itemCount: count, columns: .fixed(Int.random(in: 1...4, using: &g)), estimatedLength: 30,
      spacing: spacing, crossLength: 300), &g)
  return [
    FixedLengthLayout(
      itemCount: count, itemLength: Double(Int.random(in: 1...50, using: &g)),
      spacing: spacing),
    FixedLengthGridLayout(
      itemCount: count, columns: .fixed(Int.random(in: 1...5, using: &g)),
      itemLength: Double(Int.random(in: 1...60, using: &g)),
      spacing: Double(Int.random(in: 0...4, using: &g)), crossLength: 300),
    FixedLengthGridLayout(
      itemCount: count, columns: .adaptive(minimumLength: 70), itemLength: 40, spacing: 5,
      crossLength: Double(Int.random(in: 50...500, using: &g))),
    variable,
    VariableLengthLayout(itemCount: count, estimatedLength: 9.3, spacing: 0.7),
    measured(
      MeasuredGridLayout(
        itemCount: count, columns: .fixed(Int.random(in: 1...4, using: &g)), estimatedLength: 30,
        spacing: spacing), &g),
    masonry,
    PaddedLayout(variable, padding: padding),
    PaddedLayout(
      FixedLengthLayout(itemCount: count, itemLength: 44, spacing: spacing), padding: padding),
    PaddedLayout(masonry, padding: padding),
  ]
}

@Suite("Layouts")
struct LayoutTests {
  @Test("Region queries match a brute-force scan", arguments: 0..<40)
  func regionQueries(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for layout in randomLayouts(&g) {
      for _ in 0..<60 {
        let content = layout.contentLength
        // Regions that start or end exactly on frame edges, gaps and
        // padding included, as often as anywhere else.
        var lower = Double.random(in: -50...(content + 50), using: &g).rounded()
        var upper = lower + Double.random(in: 0...300, using: &g).rounded()
        if layout.itemCount > 0, Bool.random(using: &g) {
          let f = layout.frame(of: Int.random(in: 0..<layout.itemCount, using: &g))
          lower = Bool.random(using: &g) ? f.mainOffset : f.mainOffset + f.mainLength
          upper = lower + Double.random(in: 0...300, using: &g).rounded()
          if Bool.random(using: &g) {
            let h = layout.frame(of: Int.random(in: 0..<layout.itemCount, using: &g))
            upper = Swift.max(
              lower, Bool.random(using: &g) ? h.mainOffset : h.mainOffset + h.mainLength)
          }
        }
        let region = lower..<upper
        let expected = bruteForceItems(layout, region)
        let actual = layout.items(overlapping: region)
        #expect(
          actual == expected || (expected.isEmpty && actual.isEmpty),
          "seed \(seed), \(type(of: layout)), region \(region): \(actual) vs \(expected)")
      }
    }
  }

  @Test("The examples of touching frames and trailing gaps")
  func touchingIsNotOverlapping() {
    let padded = PaddedLayout(
      FixedLengthLayout(itemCount: 12, itemLength: 44), padding: ContentPadding(start: 28))
    #expect(padded.items(overlapping: 72..<102) == 1..<2)
    var variable = VariableLengthLayout(itemCount: 12, estimatedLength: 50, spacing: 8)
    variable.setLength(20, of: 0)
    #expect(variable.items(overlapping: 22..<60) == 1..<2)
    #expect(variable.items(overlapping: 19..<60) == 0..<2)
    var grid = MeasuredGridLayout(itemCount: 6, columns: .fixed(2), estimatedLength: 50, spacing: 8)
    grid.setLength(20, of: 0)
    grid.setLength(20, of: 1)
    #expect(grid.items(overlapping: 22..<60) == 2..<4)
    // An engine scrolled to the gap after item 0 reports none of it visible.
    var engine = WindowingEngine(layout: variable, viewport: Viewport(length: 100))
    _ = engine.scroll(toOffset: 22)
    #expect(engine.visibleRange.lowerBound == 1)
    var paddedEngine = WindowingEngine(layout: padded, viewport: Viewport(length: 30))
    _ = paddedEngine.scroll(toOffset: 72)
    #expect(paddedEngine.visibleRange == 1..<2)
  }

  #if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
    @Test("Counts a layout cannot hold trap naming them")
    func hugeCountsTrap() async {
      let variable = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
      {
        _ = VariableLengthLayout(itemCount: Int.max / 4, estimatedLength: 44)
      }
      #expect(
        standardErrorText(of: variable).contains(
          "Item count \(Int.max / 4) exceeds the maximum of \(VariableLengthLayout.maximumItemCount)"
        )
      )
      let masonry = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = MasonryLayout(itemCount: .max, columns: .fixed(2), estimatedLength: 44)
      }
      #expect(standardErrorText(of: masonry).contains("Item count \(Int.max) exceeds the maximum"))
      let grid = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = MeasuredGridLayout(itemCount: .max, columns: .fixed(2), estimatedLength: 44)
      }
      #expect(standardErrorText(of: grid).contains("Item count \(Int.max) exceeds the maximum"))
      let insertion = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
      {
        var layout = VariableLengthLayout(itemCount: 10, estimatedLength: 44)
        layout.insertItems(at: 5..<Int.max)
      }
      #expect(standardErrorText(of: insertion).contains("Inserting \(Int.max - 5) items into 10"))
      let infinite = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
      {
        _ = FixedLengthLayout(itemCount: 10, itemLength: .infinity)
      }
      #expect(
        standardErrorText(of: infinite).contains("Item length inf must be greater than 0"))
      let nan = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FixedLengthLayout(itemCount: 10, itemLength: .nan)
      }
      #expect(standardErrorText(of: nan).contains("Item length nan must be greater than 0"))
      let overscan = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
      {
        _ = Overscan(points: .nan)
      }
      #expect(standardErrorText(of: overscan).contains("Overscan points nan and items 0"))
      let later = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var grid = FixedLengthGridLayout(itemCount: 10, columns: .fixed(2), itemLength: 40)
        grid.spacing = -.nan
      }
      #expect(standardErrorText(of: later).contains("Spacing"))
    }
  #endif

  @Test("Huge counts that a layout holds without storage answer queries")
  func hugeFixedLayouts() {
    let fixed = FixedLengthLayout(itemCount: .max, itemLength: 10_000_000)
    #expect(fixed.items(overlapping: 0..<25_000_000) == 0..<3)
    #expect(fixed.items(overlapping: 1e300..<2e300).isEmpty)
    #expect(fixed.items(overlapping: fixed.contentLength - 1..<fixed.contentLength).count <= 2)
    // The content ends at 2⁶³, which no `Int` holds: the query's estimate
    // must not convert it unchecked.
    let points = FixedLengthLayout(itemCount: .max, itemLength: 1)
    let end = points.items(overlapping: points.contentLength - 4_096..<points.contentLength)
    #expect(!end.isEmpty && end.upperBound > Int.max - 10_000)
    let grid = FixedLengthGridLayout(itemCount: .max, columns: .fixed(3), itemLength: 1e7)
    #expect(grid.items(overlapping: 0..<1e7) == 0..<3)
  }

  @Test("A billion estimated rows: no length per row until one is measured")
  func billionEstimatedRows() {
    let count = 1_000_000_000
    var layout = VariableLengthLayout(itemCount: count, estimatedLength: 40)
    #expect(layout.contentLength == 40 * Double(count))
    #expect(layout.items(overlapping: 20_000_000_000..<20_000_000_100) == 500_000_000..<500_000_003)
    // A measurement near the end moves only what follows it.
    _ = layout.setLength(100, of: count - 2)
    #expect(layout.offset(of: count - 2) == 40 * Double(count - 2))
    #expect(layout.offset(of: count - 1) == 40 * Double(count - 2) + 100)
    #expect(layout.contentLength == 40 * Double(count) + 60)
    layout.insertItems(at: 0..<3)
    #expect(layout.itemCount == count + 3)
    #expect(layout.length(of: count + 1) == 100, "the measured row moved down by 3")
    #expect(layout.offset(of: count + 2) == 40 * Double(count + 1) + 100)
  }

  @Test("A viewport past the end materializes the last rows")
  func scrollPastTheEnd() {
    var list = VirtualList(
      data: Array(0..<20), id: { $0 },
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: 20, itemLength: 44), viewport: Viewport(length: 400),
        overscan: Overscan(items: 2)))
    _ = list.scroll(toOffset: 1e12)
    #expect(list.window == 18..<20)
    _ = list.scroll(toOffset: 0)
    #expect(list.window == 0..<12)
  }

  @Test("Measured lengths match a naive prefix sum", arguments: modelTestSeeds)
  func variableLengths(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var layout = VariableLengthLayout(itemCount: 200, estimatedLength: 20)
    var lengths = Array(repeating: 20.0, count: 200)
    for step in 0..<2_000 {
      switch Int.random(in: 0..<10, using: &g) {
      case 0:
        let at = Int.random(in: 0...lengths.count, using: &g)
        let k = Int.random(in: 1...3, using: &g)
        layout.insertItems(at: at..<at + k)
        lengths.insert(contentsOf: repeatElement(20, count: k), at: at)
      case 1 where lengths.count > 3:
        let at = Int.random(in: 0..<lengths.count - 3, using: &g)
        layout.removeItems(at: at..<at + 2)
        lengths.removeSubrange(at..<at + 2)
      default:
        let at = Int.random(in: 0..<lengths.count, using: &g)
        let length = Double(Int.random(in: 0...100, using: &g))
        layout.setLength(length, of: at)
        lengths[at] = length
      }
      let probe = Int.random(in: 0..<lengths.count, using: &g)
      let naive = lengths[..<probe].reduce(0, +)
      #expect(layout.offset(of: probe) == naive, "seed \(seed) step \(step)")
      #expect(layout.length(of: probe) == lengths[probe], "seed \(seed) step \(step)")
      #expect(layout.itemCount == lengths.count)
    }
    #expect(layout.contentLength == lengths.reduce(0, +))
  }

  @Test func gridFrames() {
    let grid = FixedLengthGridLayout(
      itemCount: 10, columns: .adaptive(minimumLength: 90), itemLength: 50, spacing: 10,
      crossLength: 310)
    #expect(grid.columnCount == 3)
    #expect(grid.rowCount == 4)
    #expect(
      grid.frame(of: 4)
        == ItemFrame(
          mainOffset: 60, mainLength: 50, crossOffset: 106.66666666666667,
          crossLength: 96.66666666666667))
    #expect(grid.items(overlapping: 55..<65) == 3..<6)
    #expect(grid.contentLength == 230)
  }
}
