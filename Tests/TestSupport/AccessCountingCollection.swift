//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Counts of the calls made to an `AccessCountingCollection`, and the
/// positions read through its subscript.
public final class AccessCounter {
  /// Calls to the element subscript.
  public var subscripts = 0
  /// Calls to `index(after:)`, `index(before:)` and the `formIndex` forms.
  public var indexSteps = 0
  /// Calls to `index(_:offsetBy:)` with or without a limit.
  public var indexOffsets = 0
  /// Calls to `distance(from:to:)`.
  public var distances = 0
  /// Calls to `makeIterator()`.
  public var iterators = 0
  /// The smallest and largest position read, or `nil` before any read.
  public var readRange: ClosedRange<Int>?
  /// Every position read, when `recordsPositions` is set.
  public var positionsRead: [Int] = []
  /// Whether to keep every position read in `positionsRead`.
  public var recordsPositions: Bool

  /// Creates a counter with every count zero.
  public init(recordsPositions: Bool = false) {
    self.recordsPositions = recordsPositions
  }

  /// Sets every count back to zero and forgets the positions.
  public func reset() {
    subscripts = 0
    indexSteps = 0
    indexOffsets = 0
    distances = 0
    iterators = 0
    readRange = nil
    positionsRead.removeAll(keepingCapacity: true)
  }

  fileprivate func read(_ position: Int) {
    subscripts += 1
    if let range = readRange {
      readRange = min(range.lowerBound, position)...max(range.upperBound, position)
    } else {
      readRange = position...position
    }
    if recordsPositions { positionsRead.append(position) }
  }
}

/// Wraps any random-access collection with `Int` indices and counts how it is
/// used, to prove costs (a consumer reads only its window; an algorithm does
/// not fall back to stepping) where a timed test would be noise.
public struct AccessCountingCollection<Base: RandomAccessCollection>: RandomAccessCollection
where Base.Index == Int {
  /// The wrapped collection.
  public let base: Base
  /// Where the counts go; shared by copies of the wrapper.
  public let counter: AccessCounter

  /// Wraps `base`, counting into `counter`.
  public init(_ base: Base, counter: AccessCounter = AccessCounter()) {
    self.base = base
    self.counter = counter
  }

  /// The wrapped collection's positions.
  public typealias Indices = Range<Int>
  /// The start of `base`.
  public var startIndex: Int { base.startIndex }
  /// The end of `base`.
  public var endIndex: Int { base.endIndex }
  /// The positions of `base`, as a range.
  public var indices: Range<Int> { base.startIndex..<base.endIndex }

  /// Reads `base[position]`, counting it.
  public subscript(position: Int) -> Base.Element {
    counter.read(position)
    return base[position]
  }

  /// Counts the step.
  public func index(after i: Int) -> Int {
    counter.indexSteps += 1
    return base.index(after: i)
  }
  /// Counts the step.
  public func index(before i: Int) -> Int {
    counter.indexSteps += 1
    return base.index(before: i)
  }
  /// Counts the offset.
  public func index(_ i: Int, offsetBy distance: Int) -> Int {
    counter.indexOffsets += 1
    return base.index(i, offsetBy: distance)
  }
  /// Counts the offset.
  public func index(_ i: Int, offsetBy distance: Int, limitedBy limit: Int) -> Int? {
    counter.indexOffsets += 1
    return base.index(i, offsetBy: distance, limitedBy: limit)
  }
  /// Counts the measurement.
  public func distance(from start: Int, to end: Int) -> Int {
    counter.distances += 1
    return base.distance(from: start, to: end)
  }
  /// Counts the iterator; the iteration itself is `base`'s.
  public func makeIterator() -> Base.Iterator {
    counter.iterators += 1
    return base.makeIterator()
  }
}
