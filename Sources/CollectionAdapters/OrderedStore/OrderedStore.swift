//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// An ordered collection of unique keys and their values that is itself a
/// random-access collection of key-value pairs.
///
/// `OrderedStore` does what `OrderedDictionary` does (keyed access in expected
/// O(1), a stable order the caller controls) and can be handed directly to
/// anything that takes a `RandomAccessCollection`, such as SwiftUI's
/// `ForEach`, without `Array(store)`:
///
/// ```swift
/// import CollectionAdapters
/// import SwiftUI
///
/// struct Person: Identifiable {
///   let id: Int
///   var name: String
/// }
///
/// struct PeopleList: View {
///   @State var people: OrderedStore<Person.ID, Person> = [:]
///   var body: some View {
///     List {
///       ForEach(people, id: \.key) { row in Text(row.value.name) }
///     }
///     .task { people[key: 1] = Person(id: 1, name: "Ann") }
///   }
/// }
/// ```
///
/// Positions are the integers `0..<count`. Keyed access is labeled
/// (`store[key: k]`) so that a store with `Int` keys is never ambiguous.
///
/// Elements are kept in one run of slots with free slots on both sides, so
/// removing or inserting at either end is O(1) (amortized), unlike
/// `OrderedDictionary.removeFirst()`, an insertion or removal in the middle
/// moves only the shorter side, and iteration is a plain pointer walk.
///
/// Empty stores allocate nothing. Small stores (capacity of 16 or less) find
/// keys by a linear scan and have no hash table.
@frozen
public struct OrderedStore<Key: Hashable, Value> {
  /// `nil` for a store that has never allocated.
  @usableFromInline
  internal var _storage: _OrderedStoreStorage<Key, Value>?

  /// Creates an empty store.
  ///
  /// - Complexity: O(1); allocates nothing.
  @inlinable
  public init() {
    _storage = nil
  }

  /// Creates an empty store with room for `minimumCapacity` elements.
  ///
  /// - Parameter minimumCapacity: The number of elements the store can hold
  ///   without reallocating. Must not be negative.
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  public init(minimumCapacity: Int) {
    _precondition(minimumCapacity >= 0, "Minimum capacity \(minimumCapacity) must not be negative")
    _storage = minimumCapacity == 0 ? nil : _OrderedStoreStorage(capacity: minimumCapacity)
  }

  @inlinable
  internal init(_storage: _OrderedStoreStorage<Key, Value>?) {
    self._storage = _storage
  }
}

// MARK: - Storage access

extension OrderedStore {
  /// Storage that this value alone references, with room for at least
  /// `minimumCapacity` elements.
  @inlinable
  @discardableResult
  internal mutating func _ensureUnique(minimumCapacity: Int = 0) -> _OrderedStoreStorage<Key, Value>
  {
    // Test uniqueness before binding the reference: the binding is a second one.
    if isKnownUniquelyReferenced(&_storage), let storage = _storage {
      if storage._capacity < minimumCapacity {
        storage._resize(to: Swift.max(minimumCapacity, storage._capacity &* 2))
      }
      return storage
    }
    return _ensureUniqueSlow(minimumCapacity: minimumCapacity)
  }

  @inlinable @inline(never)
  internal mutating func _ensureUniqueSlow(
    minimumCapacity: Int
  ) -> _OrderedStoreStorage<Key, Value> {
    let result: _OrderedStoreStorage<Key, Value>
    if let storage = _storage {
      result = storage._copy(minimumCapacity: Swift.max(minimumCapacity, storage._capacity))
    } else {
      result = _OrderedStoreStorage(capacity: minimumCapacity)
    }
    _storage = result
    return result
  }

  @inlinable @inline(__always)
  internal func _checkPosition(_ position: Int) {
    let count = self.count
    if position < 0 || position >= count { _outOfRange(position, count: count) }
  }
}

// MARK: - Counts

extension OrderedStore {
  /// The number of key-value pairs.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _storage?._count ?? 0 }

  /// A Boolean value that is `true` when the store has no elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { count == 0 }

  /// The number of elements the store's allocation has room for.
  ///
  /// Elements occupy one run of slots with free slots on both sides. When the
  /// end an insertion needs is full, the store slides its elements to the
  /// middle of the allocation if at least a quarter of it is free, and
  /// reallocates otherwise; after ``reserveCapacity(_:)``, appending up to
  /// that many elements never reallocates.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var capacity: Int { _storage?._capacity ?? 0 }

  /// Makes room for at least `minimumCapacity` elements, so that appending
  /// until the store holds that many does not reallocate.
  ///
  /// - Parameter minimumCapacity: The number of elements to make room for.
  /// - Complexity: O(`count`) when it reallocates or moves the elements to
  ///   the start of the allocation, O(1) otherwise.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _precondition(minimumCapacity >= 0, "Minimum capacity \(minimumCapacity) must not be negative")
    if let storage = _storage, storage._head &+ minimumCapacity <= storage._capacity { return }
    guard minimumCapacity > 0 else { return }
    let storage = _ensureUnique()
    if storage._capacity < minimumCapacity {
      storage._resize(to: minimumCapacity)
    } else if storage._head &+ minimumCapacity > storage._capacity {
      storage._slide(toHead: 0)
    }
    _checkInvariants()
  }
}

// MARK: - Keyed access

extension OrderedStore {
  /// Returns the position of `key`, or `nil` if the store has no such key.
  ///
  /// - Parameter key: The key to find.
  /// - Returns: The offset of `key`, or `nil`.
  /// - Complexity: Expected O(1), if `Key` hashes well.
  @inlinable
  public func index(forKey key: Key) -> Int? {
    _storage?._find(key).offset
  }

  /// The value stored for `key`, or `nil`.
  ///
  /// Setting a value for a new key appends it; setting `nil` removes the key
  /// and closes the gap.
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// var store: OrderedStore<String, Int> = [:]
  /// store[key: "a"] = 1      // appends "a"
  /// store[key: "a"]? += 1    // updates in place
  /// store[key: "a"] = nil    // removes "a"
  /// ```
  ///
  /// - Parameter key: The key to look up.
  /// - Complexity: Reading, updating and appending are expected O(1);
  ///   removing is O(`count`) at worst (the shorter side moves), O(1) at
  ///   either end.
  @inlinable
  public subscript(key key: Key) -> Value? {
    get {
      guard let storage = _storage, let offset = storage._find(key).offset else { return nil }
      return storage._values[storage._slot(offset)]
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
    _modify {
      let storage = _ensureUnique()
      let (found, bucket) = storage._find(key)
      if let offset = found {
        // Move the value out so the caller mutates it in place, uniquely.
        let slot = storage._slot(offset)
        var value: Value? = (storage._values + slot).move()
        defer {
          if let value {
            (storage._values + slot).initialize(to: value)
          } else {
            storage._removeSubrange(offset..<offset &+ 1, valuesAlreadyMoved: true)
          }
          _checkInvariants()
        }
        yield &value
      } else {
        var value: Value? = nil
        defer {
          if let value {
            storage._appendNew(key: key, value: value, bucket: bucket)
          }
          _checkInvariants()
        }
        yield &value
      }
    }
  }

  /// The value stored for `key`, or `defaultValue()` for a missing key.
  ///
  /// Mutating through this subscript appends the key with the default value
  /// first if it is missing, then mutates the stored value in place:
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// var counts: OrderedStore<Substring, Int> = [:]
  /// for word in "the cat saw the dog".split(separator: " ") {
  ///   counts[key: word, default: 0] += 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to look up.
  ///   - defaultValue: The value for a missing key.
  /// - Complexity: Expected O(1), if `Key` hashes well.
  @inlinable
  public subscript(
    key key: Key, default defaultValue: @autoclosure () -> Value
  ) -> Value {
    get {
      self[key: key] ?? defaultValue()
    }
    _modify {
      let storage = _ensureUnique()
      let (found, bucket) = storage._find(key)
      let offset: Int
      if let found {
        offset = found
      } else {
        offset = storage._count
        storage._appendNew(key: key, value: defaultValue(), bucket: bucket)
      }
      // The append may have reallocated; read the slot afterwards.
      let slot = storage._slot(offset)
      defer { _checkInvariants() }
      yield &storage._values[slot]
    }
  }

  /// Stores `value` for `key`, appending the key if it is new.
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key to update or append.
  /// - Returns: The value that was replaced, or `nil` if the key was new.
  /// - Complexity: Expected amortized O(1), if `Key` hashes well.
  @inlinable
  @discardableResult
  public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    let storage = _ensureUnique()
    let (found, bucket) = storage._find(key)
    defer { _checkInvariants() }
    if let offset = found { return storage._exchangeValue(at: offset, with: value) }
    storage._appendNew(key: key, value: value, bucket: bucket)
    return nil
  }

  /// Stores `value` for `key`; a new key is inserted at `index`.
  ///
  /// An existing key keeps its position.
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key to update or insert.
  ///   - index: Where to insert a new key, in `0...count`.
  /// - Returns: The replaced value (or `nil` for a new key) and the key's
  ///   position.
  /// - Complexity: Expected O(1) for an existing key or at either end;
  ///   O(min(`index`, `count - index`)) otherwise.
  @inlinable
  @discardableResult
  public mutating func updateValue(
    _ value: Value, forKey key: Key, insertingAt index: Int
  ) -> (originalValue: Value?, index: Int) {
    let count = self.count
    _precondition(
      index >= 0 && index <= count, "Insertion index \(index) out of range 0...\(count)")
    let storage = _ensureUnique()
    let (found, bucket) = storage._find(key)
    defer { _checkInvariants() }
    if let offset = found { return (storage._exchangeValue(at: offset, with: value), offset) }
    if index == count {
      storage._appendNew(key: key, value: value, bucket: bucket)
    } else {
      storage._insertNew(key: key, value: value, at: index)
    }
    return (nil, index)
  }

  /// Removes `key` and its value.
  ///
  /// - Parameter key: The key to remove.
  /// - Returns: The removed value, or `nil` if the key was missing.
  /// - Complexity: Expected O(1) at either end; O(`count`) at worst, as the
  ///   shorter side of the gap moves.
  @inlinable
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    guard let offset = index(forKey: key) else { return nil }
    return remove(at: offset).value
  }
}
