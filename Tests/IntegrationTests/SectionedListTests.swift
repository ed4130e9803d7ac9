//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// A list with sections in a `VirtualList`: sticky headers through the
/// engine's pinned header positions, section updates applied as a row
/// difference with the content anchored.
@Suite("Sectioned lists in a VirtualList")
struct SectionedListTests {
  typealias Rows = SectionedCollection<Int, [Int]>
  typealias RowID = SectionedRowID<Int, Int>

  static func rowID(_ row: SectionedRow<Int, Int>) -> RowID {
    switch row {
    case .header(let id): return .header(id)
    case .item(let item, _): return .item(item)
    case .footer(let id): return .footer(id)
    }
  }

  struct State {
    var list: VirtualList<Rows, RowID, VariableLengthLayout>
    var sections: [ListSection<Int, [Int]>]
    var nextItem: Int
    var nextSection: Int
    /// The first visible row before the last change, and its screen offset.
    var anchor: (id: RowID, screenOffset: Double, oldOffset: Double)?
  }

  static func length(of row: SectionedRow<Int, Int>) -> Double {
    switch row {
    case .header: return 30
    case .item(let item, _): return Double(20 + item % 5 * 10)
    case .footer: return 15
    }
  }

  /// Measures every row in the window, as a UI host does.
  static func measureWindow(_ list: inout VirtualList<Rows, RowID, VariableLengthLayout>) {
    for position in list.window {
      _ = list.setLength(length(of: list.data[position]), of: position)
    }
  }

  @Test(
    "Random section and item edits anywhere: the top section's header sticks, content stays anchored",
    arguments: modelTestSeeds)
  func model(seed: UInt64) {
    let sections = (0..<20).map { s in
      ListSection(id: s, items: Array(s * 100..<s * 100 + 8), header: s % 4 != 3)
    }
    let rows = Rows(sections)
    var list = VirtualList(
      data: rows, id: Self.rowID,
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: rows.count, estimatedLength: 25),
        viewport: Viewport(offset: 0, length: 300)))
    list.setStickyHeaders(rows.headerRows)
    var state = State(list: list, sections: sections, nextItem: 10_000, nextSection: 20)
    runModelTest(seed: seed, steps: modelTestSteps(800), state: &state) { state, g in
      state.anchor = nil
      Self.measureWindow(&state.list)
      if Bool.random(using: &g) {
        let offset = Double.random(in: 0...max(0, state.list.engine.contentLength), using: &g)
        _ = state.list.scroll(toOffset: offset)
        Self.measureWindow(&state.list)
        return "scroll to \(offset)"
      }
      var new = state.sections
      var operation = ""
      switch Int.random(in: 0..<6, using: &g) {
      case 0:
        let at = Int.random(in: 0...new.count, using: &g)
        new.insert(
          ListSection(
            id: state.nextSection,
            items: (0..<Int.random(in: 0...6, using: &g)).map { state.nextItem + $0 },
            header: Bool.random(using: &g)), at: at)
        state.nextSection += 1
        state.nextItem += 10
        operation = "insert section at \(at)"
      case 1 where !new.isEmpty:
        let at = Int.random(in: 0..<new.count, using: &g)
        new.remove(at: at)
        operation = "remove section \(at)"
      case 2 where new.count > 1:
        let from = Int.random(in: 0..<new.count, using: &g)
        let to = Int.random(in: 0..<new.count, using: &g)
        new.insert(new.remove(at: from), at: to)
        operation = "move section \(from) to \(to)"
      case 3 where !new.isEmpty:
        let at = Int.random(in: 0..<new.count, using: &g)
        new[at].hasHeader.toggle()
        operation = "toggle the header of section \(at)"
      default:
        guard !new.isEmpty else { return "nothing" }
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          let s = Int.random(in: 0..<new.count, using: &g)
          if Bool.random(using: &g) || new[s].items.isEmpty {
            new[s].items.insert(
              state.nextItem, at: Int.random(in: 0...new[s].items.count, using: &g))
            state.nextItem += 1
          } else {
            let item = new[s].items.remove(at: Int.random(in: 0..<new[s].items.count, using: &g))
            if Bool.random(using: &g) {
              let t = Int.random(in: 0..<new.count, using: &g)
              new[t].items.insert(item, at: Int.random(in: 0...new[t].items.count, using: &g))
            }
          }
        }
        operation = "item edits"
      }
      let newRows = Rows(new)
      let difference = IdentityDifference(from: state.list.data, to: newRows, id: Self.rowID)
      let changes = RowChanges(difference)
      // The row kept on screen, and where it is, before: the first visible
      // row that stays in place, else the first visible row (Anchoring).
      let engine = state.list.engine
      let visible = state.list.visibleRange
      if !visible.isEmpty {
        let kept =
          visible.first { p in !changes.deletions.contains { $0.contains(p) } }
          ?? visible.lowerBound
        state.anchor = (
          Self.rowID(state.list.data[kept]),
          engine.layout.frame(of: kept).mainOffset - engine.viewport.offset,
          engine.viewport.offset
        )
      }
      state.list.apply(changes, from: newRows)
      state.list.setStickyHeaders(newRows.headerRows)
      state.sections = new
      return operation
    } verify: { state in
      let list = state.list
      let rows = list.data
      let engine = list.engine
      // Anchoring: the row kept keeps its screen offset when it survives
      // and the scroll range allows it.
      if let anchor = state.anchor, anchor.oldOffset > 0,
        let position = rows.indices.first(where: { Self.rowID(rows[$0]) == anchor.id })
      {
        let wanted = engine.layout.frame(of: position).mainOffset - anchor.screenOffset
        let maximum = max(0, engine.contentLength - engine.viewport.length)
        if wanted >= 0 && wanted <= maximum && abs(engine.viewport.offset - wanted) > 1e-6 {
          return
            "row \(anchor.id) moved on screen: offset \(engine.viewport.offset), wanted \(wanted)"
        }
      }
      // The sticky header, by brute force over the sections: the header of
      // the last section at or before the top row's that has one (and whose
      // header starts at or above the top).
      let top = engine.viewport.offset
      var expected: Int? = nil
      for s in rows.sections.indices {
        guard let header = rows.headerRow(ofSection: s) else { continue }
        if engine.layout.frame(of: header).mainOffset <= top { expected = header }
      }
      if engine.stickyHeader?.position != expected {
        return
          "sticky header \(String(describing: engine.stickyHeader)), expected \(String(describing: expected))"
      }
      if let expected, !list.window.contains(expected),
        !list.rowsOutsideWindow.contains(expected)
      {
        return "the sticky header \(expected) is not materialized"
      }
      return nil
    }
  }
}
