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

/// Each adapter inside a `VirtualList`, mutated through the list as an app
/// does, with 1 to 5 changes pending before each apply, anywhere (above,
/// inside and below the viewport, both ends, down to empty): after each
/// apply the list reads what the adapter holds, the reader's place follows
/// the anchoring rules (brute force by identity), and the batch a UIKit
/// host would receive passes the rule checker.
@Suite("Adapters in a list, as an app composes them")
struct ListCompositionTests {
  static let rowLength = 30.0

  /// What an apply must leave, checked against brute force.
  static func verify<Data: RandomAccessCollection>(
    _ list: VirtualList<Data, Int, FixedSizeLayout>, before: Snapshot, changes: RowChanges,
    id: (Data.Element) -> Int, _ note: String
  ) {
    let comment = Comment(rawValue: note)
    let ids = list.data.map(id)
    #expect(list.engine.layout.itemCount == ids.count, comment)
    #expect(list.windowIDs == Array(ids[list.window]), comment)
    #expect(
      uikitBatchProblems(changes.batch(), before: [before.ids.count], after: [ids.count]) == [],
      comment)
    let expected = before.expectedOffset(newIDs: ids, engine: list.engine)
    #expect(
      abs(list.engine.viewport.offset - expected) < 1e-9,
      "offset \(list.engine.viewport.offset), the rules give \(expected): \(note), \(changes)")
  }

  /// The list before an apply, by identity.
  struct Snapshot {
    var ids: [Int]
    var offset: Double
    var visible: Range<Int>
    var window: Range<Int>
    var anchoring: Anchoring
    var viewportLength: Double
    var wasAtEnd: Bool

    init<Data>(_ list: VirtualList<Data, Int, FixedSizeLayout>, ids: [Int]) {
      self.ids = ids
      offset = list.engine.viewport.offset
      visible = list.visible
      window = list.window
      anchoring = list.anchoring
      viewportLength = list.engine.viewport.length
      wasAtEnd = list.engine.isAtEnd
    }

    /// The offset `Anchoring`'s rules give after the change to `newIDs`.
    func expectedOffset(newIDs: [Int], engine: WindowingEngine<FixedSizeLayout>) -> Double {
      let h = ListCompositionTests.rowLength
      let maximum = max(0, Double(newIDs.count) * h - viewportLength)
      if anchoring == .chat, wasAtEnd { return maximum }
      let atTop = anchoring == .feed && offset <= 0
      var result = offset
      let anchor = visible.isEmpty ? window.lowerBound : visible.lowerBound
      if !atTop, !window.isEmpty, anchor < ids.count {
        let newPosition = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })
        let after = ids[anchor...].firstIndex { newPosition[$0] != nil }
        let before = ids[..<anchor].lastIndex { newPosition[$0] != nil }
        let kept: Int? =
          if let after, after == anchor || visible.contains(after) { after } else {
            before ?? after
          }
        if let kept {
          let screen =
            kept == anchor || visible.contains(kept) ? Double(kept) * h - offset : 0
          result = Double(newPosition[ids[kept]]!) * h - screen
        }
      }
      result = min(result, maximum)
      if !atTop { result = max(result, 0) }
      return result
    }
  }

  static func makeList<Data: RandomAccessCollection>(
    _ data: Data, id: @escaping (Data.Element) -> Int, _ g: inout SplitMix64
  ) -> VirtualList<Data, Int, FixedSizeLayout> {
    var list = VirtualList(
      data: data, id: id,
      engine: WindowingEngine(
        layout: FixedSizeLayout(itemCount: data.count, itemLength: rowLength),
        viewport: Viewport(length: 300), overscan: Overscan(items: 2)))
    list.anchoring = Bool.random(using: &g) ? .chat : .feed
    return list
  }

  static func randomScroll<Data>(
    _ list: inout VirtualList<Data, Int, FixedSizeLayout>, _ g: inout SplitMix64
  ) {
    let content = list.engine.layout.contentLength
    switch Int.random(in: 0..<4, using: &g) {
    case 0: _ = list.scroll(to: 0)
    case 1: _ = list.scroll(to: max(0, content - 300))
    default: _ = list.scroll(to: Double(Int.random(in: 0...Int(max(0, content - 300)), using: &g)))
    }
  }

  @Test("An array of messages", arguments: 0..<12)
  func array(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 1_000
    var list = Self.makeList(Array(0..<200), id: { $0 }, &g)
    for step in 0..<150 {
      Self.randomScroll(&list, &g)
      let before = Snapshot(list, ids: list.data)
      var changes: [RowChanges] = []
      list.update { rows in
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          if Bool.random(using: &g) || rows.isEmpty {
            let at = Int.random(in: 0...rows.count, using: &g)
            let k = Int.random(in: 1...60, using: &g)
            rows.insert(contentsOf: nextID..<nextID + k, at: at)
            nextID += k
            changes.append(RowChanges(inserted: [at..<at + k]))
          } else {
            let lower = Int.random(in: 0..<rows.count, using: &g)
            let upper = Int.random(in: lower...min(rows.count, lower + 80), using: &g)
            rows.removeSubrange(lower..<upper)
            changes.append(RowChanges(removed: [lower..<upper]))
          }
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0 },
        "array, seed \(seed), step \(step)")
    }
  }

  @Test("An ordered store", arguments: 0..<12)
  func store(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 1_000
    var list = Self.makeList(
      OrderedStore(uniqueKeysWithValues: (0..<200).map { ($0, "\($0)") }), id: { $0.key }, &g)
    for step in 0..<150 {
      Self.randomScroll(&list, &g)
      let before = Snapshot(list, ids: list.data.map(\.key))
      var changes: [RowChanges] = []
      list.update { store in
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          if Bool.random(using: &g) || store.isEmpty {
            let at = Int.random(in: 0...store.count, using: &g)
            store.updateValue("\(nextID)", forKey: nextID, insertingAt: at)
            nextID += 1
            changes.append(RowChanges(inserted: [at..<at + 1]))
          } else {
            let at = Int.random(in: 0..<store.count, using: &g)
            store.remove(at: at)
            changes.append(RowChanges(removed: [at..<at + 1]))
          }
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0.key },
        "store, seed \(seed), step \(step)")
    }
  }

  struct Folder: Identifiable, Sendable {
    let id: Int
    var children: [Folder]?
  }

  @Test("An outline", arguments: 0..<12)
  func outline(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 0
    func tree(_ depth: Int) -> [Folder] {
      (0..<Int.random(in: 1...8, using: &g)).map { _ in
        nextID += 1
        let id = nextID
        return Folder(id: id, children: depth < 3 && Bool.random(using: &g) ? tree(depth + 1) : nil)
      }
    }
    let roots = tree(0)
    let allIDs = Array(1...nextID)
    var list = Self.makeList(
      OutlineCollection(roots: roots, children: \.children), id: { $0.id }, &g)
    for step in 0..<150 {
      Self.randomScroll(&list, &g)
      let before = Snapshot(list, ids: list.data.map(\.id))
      var changes: [RowChanges] = []
      list.update { outline in
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          // Mostly nodes on screen (the folder the reader is in), some anywhere.
          let id = allIDs.randomElement(using: &g)!
          let change: OutlineChange
          switch Int.random(in: 0..<5, using: &g) {
          case 0: change = outline.expand(id, recursively: true)
          case 1: change = outline.collapse(id)
          default: change = outline.toggle(id)
          }
          changes.append(change.rowChanges)
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0.id },
        "outline, seed \(seed), step \(step)")
    }
  }
}
