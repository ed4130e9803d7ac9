//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Windowing
import _TestSupport

/// How a kind of real host reports the lengths it measures, as the calls it
/// makes on the engine in one frame. `WritingAHost` states the contract
/// each relies on: positions are current ones (a host maps a row's id to its
/// position when it reports), a length equal to the one the engine holds is
/// no measurement, and a report of a row outside the window is a
/// measurement like any other.
enum HostProfile: String, CaseIterable, Sendable, CustomStringConvertible {
  /// UIKit's self-sizing cells: after each layout pass the host reads
  /// `visibleCells` and reports every row of the window, unchanged ones
  /// included, until a pass changes nothing; all before paint.
  case selfSizing
  /// SwiftUI: a row reports its length when it changes
  /// (`onGeometryChange`), after the frame that showed it was laid out, so
  /// its measurement reaches the engine at the start of the next frame. The
  /// scroll view takes a correction (`ScrollPosition.scrollTo`) a frame late
  /// too: the host adds the corrections it has not seen applied to the
  /// offsets it reports.
  case swiftUI
  /// A browser's `ResizeObserver`: rows whose length changed, in one batch
  /// before paint, which also names rows that have left the window, and
  /// rows a data change removed in the same frame (the host drops those:
  /// their ids have no position).
  case resizeObserver
  /// A host that measures one row at a time, with `setLength(_:of:)`.
  case oneByOne

  var description: String { rawValue }
}

/// A host of `profile` over rows whose ids are `ids` (a row's position is
/// its index there) and whose real lengths are `real`, by id.
struct ProfiledHost {
  let profile: HostProfile
  var ids: [Int]
  var real: [Int: Double]
  /// Ids whose lengths the host saw change and has not reported yet (a
  /// SwiftUI host reports them at the start of the next frame).
  var late: Set<Int> = []
  /// Ids that were in the window after the last pass (a `ResizeObserver`
  /// still observes them after they leave).
  var observed: Set<Int> = []
  /// Ids removed by a data change in this frame, still observed.
  var removedThisFrame: Set<Int> = []

  init(profile: HostProfile, ids: [Int], real: [Int: Double]) {
    self.profile = profile
    self.ids = ids
    self.real = real
  }

  /// The position of each id, as a host keeps it.
  private func positions() -> [Int: Int] {
    Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
  }

  /// The rows of the window whose real length differs from the engine's.
  private func changed<L: MeasuredLayout>(in engine: WindowingEngine<L>) -> [Int] {
    engine.window.filter { abs(engine.layout.length(of: $0) - real[ids[$0]]!) > 1e-6 }
  }

  /// The reports a SwiftUI host delivers at the start of a frame: the rows
  /// it saw change in the last one, at their current positions. Returns the
  /// ids measured.
  mutating func deliverLateReports<L: MeasuredLayout>(
    _ engine: inout WindowingEngine<L>
  ) -> Set<Int> {
    guard profile == .swiftUI, !late.isEmpty else { return [] }
    let position = positions()
    let reports = late.compactMap { id in position[id].map { (position: $0, length: real[id]!) } }
    late = []
    let measured = reports.filter { abs(engine.layout.length(of: $0.position) - $0.length) > 1e-6 }
    engine.setLengths(reports)
    return Set(measured.map { ids[$0.position] })
  }

  /// One layout pass before paint, repeated until the window stops
  /// changing, as each host makes it. Returns the ids measured.
  mutating func layoutPass<L: MeasuredLayout>(
    _ engine: inout WindowingEngine<L>, _ g: inout SplitMix64
  ) -> Set<Int> {
    defer {
      observed = Set(engine.window.map { ids[$0] })
      removedThisFrame = []
    }
    if profile == .swiftUI {
      // Seen after paint; reported at the start of the next frame.
      late.formUnion(changed(in: engine).map { ids[$0] })
      return []
    }
    var measured = Set<Int>()
    for _ in 0..<10 {
      let changed = changed(in: engine)
      if changed.isEmpty { break }
      measured.formUnion(changed.map { ids[$0] })
      switch profile {
      case .selfSizing:
        engine.setLengths(engine.window.map { (position: $0, length: real[ids[$0]]!) })
      case .resizeObserver:
        engine.setLengths(observerBatch(changed: changed, engine, &g))
      case .oneByOne, .swiftUI:
        for position in changed { engine.setLength(real[ids[position]]!, of: position) }
      }
    }
    return measured
  }

  /// The changed rows, in an order of the observer's own, with rows that
  /// left the window (at their current length) and rows removed in this
  /// frame (dropped: no position).
  private func observerBatch<L: MeasuredLayout>(
    changed: [Int], _ engine: WindowingEngine<L>, _ g: inout SplitMix64
  ) -> [(position: Int, length: Double)] {
    let position = positions()
    var batch = changed.map { (position: $0, length: real[ids[$0]]!) }
    for id in observed.union(removedThisFrame) {
      guard let p = position[id], !engine.window.contains(p) else { continue }
      batch.append((position: p, length: real[id]!))
    }
    batch.shuffle(using: &g)
    return batch
  }
}
