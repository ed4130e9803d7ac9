//===----------------------------------------------------------------------===//
//
// IdentityDifference (Heckel, O(n + m)) against the standard library's
// difference(from:) (Myers, O((n + m) d)) at 10k and 100k items with 1%,
// 10% and 50% of the items replaced.
//
//===----------------------------------------------------------------------===//

import Benchmark
import BenchmarkSupport
import IdentityDiff

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

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(2),
    maxIterations: 20, thresholds: regressionThresholds)
  for count in [10_000, 100_000] {
    for percent in [1, 10, 50] {
      let (old, new) = snapshots(count: count, changedPercent: percent)
      Benchmark("\(count / 1_000)k items, \(percent)% changed: IdentityDifference") { _ in
        blackHole(IdentityDifference(from: old, to: new))
      }
      // Myers keeps O(d²) state: at 100k items with 50% replaced (d = 100k)
      // that is tens of gigabytes, beyond this machine; that case is not run.
      if count == 100_000 && percent == 50 { continue }
      Benchmark(
        "\(count / 1_000)k items, \(percent)% changed: difference(from:)",
        configuration: .init(
          metrics: [.wallClock, .mallocCountTotal], warmupIterations: 0, maxIterations: 1)
      ) { _ in
        blackHole(new.difference(from: old))
      }
    }
  }
}
