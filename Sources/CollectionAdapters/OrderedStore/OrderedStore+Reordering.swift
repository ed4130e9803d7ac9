//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// Every reordering moves keys and values together.

extension OrderedStore {
  /// Exchanges the pairs at two positions.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    _checkPosition(i)
    _checkPosition(j)
    guard i != j else { return }
    _ensureUnique()._swapAt(i, j)
    _checkInvariants()
  }

  /// Moves the pairs at `source` to before the pair at `destination`,
  /// keeping their relative order: exactly the semantics of SwiftUI's
  /// `onMove`, so its `IndexSet` can be passed straight in.
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import SwiftUI
  ///
  /// struct Tasks: View {
  ///   @State var store: OrderedStore<Int, String> = [1: "Write", 2: "Test", 3: "Ship"]
  ///   var body: some View {
  ///     List {
  ///       ForEach(store, id: \.key) { Text($0.value) }
  ///         .onMove { store.move(fromOffsets: $0, toOffset: $1) }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// A list that shows the store is told with the same arguments, so the
  /// drag itself allocates nothing:
  /// `list.update { $0.move(fromOffsets: o, toOffset: d); return RowChanges(movingOffsets: o, toOffset: d) }`.
  ///
  /// - Parameters:
  ///   - source: Positions in `0..<count`; repeated positions count once.
  ///   - destination: A position in `0...count`, counted before the move.
  /// - Complexity: O(*d* + *k* log *k*) for *k* source offsets (the log
  ///   only if they are not sorted) spanning *d* positions with the
  ///   destination: a drag of one row by 3 positions touches 4 elements
  ///   whatever the count. One row moved near either end costs its
  ///   distance from the ends instead (first to last is O(1)). When *d* is a
  ///   large part of the store, O(`count`).
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let count = self.count
    _precondition(
      destination >= 0 && destination <= count,
      "Move destination \(destination) out of range 0...\(count)")
    // One row (a drag) is read without collecting the offsets into an
    // array: that path allocates nothing.
    var iterator = source.makeIterator()
    guard let first = iterator.next() else { return }
    guard let second = iterator.next() else {
      _checkMoveSource(first, count: count)
      _moveOne(from: first, toOffset: destination)
      return
    }
    var offsets = [first, second]
    while let offset = iterator.next() { offsets.append(offset) }
    for offset in offsets { _checkMoveSource(offset, count: count) }
    var sorted = true
    for i in offsets.indices.dropFirst() where offsets[i - 1] >= offsets[i] {
      sorted = false
      break
    }
    if !sorted {
      offsets.sort()
      var unique = 1
      for i in 1..<offsets.count where offsets[i] != offsets[unique - 1] {
        offsets[unique] = offsets[i]
        unique += 1
      }
      offsets.removeLast(offsets.count - unique)
    }
    if offsets.count == 1 {
      _moveOne(from: offsets[0], toOffset: destination)
    } else {
      _move(sortedOffsets: offsets, toOffset: destination)
    }
  }

  /// Moves the rows at `offsets` (sorted, distinct, in range) so that they
  /// land, in order, before `destination`.
  @inlinable
  internal mutating func _move(sortedOffsets offsets: [Int], toOffset destination: Int) {
    // Only the elements between the first moved one and the destination
    // change places.
    let affected =
      Swift.min(offsets[0], destination)..<Swift.max(offsets[offsets.count - 1] + 1, destination)
    let storage = _ensureUnique()
    // Only the rows in between move. Their table entries are found by
    // hashing each key when they are few, by one pass over the table when
    // they are many: no copy of the rest, at any distance. A pass for a
    // few moved rows follows their runs, in place.
    let scanning = storage._prefersTableScan(moving: affected.count)
    if scanning && offsets.count <= _SlotRuns.limit / 2 {
      storage._moveRowsScanningTable(offsets, toOffset: destination)
    } else {
      storage._permute(
        affected, order: _moveOrder(range: affected, offsets: offsets, destination: destination),
        scanningTable: scanning)
    }
    _checkInvariants()
  }

  /// Traps unless `offset` is a position of the store.
  @inlinable
  internal func _checkMoveSource(_ offset: Int, count: Int) {
    if offset < 0 || offset >= count {
      _preconditionFailure("Move source offset \(offset) out of range 0..<\(count)")
    }
  }

  /// Moves the row at `from` so that it lands before `destination` (a
  /// position counted before the move).
  ///
  /// Removing it and inserting it moves, through the ring, only the shorter
  /// side each time (nothing at either end: first to last is O(1)); that is
  /// taken when it moves fewer elements than the rows in between, which are
  /// otherwise shifted by one place in place.
  @inlinable
  internal mutating func _moveOne(from: Int, toOffset destination: Int) {
    let to = destination > from ? destination - 1 : destination
    guard from != to else { return }
    let viaEnds = Swift.min(from, count - 1 - from) + Swift.min(to, count - 1 - to)
    if viaEnds < Swift.max(from, to) - Swift.min(from, to) + 1 {
      let (key, value) = remove(at: from)
      updateValue(value, forKey: key, insertingAt: to)
      return
    }
    _ensureUnique()._moveOne(from: from, to: to)
    _checkInvariants()
  }

  /// Sorts the pairs in place by `areInIncreasingOrder`.
  ///
  /// The sort is not guaranteed to be stable, like the standard library's.
  /// If the predicate throws, the pairs are left in an unspecified order
  /// but none is lost.
  ///
  /// - Complexity: O(`count` log `count`).
  @inlinable
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    guard count > 1 else { return }
    // Sort a permutation, then apply it to keys and values together.
    let storage = _ensureUnique()
    try storage._withPermutableBuffers { keys, values in
      var order = Array(0..<keys.count)
      try order.sort { a, b in
        try areInIncreasingOrder((keys[a], values[a]), (keys[b], values[b]))
      }
      _applyPermutation(order, to: keys)
      _applyPermutation(order, to: values)
    }
    _checkInvariants()
  }

  /// Reverses the order of the pairs.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func reverse() {
    guard count > 1 else { return }
    _ensureUnique()._withPermutableBuffers { keys, values in
      var keys = keys
      var values = values
      keys.reverse()
      values.reverse()
    }
    _checkInvariants()
  }

  /// Shuffles the pairs with `generator`.
  ///
  /// - Parameter generator: The source of randomness.
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    guard count > 1 else { return }
    _ensureUnique()._withPermutableBuffers { keys, values in
      var i = keys.count
      while i > 1 {
        let j = Int.random(in: 0..<i, using: &generator)
        i -= 1
        keys.swapAt(i, j)
        values.swapAt(i, j)
      }
    }
    _checkInvariants()
  }

  /// Shuffles the pairs with the system's random generator.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }
}

extension OrderedStore where Key: Comparable {
  /// Sorts the pairs by key, in increasing order.
  ///
  /// - Complexity: O(`count` log `count`).
  @inlinable
  public mutating func sort() {
    sort { $0.key < $1.key }
  }
}

/// The elements of `range` in their order after a move: those at the
/// sorted, unique `offsets` (all in `range`) before the element originally
/// at `destination`, the others keeping their relative order.
@inlinable
internal func _moveOrder(range: Range<Int>, offsets: [Int], destination: Int) -> [Int] {
  var order: [Int] = []
  order.reserveCapacity(range.count)
  var next = 0
  for i in range.lowerBound..<destination {
    if next < offsets.count, offsets[next] == i { next += 1 } else { order.append(i) }
  }
  order.append(contentsOf: offsets)
  for i in destination..<range.upperBound {
    if next < offsets.count, offsets[next] == i { next += 1 } else { order.append(i) }
  }
  return order
}

/// Rearranges `buffer` so that `buffer[i]` becomes the old `buffer[order[i]]`.
@inlinable
internal func _applyPermutation<T>(_ order: [Int], to buffer: UnsafeMutableBufferPointer<T>) {
  let scratch = UnsafeMutableBufferPointer<T>.allocate(capacity: buffer.count)
  defer { scratch.deallocate() }
  _ = scratch.moveInitialize(fromContentsOf: buffer)
  for (i, source) in order.enumerated() {
    (buffer.baseAddress! + i).moveInitialize(from: scratch.baseAddress! + source, count: 1)
  }
}
