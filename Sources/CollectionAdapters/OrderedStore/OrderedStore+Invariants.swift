//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension OrderedStore {
  #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
    /// Traps if the storage is inconsistent: counts and slot bounds, the table
    /// (every key found exactly at its slot, no stray entries), unique keys.
    @usableFromInline @inline(never)
    internal func _checkInvariants() {
      guard let storage = _storage else { return }
      _precondition(storage._count >= 0 && storage._count <= storage._capacity, "Bad count")
      _precondition(
        storage._head >= 0 && storage._head + storage._count <= storage._capacity,
        "Elements in slots \(storage._head)..<\(storage._head + storage._count) past capacity \(storage._capacity)"
      )
      if storage._capacity <= _OrderedStoreStorage<Key, Value>._linearScanLimit {
        _precondition(storage._buckets == nil, "Small store has a table")
        for i in 0..<storage._count {
          _precondition(storage._find(storage._keys[storage._slot(i)]).offset == i, "Duplicate key")
        }
        return
      }
      guard let buckets = storage._buckets else { _preconditionFailure("Large store has no table") }
      // 16/3 bytes per element of capacity: a load of 3/8, 9/16 or 3/4.
      _precondition(
        storage._capacity * 3 * buckets._width <= storage._bucketCount * 16,
        "Table of \(storage._bucketCount) buckets too small for \(storage._capacity)")
      _precondition(
        storage._tagMask & storage._slotMask == 0 && storage._tagMask & ~buckets._mask == 0
          && storage._slotMask & buckets._mask == storage._slotMask,
        "Tag bits \(storage._tagMask) and slot bits \(storage._slotMask) overlap or overflow")
      var entries = 0
      for b in 0..<storage._bucketCount where buckets[b] != 0 {
        entries += 1
        let slot = storage._slot(ofEntry: buckets[b])
        let offset = storage._offset(ofSlot: slot)
        _precondition(offset >= 0 && offset < storage._count, "Entry points outside the elements")
        _precondition(
          buckets[b] & storage._tagMask == storage._hashed(storage._keys[slot]).tag,
          "Entry of slot \(slot) has another key's tag")
      }
      _precondition(
        entries == storage._count, "Table has \(entries) entries for \(storage._count) keys")
      for i in 0..<storage._count {
        let key = storage._keys[storage._slot(i)]
        _precondition(storage._find(key).offset == i, "Key at \(i) not found at its position")
      }
    }
  #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
  #endif
}
