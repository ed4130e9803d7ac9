//===----------------------------------------------------------------------===//
//
// OrderedStore against swift-collections' OrderedDictionary and
// swift-identified-collections' IdentifiedArray, at 100,000 elements.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters
import IdentifiedCollections
import OrderedCollections

struct Row: Identifiable, Sendable {
  var id: Int
  var value: Int
}

let n = 100_000
let keys = Array(0..<n)
let shuffled: [Int] = {
  var g = SeededGenerator(seed: 30)
  return keys.shuffled(using: &g)
}()
let misses = Array(n..<2 * n)
let store = OrderedStore(uniqueKeysWithValues: keys.lazy.map { ($0, $0) })
let dictionary = OrderedDictionary(uniqueKeysWithValues: keys.lazy.map { ($0, $0) })
let identified = IdentifiedArray(uniqueElements: keys.lazy.map { Row(id: $0, value: $0) })
let millionKeys = Array(0..<1_000_000)
let million = OrderedStore(uniqueKeysWithValues: millionKeys.lazy.map { ($0, $0) })
let millionDictionary = OrderedDictionary(uniqueKeysWithValues: millionKeys.lazy.map { ($0, $0) })
// Dragged in place by the drag benchmarks, one at a time.
nonisolated(unsafe) var draggedStore = million
nonisolated(unsafe) var draggedDictionary = millionDictionary

/// Moves the rows at `offsets`, moved together to just before row 300,000,
/// back where they were in `draggedStore`: outside the measurement, so that
/// each drag starts from the same order.
func putBackInStore(_ offsets: [Int]) {
  for (k, offset) in offsets.enumerated() {
    draggedStore.move(fromOffsets: [300_000 - offsets.count + k], toOffset: offset)
  }
}

/// `putBackInStore(_:)` for `draggedDictionary`.
func putBackInDictionary(_ offsets: [Int]) {
  for (k, offset) in offsets.enumerated() {
    draggedDictionary.move(indices: [300_000 - offsets.count + k], to: offset)
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
    warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 30,
    thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal, .mallocBytesCount]))

  Benchmark("append 100k: OrderedStore") { _ in
    var s = OrderedStore<Int, Int>()
    for k in keys { s[key: k] = k }
    blackHole(s)
  }
  Benchmark("append 100k: OrderedDictionary") { _ in
    var d = OrderedDictionary<Int, Int>()
    for k in keys { d[k] = k }
    blackHole(d)
  }
  Benchmark("append 100k: IdentifiedArray") { _ in
    var a = IdentifiedArrayOf<Row>()
    for k in keys { a.append(Row(id: k, value: k)) }
    blackHole(a)
  }

  Benchmark("lookup hit 100k: OrderedStore") { _ in
    var sum = 0
    for k in shuffled { sum &+= store[key: k]! }
    blackHole(sum)
  }
  Benchmark("lookup hit 100k: OrderedDictionary") { _ in
    var sum = 0
    for k in shuffled { sum &+= dictionary[k]! }
    blackHole(sum)
  }
  Benchmark("lookup hit 100k: IdentifiedArray") { _ in
    var sum = 0
    for k in shuffled { sum &+= identified[id: k]!.value }
    blackHole(sum)
  }
  Benchmark("lookup miss 100k: OrderedStore") { _ in
    var found = 0
    for k in misses where store.index(forKey: k) != nil { found += 1 }
    blackHole(found)
  }
  Benchmark("lookup miss 100k: OrderedDictionary") { _ in
    var found = 0
    for k in misses where dictionary.index(forKey: k) != nil { found += 1 }
    blackHole(found)
  }
  Benchmark("lookup miss 100k: IdentifiedArray") { _ in
    var found = 0
    for k in misses where identified.index(id: k) != nil { found += 1 }
    blackHole(found)
  }

  Benchmark("iterate 100k: OrderedStore") { _ in
    var sum = 0
    for (k, v) in store { sum &+= k &+ v }
    blackHole(sum)
  }
  Benchmark("iterate 100k: OrderedDictionary") { _ in
    var sum = 0
    for (k, v) in dictionary { sum &+= k &+ v }
    blackHole(sum)
  }
  Benchmark("iterate 100k: IdentifiedArray") { _ in
    var sum = 0
    for row in identified { sum &+= row.id &+ row.value }
    blackHole(sum)
  }

  Benchmark("remove 1k keys of 100k: OrderedStore") { benchmark in
    var s = store
    s[key: -1] = 0  // make the copy unique before measuring
    benchmark.startMeasurement()
    for k in shuffled.prefix(1_000) { s.removeValue(forKey: k) }
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("remove 1k keys of 100k: OrderedDictionary") { benchmark in
    var d = dictionary
    d[-1] = 0
    benchmark.startMeasurement()
    for k in shuffled.prefix(1_000) { d.removeValue(forKey: k) }
    benchmark.stopMeasurement()
    blackHole(d)
  }
  Benchmark("remove 1k keys of 100k: IdentifiedArray") { benchmark in
    var a = identified
    a.append(Row(id: -1, value: 0))
    benchmark.startMeasurement()
    for k in shuffled.prefix(1_000) { a.remove(id: k) }
    benchmark.stopMeasurement()
    blackHole(a)
  }

  Benchmark("removeFirst x1k at 100k: OrderedStore") { benchmark in
    var s = store
    s[key: -1] = 0
    benchmark.startMeasurement()
    for _ in 0..<1_000 { s.removeFirst() }
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("removeFirst x1k at 100k: OrderedDictionary") { benchmark in
    var d = dictionary
    d[-1] = 0
    benchmark.startMeasurement()
    for _ in 0..<1_000 { d.removeFirst() }
    benchmark.stopMeasurement()
    blackHole(d)
  }
  Benchmark("removeFirst x1k at 100k: IdentifiedArray") { benchmark in
    var a = identified
    a.append(Row(id: -1, value: 0))
    benchmark.startMeasurement()
    for _ in 0..<1_000 { a.removeFirst() }
    benchmark.stopMeasurement()
    blackHole(a)
  }

  Benchmark("move 3 rows at 100k: OrderedStore") { benchmark in
    var s = store
    s[key: -1] = 0
    benchmark.startMeasurement()
    s.move(fromOffsets: [10, 500, 90_000], toOffset: 50_000)
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("move 3 rows at 100k: OrderedDictionary (move(indices:to:))") { benchmark in
    var d = dictionary
    d[-1] = 0
    benchmark.startMeasurement()
    d.move(indices: [10, 500, 90_000], to: 50_000)
    benchmark.stopMeasurement()
    blackHole(d)
  }
  Benchmark("move 3 rows at 100k: IdentifiedArray") { benchmark in
    var a = identified
    a.append(Row(id: -1, value: 0))
    benchmark.startMeasurement()
    a.move(fromOffsets: [10, 500, 90_000], toOffset: 50_000)
    benchmark.stopMeasurement()
    blackHole(a)
  }

  // A list UI's drag of one row, and the longest move, at 1M: the store
  // against an Array's remove and insert (each on a fresh unique copy).
  Benchmark("drag 1 row by 3 at 1M: OrderedStore") { benchmark in
    var s = million
    s[key: -1] = 0
    benchmark.startMeasurement()
    s.move(fromOffsets: [500_000], toOffset: 500_004)
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("drag 1 row by 3 at 1M: Array (remove + insert)") { benchmark in
    var a = millionKeys
    a.append(-1)
    benchmark.startMeasurement()
    a.insert(a.remove(at: 500_000), at: 500_003)
    benchmark.stopMeasurement()
    blackHole(a)
  }
  // A drag as a list makes it: one row moved by a distance and back, on
  // one store that stays warm (made unique in the warmup iteration), against
  // swift-collections 1.6's own moves (O(distance + k)). Each drag starts at
  // a fresh random row, as a user's drags do, so the table's entries are
  // read cold; both sides draw the same rows. Short drags are repeated so
  // the clock can see them.
  for distance in [3, 1_000, 80_000, 100_000, 400_000] {
    let name = "drag 1 row by \(distance.formatted(.number.grouping(.automatic))) and back at 1M"
    let repeats = distance < 1_000 ? 1_000 : distance < 10_000 ? 10 : 1
    let rows = 0..<(1_000_000 - distance - 1)
    nonisolated(unsafe) var storeRows = SeededGenerator(seed: UInt64(distance))
    Benchmark("\(name): OrderedStore") { _ in
      for _ in 0..<repeats {
        let row = Int.random(in: rows, using: &storeRows)
        draggedStore.move(fromOffsets: [row], toOffset: row + distance + 1)
        draggedStore.move(fromOffsets: [row + distance], toOffset: row)
      }
    }
    nonisolated(unsafe) var subrangeRows = SeededGenerator(seed: UInt64(distance))
    Benchmark("\(name): OrderedDictionary (moveSubrange)") { _ in
      for _ in 0..<repeats {
        let row = Int.random(in: rows, using: &subrangeRows)
        draggedDictionary.moveSubrange(row..<row + 1, to: row + distance + 1)
        draggedDictionary.moveSubrange(row + distance..<row + distance + 1, to: row)
      }
    }
    nonisolated(unsafe) var indicesRows = SeededGenerator(seed: UInt64(distance))
    Benchmark("\(name): OrderedDictionary (move(indices:to:))") { _ in
      for _ in 0..<repeats {
        let row = Int.random(in: rows, using: &indicesRows)
        draggedDictionary.move(indices: [row], to: row + distance + 1)
        draggedDictionary.move(indices: [row + distance], to: row)
      }
    }
  }
  // Three scattered rows moved together (a multiple selection dragged),
  // put back outside the measurement.
  let scattered = [10, 500, 90_000]
  Benchmark(
    "move 3 scattered rows to 300,000 at 1M: OrderedStore"
  ) { benchmark in
    benchmark.startMeasurement()
    draggedStore.move(fromOffsets: scattered, toOffset: 300_000)
    benchmark.stopMeasurement()
    putBackInStore(scattered)
  }
  Benchmark(
    "move 3 scattered rows to 300,000 at 1M: OrderedDictionary (move(indices:to:))"
  ) { benchmark in
    benchmark.startMeasurement()
    draggedDictionary.move(indices: scattered, to: 300_000)
    benchmark.stopMeasurement()
    putBackInDictionary(scattered)
  }
  // The same three rows moved by key, as SwiftUI's reorder container hands
  // a drag over (the dragged ids, and a destination before an id): the
  // lookups are measured, on every side.
  let byKeys = "move 3 scattered keys before a key 300,000 rows away at 1M"
  let scatteredKeys = scattered
  let destinationKey = 300_000
  Benchmark("\(byKeys): OrderedStore (move(keys:before:))") { benchmark in
    benchmark.startMeasurement()
    draggedStore.move(keys: scatteredKeys, before: destinationKey)
    benchmark.stopMeasurement()
    putBackInStore(scattered)
  }
  Benchmark("\(byKeys): OrderedDictionary (move(indices:to:))") { benchmark in
    benchmark.startMeasurement()
    let indices = scatteredKeys.compactMap { draggedDictionary.index(forKey: $0) }
    let target = draggedDictionary.index(forKey: destinationKey)!
    draggedDictionary.move(indices: indices, to: target)
    benchmark.stopMeasurement()
    putBackInDictionary(scattered)
  }
  Benchmark("\(byKeys): OrderedDictionary (moveSubrange)") { benchmark in
    benchmark.startMeasurement()
    // One key at a time, the last first, each to just before the destination.
    var target = draggedDictionary.index(forKey: destinationKey)!
    for key in scatteredKeys.reversed() {
      let index = draggedDictionary.index(forKey: key)!
      draggedDictionary.moveSubrange(index..<index + 1, to: target)
      target = draggedDictionary.index(forKey: key)!
    }
    benchmark.stopMeasurement()
    putBackInDictionary(scattered)
  }
  Benchmark(
    "\(byKeys): an applier as the community writes it (Array, O(n·k))",
    configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2), maxIterations: 20)
  ) { benchmark in
    var items = millionKeys
    items.append(-1)  // its own buffer, copied outside the measurement
    items.removeLast()
    benchmark.startMeasurement()
    var moved: [Int] = []
    for key in scatteredKeys {
      if let index = items.firstIndex(of: key) { moved.append(items.remove(at: index)) }
    }
    let target = items.firstIndex(of: destinationKey) ?? items.endIndex
    items.insert(contentsOf: moved, at: target)
    benchmark.stopMeasurement()
    blackHole(items)
  }
  Benchmark("move first to last at 1M: OrderedStore") { benchmark in
    var s = million
    s[key: -1] = 0
    benchmark.startMeasurement()
    s.move(fromOffsets: [0], toOffset: s.count)
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("move first to last at 1M: Array (remove + insert)") { benchmark in
    var a = millionKeys
    a.append(-1)
    benchmark.startMeasurement()
    a.append(a.removeFirst())
    benchmark.stopMeasurement()
    blackHole(a)
  }

  let memory = Benchmark.Configuration(
    metrics: [.memoryLeakedBytes, .mallocBytesCount], warmupIterations: 0, maxIterations: 3,
    thresholds: regressionThresholds(for: [.memoryLeakedBytes, .mallocBytesCount]))
  Benchmark("memory of 1M Int:Int: OrderedStore", configuration: memory) { benchmark in
    benchmark.startMeasurement()
    var s = OrderedStore<Int, Int>()
    for k in 0..<1_000_000 { s[key: k] = k }
    benchmark.stopMeasurement()
    blackHole(s)
  }
  Benchmark("memory of 1M Int:Int: OrderedDictionary", configuration: memory) { benchmark in
    benchmark.startMeasurement()
    var d = OrderedDictionary<Int, Int>()
    for k in 0..<1_000_000 { d[k] = k }
    benchmark.stopMeasurement()
    blackHole(d)
  }
  Benchmark("memory of 1M Int:Int: IdentifiedArray", configuration: memory) { benchmark in
    benchmark.startMeasurement()
    var a = IdentifiedArrayOf<Row>()
    for k in 0..<1_000_000 { a.append(Row(id: k, value: k)) }
    benchmark.stopMeasurement()
    blackHole(a)
  }
  measureCountsOnceIfAsked()
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum OrderedStoreVsPeersSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
