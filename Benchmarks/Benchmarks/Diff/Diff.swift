//===----------------------------------------------------------------------===//
//
// IdentityDifference (Heckel, O(n + m)) against the standard library's
// difference(from:) (Myers, O((n + m) d)) at 10k and 100k items with 1%,
// 10% and 50% of the items replaced, and at 1M items with one appended, one
// replaced, one moved, or none changed (the last two also as one section,
// through both batch forms); DifferenceKit's own scenario on
// UUIDs, flat and as one section with its batch, against a Dictionary-based
// Heckel match (DifferenceKit does not resolve here; Benchmarks/README.md
// has it measured side by side).
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import CollectionAdapters
import Foundation
@_spi(Testing) import IdentityDiff

struct Item: Equatable, Identifiable, Sendable {
  var id: Int
  var content: Int
}

func snapshots(count: Int, changedPercent: Int) -> (old: [Item], new: [Item]) {
  let old = (0..<count).map { Item(id: $0, content: 0) }
  var new = old
  var g = SystemRandomNumberGenerator()
  let changes = count * changedPercent / 100
  for k in 0..<changes {
    // Replace an item by a new one, at a random position: delete + insert.
    new[Int.random(in: 0..<count, using: &g)] = Item(id: count + k, content: 0)
  }
  return (old, new)
}

/// A million items and the new snapshot after the named change: one
/// appended, one replaced, none, or one moved by 899,900.
func millionItems(_ change: String) -> (old: [Item], new: [Item]) {
  let old = (0..<1_000_000).map { Item(id: $0, content: 0) }
  var new = old
  switch change {
  case "one appended": new.append(Item(id: -1, content: 0))
  case "one replaced": new[500_000] = Item(id: -1, content: 0)
  case "one moved by 899,900": new.insert(new.remove(at: 100), at: 900_000)
  default: break
  }
  return (old, new)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(2),
    maxIterations: 20, thresholds: regressionThresholds(for: [.wallClock, .mallocCountTotal]))
  for count in [10_000, 100_000] {
    for percent in [1, 10, 50] {
      let pair = { snapshots(count: count, changedPercent: percent) }
      preparedBenchmark(
        "\(count / 1_000)k items, \(percent)% changed: IdentityDifference", prepare: pair
      ) { _, pair in
        blackHole(IdentityDifference(from: pair.old, to: pair.new))
      }
      // Myers keeps O(d²) state: at 100k items with 50% replaced (d = 100k)
      // that is tens of gigabytes, beyond this machine; that case is not run.
      if count == 100_000 && percent == 50 { continue }
      preparedBenchmark(
        "\(count / 1_000)k items, \(percent)% changed: difference(from:)",
        configuration: .init(
          metrics: [.wallClock, .mallocCountTotal], warmupIterations: 0, maxIterations: 1),
        prepare: pair
      ) { _, pair in
        blackHole(pair.new.difference(from: pair.old))
      }
    }
  }
  // What a list does most: one row appended, one replaced, nothing
  // changed, at a million rows. The difference costs what changed plus a
  // pass of comparisons, as the standard library's does.
  for name in ["one appended", "one replaced", "no change", "one moved by 899,900"] {
    let pair = { millionItems(name) }
    // 50 samples of a few milliseconds: the p90 of 10 is their worst but one.
    let many = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxIterations: 50)
    preparedBenchmark(
      "1M items, \(name): IdentityDifference", configuration: many, prepare: pair
    ) { _, pair in
      blackHole(IdentityDifference(from: pair.old, to: pair.new))
    }
    preparedBenchmark(
      "1M items, \(name): difference(from:)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 10),
      prepare: pair
    ) { _, pair in
      blackHole(pair.new.difference(from: pair.old))
    }
    guard name == "no change" || name == "one moved by 899,900" else { continue }
    // The same change to the list as one section, in each form UIKit takes.
    func sectioned(_ pair: (old: [Item], new: [Item])) -> SectionedDifference {
      SectionedDifference(
        from: [pair.old], to: [pair.new], sectionID: { _ in 0 }, items: { $0 },
        itemID: { $0.id }, sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
    }
    preparedBenchmark(
      "1M items, \(name): SectionedDifference + batch()", configuration: many, prepare: pair
    ) { _, pair in
      blackHole(sectioned(pair).batch())
    }
    preparedBenchmark(
      "1M items, \(name): SectionedDifference + stagedBatches()", configuration: many,
      prepare: pair
    ) { _, pair in
      blackHole(sectioned(pair).stagedBatches())
    }
  }
  differenceKitScenario()
  sectionedBenchmarks()
}

/// DifferenceKit's benchmark data (its `Benchmark/Sources/BenchmarkTools.swift`),
/// scaled to `count`: random UUIDs, a tenth deleted at a fifth of the way,
/// a tenth of new ones inserted after them, the first fiftieth shuffled.
func differenceKitData(count: Int) -> (old: [UUID], new: [UUID]) {
  let old = (0..<count).map { _ in UUID() }
  var new = old
  new.removeSubrange(count / 5..<count / 5 + count / 10)
  new.insert(contentsOf: (0..<count / 10).map { _ in UUID() }, at: count / 5 + count / 10)
  new[0..<count / 50].shuffle()
  return (old, new)
}

/// Heckel's match with a `Dictionary` from each identifier to its first
/// unmatched old position, as DifferenceKit and IGListKit write it (the
/// moves' subsequence left out): the reference for their scenario.
func dictionaryMatch(from old: [UUID], to new: [UUID]) -> (deletions: Int, insertions: Int) {
  var first: [UUID: Int] = [:]
  first.reserveCapacity(old.count)
  var next = [Int](repeating: -1, count: old.count)
  for (j, id) in old.enumerated().reversed() {
    next[j] = first[id] ?? -1
    first[id] = j
  }
  var matched = [Bool](repeating: false, count: old.count)
  var insertions = 0
  for id in new {
    if let j = first[id], j >= 0 {
      first[id] = next[j]
      matched[j] = true
    } else {
      insertions += 1
    }
  }
  return (matched.count { !$0 }, insertions)
}

let differenceKitScenario: @Sendable () -> Void = {
  for count in [5_000, 100_000, 1_000_000] {
    let pair = { differenceKitData(count: count) }
    let name = "DifferenceKit's scenario, \(count / 1_000)k UUIDs"
    let configuration = Benchmark.Configuration(
      metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
      maxIterations: count == 1_000_000 ? 5 : 20)
    preparedBenchmark(
      "\(name): IdentityDifference", configuration: configuration, prepare: pair
    ) { _, pair in
      blackHole(IdentityDifference(from: pair.old, to: pair.new, id: { $0 }))
    }
    preparedBenchmark("\(name): Dictionary match", configuration: configuration, prepare: pair) {
      _, pair in
      blackHole(dictionaryMatch(from: pair.old, to: pair.new))
    }
    // The path a sectioned list takes to UIKit, with the list as one section.
    preparedBenchmark(
      "\(name): SectionedDifference + batch()", configuration: configuration, prepare: pair
    ) { _, pair in
      let difference = SectionedDifference(
        from: [pair.old], to: [pair.new], sectionID: { _ in 0 }, items: { $0 }, itemID: { $0 },
        sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
      blackHole(difference.batch())
    }
    guard count == 5_000 else { continue }
    preparedBenchmark(
      "\(name): difference(from:)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 5),
      prepare: pair
    ) { _, pair in
      blackHole(pair.new.difference(from: pair.old))
    }
  }
}

/// `count` items in sections of 100, and a new snapshot with `percent` of
/// the items changed: a third replaced, a third moved to another section, a
/// third with new content.
func sectionedSnapshots(count: Int, changedPercent: Int) -> (old: [[Item]], new: [[Item]]) {
  let old = stride(from: 0, to: count, by: 100).map { start in
    (start..<min(start + 100, count)).map { Item(id: $0, content: 0) }
  }
  var new = old
  var g = SystemRandomNumberGenerator()
  let changes = count * changedPercent / 100
  for k in 0..<changes {
    let s = Int.random(in: 0..<new.count, using: &g)
    guard !new[s].isEmpty else { continue }
    let i = Int.random(in: 0..<new[s].count, using: &g)
    switch k % 3 {
    case 0: new[s][i] = Item(id: count + k, content: 0)
    case 1:
      let item = new[s].remove(at: i)
      let t = Int.random(in: 0..<new.count, using: &g)
      new[t].insert(item, at: Int.random(in: 0...new[t].count, using: &g))
    default: new[s][i].content += 1
    }
  }
  return (old, new)
}

/// A store of `count` keys and the new one after `changes` changes: a
/// quarter each deleted, inserted, moved and updated, at random positions.
func storeSnapshots(count: Int, changes: Int) -> (old: [Item], new: [Item]) {
  let old = (0..<count).map { Item(id: $0, content: 0) }
  var new = old
  var g = SystemRandomNumberGenerator()
  for k in 0..<changes {
    let i = Int.random(in: 0..<new.count, using: &g)
    switch k % 4 {
    case 0: new.remove(at: i)
    case 1: new.insert(Item(id: count + k, content: 0), at: i)
    case 2: new.insert(new.remove(at: i), at: Int.random(in: 0..<new.count, using: &g))
    default: new[i].content += 1
    }
  }
  return (old, new)
}

let sectionedBenchmarks: @Sendable () -> Void = {
  for count in [10_000, 100_000] {
    for percent in [1, 10, 50] {
      let pair = { sectionedSnapshots(count: count, changedPercent: percent) }
      let name = "\(count / 1_000)k items in sections of 100, \(percent)% changed"
      preparedBenchmark("\(name): SectionedDifference", prepare: pair) { _, pair in
        blackHole(
          SectionedDifference(
            from: pair.old, to: pair.new, sectionID: { $0.first?.id ?? -1 }, items: { $0 },
            itemID: { $0.id }, sectionContentEquals: { _, _ in true }, itemContentEquals: ==))
      }
      let difference = {
        let (old, new) = pair()
        return SectionedDifference(
          from: old, to: new, sectionID: { _ in 0 }, items: { $0 }, itemID: { $0.id },
          sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
      }
      preparedBenchmark("\(name): batch()", prepare: difference) { blackHole($1.batch()) }
      preparedBenchmark("\(name): stagedBatches()", prepare: difference) {
        blackHole($1.stagedBatches())
      }
      let flattened = {
        let (old, new) = pair()
        return (old: old.flatMap { $0 }, new: new.flatMap { $0 })
      }
      preparedBenchmark("\(name): IdentityDifference of the flattened rows", prepare: flattened) {
        _, pair in
        blackHole(IdentityDifference(from: pair.old, to: pair.new))
      }
      if count == 100_000 && percent == 50 { continue }
      preparedBenchmark(
        "\(name): difference(from:) of the flattened rows",
        configuration: .init(
          metrics: [.wallClock, .mallocCountTotal], warmupIterations: 0, maxIterations: 1),
        prepare: flattened
      ) { _, pair in
        blackHole(pair.new.difference(from: pair.old))
      }
    }
  }

  // One item replaced among 1,000 sections of 1,000: the unchanged sections
  // compared, not hashed.
  preparedBenchmark(
    "1,000 sections of 1,000 items, one replaced: SectionedDifference + batch()",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 20),
    prepare: {
      let old = (0..<1_000).map { s in (0..<1_000).map { Item(id: s * 1_000 + $0, content: 0) } }
      var new = old
      new[500][500] = Item(id: -1, content: 0)
      return (old: old, new: new)
    }
  ) { _, pair in
    let difference = SectionedDifference(
      from: pair.old, to: pair.new, sectionID: { $0.first?.id ?? -1 }, items: { $0 },
      itemID: { $0.id }, sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
    blackHole(difference.batch())
  }

  // Applying 1,000 changes to 100,000 entries: the store against an Array,
  // each measured on a fresh unique copy of the old snapshot.
  let snapshots = { storeSnapshots(count: 100_000, changes: 1_000) }
  preparedBenchmark(
    "apply 1,000 changes to 100k: OrderedStore",
    prepare: {
      let (old, new) = snapshots()
      var oldStore = OrderedStore<Int, Item>(minimumCapacity: old.count)
      for item in old { oldStore[key: item.id] = item }
      var newStore = OrderedStore<Int, Item>(minimumCapacity: new.count)
      for item in new { newStore[key: item.id] = item }
      let difference = IdentityDifference(
        from: oldStore, to: newStore, id: { $0.key }, contentEquals: { $0.value == $1.value })
      return (old: oldStore, new: newStore, difference: difference)
    }
  ) { benchmark, stores in
    var store = stores.old
    store[key: -1] = Item(id: -1, content: 0)  // a unique copy, outside the measurement
    store.removeLast()
    benchmark.startMeasurement()
    store.apply(stores.difference, from: stores.new)
    benchmark.stopMeasurement()
    blackHole(store)
  }
  preparedBenchmark(
    "apply 1,000 changes to 100k: Array",
    prepare: {
      let (old, new) = snapshots()
      return (old: old, new: new, difference: IdentityDifference(from: old, to: new))
    }
  ) { benchmark, arrays in
    var array = arrays.old
    array.append(Item(id: -1, content: 0))  // a unique copy, outside the measurement
    array.removeLast()
    benchmark.startMeasurement()
    arrays.difference._apply(to: &array, from: arrays.new)  // the same work an array would do
    benchmark.stopMeasurement()
    blackHole(array)
  }
}

/// The suite's entry point: package-benchmark's runner, registering `benchmarks`.
@main
enum DiffSuite: BenchmarkRunnerHooks {
  static func registerBenchmarks() { benchmarks() }
}
