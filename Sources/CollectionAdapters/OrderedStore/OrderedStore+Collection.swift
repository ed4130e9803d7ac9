//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension OrderedStore: Sequence {
  /// The element type of a store: a key and its value.
  public typealias Element = (key: Key, value: Value)

  /// An iterator over the key-value pairs of a store, in order.
  ///
  /// It reads the storage through pointers taken when it was made, and keeps
  /// the storage alive, so iteration is a pointer walk over one run of
  /// slots (which the compiler vectorizes).
  @frozen
  public struct Iterator: IteratorProtocol {
    @usableFromInline internal let _storage: _OrderedStoreStorage<Key, Value>?
    @usableFromInline internal let _keys: UnsafeMutablePointer<Key>?
    @usableFromInline internal let _values: UnsafeMutablePointer<Value>?
    /// The next slot, and the slot past the last element.
    @usableFromInline internal var _slot: Int
    @usableFromInline internal let _end: Int

    @inlinable
    internal init(_storage: _OrderedStoreStorage<Key, Value>?) {
      self._storage = _storage
      self._keys = _storage?._keys
      self._values = _storage?._values
      let head = _storage?._head ?? 0
      self._slot = head
      self._end = head + (_storage?._count ?? 0)
    }

    /// Returns the next key-value pair, or `nil` at the end.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> Element? {
      guard _slot < _end else { return nil }
      let slot = _slot
      _slot &+= 1
      return (_keys.unsafelyUnwrapped[slot], _values.unsafelyUnwrapped[slot])
    }
  }

  /// Returns an iterator over the key-value pairs.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(_storage: _storage)
  }

  /// The number of elements, for preallocation by generic code.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var underestimatedCount: Int { count }
}

extension OrderedStore: RandomAccessCollection {
  /// A position in a store: an offset in `0..<count`.
  public typealias Index = Int
  /// The positions of a store, as a range that holds no reference to it.
  public typealias Indices = Range<Int>
  /// A contiguous part of a store.
  public typealias SubSequence = Slice<Self>

  /// The position of the first element: always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The position past the last element: `count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { count }

  /// The valid positions, `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var indices: Range<Int> { 0..<count }

  /// The key-value pair at `position`.
  ///
  /// - Parameter position: An offset in `0..<count`; traps otherwise.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Element {
    _checkPosition(position)
    let storage = _storage.unsafelyUnwrapped
    let slot = storage._slot(position)
    return (storage._keys[slot], storage._values[slot])
  }

  /// The pairs at the positions in `bounds`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(bounds: Range<Int>) -> Slice<Self> {
    _precondition(
      bounds.lowerBound >= 0 && bounds.upperBound <= count,
      "Range \(bounds) out of range 0..<\(count)")
    return Slice(base: self, bounds: bounds)
  }

  /// The position after `i`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(after i: Int) -> Int { i + 1 }

  /// The position before `i`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(before i: Int) -> Int { i - 1 }

  /// Replaces `i` with the position after it.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func formIndex(after i: inout Int) { i += 1 }

  /// Replaces `i` with the position before it.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func formIndex(before i: inout Int) { i -= 1 }

  /// The position `distance` away from `i`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }

  /// The position `distance` away from `i`, or `nil` if that passes `limit`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(_ i: Int, offsetBy distance: Int, limitedBy limit: Int) -> Int? {
    _offset(i, by: distance, limitedBy: limit)
  }

  /// The number of steps from `start` to `end`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func distance(from start: Int, to end: Int) -> Int { end - start }
}
