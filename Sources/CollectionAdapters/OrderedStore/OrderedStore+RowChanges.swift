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
// their changes too; a move by offsets is described by its own arguments
// (`RowChanges(movingOffsets:toOffset:)`), so a drag allocates nothing, and
// a move by keys (a reorder by ids, as SwiftUI hands it over) returns them.

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
  /// assert(appended == RowChanges(insertions: [2..<3]))
  /// let edited = messages.setValue("Hi!", forKey: 1)
  /// assert(edited == RowChanges(updates: [0..<1]))
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
    return original == nil ? RowChanges(insertions: [row]) : RowChanges(updates: [row])
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
      for range in changes.deletions.reversed() { removeSubrange(range) }
    }
    return changes
  }

  /// Moves the rows of `keys`, in their order in the store, to just before
  /// the row of `destination`, or to the end when it is `nil`, and says
  /// which rows moved: a reorder by ids, as a drag hands it over (SwiftUI's
  /// `ReorderDifference` names its sources and a destination `.before(id)`
  /// or `.end`).
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var tasks: OrderedStore<String, Int> = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]
  /// let changes = tasks.move(keys: ["d", "b"], before: "a")
  /// assert(tasks.keys.elementsEqual(["b", "d", "a", "c", "e"]))
  /// assert(changes == RowChanges(movingOffsets: [1, 3], toOffset: 0))
  /// tasks.move(keys: ["a"], before: nil)  // to the end
  /// assert(tasks.keys.elementsEqual(["b", "d", "c", "e", "a"]))
  /// ```
  ///
  /// The keys come from the UI, so none of them traps: a key the store does
  /// not hold (removed by a sync meanwhile) is ignored, and a destination it
  /// does not hold moves nothing and returns no change. A destination among
  /// the moved keys places them where that key was.
  ///
  /// - Parameters:
  ///   - keys: The keys of the rows to move, in any order; repeated keys
  ///     count once.
  ///   - destination: The key of the row the moved rows land before, or
  ///     `nil` for the end.
  /// - Returns: The rows moved, as `RowChanges(movingOffsets:toOffset:)`
  ///   describes them.
  /// - Complexity: O(*k* log *k* + *d*) for *k* keys whose rows span *d*
  ///   positions with the destination's (one hash lookup per key), as
  ///   `move(fromOffsets:toOffset:)`.
  @inlinable
  @discardableResult
  public mutating func move(keys: some Sequence<Key>, before destination: Key?) -> RowChanges {
    let target: Int
    if let destination {
      guard let offset = index(forKey: destination) else { return RowChanges() }
      target = offset
    } else {
      target = count
    }
    let offsets = keys.compactMap { index(forKey: $0) }
    guard !offsets.isEmpty else { return RowChanges() }
    let changes = RowChanges(movingOffsets: offsets, toOffset: target)
    move(fromOffsets: offsets, toOffset: target)
    return changes
  }
}
