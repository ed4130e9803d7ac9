//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing

/// Checks every requirement of `RandomAccessCollection` exhaustively against
/// `expected`: iteration, subscripting, `count`, every index pair through
/// `index(after:)`, `index(before:)`, `index(_:offsetBy:)` (with and without
/// every limit, both directions), `distance`, `indices`, and slicing.
///
/// Index arithmetic is cubic in the count; keep collections to a few dozen
/// elements.
public func checkRandomAccessCollection<C: RandomAccessCollection, Expected: Sequence>(
  _ collection: C,
  expectedContents expected: Expected,
  by areEquivalent: (C.Element, C.Element) -> Bool,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) where C.Index == Int, C.Indices == Range<Int>, Expected.Element == C.Element {
  let expected = Array(expected)
  let note = comment.map { " (\($0))" } ?? ""
  func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
      Issue.record(Comment(rawValue: message() + note), sourceLocation: sourceLocation)
    }
  }
  let start = collection.startIndex
  let end = collection.endIndex
  let n = expected.count

  check(collection.count == n, "count \(collection.count) != \(n)")
  check(collection.isEmpty == (n == 0), "isEmpty is \(collection.isEmpty) with \(n) elements")
  check(end - start == n, "endIndex - startIndex = \(end - start), expected \(n)")
  check(collection.indices == start..<end, "indices \(collection.indices) != \(start)..<\(end)")
  check(collection.underestimatedCount <= n, "underestimatedCount exceeds count")

  // Iteration and subscripting agree with the expectation.
  var iterated = 0
  for element in collection {
    if iterated >= n {
      check(false, "iteration yields more than \(n) elements")
      break
    }
    check(areEquivalent(element, expected[iterated]), "iteration differs at offset \(iterated)")
    iterated += 1
  }
  check(iterated == n, "iteration yields \(iterated) elements, expected \(n)")
  var iterator = collection.makeIterator()
  for _ in 0..<n { _ = iterator.next() }
  check(iterator.next() == nil, "iterator does not stay at its end")
  check(iterator.next() == nil, "iterator does not stay at its end on the second call")
  for offset in 0..<n {
    check(
      areEquivalent(collection[start + offset], expected[offset]), "subscript differs at \(offset)")
  }
  if let first = collection.first, let firstExpected = expected.first {
    check(areEquivalent(first, firstExpected), "first differs")
  }
  if let last = collection.last, let lastExpected = expected.last {
    check(areEquivalent(last, lastExpected), "last differs")
  }
  check((collection.first == nil) == (n == 0), "first is nil iff empty")

  // Index navigation over every pair, every limit.
  let all = Array(start...end)
  _checkIndexArithmetic(collection, limits: start...end, check)
  // Every slice's contents at full size or for a short collection; else
  // those starting or ending next to an end, which keeps it O(n²).
  let edges = Set([start, start + 1, end - 1, end])
  let everySlice = sized(n <= 18, full: true)
  for i in all {
    for k in all where i <= k {
      let slice = collection[i..<k]
      check(slice.startIndex == i && slice.endIndex == k, "slice \(i)..<\(k) bounds")
      check(slice.count == k - i, "slice \(i)..<\(k) count")
      guard everySlice || edges.contains(i) || edges.contains(k) else { continue }
      check(
        slice.elementsEqual(expected[(i - start)..<(k - start)], by: areEquivalent),
        "slice \(i)..<\(k) contents")
    }
  }

  // Slices as the standard library's checkers drive them: index arithmetic
  // from and to every position of the slice, with limits on both sides of it
  // (any position of the base is a valid limit, as `Slice` forwards it), and
  // slices of slices. Sampled bounds keep it within a cubic cost.
  let sampled = Array(
    Set([start, start + 1, start + n / 2, end - 1, end]).filter { all.contains($0) }
  )
  .sorted()
  for i in sampled {
    for k in sampled where i <= k {
      let slice = collection[i..<k]
      _checkIndexArithmetic(slice, limits: start...end) { check($0, "slice \(i)..<\(k): " + $1()) }
      let inner = Array(Set([i, i + 1, (i + k) / 2, k - 1, k]).filter { (i...k).contains($0) })
        .sorted()
      for a in inner {
        for b in inner where a <= b {
          let subslice = slice[a..<b]
          check(
            subslice.startIndex == a && subslice.endIndex == b && subslice.count == b - a,
            "slice \(i)..<\(k), then \(a)..<\(b): bounds")
          check(
            subslice.elementsEqual(expected[(a - start)..<(b - start)], by: areEquivalent),
            "slice \(i)..<\(k), then \(a)..<\(b): contents")
          // At the default size, a long collection's sub-slices are checked
          // for bounds and contents; their arithmetic is the slice's own.
          guard everySlice || subslice.count <= 2 else { continue }
          _checkIndexArithmetic(subslice, limits: start...end) {
            check($0, "slice \(i)..<\(k), then \(a)..<\(b): " + $1())
          }
        }
      }
    }
  }
}

/// Index arithmetic of `c` from and to every pair of its positions, with
/// every limit in `limits` (which may reach past `c`'s own bounds).
private func _checkIndexArithmetic<C: RandomAccessCollection>(
  _ c: C, limits: ClosedRange<Int>, _ check: (Bool, @autoclosure () -> String) -> Void
) where C.Index == Int {
  let start = c.startIndex
  let end = c.endIndex
  check(c.indices.elementsEqual(start..<end), "indices \(c.indices) != \(start)..<\(end)")
  for i in start...end {
    if i < end {
      check(c.index(after: i) == i + 1, "index(after: \(i))")
      var j = i
      c.formIndex(after: &j)
      check(j == i + 1, "formIndex(after: \(i))")
    }
    if i > start {
      check(c.index(before: i) == i - 1, "index(before: \(i))")
      var j = i
      c.formIndex(before: &j)
      check(j == i - 1, "formIndex(before: \(i))")
    }
    for k in start...end {
      let d = k - i
      check(c.distance(from: i, to: k) == d, "distance(from: \(i), to: \(k))")
      check(c.index(i, offsetBy: d) == k, "index(\(i), offsetBy: \(d))")
      for limit in _limits(limits, i, k) {
        let passes = d > 0 ? (limit >= i && limit < k) : (limit <= i && limit > k)
        let result = c.index(i, offsetBy: d, limitedBy: limit)
        check(
          result == (passes ? nil : k),
          "index(\(i), offsetBy: \(d), limitedBy: \(limit)) = \(String(describing: result))")
        var j = i
        let formed = c.formIndex(&j, offsetBy: d, limitedBy: limit)
        check(
          formed == !passes && j == (passes ? limit : k),
          "formIndex(\(i), offsetBy: \(d), limitedBy: \(limit)) = \(formed), \(j)")
      }
    }
  }
}

/// `checkRandomAccessCollection` for equatable elements.
public func checkRandomAccessCollection<C: RandomAccessCollection, Expected: Sequence>(
  _ collection: C,
  expectedContents expected: Expected,
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
)
where
  C.Index == Int, C.Indices == Range<Int>, Expected.Element == C.Element,
  C.Element: Equatable
{
  checkRandomAccessCollection(
    collection, expectedContents: expected, by: ==, comment, sourceLocation: sourceLocation)
}

/// The limits to try from `i` to `k`: every one in `limits` at full size or
/// for a short collection; otherwise those next to either end, to `i` and to
/// `k`, where an off-by-one shows, so the check costs O(n²) instead of O(n³).
private func _limits(_ limits: ClosedRange<Int>, _ i: Int, _ k: Int) -> [Int] {
  guard sized(limits.count > 18, full: false) else { return Array(limits) }
  let near = [
    limits.lowerBound, limits.lowerBound + 1, i - 1, i, i + 1, k - 1, k, k + 1,
    limits.upperBound - 1, limits.upperBound,
  ]
  return Array(Set(near.filter { limits.contains($0) }))
}
