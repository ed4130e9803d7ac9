//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension _OrderedStoreStorage {
  /// Rearranges the elements into a new snapshot in one pass: the element
  /// at old offset `p` goes to `newPositions[p]` (or is destroyed if `nil`),
  /// and each offset in `insertions` takes `element(offset)`.
  ///
  /// The caller has checked that the positions fill `0..<newCount` exactly
  /// once and that the inserted keys are new. Only deleted and inserted keys
  /// are hashed; surviving entries of the table are renumbered in one scan
  /// of it (no hashing), unless the capacity must grow.
  ///
  /// - Complexity: O(*n* + *m* + buckets), with *d* + *i* hashes for *d*
  ///   deletions and *i* insertions.
  @inlinable
  internal func _rearrange<Positions: Collection<Int?>>(
    newPositions: Positions, newCount: Int, insertions: [Int],
    element: (Int) -> (key: Key, value: Value)
  ) {
    // Deleted keys leave the table while every key is still in its slot.
    if _buckets != nil {
      for (p, q) in newPositions.enumerated() where q == nil {
        _deleteBucket(_bucket(ofSlot: _slot(p)))
      }
    }
    let newCapacity = Swift.max(_capacity, newCount)
    _precondition(
      newCapacity < Int(UInt32.max),
      "Capacity \(newCapacity) exceeds the store's limit of \(UInt32.max - 1)")
    let keys = UnsafeMutablePointer<Key>.allocate(capacity: newCapacity)
    let values = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    let keepsTable = _buckets != nil && newCapacity == _capacity
    // For the table: each old slot's new slot (its new offset),
    // written in slot order here so that the scan of the table below reads
    // a compact array instead of `newPositions` at random.
    let newSlotOfSlot: UnsafeMutablePointer<UInt32>? =
      keepsTable ? .allocate(capacity: _capacity) : nil
    defer { newSlotOfSlot?.deallocate() }
    for (p, q) in newPositions.enumerated() {
      let slot = _slot(p)
      if let q {
        (keys + q).moveInitialize(from: _keys + slot, count: 1)
        (values + q).moveInitialize(from: _values + slot, count: 1)
        newSlotOfSlot?[slot] = UInt32(truncatingIfNeeded: q)
      } else {
        (_keys + slot).deinitialize(count: 1)
        (_values + slot).deinitialize(count: 1)
      }
    }
    for offset in insertions {
      let (key, value) = element(offset)
      (keys + offset).initialize(to: key)
      (values + offset).initialize(to: value)
    }
    if let buckets = _buckets, let newSlotOfSlot {
      // Survivors: old slot → new offset, which is the new slot.
      for b in 0..<_bucketCount where buckets[b] != 0 {
        buckets[b] = _retagged(buckets[b], slot: Int(newSlotOfSlot[_slot(ofEntry: buckets[b])]))
      }
    }
    _keys.deallocate()
    _values.deallocate()
    _keys = keys
    _values = values
    _head = 0
    _count = newCount
    if keepsTable {
      for offset in insertions { _insertIntoTable(slot: offset, at: .unknown) }
    } else {
      _capacity = newCapacity
      _allocateBuckets()
      _rehash()
    }
  }
}

extension _OrderedStoreStorage {
  /// Rearranges the elements at the offsets in `range` so that offset
  /// `range.lowerBound + i` holds the element that was at `order[i]` (an
  /// offset in `range`), rewriting only their table entries: found by
  /// hashing each key (in bucket order when they are many), or, with
  /// `scanningTable`, in one pass over the table without hashing (cheaper
  /// once the range is a sizable part of the table; the elements outside
  /// the range are never touched either way).
  ///
  /// - Complexity: O(`range.count`), with one hash per element in it; with
  ///   `scanningTable`, O(`range.count` + buckets) and no hash.
  @inlinable
  internal func _permute(
    _ range: Range<Int>, order: consuming [Int], scanningTable: Bool = false
  ) {
    let k = range.count
    guard k > 1 else { return }
    guard let buckets = _buckets else {
      _arrange(range, order: order)
      return
    }
    if scanningTable {
      _arrange(range, order: order)
      _retargetScanningTable(range, order: order, in: buckets)
      return
    }
    if k >= Self._bucketOrderLimit {
      // Many: their entries found in bucket order once they have moved.
      _arrange(range, order: order)
      let first = _slot(range.lowerBound)
      order.withUnsafeBufferPointer { order in
        _retargetInBucketOrder(first..<first &+ k) {
          first &+ order[$0 &- first] &- range.lowerBound
        }
      }
      return
    }
    // A few: their entries found while every key is still in its slot.
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: k) { found in
      let found = found.baseAddress.unsafelyUnwrapped
      _hashKeys(k, into: found) { _slot(range.lowerBound &+ $0) }
      _findEntries(found, count: k) { $0 }
      _arrange(range, order: order)
      for (i, source) in order.enumerated() {
        let element = found[source &- range.lowerBound]
        buckets[Int(truncatingIfNeeded: element >> 32)] = _retagged(
          UInt32(truncatingIfNeeded: element), slot: _slot(range.lowerBound &+ i))
      }
    }
  }

  /// Puts the element at offset `order[i]` (an offset in `range`) at offset
  /// `range.lowerBound + i`, keys and values, leaving the table as it is.
  @inlinable
  internal func _arrange(_ range: Range<Int>, order: [Int]) {
    let (keys, values) = _moveAside(range, count: range.count)
    defer {
      keys.deallocate()
      values.deallocate()
    }
    for (i, source) in order.enumerated() {
      let slot = _slot(range.lowerBound &+ i)
      let j = source &- range.lowerBound
      (_keys + slot).moveInitialize(from: keys + j, count: 1)
      (_values + slot).moveInitialize(from: values + j, count: 1)
    }
  }

  /// Rewrites the table entries of the elements `_arrange(range, order:)`
  /// moved, in one pass over the table, without hashing.
  @inlinable
  internal func _retargetScanningTable(
    _ range: Range<Int>, order: consuming [Int], in buckets: _BucketArray
  ) {
    let k = range.count
    // Each entry of an element of the range: its old offset in the range
    // gives its new one, by the inverse of `order`, computed in its own
    // storage (no allocation).
    var newIndex = consume order
    _invertPermutation(&newIndex, offset: range.lowerBound)
    let first = _slot(range.lowerBound)
    newIndex.withUnsafeBufferPointer { newIndex in
      if let runs = _SlotRuns(newIndex) {
        buckets.addSteps(
          of: runs, toSlots: UInt32(truncatingIfNeeded: first &+ 1), slotMask: _slotMask,
          count: _bucketCount)
        return
      }
      for b in 0..<_bucketCount where buckets[b] != 0 {
        let j = _slot(ofEntry: buckets[b]) &- first
        if j >= 0, j < k {
          buckets[b] = _retagged(buckets[b], slot: first &+ newIndex[j])
        }
      }
    }
  }

  /// Moves the elements at `offsets` (sorted, distinct, in range, at most
  /// `_SlotRuns.limit / 2`) so that they land, in order, before
  /// `destination` (counted before the move), in place: the rows between
  /// them move run by run, each run by one step, and their table entries
  /// are rewritten in one pass over the table by those runs. No key is
  /// hashed and nothing the size of the range is allocated.
  ///
  /// - Complexity: O(*d* + buckets) for the *d* rows between the first
  ///   moved row and the destination.
  @inlinable
  internal func _moveRowsScanningTable(_ offsets: [Int], toOffset destination: Int) {
    let k = offsets.count
    let below = offsets._partitioningIndex { $0 >= destination }
    let target = destination &- below
    let low = Swift.min(offsets[0], destination)
    let high = Swift.max(offsets[k &- 1] &+ 1, destination)
    // The moved rows wait aside while the rows between them close ranks.
    let (keys, values) = _moveAside(offsets, count: k)
    defer {
      keys.deallocate()
      values.deallocate()
    }
    // Each run of rows that stay: its first offset, its end and its step.
    // Below the destination the rows after the j-th moved one step back by
    // j + 1; above it, those before the j-th step on by k - j.
    var runs: [(start: Int, end: Int, step: Int)] = []
    runs.reserveCapacity(2 &* k &+ 1)
    for j in 0..<below {
      let end = j &+ 1 < below ? offsets[j &+ 1] : destination
      runs.append((offsets[j] &+ 1, end, -(j &+ 1)))
    }
    for j in below..<k {
      runs.append((j == below ? destination : offsets[j &- 1] &+ 1, offsets[j], k &- j))
    }
    // Back in increasing order, on in decreasing: each run lands on slots
    // already vacated.
    for run in runs where run.start < run.end && run.step < 0 {
      _moveSlots(run.start..<run.end, by: run.step)
    }
    for run in runs.reversed() where run.start < run.end && run.step > 0 {
      _moveSlots(run.start..<run.end, by: run.step)
    }
    for j in 0..<k {
      (_keys + _slot(target &+ j)).moveInitialize(from: keys + j, count: 1)
      (_values + _slot(target &+ j)).moveInitialize(from: values + j, count: 1)
    }
    guard let buckets = _buckets else { return }
    // The moved rows are runs of one, or more where they were adjacent.
    for (j, offset) in offsets.enumerated() {
      runs.append((offset, offset &+ 1, target &+ j &- offset))
    }
    runs.removeAll { $0.start >= $0.end }
    runs.sort { $0.start < $1.start }
    var starts: [UInt32] = []
    var steps: [UInt32] = []
    starts.reserveCapacity(runs.count)
    steps.reserveCapacity(runs.count &+ 1)
    for run in runs where steps.last != UInt32(truncatingIfNeeded: run.step) || starts.isEmpty {
      starts.append(UInt32(truncatingIfNeeded: run.start &- low))
      steps.append(UInt32(truncatingIfNeeded: run.step))
    }
    buckets.addSteps(
      of: _SlotRuns(starts: starts, steps: steps, length: high &- low),
      toSlots: UInt32(truncatingIfNeeded: _slot(low) &+ 1), slotMask: _slotMask,
      count: _bucketCount)
  }

  /// Moves the keys and values at the `count` offsets of `offsets`, in
  /// order, into new buffers, which the caller deallocates; their places
  /// are left holding nothing.
  @inlinable
  internal func _moveAside(
    _ offsets: some Sequence<Int>, count: Int
  ) -> (keys: UnsafeMutablePointer<Key>, values: UnsafeMutablePointer<Value>) {
    let keys = UnsafeMutablePointer<Key>.allocate(capacity: count)
    let values = UnsafeMutablePointer<Value>.allocate(capacity: count)
    for (i, offset) in offsets.enumerated() {
      (keys + i).moveInitialize(from: _keys + _slot(offset), count: 1)
      (values + i).moveInitialize(from: _values + _slot(offset), count: 1)
    }
    return (keys, values)
  }

  /// Moves the keys and values in `offsets` by `step` places; the places
  /// they land on hold nothing.
  @inlinable
  internal func _moveSlots(_ offsets: Range<Int>, by step: Int) {
    let from = _slot(offsets.lowerBound)
    (_keys + (from &+ step)).moveInitialize(from: _keys + from, count: offsets.count)
    (_values + (from &+ step)).moveInitialize(from: _values + from, count: offsets.count)
  }

  /// Moves the element at offset `from` to offset `to`, shifting the ones in
  /// between by one place, in place: a drag of one row allocates nothing
  /// and rewrites only the table entries of the rows it passes.
  ///
  /// - Complexity: O(|`to` - `from`|) moves and hashes, or a pass over the
  ///   table when that is cheaper.
  @inlinable
  internal func _moveOne(from: Int, to: Int) {
    let low = Swift.min(from, to)
    let high = Swift.max(from, to)
    if _buckets != nil && high &- low < Self._bucketOrderLimit {
      _moveOneNearby(from: from, to: to, rows: low...high)
      return
    }
    let movedSlot = _slot(from)
    // The moved key's entry, found while the key is still in its slot.
    let movedBucket = _buckets == nil ? -1 : _bucket(ofSlot: movedSlot)
    let key = (_keys + movedSlot).move()
    let value = (_values + movedSlot).move()
    // The rows in between step one place towards `from`.
    if to > from {
      _shiftSlots(_slot(from &+ 1)..<_slot(to &+ 1), by: -1)
    } else {
      _shiftSlots(_slot(to)..<_slot(from), by: 1)
    }
    let slot = _slot(to)
    (_keys + slot).initialize(to: key)
    (_values + slot).initialize(to: value)
    if let buckets = _buckets { buckets[movedBucket] = _retagged(buckets[movedBucket], slot: slot) }
  }

  /// `_moveOne` over a few rows, `rows` from `from` to `to`: every entry
  /// found (`_findEntries(_:count:entrySlot:)`) while the keys are in
  /// their slots, then the rows moved and the entries rewritten.
  @inlinable
  internal func _moveOneNearby(from: Int, to: Int, rows: ClosedRange<Int>) {
    let buckets = _buckets.unsafelyUnwrapped
    let count = rows.count
    let movedSlot = _slot(from)
    // Read first, so that its cache miss overlaps the keys'.
    let value = (_values + movedSlot).move()
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { found in
      let found = found.baseAddress.unsafelyUnwrapped
      _hashKeys(count, into: found) { _slot(rows.lowerBound &+ $0) }
      _findEntries(found, count: count) { $0 }
      let key = (_keys + movedSlot).move()
      // The rows in between step one place towards `from`.
      let step = to > from ? -1 : 1
      _moveSlots(to > from ? from &+ 1..<to &+ 1 : to..<from, by: step)
      (_keys + _slot(to)).initialize(to: key)
      (_values + _slot(to)).initialize(to: value)
      for i in 0..<count {
        let offset = rows.lowerBound &+ i
        let new = offset == from ? to : offset &+ step
        let entry = UInt32(truncatingIfNeeded: found[i])
        buckets[Int(truncatingIfNeeded: found[i] >> 32)] = _retagged(entry, slot: _slot(new))
      }
    }
  }
}

/// Replaces `permutation` (of `offset..<offset + count`: element `i` is the
/// old position of new position `i`) by its inverse, zero-based: element
/// `j` becomes the new position of old position `offset + j`. In place, by
/// following each cycle once and marking what it wrote with `~`.
///
/// - Complexity: O(`count`), no allocation.
@inlinable
internal func _invertPermutation(_ permutation: inout [Int], offset: Int) {
  permutation.withUnsafeMutableBufferPointer { p in
    for i in p.indices { p[i] &-= offset }
    for start in p.indices where p[start] >= 0 {
      // The cycle start → p[start] → ...: each element's inverse is the
      // one before it in the cycle.
      var previous = start
      var current = p[start]
      while current != start {
        let next = p[current]
        p[current] = ~previous
        previous = current
        current = next
      }
      p[start] = ~previous
    }
    for i in p.indices { p[i] = ~p[i] }
  }
}
