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

func list<Data: RandomAccessCollection>(
  _ data: Data, id: @escaping (Data.Element) -> Int
) -> VirtualList<Data, Int, FixedSizeLayout> {
  var list = VirtualList(
    data: data, id: id,
    engine: WindowingEngine(
      layout: FixedSizeLayout(itemCount: data.count, itemLength: 44),
      viewport: Viewport(length: 800)))
  _ = list.scroll(to: Double(data.count / 2) * 44)
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
        shown.update { store in
          store[key: -1] = 0
          return RowChanges(inserted: [store.count - 1..<store.count])
        }
        shown.update { store in
          store.removeLast()
          return RowChanges(removed: [store.count..<store.count + 1])
        }
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
          store.move(fromOffsets: [at], toOffset: at + 4)
          return RowChanges(removed: [at..<at + 1], inserted: [at + 3..<at + 4])
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
          return RowChanges(inserted: [messages.count - 1..<messages.count])
        }
        shown.update { messages in
          messages.removeLast()
          return RowChanges(removed: [messages.count..<messages.count + 1])
        }
      }
      benchmark.stopMeasurement()
      blackHole(shown.window)
    }
  }
}
