//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension OrderedStore {
  /// Applies a difference between this store (the old snapshot) and `new`,
  /// computed with the keys as identity, as a batch: removals by old
  /// position, descending; insertions by new position, ascending; then
  /// updated values. Afterwards the store equals `new`.
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import IdentityDiff
  ///
  /// var shown: OrderedStore<String, Int> = ["a": 1, "b": 2, "c": 3]
  /// let latest: OrderedStore<String, Int> = ["c": 3, "a": 10, "d": 4]
  /// let difference = IdentityDifference(
  ///   from: shown, to: latest, id: { $0.key }, contentEquals: { $0.value == $1.value })
  /// shown.apply(difference, from: latest)   // shown == latest
  /// ```
  ///
  /// The difference must have been computed from this store to `new` with
  /// the keys as identity. Each surviving key is checked against the key
  /// at its new position in `new`, and a mismatch traps naming it (a
  /// difference applied to another store); an inserted key that the store
  /// already holds is not checked for.
  ///
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements, with a
  ///   hash only for each deleted and inserted key: the survivors' entries
  ///   in the hash table are renumbered in one scan, not rehashed. (An
  ///   `Array` pays the same O(*n* + *m*) copy.)
  @inlinable
  public mutating func apply(_ difference: IdentityDifference, from new: OrderedStore) {
    _precondition(
      count == difference.oldCount,
      "The difference is from \(difference.oldCount) elements, not \(count)")
    _precondition(
      new.count == difference.newCount,
      "The difference is to \(difference.newCount) elements, not \(new.count)")
    // Check that the difference maps the positions one to one before
    // anything moves.
    var filled = [Bool](repeating: false, count: difference.newCount)
    for case let q? in difference.newPositions {
      _precondition(
        q >= 0 && q < difference.newCount && !filled[q],
        "The difference does not describe these snapshots (new position \(q))")
      filled[q] = true
    }
    for q in difference.insertions {
      _precondition(
        q >= 0 && q < difference.newCount && !filled[q],
        "The difference does not describe these snapshots (insertion at \(q))")
      filled[q] = true
    }
    guard let newStorage = new._storage else {
      removeAll()
      return
    }
    if let oldStorage = _storage {
      for (old, q) in difference.newPositions.enumerated() {
        guard let q else { continue }
        let key = oldStorage._keys[oldStorage._slot(old)]
        let newKey = newStorage._keys[newStorage._slot(q)]
        _precondition(
          key == newKey,
          "The difference does not describe this store: key \(key) at \(old) is \(newKey) at \(q) in the new store"
        )
      }
    }
    let storage = _ensureUnique()
    storage._rearrange(
      newPositions: difference.newPositions, newCount: difference.newCount,
      insertions: difference.insertions
    ) { offset in
      let slot = newStorage._slot(offset)
      return (newStorage._keys[slot], newStorage._values[slot])
    }
    for position in difference.updates {
      storage._values[position] = newStorage._values[newStorage._slot(position)]
    }
    _checkInvariants()
  }
}
