//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

extension OrderedStore {
  /// Returns a store of the pairs that satisfy `isIncluded`, in order.
  ///
  /// - Parameter isIncluded: The test for each pair.
  /// - Complexity: O(`count`).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = OrderedStore()
    for element in self where try isIncluded(element) {
      // Keys are already unique: no lookup needed, only a table slot.
      result._ensureUnique(minimumCapacity: result.count + 1)
        ._appendNew(key: element.key, value: element.value, bucket: .unknown)
    }
    result._checkInvariants()
    return result
  }

  /// Returns a store with the same keys, in the same order, and the values
  /// transformed by `transform`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> OrderedStore<Key, T> {
    var result = OrderedStore<Key, T>(minimumCapacity: count)
    if let storage = _storage {
      let target = result._ensureUnique()
      for offset in 0..<storage._count {
        let slot = storage._slot(offset)
        target._appendNew(
          key: storage._keys[slot], value: try transform(storage._values[slot]), bucket: .unknown)
      }
    }
    result._checkInvariants()
    return result
  }

  /// Returns a store of the keys whose transformed value is not `nil`, in
  /// order, with those values.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public func compactMapValues<T>(
    _ transform: (Value) throws -> T?
  ) rethrows -> OrderedStore<Key, T> {
    var result = OrderedStore<Key, T>()
    for (key, value) in self {
      if let newValue = try transform(value) {
        result._ensureUnique(minimumCapacity: result.count + 1)
          ._appendNew(key: key, value: newValue, bucket: .unknown)
      }
    }
    result._checkInvariants()
    return result
  }

  /// Merges pairs into the store: new keys are appended in order, and
  /// `combine` decides the value of a key that is already present (which
  /// keeps its position).
  ///
  /// - Parameters:
  ///   - keysAndValues: The pairs to merge.
  ///   - combine: Returns the value to keep, given the current and the new one.
  /// - Complexity: Expected O(*m*) for *m* pairs.
  @inlinable
  public mutating func merge(
    _ keysAndValues: some Sequence<(Key, Value)>,
    uniquingKeysWith combine: (Value, Value) throws -> Value
  ) rethrows {
    defer { _checkInvariants() }
    for (key, value) in keysAndValues {
      let storage = _ensureUnique()
      let (found, bucket) = storage._find(key)
      if let offset = found {
        let slot = storage._slot(offset)
        storage._values[slot] = try combine(storage._values[slot], value)
      } else {
        storage._appendNew(key: key, value: value, bucket: bucket)
      }
    }
  }

  /// Merges labeled pairs, such as another store, into the store.
  ///
  /// - Parameters:
  ///   - other: The pairs to merge.
  ///   - combine: Returns the value to keep, given the current and the new one.
  /// - Complexity: Expected O(*m*) for *m* pairs.
  @inlinable
  public mutating func merge(
    _ other: some Sequence<(key: Key, value: Value)>,
    uniquingKeysWith combine: (Value, Value) throws -> Value
  ) rethrows {
    try merge(other.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: combine)
  }

  /// Returns a store with pairs merged in, as `merge(_:uniquingKeysWith:)`.
  ///
  /// - Complexity: O(`count`) for the copy plus expected O(*m*) for *m* pairs.
  @inlinable
  public func merging(
    _ keysAndValues: some Sequence<(Key, Value)>,
    uniquingKeysWith combine: (Value, Value) throws -> Value
  ) rethrows -> Self {
    var result = self
    try result.merge(keysAndValues, uniquingKeysWith: combine)
    return result
  }

  /// Returns a store with labeled pairs merged in.
  ///
  /// - Complexity: O(`count`) for the copy plus expected O(*m*) for *m* pairs.
  @inlinable
  public func merging(
    _ other: some Sequence<(key: Key, value: Value)>,
    uniquingKeysWith combine: (Value, Value) throws -> Value
  ) rethrows -> Self {
    var result = self
    try result.merge(other, uniquingKeysWith: combine)
    return result
  }
}
