//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// Edits by key that say which rows they changed, for a list that shows the
// store: `list.update { $0.setValue(message, forKey: message.id) }`. The
// removals by position (`removeSubrange(_:)`, `removeAll(where:)`) return
// their changes too; a move is described by its own arguments
// (`RowChanges(movingOffsets:toOffset:)`), so a drag allocates nothing.

extension OrderedStore {
  /// Stores `value` for `key` and says which row changed: the key's row,
  /// updated in place, or a new row inserted at `index` (the end if `nil`).
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var messages: OrderedStore<Int, String> = [1: "Hi", 2: "Hello"]
  /// let appended = messages.setValue("How are you?", forKey: 3)
  /// assert(appended == RowChanges(inserted: [2..<3]))
  /// let edited = messages.setValue("Hi!", forKey: 1)
  /// assert(edited == RowChanges(updated: [0..<1]))
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key to update or insert.
  ///   - index: Where to insert a new key, in `0...count`; `nil` appends.
  /// - Returns: The row updated or inserted.
  /// - Complexity: As `updateValue(_:forKey:insertingAt:)`: expected O(1)
  ///   for an existing key or at either end.
  @inlinable
  @discardableResult
  public mutating func setValue(
    _ value: Value, forKey key: Key, insertingAt index: Int? = nil
  ) -> RowChanges {
    let (original, position) = updateValue(value, forKey: key, insertingAt: index ?? count)
    let row = position..<position + 1
    return original == nil ? RowChanges(inserted: [row]) : RowChanges(updated: [row])
  }

  /// Removes the keys of `keys` that the store holds, and says which rows
  /// were removed; keys it does not hold are ignored.
  ///
  /// - Parameter keys: The keys to remove; repeated keys count once.
  /// - Returns: The rows removed, in the positions before the removal.
  /// - Complexity: O(*k* log *k*) for *k* keys, plus, for each, the
  ///   distance from its row to the nearer end; O(`count`) when *k* is a
  ///   large part of the store.
  @inlinable
  @discardableResult
  public mutating func removeValues(forKeys keys: some Sequence<Key>) -> RowChanges {
    let offsets = keys.compactMap { index(forKey: $0) }
    guard !offsets.isEmpty else { return RowChanges() }
    let changes = RowChanges(removing: offsets)
    if offsets.count > count / 8 {
      var removed = [Bool](repeating: false, count: count)
      for offset in offsets { removed[offset] = true }
      var position = -1
      removeAll { _ in
        position += 1
        return removed[position]
      }
    } else {
      for range in changes.removed.reversed() { removeSubrange(range) }
    }
    return changes
  }
}
