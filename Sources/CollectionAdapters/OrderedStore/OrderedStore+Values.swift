//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension OrderedStore {
  /// The values of a store, in order, as a random-access, mutable collection.
  ///
  /// Mutating through `store.values` changes the store in place, without a
  /// copy:
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// var store: OrderedStore<String, Int> = ["a": 3, "b": 1]
  /// store.values[0] += 1
  /// store.values.sort()   // reorders values only; keys stay in place
  /// ```
  @frozen
  public struct Values: RandomAccessCollection, MutableCollection {
    /// A position: an offset in `0..<count`.
    public typealias Index = Int
    /// The positions, as a range that holds no reference to the store.
    public typealias Indices = Range<Int>

    @usableFromInline internal var _base: OrderedStore

    @inlinable
    internal init(_base: OrderedStore) { self._base = _base }

    /// The position of the first value: always 0.
    ///
    /// - Complexity: O(1).
    @inlinable public var startIndex: Int { 0 }

    /// The position past the last value.
    ///
    /// - Complexity: O(1).
    @inlinable public var endIndex: Int { _base.count }

    /// The valid positions, `0..<count`.
    ///
    /// - Complexity: O(1).
    @inlinable public var indices: Range<Int> { 0..<_base.count }

    /// The value at `position`.
    ///
    /// - Complexity: O(1) to read; O(1) to write in place when the store's
    ///   storage is not shared, O(`count`) for the copy when it is.
    @inlinable
    public subscript(position: Int) -> Value {
      get {
        _base._checkPosition(position)
        let storage = _base._storage.unsafelyUnwrapped
        return storage._values[storage._slot(position)]
      }
      _modify {
        _base._checkPosition(position)
        let storage = _base._ensureUnique()
        yield &storage._values[storage._slot(position)]
      }
    }

    /// The position after `i`.
    ///
    /// - Complexity: O(1).
    @inlinable public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`.
    ///
    /// - Complexity: O(1).
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    /// Exchanges the values at two positions; the keys stay where they are.
    ///
    /// - Complexity: O(1) when the storage is not shared.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
      _base._checkPosition(i)
      _base._checkPosition(j)
      guard i != j else { return }
      let storage = _base._ensureUnique()
      swap(&storage._values[storage._slot(i)], &storage._values[storage._slot(j)])
    }
  }

  /// The values, in order; mutating them changes the store in place.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var values: Values {
    get { Values(_base: self) }
    _modify {
      // Hand the storage to the view so that it stays uniquely referenced.
      var view = Values(_base: self)
      self = OrderedStore()
      defer { self = view._base }
      yield &view
    }
  }
}

extension OrderedStore.Values: Equatable where Value: Equatable {
  /// Whether two value views hold equal values in the same order.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    left.elementsEqual(right)
  }
}

extension OrderedStore.Values: CustomStringConvertible {
  /// The values, formatted as an array.
  ///
  /// - Complexity: O(`count`).
  public var description: String { Array(self).description }
}
