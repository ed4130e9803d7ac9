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
/// before paint). Returns the rows it measured.
@discardableResult
func measureEnteringRows<Layout: MeasuredLayout>(
  _ engine: inout WindowingEngine<Layout>, real: [Double], measured: inout Set<Int>
) -> Set<Int> {
  var measuredNow = Set<Int>()
  for _ in 0..<10 {
    let entering = engine.window.filter { !measured.contains($0) }
    if entering.isEmpty { break }
    measured.formUnion(entering)
    measuredNow.formUnion(entering)
    engine.setLengths(entering.map { (position: $0, length: real[$0]) })
  }
  return measuredNow
}

/// Measures `engine`'s window as a UIKit host reads `visibleCells` after
/// each layout pass: every row of the window, unchanged ones included, in
/// rounds until no row of the window is left unmeasured. Returns the rows
/// whose length changed.
@discardableResult
func measureWholeWindow<Layout: MeasuredLayout>(
  _ engine: inout WindowingEngine<Layout>, real: [Double], measured: inout Set<Int>
) -> Set<Int> {
  var measuredNow = Set<Int>()
  for _ in 0..<10 {
    let window = Array(engine.window)
    let entering = window.filter { !measured.contains($0) }
    if entering.isEmpty { break }
    measured.formUnion(entering)
    measuredNow.formUnion(entering)
    engine.setLengths(window.map { (position: $0, length: real[$0]) })
  }
  return measuredNow
}
