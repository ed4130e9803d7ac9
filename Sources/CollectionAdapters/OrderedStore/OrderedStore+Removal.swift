//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension OrderedStore {
  /// Removes and returns the pair at `index`.
  ///
  /// - Parameter index: A position in `0..<count`; traps otherwise.
  /// - Returns: The removed pair.
  /// - Complexity: O(min(`index`, `count - index`)): O(1) at either end.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    _checkPosition(index)
    let storage = _ensureUnique()
    defer { _checkInvariants() }
    return storage._remove(at: index)
  }

  /// Removes the pairs at the positions in `bounds`.
  ///
  /// - Parameter bounds: A range of positions within `0...count`.
  /// - Returns: The rows removed, for a list that shows the store.
  /// - Complexity: O(`bounds.count` + min(`bounds.lowerBound`,
  ///   `count - bounds.upperBound`)).
  @inlinable
  @discardableResult
  public mutating func removeSubrange(_ bounds: Range<Int>) -> RowChanges {
    let count = self.count
    _precondition(
      bounds.lowerBound >= 0 && bounds.upperBound <= count,
      "Range \(bounds) out of range 0..<\(count)")
    guard !bounds.isEmpty else { return RowChanges() }
    _ensureUnique()._removeSubrange(bounds)
    _checkInvariants()
    return RowChanges(deletions: [bounds])
  }

  /// Removes the pairs at the positions in `bounds`.
  ///
  /// - Parameter bounds: A range expression of positions within the store.
  /// - Returns: The rows removed, for a list that shows the store.
  /// - Complexity: As `removeSubrange(_: Range<Int>)`.
  @inlinable
  @discardableResult
  public mutating func removeSubrange(_ bounds: some RangeExpression<Int>) -> RowChanges {
    removeSubrange(bounds.relative(to: 0..<count))
  }

  /// Removes and returns the first pair. The store must not be empty.
  ///
  /// - Returns: The first pair.
  /// - Complexity: Amortized O(1) (`OrderedDictionary` pays O(`count`)).
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    _precondition(!isEmpty, "Cannot remove the first element of an empty OrderedStore")
    return remove(at: 0)
  }

  /// Removes the first `k` pairs.
  ///
  /// - Parameter k: How many to remove, in `0...count`.
  /// - Complexity: O(`k`).
  @inlinable
  public mutating func removeFirst(_ k: Int) {
    _precondition(
      k >= 0 && k <= count, "Cannot remove \(k) elements from an OrderedStore of \(count)")
    removeSubrange(0..<k)
  }

  /// Removes and returns the last pair. The store must not be empty.
  ///
  /// - Returns: The last pair.
  /// - Complexity: O(1).
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    _precondition(!isEmpty, "Cannot remove the last element of an empty OrderedStore")
    return remove(at: count - 1)
  }

  /// Removes the last `k` pairs.
  ///
  /// - Parameter k: How many to remove, in `0...count`.
  /// - Complexity: O(`k`).
  @inlinable
  public mutating func removeLast(_ k: Int) {
    _precondition(
      k >= 0 && k <= count, "Cannot remove \(k) elements from an OrderedStore of \(count)")
    removeSubrange(count - k..<count)
  }

  /// Removes and returns the first pair, or returns `nil` if the store is empty.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  public mutating func popFirst() -> Element? {
    isEmpty ? nil : remove(at: 0)
  }

  /// Removes and returns the last pair, or returns `nil` if the store is empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func popLast() -> Element? {
    isEmpty ? nil : remove(at: count - 1)
  }

  /// Removes every pair.
  ///
  /// - Parameter keepCapacity: Whether to keep the allocation for reuse.
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    guard keepCapacity, _storage != nil else {
      _storage = nil
      return
    }
    if isKnownUniquelyReferenced(&_storage) {
      _storage.unsafelyUnwrapped._removeAllKeepingCapacity()
    } else {
      _storage = _OrderedStoreStorage(capacity: capacity)
    }
    _checkInvariants()
  }

  /// Removes every pair for which `shouldBeRemoved` returns `true`, keeping
  /// the order of the rest.
  ///
  /// If `shouldBeRemoved` throws, the store is left unchanged.
  ///
  /// - Parameter shouldBeRemoved: The test for each pair.
  /// - Returns: The rows removed, for a list that shows the store.
  /// - Complexity: O(`count`).
  @inlinable
  @discardableResult
  public mutating func removeAll(
    where shouldBeRemoved: (Element) throws -> Bool
  ) rethrows -> RowChanges {
    guard !isEmpty else { return RowChanges() }
    let kept = OrderedStore(minimumCapacity: capacity)
    let keptStorage = kept._storage.unsafelyUnwrapped
    var removed: [Range<Int>] = []
    for (offset, element) in self.enumerated() {
      if try shouldBeRemoved(element) {
        if let last = removed.last, last.upperBound == offset {
          removed[removed.count - 1] = last.lowerBound..<offset + 1
        } else {
          removed.append(offset..<offset + 1)
        }
      } else {
        keptStorage._appendNew(key: element.key, value: element.value, bucket: .unknown)
      }
    }
    if kept.count != count { self = kept }
    _checkInvariants()
    return RowChanges(deletions: removed)
  }
}
