//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension OrderedStore {
  /// Creates a store from pairs whose keys are unique, in their order.
  ///
  /// A repeated key is a programming error and traps, naming the key. Use
  /// `init(_:uniquingKeysWith:)` for data that may repeat keys.
  ///
  /// - Parameter keysAndValues: The pairs.
  /// - Complexity: Expected O(*n*) for *n* pairs.
  @inlinable
  public init(uniqueKeysWithValues keysAndValues: some Sequence<(Key, Value)>) {
    self.init()
    let storage = _ensureUnique(minimumCapacity: keysAndValues.underestimatedCount)
    for (key, value) in keysAndValues {
      let (found, bucket) = storage._find(key)
      if found != nil { Self._duplicateKey(key) }
      storage._appendNew(key: key, value: value, bucket: bucket)
    }
    if storage._count == 0 { _storage = nil }
    _checkInvariants()
  }

  /// Creates a store from labeled pairs whose keys are unique.
  ///
  /// - Parameter keysAndValues: The pairs, such as another store.
  /// - Complexity: Expected O(*n*) for *n* pairs.
  @inlinable
  public init(uniqueKeysWithValues keysAndValues: some Sequence<(key: Key, value: Value)>) {
    self.init(uniqueKeysWithValues: keysAndValues.lazy.map { ($0.key, $0.value) })
  }

  @inlinable @inline(never)
  internal static func _duplicateKey(_ key: Key) -> Never {
    _preconditionFailure("Duplicate key: \(key)")
  }

  /// Creates a store from pairs, combining the values of repeated keys.
  ///
  /// A repeated key keeps the position of its first occurrence.
  ///
  /// - Parameters:
  ///   - keysAndValues: The pairs.
  ///   - combine: Returns the value to keep, given the current and the new one.
  /// - Complexity: Expected O(*n*) for *n* pairs.
  @inlinable
  public init(
    _ keysAndValues: some Sequence<(Key, Value)>,
    uniquingKeysWith combine: (Value, Value) throws -> Value
  ) rethrows {
    self.init()
    try merge(keysAndValues, uniquingKeysWith: combine)
  }

  /// Creates a store whose keys are the groupings returned by `keyForValue`
  /// and whose values are arrays of the elements with each key, in order.
  ///
  /// Keys appear in the order in which they are first met.
  ///
  /// - Parameters:
  ///   - values: The elements to group.
  ///   - keyForValue: Returns the key of an element.
  /// - Complexity: Expected O(*n*) for *n* elements.
  @inlinable
  public init<S: Sequence>(
    grouping values: S, by keyForValue: (S.Element) throws -> Key
  ) rethrows where Value == [S.Element] {
    self.init()
    for value in values {
      try self[key: keyForValue(value), default: []].append(value)
    }
  }
}

extension OrderedStore: ExpressibleByDictionaryLiteral {
  /// Creates a store from a literal whose keys must be unique.
  ///
  /// - Complexity: Expected O(*n*) for *n* pairs.
  @inlinable
  public init(dictionaryLiteral elements: (Key, Value)...) {
    self.init(uniqueKeysWithValues: elements)
  }
}
