//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import IdentityDiff
import Paging
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
  static func verify<Data: RandomAccessCollection, ID: Hashable>(
    _ list: VirtualList<Data, ID, FixedLengthLayout>, before: Snapshot<ID>, changes: RowChanges,
    id: (Data.Element) -> ID, _ note: String
  ) {
    let comment = Comment(rawValue: note)
    let ids = list.data.map(id)
    #expect(list.engine.layout.itemCount == ids.count, comment)
    #expect(list.windowIDs == Array(ids[list.window]), comment)
    #expect(
      uikitBatchProblems(changes.batch(), before: [before.ids.count], after: [ids.count]) == [],
      comment)
    let expected = before.expectedOffset(newIDs: ids, removed: changes.deletions)
    #expect(
      abs(list.engine.viewport.offset - expected) < 1e-9,
      "offset \(list.engine.viewport.offset), the rules give \(expected): \(note), \(changes)")
  }

  /// The list before an apply, by identity.
  struct Snapshot<ID: Hashable> {
    var ids: [ID]
    var offset: Double
    var visibleRange: Range<Int>
    var window: Range<Int>
    var anchoring: Anchoring
    var viewportLength: Double
    var wasAtEnd: Bool

    init<Data>(_ list: VirtualList<Data, ID, FixedLengthLayout>, ids: [ID]) {
      self.ids = ids
      offset = list.engine.viewport.offset
      visibleRange = list.visibleRange
      window = list.window
      anchoring = list.anchoring
      viewportLength = list.engine.viewport.length
      wasAtEnd = list.engine.isAtEnd
    }

    /// The offset `Anchoring`'s rules give after the change to `newIDs`,
    /// where `removed` are the old positions the change removed or moved.
    func expectedOffset(newIDs: [ID], removed: [Range<Int>]) -> Double {
      let h = ListCompositionTests.rowLength
      let maximum = max(0, Double(newIDs.count) * h - viewportLength)
      if anchoring == .chat, wasAtEnd { return maximum }
      let atTop = anchoring == .feed && offset <= 0
      var result = offset
      let anchor = visibleRange.isEmpty ? window.lowerBound : visibleRange.lowerBound
      if !atTop, !window.isEmpty, anchor < ids.count {
        let newPosition = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })
        let stayed = ids.indices[anchor...].first { p in !removed.contains { $0.contains(p) } }
        let after = ids[anchor...].firstIndex { newPosition[$0] != nil }
        let before = ids[..<anchor].lastIndex { newPosition[$0] != nil }
        let kept: Int? =
          if let stayed, stayed == anchor || visibleRange.contains(stayed) {
            stayed
          } else if let after, after == anchor || visibleRange.contains(after) {
            after
          } else {
            before ?? after
          }
        if let kept {
          let screen =
            kept == anchor || visibleRange.contains(kept) ? Double(kept) * h - offset : 0
          result = Double(newPosition[ids[kept]]!) * h - screen
        }
      }
      result = min(result, maximum)
      if !atTop { result = max(result, 0) }
      return result
    }
  }

  static func makeList<Data: RandomAccessCollection, ID: Hashable>(
    _ data: Data, id: @escaping (Data.Element) -> ID, _ g: inout SplitMix64
  ) -> VirtualList<Data, ID, FixedLengthLayout> {
    var list = VirtualList(
      data: data, id: id,
      engine: WindowingEngine(
        layout: FixedLengthLayout(itemCount: data.count, itemLength: rowLength),
        viewport: Viewport(length: 300), overscan: Overscan(items: 2)))
    list.anchoring = Bool.random(using: &g) ? .chat : .feed
    return list
  }

  static func randomScroll<Data, ID>(
    _ list: inout VirtualList<Data, ID, FixedLengthLayout>, _ g: inout SplitMix64
  ) {
    let content = list.engine.layout.contentLength
    switch Int.random(in: 0..<4, using: &g) {
    case 0: _ = list.scroll(toOffset: 0)
    case 1: _ = list.scroll(toOffset: max(0, content - 300))
    default:
      _ = list.scroll(toOffset: Double(Int.random(in: 0...Int(max(0, content - 300)), using: &g)))
    }
  }

  /// Rows to remove from `count` (at least 1): up to `length` from a
  /// random row, or, one time in 12, all of them, as when a chat is cleared.
  static func randomRemoval(
    from count: Int, upTo length: Int, _ g: inout SplitMix64
  ) -> Range<Int> {
    let clears = Int.random(in: 0..<12, using: &g) == 0
    let lower = clears ? 0 : Int.random(in: 0..<count, using: &g)
    let upper = clears ? count : Int.random(in: lower...min(count, lower + length), using: &g)
    return lower..<upper
  }

  @Test("An array of messages", arguments: 0..<12)
  func array(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 1_000
    var list = Self.makeList(Array(0..<200), id: { $0 }, &g)
    var emptied = 0
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
            changes.append(RowChanges(insertions: [at..<at + k]))
          } else {
            let removed = Self.randomRemoval(from: rows.count, upTo: 80, &g)
            rows.removeSubrange(removed)
            changes.append(RowChanges(deletions: [removed]))
            if rows.isEmpty { emptied += 1 }
          }
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0 },
        "array, seed \(seed), step \(step)")
    }
    #expect(emptied > 0, "seed \(seed) never took the array down to empty")
  }

  @Test("An ordered store, each edit reporting its rows", arguments: 0..<12)
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
          switch Int.random(in: 0..<6, using: &g) {
          case 0, 1:
            let at = Int.random(in: 0...store.count, using: &g)
            changes.append(store.setValue("\(nextID)", forKey: nextID, insertingAt: at))
            nextID += 1
          case 2 where !store.isEmpty:
            let key = store.keys[Int.random(in: 0..<store.count, using: &g)]
            changes.append(store.setValue("edited", forKey: key))
          case 3 where !store.isEmpty:
            let source = (0..<Int.random(in: 1...3, using: &g)).map { _ in
              Int.random(in: 0..<store.count, using: &g)
            }
            let destination = Int.random(in: 0...store.count, using: &g)
            store.move(fromOffsets: source, toOffset: destination)
            changes.append(RowChanges(movingOffsets: source, toOffset: destination))
          case 4 where !store.isEmpty:
            let keys = (0..<Int.random(in: 1...40, using: &g)).map { _ in
              store.keys[Int.random(in: 0..<store.count, using: &g)]
            }
            changes.append(store.removeValues(forKeys: keys))
          default:
            let lower = Int.random(in: 0...store.count, using: &g)
            changes.append(
              store.removeSubrange(
                lower..<Int.random(in: lower...min(store.count, lower + 60), using: &g)))
          }
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0.key },
        "store, seed \(seed), step \(step)")
    }
  }

  @Test("A sectioned collection, each edit reporting its rows", arguments: 0..<12)
  func sectioned(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 0
    func section() -> ListSection<Int, [Int]> { randomSection(items: 0...30, &nextID, &g) }
    // Headers and footers by their section's id, items by their own.
    func rowID(_ row: SectionedRow<Int, Int>) -> Int {
      switch row.id(itemID: { $0 }) {
      case .header(let section): -section
      case .footer(let section): -1_000_000 - section
      case .item(let item): item
      }
    }
    var list = Self.makeList(SectionedCollection((0..<8).map { _ in section() }), id: rowID, &g)
    for step in 0..<150 {
      Self.randomScroll(&list, &g)
      let before = Snapshot(list, ids: list.data.map(rowID))
      var changes: [RowChanges] = []
      list.update { rows in
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          let count = rows.sections.count
          let s = count == 0 ? -1 : Int.random(in: 0..<count, using: &g)
          let items = s < 0 ? 0 : rows.sections[s].items.count
          switch Int.random(in: 0..<8, using: &g) {
          case 0:
            changes.append(rows.insertSection(section(), at: Int.random(in: 0...count, using: &g)))
          case 1 where s >= 0:
            changes.append(RowChanges(deletions: [rows.rows(ofSection: s)].filter { !$0.isEmpty }))
            rows.removeSection(at: s)
          case 2 where s >= 0:
            changes.append(rows.moveSection(from: s, to: Int.random(in: 0..<count, using: &g)))
          case 3, 4:
            guard s >= 0 else { break }
            let k = Int.random(in: 1...10, using: &g)
            let new = (0..<k).map { nextID + 1 + $0 }
            nextID += k
            changes.append(
              rows.insertItems(
                contentsOf: new,
                at: ItemPath(section: s, item: Int.random(in: 0...items, using: &g))))
          case 5 where items > 0:
            changes.append(
              rows.removeItems(
                atOffsets: (0..<Int.random(in: 1...10, using: &g)).map { _ in
                  Int.random(in: 0..<items, using: &g)
                }, inSection: s))
          case 6 where items > 0:
            let t = Int.random(in: 0..<count, using: &g)
            let limit = rows.sections[t].items.count - (t == s ? 1 : 0)
            changes.append(
              rows.moveItem(
                from: ItemPath(section: s, item: Int.random(in: 0..<items, using: &g)),
                to: ItemPath(section: t, item: Int.random(in: 0...limit, using: &g))))
          case 7 where items > 0:
            let path = ItemPath(section: s, item: Int.random(in: 0..<items, using: &g))
            changes.append(rows.replaceItem(at: path, with: rows[path]))
          default: break
          }
        }
        return RowChanges(composing: changes)
      }
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: rowID,
        "sectioned, seed \(seed), step \(step)")
    }
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

  /// A node of the app's own linked list, edited in place.
  final class Link: @unchecked Sendable {
    let id: Int
    var next: Link?
    init(_ id: Int) { self.id = id }
  }

  @Test(
    "A linked list the app edits in place, invalidating from each edit or prepending",
    arguments: 0..<12)
  func linkedList(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    var nextID = 1_000
    var reference = Array(0..<200)
    var head: Link?
    var nodes: [Link] = reference.map(Link.init)
    for (node, following) in zip(nodes, nodes.dropFirst()) { node.next = following }
    head = nodes.first
    let interval = [1, 3, 32, 100].randomElement(using: &g)!
    func adapter(_ head: Link?, count: Int?) -> LinkedListCollection<Link, Int> {
      LinkedListCollection(
        head: head, count: count, checkpointInterval: interval, next: { $0.next },
        element: { $0.id })
    }
    var list = Self.makeList(adapter(head, count: reference.count), id: { $0 }, &g)
    var emptied = 0
    var prepends = 0
    for step in 0..<150 {
      Self.randomScroll(&list, &g)
      // `ForEach` reads the window by subscript, then again a few rows on:
      // the adapter's run of recent nodes is what those reads walk.
      let window = list.window
      let shifted = max(0, window.lowerBound - 3)..<min(list.data.count, window.upperBound + 3)
      for position in Array(window) + Array(shifted) + Array(shifted.reversed()) {
        #expect(list.data[position] == reference[position], "seed \(seed), step \(step)")
      }
      let before = Snapshot(list, ids: list.data.map { $0 })
      var changes: [RowChanges] = []
      list.update { data in
        for _ in 0..<Int.random(in: 1...5, using: &g) {
          let changed: Int
          var prepended: Int?
          if Bool.random(using: &g) || reference.isEmpty {
            // Older messages above, a quarter of the insertions.
            let at =
              Int.random(in: 0..<4, using: &g) == 0
              ? 0 : Int.random(in: 0...reference.count, using: &g)
            let k = Int.random(in: 1...40, using: &g)
            let new = (nextID..<nextID + k).map(Link.init)
            nextID += k
            for (node, following) in zip(new, new.dropFirst()) { node.next = following }
            new.last!.next = at < nodes.count ? nodes[at] : nil
            if at > 0 { nodes[at - 1].next = new.first }
            nodes.insert(contentsOf: new, at: at)
            reference.insert(contentsOf: new.map(\.id), at: at)
            changes.append(RowChanges(insertions: [at..<at + k]))
            changed = at
            if at == 0 && nodes.count > k { prepended = k }
          } else {
            let removed = Self.randomRemoval(from: reference.count, upTo: 60, &g)
            let (lower, upper) = (removed.lowerBound, removed.upperBound)
            if lower > 0 { nodes[lower - 1].next = upper < nodes.count ? nodes[upper] : nil }
            nodes.removeSubrange(removed)
            reference.removeSubrange(removed)
            changes.append(RowChanges(deletions: [removed]))
            changed = lower
            if reference.isEmpty { emptied += 1 }
          }
          // The count is told, or found again by a walk.
          let count = Bool.random(using: &g) ? reference.count : nil
          if let prepended, Bool.random(using: &g) {
            // Older messages above: the index kept, shifted.
            head = nodes.first
            data.invalidate(prepending: prepended, head: head!)
            prepends += 1
          } else if changed == 0 {
            // A list whose head changed is a new collection.
            head = nodes.first
            data = adapter(head, count: count)
          } else {
            data.invalidate(from: changed, newCount: count)
          }
        }
        return RowChanges(composing: changes)
      }
      #expect(Array(list.data) == reference, "seed \(seed), step \(step)")
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: { $0 },
        "linked list (interval \(interval)), seed \(seed), step \(step)")
    }
    #expect(emptied > 0, "seed \(seed) never took the list down to empty")
    #expect(prepends > 0, "seed \(seed) never prepended")
  }

  struct Message: Identifiable, Sendable, Equatable {
    let id: Int
    var text = ""
  }

  /// Messages `start..<start + size` of `0..<600`, keyed by offset.
  nonisolated static func page(_ request: PageRequest<Int>) -> Page<Int, Message> {
    let start = max(0, request.key ?? 300)
    let end = min(600, start + request.size)
    return Page(
      items: (start..<end).map { Message(id: $0) },
      previousKey: start > 0 ? max(0, start - request.size) : nil,
      nextKey: end < 600 ? end : nil)
  }

  @MainActor
  @Test(
    "A pager's loads and local edits, placeholders with their own ids",
    arguments: randomCases(8).map(UInt64.init))
  func pager(seed: UInt64) async {
    var g = SplitMix64(seed: seed)
    let pager = Pager<Int, Message>(
      configuration: PagingConfiguration(pageSize: 20, prefetchDistance: 0, trigger: .manual),
      source: .keyed(initialKey: 300, load: { Self.page($0) }))
    pager.refresh()
    await pager.waitUntilIdle()
    var list = Self.makeList(pager.items.rows, id: \.id, &g)
    var nextID = 10_000
    for step in 0..<80 {
      Self.randomScroll(&list, &g)
      let before = Snapshot(list, ids: list.data.map(\.id))
      for _ in 0..<Int.random(in: 1...5, using: &g) {
        let shown = pager.items.compactMap { $0?.id }
        switch Int.random(in: 0..<6, using: &g) {
        case 0:
          pager.loadNext()
          await pager.waitUntilIdle()
        case 1:
          pager.loadPrevious()
          await pager.waitUntilIdle()
        case 2, 3:
          if let anchor = shown.randomElement(using: &g) {
            pager.insert(Message(id: nextID), after: anchor)
            nextID += 1
          }
        case 4:
          if let id = shown.randomElement(using: &g) { pager.remove(id: id) }
        default:
          if let id = shown.randomElement(using: &g) {
            pager.replace(Message(id: id, text: "edited"))
          }
        }
      }
      guard let changes = pager.changes(since: list.data.version) else {
        Issue.record("more than 64 publications pending")
        return
      }
      let ids = pager.items.rows.map(\.id)
      #expect(Set(ids).count == ids.count, "every row, placeholders too, has its own id")
      list.apply(RowChanges(composing: changes), from: pager.items.rows)
      Self.verify(
        list, before: before, changes: RowChanges(composing: changes), id: \.id,
        "pager, seed \(seed), step \(step)")
    }
  }
}
