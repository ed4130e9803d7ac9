//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

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
  /// - Parameters:
  ///   - source: Positions in `0..<count`; repeated positions count once.
  ///   - destination: A position in `0...count`, counted before the move.
  /// - Complexity: O(`count` + `source` log `source` if it is not sorted).
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let count = self.count
    precondition(
      destination >= 0 && destination <= count,
      "Move destination \(destination) out of range 0...\(count)")
    var offsets = Array(source)
    for offset in offsets where offset < 0 || offset >= count {
      preconditionFailure("Move source offset \(offset) out of range 0..<\(count)")
    }
    guard !offsets.isEmpty else { return }
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
    let storage = _ensureUnique()
    let order = _moveOrder(count: count, offsets: offsets, destination: destination)
    storage._withPermutableBuffers { keys, values in
      _applyPermutation(order, to: keys)
      _applyPermutation(order, to: values)
    }
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

/// The permutation that puts the elements at the sorted, unique `offsets`
/// before the element originally at `destination`, keeping relative orders.
@inlinable
internal func _moveOrder(count: Int, offsets: [Int], destination: Int) -> [Int] {
  var order: [Int] = []
  order.reserveCapacity(count)
  var next = 0
  for i in 0..<destination {
    if next < offsets.count, offsets[next] == i { next += 1 } else { order.append(i) }
  }
  order.append(contentsOf: offsets)
  for i in destination..<count {
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
