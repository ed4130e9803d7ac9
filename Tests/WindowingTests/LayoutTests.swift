//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import Windowing
import _TestSupport

/// The items whose frames overlap `region`, by checking every frame.
func bruteForceItems(_ layout: some WindowLayout, _ region: Range<Double>) -> Range<Int> {
  guard !region.isEmpty else { return 0..<0 }
  let hits = (0..<layout.itemCount).filter {
    let f = layout.frame(of: $0)
    return f.mainLength > 0 && f.mainOffset < region.upperBound
      && f.mainOffset + f.mainLength > region.lowerBound
  }
  guard let first = hits.first, let last = hits.last else { return 0..<0 }
  return first..<last + 1
}

func randomLayouts(_ g: inout SplitMix64) -> [any WindowLayout] {
  let count = Int.random(in: 0..<60, using: &g)
  var variable = VariableSizeLayout(itemCount: count, estimatedLength: 30)
  for position in 0..<count where Bool.random(using: &g) {
    variable.setLength(Double(Int.random(in: 0...80, using: &g)), of: position)
  }
  return [
    FixedSizeLayout(
      itemCount: count, itemLength: Double(Int.random(in: 1...50, using: &g)),
      spacing: Double(Int.random(in: 0...8, using: &g))),
    GridLayout(
      itemCount: count, columns: .fixed(Int.random(in: 1...5, using: &g)),
      rowLength: Double(Int.random(in: 1...60, using: &g)),
      spacing: Double(Int.random(in: 0...4, using: &g)), crossLength: 300),
    GridLayout(
      itemCount: count, columns: .adaptive(minimumLength: 70), rowLength: 40, spacing: 5,
      crossLength: Double(Int.random(in: 50...500, using: &g))),
    variable,
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
        let lower = Double.random(in: -50...(content + 50), using: &g).rounded()
        let upper = lower + Double.random(in: 0...300, using: &g).rounded()
        let region = lower..<upper
        let expected = bruteForceItems(layout, region)
        let actual = layout.items(overlapping: region)
        // Zero-length items inside the range are allowed in the answer.
        #expect(
          actual == expected || (expected.isEmpty && actual.isEmpty)
            || (actual.lowerBound <= expected.lowerBound && actual.upperBound >= expected.upperBound
              && (actual.lowerBound..<expected.lowerBound).allSatisfy {
                layout.frame(of: $0).mainLength == 0
              }),
          "seed \(seed), \(type(of: layout)), region \(region): \(actual) vs \(expected)")
      }
    }
  }

  @Test("Measured lengths match a naive prefix sum", arguments: modelTestSeeds)
  func variableLengths(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var layout = VariableSizeLayout(itemCount: 200, estimatedLength: 20)
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
    let grid = GridLayout(
      itemCount: 10, columns: .adaptive(minimumLength: 90), rowLength: 50, spacing: 10,
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
