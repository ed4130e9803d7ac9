//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// The render plan against brute force, through scrolls, measurements,
/// pins, sticky headers, inserts and removals anywhere.
@Suite("Render plan")
struct RenderPlanTests {
  struct State {
    var list: VirtualList<[Int], Int, VariableLengthLayout>
    var plan = RenderPlan<Int>()
    var lastUpdate: ListUpdate<Int>?
    var next = 100_000
  }

  @Test(
    "Random frames: the plan is the window, its frames, spacers, overlay and kept rows",
    arguments: modelTestSeeds)
  func model(seed: UInt64) {
    let count = 300
    var list = VirtualList(
      data: Array(0..<count), id: { $0 },
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: count, estimatedLength: 40),
        viewport: Viewport(offset: 0, length: 500, leadingInset: 20),
        overscan: Overscan(points: 60, items: 2)))
    list.setStickyHeaders(stride(from: 0, to: count, by: 25))
    var state = State(list: list)
    runModelTest(seed: seed, steps: modelTestSteps(600), state: &state) { state, g in
      let count = state.list.data.count
      var operation: String
      switch Int.random(in: 0..<6, using: &g) {
      case 0, 1:
        let offset = Double.random(in: -50...state.list.engine.contentLength, using: &g)
        state.lastUpdate = state.list.scroll(toOffset: offset)
        operation = "scroll to \(offset)"
      case 2 where count > 0:
        let position = Int.random(in: 0..<count, using: &g)
        let length = Double.random(in: 5...200, using: &g)
        state.lastUpdate = state.list.setLength(length, of: position)
        operation = "measure \(position) as \(length)"
      case 3 where count > 0:
        let pins = (0..<Int.random(in: 0...3, using: &g)).map { _ in
          Int.random(in: 0..<count, using: &g)
        }
        state.list.setPinned(pins)
        state.lastUpdate = nil
        operation = "pin \(pins)"
      case 4:
        let at = Int.random(in: 0...count, using: &g)
        var data = state.list.data
        let added = Array(state.next..<state.next + Int.random(in: 1...4, using: &g))
        state.next += added.count
        data.insert(contentsOf: added, at: at)
        state.lastUpdate = state.list.apply(
          RowChanges(insertions: [at..<at + added.count]), from: data)
        operation = "insert \(added.count) at \(at)"
      default:
        guard count > 0 else { return "nothing" }
        let at = Int.random(in: 0..<count, using: &g)
        let end = min(count, at + Int.random(in: 1...4, using: &g))
        var data = state.list.data
        data.removeSubrange(at..<end)
        state.lastUpdate = state.list.apply(RowChanges(deletions: [at..<end]), from: data)
        operation = "remove \(at)..<\(end)"
      }
      state.list.updateRenderPlan(&state.plan, after: state.lastUpdate)
      return operation
    } verify: { state in
      let list = state.list
      let engine = list.engine
      let plan = state.plan
      let layout = engine.layout
      // Brute-force offsets.
      var offsets = [0.0]
      for p in 0..<layout.itemCount { offsets.append(offsets[p] + layout.length(of: p)) }
      if plan.rows.map(\.position) != Array(engine.window) {
        return "rows \(plan.rows.map(\.position)) are not the window \(engine.window)"
      }
      for row in plan.rows {
        if row.id != list.data[row.position] { return "row \(row.position) has id \(row.id)" }
        if abs(row.frame.mainOffset - offsets[row.position]) > 1e-6
          || abs(row.frame.mainLength - layout.length(of: row.position)) > 1e-9
        {
          return "row \(row.position) frame \(row.frame)"
        }
      }
      if abs(plan.contentLength - offsets.last!) > 1e-6 { return "content length" }
      if let first = engine.window.first, let last = engine.window.last {
        if abs(plan.leadingSpacer - offsets[first]) > 1e-6 { return "leading spacer" }
        if abs(plan.trailingSpacer - (offsets.last! - offsets[last + 1])) > 1e-6 {
          return "trailing spacer \(plan.trailingSpacer)"
        }
      }
      let sticky = engine.stickyHeader
      let detached = sticky?.isDetached == true ? sticky?.position : nil
      if plan.stickyHeader?.position != detached {
        return "sticky overlay \(String(describing: plan.stickyHeader))"
      }
      if let overlay = plan.stickyHeader {
        if overlay.frame.mainOffset != sticky!.offset || overlay.id != list.data[overlay.position] {
          return "sticky overlay placement"
        }
      }
      let hidden = plan.rows.filter { !$0.drawsContent }.map(\.position)
      if hidden != (detached.map { engine.window.contains($0) ? [$0] : [] } ?? []) {
        return "rows not drawn \(hidden)"
      }
      let kept = engine.pinned.filter { !engine.window.contains($0) }
      if plan.keptAlive.map(\.position) != kept
        || plan.keptAlive.contains(where: { $0.id != list.data[$0.position] })
      {
        return "kept alive \(plan.keptAlive.map(\.position)), pinned outside the window \(kept)"
      }
      if plan.scrollCorrection != (state.lastUpdate?.change.scrollCorrection ?? 0) {
        return "scroll correction"
      }
      return nil
    }
  }
}
