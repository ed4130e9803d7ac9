//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Windowing
import _TestSupport

/// Real lengths up to three times off a 60-point estimate.
func realLengths(_ count: Int, _ g: inout SplitMix64) -> [Double] {
  (0..<count).map { _ in Double(Int.random(in: 20...180, using: &g)) }
}

/// Measures the rows of `engine`'s window that `measured` does not hold yet,
/// at their `real` lengths, as a host measures rows as they enter the
/// window: in the same layout pass until the window stops changing (measure
/// before paint). With `reportingWholeWindow`, each round reports every row
/// of the window, unchanged ones included, as a UIKit host that reads
/// `visibleCells` after each layout pass does. Returns the rows it measured.
@discardableResult
func measureEnteringRows<Layout: MeasuredLayout>(
  _ engine: inout WindowingEngine<Layout>, real: [Double], measured: inout Set<Int>,
  reportingWholeWindow: Bool = false
) -> Set<Int> {
  var measuredNow = Set<Int>()
  for _ in 0..<10 {
    let entering = engine.window.filter { !measured.contains($0) }
    if entering.isEmpty { break }
    measured.formUnion(entering)
    measuredNow.formUnion(entering)
    let reported = reportingWholeWindow ? Array(engine.window) : entering
    engine.setLengths(reported.map { (position: $0, length: real[$0]) })
  }
  return measuredNow
}
