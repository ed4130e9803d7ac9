//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _TestSupport

@testable import Windowing

/// The chunked lengths behind `VariableLengthLayout`, across many chunks
/// (inserts and removals that split, empty and merge them), against an
/// array: every prefix, search and value.
@Suite("Chunked lengths model")
struct ChunkedLengthsTests {
  struct Model {
    var lengths: _ChunkedLengths
    var reference: [Double]
  }

  @Test func randomEditsAcrossChunks() {
    for seed in modelTestSeeds {
      var g = SplitMix64(seed: seed)
      let count = Int.random(in: 0...5_000, using: &g)
      // Half the runs start as a fresh layout does: every length the
      // estimate, kept as one value per chunk until one changes.
      let estimate = Double(Int.random(in: 0...60, using: &g))
      let uniform = Bool.random(using: &g)
      let start =
        uniform
        ? Array(repeating: estimate, count: count)
        : (0..<count).map { _ in Double(Int.random(in: 0...60, using: &g)) }
      var model = Model(
        lengths: uniform
          ? _ChunkedLengths(repeating: estimate, count: count) : _ChunkedLengths(start),
        reference: start)
      runModelTest(
        seed: seed, steps: modelTestSteps(300), state: &model,
        step: { m, g in
          let count = m.reference.count
          switch Int.random(in: 0..<5, using: &g) {
          case 0:
            let at = [0, count, Int.random(in: 0...count, using: &g)][
              Int.random(in: 0..<3, using: &g)]
            let k = [1, 3, 100, 1_500][Int.random(in: 0..<4, using: &g)]
            // A value unlike its neighbors, so a block one place off shows;
            // sometimes the estimate, which a chunk of estimates only counts.
            let value =
              Int.random(in: 0..<4, using: &g) == 0
              ? estimate : Double(Int.random(in: 61...99, using: &g))
            m.lengths.insert(repeating: value, count: k, at: at)
            m.reference.insert(contentsOf: repeatElement(value, count: k), at: at)
            return "insert \(k) × \(value) at \(at)"
          case 1 where count > 0:
            let lower = Int.random(in: 0..<count, using: &g)
            let upper = min(count, lower + [1, 10, 900, 3_000][Int.random(in: 0..<4, using: &g)])
            m.lengths.remove(lower..<upper)
            m.reference.removeSubrange(lower..<upper)
            return "remove \(lower)..<\(upper)"
          case 2 where count > 0:
            let at = Int.random(in: 0..<count, using: &g)
            let length = Double(Int.random(in: 0...90, using: &g))
            m.lengths.add(length - m.reference[at], at: at)
            m.reference[at] = length
            return "set \(at) to \(length)"
          case 3:
            let value = Bool.random(using: &g) ? estimate : 5
            m.lengths.append(value)
            m.reference.append(value)
            return "append \(value)"
          default:
            return "read"
          }
        },
        verify: { m in
          guard m.lengths.count == m.reference.count else {
            return "count \(m.lengths.count), expected \(m.reference.count)"
          }
          // Every 97th prefix, by a running sum, and the search just past it.
          var sum = 0.0
          var k = 0
          while true {
            guard m.lengths.prefix(k) == sum else {
              return "prefix(\(k)) \(m.lengths.prefix(k)), expected \(sum)"
            }
            if k < m.reference.count, m.lengths.value(at: k) != m.reference[k] {
              return "value(at: \(k))"
            }
            // The largest j whose prefix is at most the target.
            let target = sum + 0.5
            var j = k
            var running = sum
            while j < m.reference.count, running + m.reference[j] <= target {
              running += m.reference[j]
              j += 1
            }
            guard m.lengths.count(whereSumAtMost: target) == j else {
              return
                "count(whereSumAtMost: \(target)) \(m.lengths.count(whereSumAtMost: target)), expected \(j)"
            }
            guard k < m.reference.count else { break }
            let next = min(m.reference.count, k + 97)
            sum += m.reference[k..<next].reduce(0, +)
            k = next
          }
          guard m.lengths.values == m.reference else { return "values differ" }
          return nil
        })
    }
  }
}
