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
  for i in all {
    if i < end { check(collection.index(after: i) == i + 1, "index(after: \(i))") }
    if i > start { check(collection.index(before: i) == i - 1, "index(before: \(i))") }
    var j = i
    if i < end {
      collection.formIndex(after: &j)
      check(j == i + 1, "formIndex(after: \(i))")
    }
    for k in all {
      let d = k - i
      check(collection.distance(from: i, to: k) == d, "distance(from: \(i), to: \(k))")
      check(collection.index(i, offsetBy: d) == k, "index(\(i), offsetBy: \(d))")
      for limit in all {
        let passes = d > 0 ? (limit >= i && limit < k) : (limit <= i && limit > k)
        let result = collection.index(i, offsetBy: d, limitedBy: limit)
        check(
          result == (passes ? nil : k),
          "index(\(i), offsetBy: \(d), limitedBy: \(limit)) = \(String(describing: result))")
      }
      // Slicing.
      if i <= k {
        let slice = collection[i..<k]
        check(slice.startIndex == i && slice.endIndex == k, "slice \(i)..<\(k) bounds")
        check(slice.count == d, "slice \(i)..<\(k) count")
        check(
          slice.elementsEqual(expected[(i - start)..<(k - start)], by: areEquivalent),
          "slice \(i)..<\(k) contents")
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
