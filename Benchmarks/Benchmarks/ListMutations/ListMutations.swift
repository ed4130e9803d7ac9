//===----------------------------------------------------------------------===//
//
// Each adapter mutated while a VirtualList shows it, through the list's
// update(_:), beside the same mutation with no list, at 10,000 and
// 1,000,000 rows: the list adds its O(window) update and copies nothing.
//
//===----------------------------------------------------------------------===//

import Benchmark
import CollectionAdapters
import IdentityDiff
import Paging
import Windowing

struct Folder: Identifiable, Sendable {
  let id: Int
  var children: [Folder]?
}

/// 100 top-level folders of `rows / 100` files each.
func folders(_ rows: Int) -> [Folder] {
  let perFolder = rows / 100
  return (0..<100).map { k in
    Folder(
      id: k,
      children: (0..<perFolder).map { Folder(id: 1_000 + k * perFolder + $0, children: nil) })
  }
}

func list<Data: RandomAccessCollection, ID: Hashable>(
  _ data: Data, id: @escaping (Data.Element) -> ID
) -> VirtualList<Data, ID, FixedLengthLayout> {
  var list = VirtualList(
    data: data, id: id,
    engine: WindowingEngine(
      layout: FixedLengthLayout(itemCount: data.count, itemLength: 44),
      viewport: Viewport(length: 800)))
  _ = list.scroll(toOffset: Double(data.count / 2) * 44)
  return list
}

let benchmarks: @Sendable () -> Void = {
  // Each sample builds its collection and list unmeasured, then measures
  // 100 rounds of the mutation (figures are per 100); teardown is not
  // measured.
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], warmupIterations: 1,
    maxDuration: .seconds(2), maxIterations: 200)

  for rows in [10_000, 1_000_000] {
    let label = rows == 10_000 ? "10k" : "1M"

    // An outline: collapse and expand a top-level folder above the viewport.
    Benchmark("outline toggle, \(label) rows: bare") { benchmark in
      var outline = OutlineCollection(roots: folders(rows), children: \.children)
      for k in 0..<100 { outline.expand(k) }
      benchmark.startMeasurement()
      for _ in 0..<100 {
        outline.collapse(3)
        outline.expand(3)
      }
      benchmark.stopMeasurement()
      blackHole(outline.count)
    }
    Benchmark("outline toggle, \(label) rows: in a list") { benchmark in
      var outline = OutlineCollection(roots: folders(rows), children: \.children)
      for k in 0..<100 { outline.expand(k) }
      var shown = list(outline, id: { $0.id })
      outline = OutlineCollection(roots: [], children: \.children)  // no second reference
      benchmark.startMeasurement()
      for _ in 0..<100 {
        shown.update { $0.collapse(3).rowChanges }
        shown.update { $0.expand(3).rowChanges }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }

    // A store: append a key and remove it again; move one row by 3.
    Benchmark("store append + removeLast, \(label) rows: bare") { benchmark in
      var store = OrderedStore(uniqueKeysWithValues: (0..<rows).map { ($0, $0) })
      store.reserveCapacity(rows + 1)
      benchmark.startMeasurement()
      for _ in 0..<100 {
        store[key: -1] = 0
        store.removeLast()
      }
      benchmark.stopMeasurement()
      blackHole(store.count)
    }
    Benchmark("store append + removeLast, \(label) rows: in a list") { benchmark in
      var store = OrderedStore(uniqueKeysWithValues: (0..<rows).map { ($0, $0) })
      store.reserveCapacity(rows + 1)
      var shown = list(store, id: { $0.key })
      store = [:]  // no second reference
      benchmark.startMeasurement()
      for _ in 0..<100 {
        shown.update { $0.setValue(0, forKey: -1) }
        shown.update { $0.removeSubrange($0.count - 1..<$0.count) }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }
    Benchmark("store move one row by 3, \(label) rows: bare") { benchmark in
      var store = OrderedStore(uniqueKeysWithValues: (0..<rows).map { ($0, $0) })
      let at = rows / 2
      benchmark.startMeasurement()
      for _ in 0..<100 {
        store.move(fromOffsets: [at], toOffset: at + 4)
      }
      benchmark.stopMeasurement()
      blackHole(store.count)
    }
    Benchmark("store move one row by 3, \(label) rows: in a list") { benchmark in
      var shown = list(
        OrderedStore(uniqueKeysWithValues: (0..<rows).map { ($0, $0) }), id: { $0.key })
      let at = rows / 2
      benchmark.startMeasurement()
      for _ in 0..<100 {
        shown.update { store in
          store.move(fromOffsets: CollectionOfOne(at), toOffset: at + 4)
          return RowChanges(movingOffsets: CollectionOfOne(at), toOffset: at + 4)
        }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }

    // An array of messages: append one and drop it again.
    Benchmark("array append + removeLast, \(label) rows: bare") { benchmark in
      var messages = Array(0..<rows)
      messages.reserveCapacity(rows + 1)
      benchmark.startMeasurement()
      for _ in 0..<100 {
        messages.append(-1)
        messages.removeLast()
      }
      benchmark.stopMeasurement()
      blackHole(messages.count)
    }
    Benchmark("array append + removeLast, \(label) rows: in a list") { benchmark in
      var messages = Array(0..<rows)
      messages.reserveCapacity(rows + 1)
      var shown = list(messages, id: { $0 })
      messages = []  // no second reference
      benchmark.startMeasurement()
      for _ in 0..<100 {
        shown.update { messages in
          messages.append(-1)
          return RowChanges(insertions: [messages.count - 1..<messages.count])
        }
        shown.update { messages in
          messages.removeLast()
          return RowChanges(deletions: [messages.count..<messages.count + 1])
        }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }

    // Sections: an item appended to a section in the middle, and removed.
    Benchmark("sectioned item insert + remove, \(label) rows: bare") { benchmark in
      var sections = sectioned(rows)
      benchmark.startMeasurement()
      for _ in 0..<100 {
        let end = sections.sections[50].items.count
        sections.insertItem(-1, at: ItemPath(section: 50, item: end))
        sections.removeItems(atOffsets: [end], inSection: 50)
      }
      benchmark.stopMeasurement()
      blackHole(sections.count)
    }
    Benchmark("sectioned item insert + remove, \(label) rows: in a list") { benchmark in
      var shown = list(sectioned(rows), id: sectionedRowID)
      benchmark.startMeasurement()
      for _ in 0..<100 {
        let end = shown.data.sections[50].items.count
        shown.update { $0.insertItem(-1, at: ItemPath(section: 50, item: end)) }
        shown.update { $0.removeItems(atOffsets: [end], inSection: 50) }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }

    // A drag across sections by ids (SwiftUI's reorder difference): 3 items
    // of sections 1, 500 and 999 of 1,000 keyed sections moved before an
    // item of section 50, then the same 3 before an item of section 950;
    // beside an applier as the community writes it, finding each id by a
    // scan of the sections (arrays).
    let dragged = [rows / 1_000 + 1, rows / 2 + 2, rows - 3]
    let firstDestination = 50 * (rows / 1_000) + 1
    let secondDestination = 950 * (rows / 1_000) + 1
    Benchmark("sectioned move 3 keys across 1,000 sections, \(label) rows: bare") { benchmark in
      var board = keyedSections(rows)
      benchmark.startMeasurement()
      for _ in 0..<50 {
        board.moveItems(keys: dragged, before: firstDestination, inSection: 50)
        board.moveItems(keys: dragged, before: secondDestination, inSection: 950)
      }
      benchmark.stopMeasurement()
      blackHole(board.count)
    }
    Benchmark("sectioned move 3 keys across 1,000 sections, \(label) rows: in a list") {
      benchmark in
      var shown = list(keyedSections(rows), id: keyedRowID)
      benchmark.startMeasurement()
      for _ in 0..<50 {
        shown.update { $0.moveItems(keys: dragged, before: firstDestination, inSection: 50) }
        shown.update { $0.moveItems(keys: dragged, before: secondDestination, inSection: 950) }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }
    Benchmark(
      "sectioned move 3 keys across 1,000 sections, \(label) rows: an applier that scans"
    ) { benchmark in
      var board = (0..<1_000).map { k in Array(k * (rows / 1_000)..<(k + 1) * (rows / 1_000)) }
      benchmark.startMeasurement()
      for _ in 0..<50 {
        moveByScanning(&board, ids: dragged, before: firstDestination, inSection: 50)
        moveByScanning(&board, ids: dragged, before: secondDestination, inSection: 950)
      }
      benchmark.stopMeasurement()
      blackHole(board.count)
    }

    // A pager: a local edit of a loaded item, followed by the list through
    // the pager's changes.
    Benchmark("pager local edit, \(label) rows: bare") { @MainActor benchmark in
      let pager = await loadedPager(rows)
      benchmark.startMeasurement()
      for k in 0..<100 { pager.replace(Message(id: rows / 2 + k % 20, text: "\(k)")) }
      benchmark.stopMeasurement()
      blackHole(pager.items.count)
    }
    Benchmark("pager local edit, \(label) rows: in a list") { @MainActor benchmark in
      let pager = await loadedPager(rows)
      var shown = list(pager.items.rows, id: { $0.id })
      benchmark.startMeasurement()
      for k in 0..<100 {
        pager.replace(Message(id: rows / 2 + k % 20, text: "\(k)"))
        shown.apply(
          RowChanges(composing: pager.changes(since: shown.data.version)!), from: pager.items.rows)
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }

    // A pager: a loaded row dragged 5 rows down and back, by a move or by a
    // removal and an insertion (two edits, two publications).
    Benchmark("pager drag a row by 5 and back, \(label) rows: move") { @MainActor benchmark in
      let pager = await loadedPager(rows)
      let (row, below, back) = (rows / 2 + 3, rows / 2 + 9, rows / 2 + 4)
      benchmark.startMeasurement()
      for _ in 0..<50 {
        pager.move(ids: [row], before: below)
        pager.move(ids: [row], before: back)
      }
      benchmark.stopMeasurement()
      blackHole(pager.items.count)
    }
    Benchmark("pager drag a row by 5 and back, \(label) rows: remove + insert") {
      @MainActor benchmark in
      let pager = await loadedPager(rows)
      let (row, below, back) = (rows / 2 + 3, rows / 2 + 9, rows / 2 + 4)
      benchmark.startMeasurement()
      for _ in 0..<50 {
        pager.remove(id: row)
        pager.insert(Message(id: row), before: below)
        pager.remove(id: row)
        pager.insert(Message(id: row), before: back)
      }
      benchmark.stopMeasurement()
      blackHole(pager.items.count)
    }
  }
}

/// 100 sections of `rows / 100` items, each with a header.
func sectioned(_ rows: Int) -> SectionedCollection<Int, [Int]> {
  let perSection = rows / 100
  return SectionedCollection(
    (0..<100).map { k in
      ListSection(id: k, items: Array(k * perSection..<(k + 1) * perSection), header: true)
    })
}

/// 1,000 sections of `rows / 1,000` keyed items, each with a header.
func keyedSections(_ rows: Int) -> SectionedCollection<Int, OrderedStore<Int, Int>> {
  let perSection = rows / 1_000
  return SectionedCollection(
    (0..<1_000).map { k in
      ListSection(
        id: k,
        items: OrderedStore(
          uniqueKeysWithValues: (k * perSection..<(k + 1) * perSection).map { ($0, $0) }),
        header: true)
    })
}

func keyedRowID(_ row: SectionedRow<Int, (key: Int, value: Int)>) -> Int {
  switch row {
  case .header(let section): -1 - section
  case .item(let item, _): item.key
  case .footer(let section): -1_000_000 - section
  }
}

/// A reorder by ids as an app writes it without an index: each id found by
/// scanning the sections, removed, and the moved items inserted before the
/// destination, in their order in the list.
func moveByScanning(_ board: inout [[Int]], ids: [Int], before destination: Int, inSection t: Int) {
  var paths: [(section: Int, item: Int)] = []
  for id in ids {
    for s in board.indices {
      if let i = board[s].firstIndex(of: id) {
        paths.append((s, i))
        break
      }
    }
  }
  paths.sort { ($0.section, $0.item) < ($1.section, $1.item) }
  let moving = paths.map { board[$0.section][$0.item] }
  for path in paths.reversed() { board[path.section].remove(at: path.item) }
  let target = board[t].firstIndex(of: destination) ?? board[t].endIndex
  board[t].insert(contentsOf: moving, at: target)
}

func sectionedRowID(_ row: SectionedRow<Int, Int>) -> Int {
  switch row.id(itemID: { $0 }) {
  case .header(let section): -1 - section
  case .item(let item): item
  case .footer(let section): -1_000 - section
  }
}

struct Message: Identifiable, Sendable {
  let id: Int
  var text = ""
}

/// A pager over `rows` messages (a positional source that tells the
/// count: every row exists, placeholders where not loaded), with the page
/// in the middle loaded.
@MainActor
func loadedPager(_ rows: Int) async -> Pager<Int, Message> {
  let pager = Pager<Int, Message>(
    configuration: PagingConfiguration(pageSize: 100, prefetchDistance: 0, trigger: .manual),
    source: .positional { range in
      PositionalPage(items: range.clamped(to: 0..<rows).map { Message(id: $0) }, totalCount: rows)
    })
  pager.refresh()
  await pager.waitUntilIdle()
  await pager.load(rows / 2..<rows / 2 + 20)
  return pager
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum ListMutationsSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
