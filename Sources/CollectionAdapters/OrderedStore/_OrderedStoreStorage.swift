//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The shared, copy-on-write storage of an `OrderedStore`.
///
/// Keys and values live in two parallel buffers of the same capacity, in one
/// contiguous run of slots, `_head ..< _head + _count`, with free slots on
/// both sides. So both ends grow and shrink in amortized O(1), a middle
/// insertion or removal moves only the shorter side, and iteration is one
/// pointer walk with one end test, which the compiler vectorizes. (A ring
/// buffer gives the same costs at the ends, but its wrap test in every step
/// of an iteration keeps the loop scalar.) When the end that
/// must grow is full, the elements slide to the middle of the allocation if
/// at least a quarter of it is free, and the storage grows otherwise; either
/// leaves at least an eighth of the capacity free at that end, so a slide's
/// O(`count`) is paid once per that many edits.
///
/// The hash index (`_OrderedStoreStorage+HashIndex.swift`) maps a key's
/// hash to the *physical slot* of the key (stored as `slot + 1`, zero
/// meaning empty), so that moving the head renumbers nothing: only elements
/// that really move have their bucket rewritten. This file holds the
/// elements' buffers and the edits that move them; the one below rearranges
/// them for a difference (`+Rearranging`).
///
/// Stores whose capacity is at most `_linearScanLimit` have no hash index and
/// find keys by a linear scan, which is faster at that size and saves memory.
///
/// Fields skip dynamic exclusivity checks: the storage is only mutated after
/// the owning store's uniqueness check, so accesses never overlap.
@usableFromInline
internal final class _OrderedStoreStorage<Key: Hashable, Value> {
  /// The largest capacity that is served by a linear scan instead of a table.
  @usableFromInline static var _linearScanLimit: Int { 16 }

  @usableFromInline @exclusivity(unchecked) var _keys: UnsafeMutablePointer<Key>
  @usableFromInline @exclusivity(unchecked) var _values: UnsafeMutablePointer<Value>
  @usableFromInline @exclusivity(unchecked) var _capacity: Int
  @usableFromInline @exclusivity(unchecked) var _head: Int
  @usableFromInline @exclusivity(unchecked) var _count: Int
  /// `nil` while `_capacity <= _linearScanLimit`.
  @usableFromInline @exclusivity(unchecked) var _buckets: _BucketArray?
  @usableFromInline @exclusivity(unchecked) var _bucketCount: Int
  /// The bits of a table entry that hold `slot + 1`
  /// (`_OrderedStoreStorage+HashIndex.swift`).
  @usableFromInline @exclusivity(unchecked) var _slotMask: UInt32
  /// The bits of a table entry above `_slotMask` and within the entry's
  /// width: the key's tag.
  @usableFromInline @exclusivity(unchecked) var _tagMask: UInt32

  @usableFromInline
  internal init(capacity: Int) {
    _precondition(capacity >= 0, "Capacity \(capacity) must not be negative")
    _precondition(
      capacity < Int(UInt32.max),
      "Capacity \(capacity) exceeds the store's limit of \(UInt32.max - 1)")
    _keys = .allocate(capacity: capacity)
    _values = .allocate(capacity: capacity)
    _capacity = capacity
    _head = 0
    _count = 0
    _buckets = nil
    _bucketCount = 0
    _slotMask = .max
    _tagMask = 0
    _allocateBuckets()
  }

  deinit {
    (_keys + _head).deinitialize(count: _count)
    (_values + _head).deinitialize(count: _count)
    _keys.deallocate()
    _values.deallocate()
    _buckets?.deallocate()
  }
}

// MARK: - Slots

extension _OrderedStoreStorage {
  /// The physical slot of the element at `offset`.
  @inlinable @inline(__always)
  internal func _slot(_ offset: Int) -> Int {
    _head &+ offset
  }

  /// The offset of the element in physical slot `slot`.
  @inlinable @inline(__always)
  internal func _offset(ofSlot slot: Int) -> Int {
    slot &- _head
  }

  /// Moves the elements in slots `slots` by `delta` slots, keys, values
  /// and table entries. The target slots outside `slots` must be free.
  @inlinable
  internal func _shiftSlots(_ slots: Range<Int>, by delta: Int) {
    guard !slots.isEmpty, delta != 0 else { return }
    // `moveInitialize` copies overlapping ranges in the right direction.
    let target = slots.lowerBound &+ delta
    (_keys + target).moveInitialize(from: _keys + slots.lowerBound, count: slots.count)
    (_values + target).moveInitialize(from: _values + slots.lowerBound, count: slots.count)
    _retargetEntries(movedFrom: slots, by: delta)
  }
}

// MARK: - Capacity

extension _OrderedStoreStorage {
  /// A linearized copy with at least `minimumCapacity` slots.
  @usableFromInline
  internal func _copy(minimumCapacity: Int) -> _OrderedStoreStorage {
    let result = _OrderedStoreStorage(capacity: Swift.max(minimumCapacity, _count))
    result._keys.initialize(from: _keys + _head, count: _count)
    result._values.initialize(from: _values + _head, count: _count)
    result._count = _count
    result._rehash()
    return result
  }

  /// Moves the elements into a new allocation of `newCapacity` slots,
  /// starting at slot `head`, and rebuilds the table; O(`count`).
  @usableFromInline
  internal func _resize(to newCapacity: Int, head: Int = 0) {
    _precondition(
      newCapacity >= head + _count,
      "Capacity \(newCapacity) is less than head \(head) plus count \(_count)")
    _precondition(
      newCapacity < Int(UInt32.max),
      "Capacity \(newCapacity) exceeds the store's limit of \(UInt32.max - 1)")
    let keys = UnsafeMutablePointer<Key>.allocate(capacity: newCapacity)
    let values = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    (keys + head).moveInitialize(from: _keys + _head, count: _count)
    (values + head).moveInitialize(from: _values + _head, count: _count)
    _keys.deallocate()
    _values.deallocate()
    _keys = keys
    _values = values
    _capacity = newCapacity
    _head = head
    _allocateBuckets()
    _rehash()
  }

  /// Moves the elements, in place, to start at slot `head`, and renumbers
  /// their table entries; O(`count` + buckets).
  @usableFromInline
  internal func _slide(toHead head: Int) {
    _precondition(
      head >= 0 && head &+ _count <= _capacity,
      "Head \(head) plus count \(_count) is outside capacity \(_capacity)")
    guard head != _head else { return }
    _shiftSlots(_head..<_head &+ _count, by: head &- _head)
    _head = head
  }

  /// Makes at least one slot free after the last element (`atEnd`) or before
  /// the first: by sliding the elements to the middle of the allocation when
  /// at least a quarter of it is free, by growing it otherwise (appends keep
  /// their elements at the start of the new allocation, so a store built by
  /// appending holds no free slots before them).
  @usableFromInline @inline(never)
  internal func _makeRoom(atEnd: Bool) {
    let free = _capacity &- _count
    if free > 0 && free &* 4 >= _capacity {
      // Round towards the end that needs the room.
      _slide(toHead: atEnd ? free / 2 : free &- free / 2)
    } else {
      let newCapacity = Swift.max(_capacity &* 2, 4)
      let newFree = newCapacity &- _count
      _resize(to: newCapacity, head: atEnd ? 0 : newFree &- newFree / 2)
    }
  }
}

// MARK: - Insertion and removal

extension _OrderedStoreStorage {
  /// Appends a key known to be absent. `bucket` is from `_find` on this
  /// storage, or `.unknown` to look it up.
  @inlinable
  internal func _appendNew(key: Key, value: Value, bucket: _InsertionPoint) {
    var bucket = bucket
    if _head &+ _count == _capacity {
      _makeRoom(atEnd: true)
      bucket = .unknown
    }
    let slot = _slot(_count)
    (_keys + slot).initialize(to: key)
    (_values + slot).initialize(to: value)
    _count &+= 1
    _insertIntoTable(slot: slot, at: bucket)
  }

  /// Inserts a key known to be absent at `offset`, moving the shorter side.
  @usableFromInline
  internal func _insertNew(key: Key, value: Value, at offset: Int) {
    let shiftsFront = offset < _count &- offset
    if shiftsFront ? _head == 0 : _head &+ _count == _capacity { _makeRoom(atEnd: !shiftsFront) }
    if shiftsFront {
      // Shift the front one slot towards lower slots.
      _shiftSlots(_slot(0)..<_slot(offset), by: -1)
      _head &-= 1
    } else {
      _shiftSlots(_slot(offset)..<_slot(_count), by: 1)
    }
    // With `_head` moved, `_slot(offset)` is the vacated slot.
    let slot = _slot(offset)
    (_keys + slot).initialize(to: key)
    (_values + slot).initialize(to: value)
    _count &+= 1
    _insertIntoTable(slot: slot, at: .unknown)
  }

  /// Removes the elements in `offsets` from the table and deinitializes their
  /// keys, and their values unless `valuesAlreadyMoved`; then closes the gap
  /// by moving the shorter side.
  @usableFromInline
  internal func _removeSubrange(_ offsets: Range<Int>, valuesAlreadyMoved: Bool = false) {
    guard !offsets.isEmpty else { return }
    for offset in offsets {
      let slot = _slot(offset)
      if _buckets != nil { _deleteBucket(_bucket(ofSlot: slot)) }
      (_keys + slot).deinitialize(count: 1)
      if !valuesAlreadyMoved { (_values + slot).deinitialize(count: 1) }
    }
    let gap = offsets.count
    let before = offsets.lowerBound
    let after = _count &- offsets.upperBound
    if before < after {
      // Shift the front `gap` slots towards higher slots.
      _shiftSlots(_slot(0)..<_slot(before), by: gap)
      _head = _slot(gap)
    } else {
      _shiftSlots(_slot(offsets.upperBound)..<_slot(_count), by: -gap)
    }
    _count &-= gap
    if _count == 0 { _head = 0 }
  }

  /// Replaces the value at `offset` and returns the old one.
  @inlinable
  internal func _exchangeValue(at offset: Int, with value: Value) -> Value {
    let slot = _slot(offset)
    let old = (_values + slot).move()
    (_values + slot).initialize(to: value)
    return old
  }

  /// Removes and returns the element at `offset`.
  @inlinable
  internal func _remove(at offset: Int) -> (key: Key, value: Value) {
    let slot = _slot(offset)
    let key = _keys[slot]
    let value = (_values + slot).move()
    _removeSubrange(offset..<offset &+ 1, valuesAlreadyMoved: true)
    return (key, value)
  }

  /// Removes every element, keeping the allocation.
  @usableFromInline
  internal func _removeAllKeepingCapacity() {
    (_keys + _head).deinitialize(count: _count)
    (_values + _head).deinitialize(count: _count)
    _count = 0
    _head = 0
    _buckets?.removeAll(count: _bucketCount)
  }

  /// Exchanges the elements at two offsets and their table entries.
  @usableFromInline
  internal func _swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    let a = _slot(i)
    let b = _slot(j)
    if let buckets = _buckets {
      let ba = _bucket(ofSlot: a)
      let bb = _bucket(ofSlot: b)
      buckets[ba] = _retagged(buckets[ba], slot: b)
      buckets[bb] = _retagged(buckets[bb], slot: a)
    }
    swap(&_keys[a], &_keys[b])
    swap(&_values[a], &_values[b])
  }

  /// Calls `body` with the elements as two parallel buffers, then rebuilds
  /// the table, even if `body` throws. `body` may permute but must neither
  /// add nor remove keys.
  @usableFromInline
  internal func _withPermutableBuffers<R>(
    _ body: (UnsafeMutableBufferPointer<Key>, UnsafeMutableBufferPointer<Value>) throws -> R
  ) rethrows -> R {
    defer { _rehash() }
    return try body(
      UnsafeMutableBufferPointer(start: _keys + _head, count: _count),
      UnsafeMutableBufferPointer(start: _values + _head, count: _count))
  }
}
