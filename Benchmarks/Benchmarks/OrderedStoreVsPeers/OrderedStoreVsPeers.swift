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
  var g = SystemRandomNumberGenerator()
  return keys.shuffled(using: &g)
}()
let misses = Array(n..<2 * n)
let store = OrderedStore(uniqueKeysWithValues: keys.lazy.map { ($0, $0) })
let dictionary = OrderedDictionary(uniqueKeysWithValues: keys.lazy.map { ($0, $0) })
let identified = IdentifiedArray(uniqueElements: keys.lazy.map { Row(id: $0, value: $0) })
let millionKeys = Array(0..<1_000_000)
let million = OrderedStore(uniqueKeysWithValues: millionKeys.lazy.map { ($0, $0) })
let millionDictionary = OrderedDictionary(uniqueKeysWithValues: millionKeys.lazy.map { ($0, $0) })

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
  Benchmark("move 3 rows at 100k: OrderedDictionary (remove + insert)") { benchmark in
    var d = dictionary
    d[-1] = 0
    benchmark.startMeasurement()
    // OrderedDictionary has no move: what users write.
    for offset in [90_000, 500, 10] {
      let (k, v) = d.remove(at: offset)
      d.updateValue(v, forKey: k, insertingAt: 49_990)
    }
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
  // One row moved by a distance at 1M, against swift-collections 1.6's own
  // move (`moveSubrange`, O(distance + k)), each on a fresh unique copy.
  for distance in [3, 1_000, 100_000, 400_000] {
    let name = "move 1 row by \(distance.formatted(.number.grouping(.automatic))) at 1M"
    Benchmark("\(name): OrderedStore") { benchmark in
      var s = million
      s[key: -1] = 0
      benchmark.startMeasurement()
      s.move(fromOffsets: [100_000], toOffset: 100_001 + distance)
      benchmark.stopMeasurement()
      blackHole(s)
    }
    Benchmark("\(name): OrderedDictionary (moveSubrange)") { benchmark in
      var d = millionDictionary
      d[-1] = 0
      benchmark.startMeasurement()
      d.moveSubrange(100_000..<100_001, to: 100_001 + distance)
      benchmark.stopMeasurement()
      blackHole(d)
    }
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
}
