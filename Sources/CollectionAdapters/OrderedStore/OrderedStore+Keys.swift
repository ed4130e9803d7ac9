//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension OrderedStore {
  /// The keys of a store, in order, as a random-access collection.
  ///
  /// `contains(_:)` and `firstIndex(of:)` use the store's hash index.
  @frozen
  public struct Keys: RandomAccessCollection {
    /// A position: an offset in `0..<count`.
    public typealias Index = Int
    /// The positions, as a range that holds no reference to the store.
    public typealias Indices = Range<Int>

    @usableFromInline internal var _base: OrderedStore

    @inlinable
    internal init(_base: OrderedStore) { self._base = _base }

    /// The position of the first key: always 0.
    ///
    /// - Complexity: O(1).
    @inlinable public var startIndex: Int { 0 }

    /// The position past the last key.
    ///
    /// - Complexity: O(1).
    @inlinable public var endIndex: Int { _base.count }

    /// The valid positions, `0..<count`.
    ///
    /// - Complexity: O(1).
    @inlinable public var indices: Range<Int> { 0..<_base.count }

    /// The key at `position`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Key {
      _base._checkPosition(position)
      let storage = _base._storage.unsafelyUnwrapped
      return storage._keys[storage._slot(position)]
    }

    /// The position after `i`.
    ///
    /// - Complexity: O(1).
    @inlinable public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`.
    ///
    /// - Complexity: O(1).
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    /// Returns whether the store has `key`.
    ///
    /// - Complexity: Expected O(1), if `Key` hashes well.
    @inlinable
    public func contains(_ key: Key) -> Bool { _base.index(forKey: key) != nil }

    /// Returns the position of `key`, or `nil`.
    ///
    /// - Complexity: Expected O(1), if `Key` hashes well.
    @inlinable
    public func firstIndex(of key: Key) -> Int? { _base.index(forKey: key) }

    /// Returns the position of `key`, or `nil`; keys are unique.
    ///
    /// - Complexity: Expected O(1), if `Key` hashes well.
    @inlinable
    public func lastIndex(of key: Key) -> Int? { _base.index(forKey: key) }
  }

  /// The keys, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var keys: Keys { Keys(_base: self) }
}

extension OrderedStore.Keys: Equatable {
  /// Whether two key views hold the same keys in the same order.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    left.elementsEqual(right)
  }
}

extension OrderedStore.Keys: CustomStringConvertible {
  /// The keys, formatted as an array.
  ///
  /// - Complexity: O(`count`).
  public var description: String { Array(self).description }
}
