//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

/// A key that counts its comparisons: a comparison is a read of a stored
/// key, a cache miss in a large store.
private struct CountedKey: Hashable, Sendable {
  let value: Int
  let comparisons: CallCounter

  static func == (a: CountedKey, b: CountedKey) -> Bool {
    a.comparisons.increment()
    return a.value == b.value
  }

  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

@Suite("OrderedStore lookup costs, counted")
struct OrderedStoreLookupCostTests {
  /// With the tag check taken out of the probe, these lookups compared keys
  /// 23,558 times for the 10,000 hits and 71,908 times for the 10,000 misses
  /// (every occupied bucket a probe passes, at the table's load of 3/4,
  /// when its entries were 4 bytes wide).
  @Test("A lookup compares a stored key only where the bucket's tag matches the key's hash")
  func lookupsCompareOnlyTaggedKeys() {
    let comparisons = CallCounter()
    let n = 10_000
    let store = OrderedStore(
      uniqueKeysWithValues: (0..<n).map { (CountedKey(value: $0, comparisons: comparisons), $0) })
    #expect(store.count == n)

    comparisons.calls = 0
    var found = 0
    for i in 0..<n where store[key: CountedKey(value: i, comparisons: comparisons)] == i {
      found += 1
    }
    #expect(found == n)
    // One comparison per hit, plus a tag collision now and then: 3-byte
    // entries with 14 slot bits leave 10 tag bits, so one passed entry in
    // 1,024 matches by chance.
    #expect(comparisons.calls >= n && comparisons.calls <= n + 100, "\(comparisons.calls)")

    comparisons.calls = 0
    var missing = 0
    for i in n..<2 * n
    where store.index(forKey: CountedKey(value: i, comparisons: comparisons)) == nil {
      missing += 1
    }
    #expect(missing == n)
    #expect(comparisons.calls <= 100, "\(comparisons.calls) comparisons for \(n) misses")
  }
}
