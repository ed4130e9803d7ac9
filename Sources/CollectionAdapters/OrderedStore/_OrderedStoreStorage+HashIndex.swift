//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

// The hash index of `_OrderedStoreStorage`: an open-addressing table with
// linear probing and no tombstones, mapping a key's hash to its physical
// slot. The elements' own buffers are in `_OrderedStoreStorage.swift`.
//
// Two loops probe the table: `_find`, which compares keys, and
// `_bucket(holding:from:)`, which compares entries (it finds an empty
// bucket, entry 0, or the bucket of a known slot). Every other member that
// needs a bucket goes through one of them.
//
// An entry is `slot + 1` in its low bits (`_slotMask`, as many as the
// capacity needs) and, in the bits above up to the entry's width, a tag
// (`_tagMask`): those bits of the key's hash. `_find` compares a key only
// where the tag matches, so a probe past another key's entry reads no key,
// and each key read is a cache miss in a large store.
//
// The table has 16/3 bytes per element of capacity. Its entries are as
// narrow as leaves 6 bits of tag (2, 3 or 4 bytes, `_BucketArray.swift`),
// so it has as many more buckets: a largest load factor of 3/8 up to a
// capacity of 1,023, 9/16 up to 262,143 and 3/4 above. At 9/16 linear
// probing visits 1.6 buckets on average to find a key and 3.1 to find it
// absent, at 3/4 2.5 and 8.5 (Knuth). With 7 tag bits at a capacity of
// 100,000, one passed entry in 128 reads a key it did not need; with 12 at
// 1M, one in 4,096.

extension _OrderedStoreStorage {
  /// Maps the hash into `0..<_bucketCount` by a multiply-high (Lemire's
  /// range reduction), so the table need not have a power-of-two size.
  ///
  /// The hash is `_rawHashValue(seed:)`, `Hashable`'s entry point for hash
  /// tables (the standard library's `Dictionary` and swift-collections call
  /// it too): for a single-word key it hashes that word directly, where
  /// `hashValue` feeds it through a `Hasher`'s buffer first.
  @inlinable @inline(__always)
  internal func _idealBucket(_ key: Key) -> Int {
    _hashed(key).bucket
  }

  /// The key's ideal bucket and its tag, from one hash: the bucket from
  /// the high bits (the multiply-high), the tag from the bits of the low
  /// word in `_tagMask`, which the bucket does not depend on.
  @inlinable @inline(__always)
  internal func _hashed(_ key: Key) -> (bucket: Int, tag: UInt32) {
    let hash = UInt(bitPattern: key._rawHashValue(seed: 0))
    let bucket = Int(
      truncatingIfNeeded: hash.multipliedFullWidth(by: UInt(bitPattern: _bucketCount)).high)
    return (bucket, UInt32(truncatingIfNeeded: hash) & _tagMask)
  }

  /// The physical slot that `entry` (not 0) holds.
  @inlinable @inline(__always)
  internal func _slot(ofEntry entry: UInt32) -> Int {
    Int(truncatingIfNeeded: entry & _slotMask) &- 1
  }

  /// `entry` with its key's tag kept and its slot replaced by `slot`.
  @inlinable @inline(__always)
  internal func _retagged(_ entry: UInt32, slot: Int) -> UInt32 {
    _entry(slot, tag: entry & _tagMask)
  }

  /// The bucket after `bucket`, wrapping around.
  @inlinable @inline(__always)
  internal func _nextBucket(_ bucket: Int) -> Int {
    let next = bucket &+ 1
    return next == _bucketCount ? 0 : next
  }

  /// How many steps forward from bucket `from` to bucket `to`, wrapping.
  @inlinable @inline(__always)
  internal func _bucketDistance(from: Int, to: Int) -> Int {
    to >= from ? to &- from : to &+ _bucketCount &- from
  }

  /// Allocates an empty table sized for `_capacity`, or none for small stores.
  @usableFromInline
  internal func _allocateBuckets() {
    _buckets?.deallocate()
    _buckets = nil
    _bucketCount = 0
    guard _capacity > Self._linearScanLimit else { return }
    // Entries hold `slot + 1` up to the capacity; the bits above are tag.
    let slotBits = Int.bitWidth &- _capacity.leadingZeroBitCount
    _slotMask = slotBits >= 32 ? .max : (1 << UInt32(slotBits)) &- 1
    // The narrowest entry that leaves 6 bits of tag: one passed entry in
    // 64 at most costs a key read it did not need.
    let width = slotBits <= 10 ? 2 : slotBits <= 18 ? 3 : 4
    // 16/3 bytes per element of capacity at every width, with no
    // power-of-two rounding: a load factor of 3/8, 9/16 or 3/4.
    let bucketCount = Swift.max(32, (_capacity &* 16 &+ 3 &* width &- 1) / (3 &* width))
    let buckets = _BucketArray(count: bucketCount, width: width)
    _tagMask = buckets._mask & ~_slotMask
    _buckets = buckets
    _bucketCount = bucketCount
  }

  /// Refills the table from the elements; O(`count`).
  @usableFromInline
  internal func _rehash() {
    guard let buckets = _buckets else { return }
    buckets.removeAll(count: _bucketCount)
    for offset in 0..<_count {
      let slot = _slot(offset)
      let (ideal, tag) = _hashed(_keys[slot])
      buckets[_bucket(holding: 0, from: ideal)] = _entry(slot, tag: tag)
    }
  }

  /// Finds `key`. Returns its offset and `.unknown`, or `nil` and where it
  /// would be inserted (`.unknown` for stores without a table).
  @inlinable
  internal func _find(_ key: Key) -> (offset: Int?, bucket: _InsertionPoint) {
    guard let buckets = _buckets else {
      var offset = 0
      while offset < _count {
        if _keys[_slot(offset)] == key { return (offset, .unknown) }
        offset &+= 1
      }
      return (nil, .unknown)
    }
    var (b, tag) = _hashed(key)
    let tagMask = _tagMask
    if b &+ 1 < _bucketCount {
      // At these loads most keys lie in their ideal bucket or the next
      // one, but a loop's branch on the first
      // bucket's tag mispredicts whenever it is in the second. So the two
      // are read together and the tag picks one without a branch (a
      // conditional move): a hit in either takes one predictable branch.
      // Anything else, a miss included, probes from the start below.
      // Both reads come before the pick: a read inside it would be a branch.
      let first = buckets[b]
      let second = buckets[b &+ 1]
      let matchesFirst = (first ^ tag) & tagMask == 0
      let entry = matchesFirst ? first : second
      if entry != 0 && (entry ^ tag) & tagMask == 0 {
        let slot = _slot(ofEntry: entry)
        if _keys[slot] == key { return (_offset(ofSlot: slot), .unknown) }
      }
    }
    while true {
      let entry = buckets[b]
      if entry == 0 { return (nil, _InsertionPoint(bucket: b, tag: tag)) }
      if entry & tagMask == tag {
        let slot = _slot(ofEntry: entry)
        if _keys[slot] == key { return (_offset(ofSlot: slot), .unknown) }
      }
      b = _nextBucket(b)
    }
  }

  /// The table entry of physical slot `slot`, whose key has `tag`.
  @inlinable @inline(__always)
  internal func _entry(_ slot: Int, tag: UInt32) -> UInt32 {
    tag | UInt32(truncatingIfNeeded: slot &+ 1)
  }

  /// The first bucket from `bucket` on (wrapping) that holds `entry`: an
  /// empty one for 0, which the load factor guarantees, or the bucket of a
  /// slot, when probing from its key's ideal bucket.
  @inlinable
  internal func _bucket(holding entry: UInt32, from bucket: Int) -> Int {
    let buckets = _buckets.unsafelyUnwrapped
    var b = bucket
    #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
      // A table that lost an entry would make this loop spin forever.
      var steps = 0
    #endif
    while buckets[b] != entry {
      b = _nextBucket(b)
      #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
        steps += 1
        _precondition(steps < _bucketCount, "No bucket holds entry \(entry)")
      #endif
    }
    return b
  }

  /// The bucket that holds physical slot `slot`, whose key must be in the table.
  @inlinable
  internal func _bucket(ofSlot slot: Int) -> Int {
    let (ideal, tag) = _hashed(_keys[slot])
    return _bucket(holding: _entry(slot, tag: tag), from: ideal)
  }

  /// Rewrites the table entries of the elements that moved from slots
  /// `slots` to `delta` slots away (their keys already there), choosing the
  /// cheapest of three ways:
  /// - a few: every key hashed, then every entry found
  ///   (`_findEntries(_:count:entrySlot:)`), then rewritten, with nothing
  ///   allocated;
  /// - many: the same, in the order of their buckets, so that the probes
  ///   read the table nearly in sequence instead of a cache miss each;
  /// - a sizable part of the table (`_shiftPrefersTableScan(moving:)`):
  ///   one pass over it, no hashing.
  @inlinable
  internal func _retargetEntries(movedFrom slots: Range<Int>, by delta: Int) {
    guard let buckets = _buckets, !slots.isEmpty, delta != 0 else { return }
    let count = slots.count
    if _shiftPrefersTableScan(moving: count) {
      // The moved entries hold `slot + 1` in `first ..< first + count`;
      // adding `delta` to an entry moves its slot and keeps its tag.
      buckets.addStep(
        UInt32(truncatingIfNeeded: delta),
        toSlots: UInt32(truncatingIfNeeded: slots.lowerBound &+ 1),
        length: UInt32(truncatingIfNeeded: count), slotMask: _slotMask, count: _bucketCount)
    } else if count >= Self._bucketOrderLimit {
      _retargetInBucketOrder(slots.lowerBound &+ delta..<slots.upperBound &+ delta) { $0 &- delta }
    } else {
      let first = slots.lowerBound &+ delta
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { found in
        let found = found.baseAddress.unsafelyUnwrapped
        _hashKeys(count, into: found) { first &+ $0 }
        _findEntries(found, count: count) { $0 &- delta }
        for i in 0..<count {
          buckets[Int(truncatingIfNeeded: found[i] >> 32)] = UInt32(truncatingIfNeeded: found[i])
        }
      }
    }
  }

  /// From how many moved elements their entries are rewritten in bucket
  /// order.
  @inlinable
  internal static var _bucketOrderLimit: Int { 512 }

  /// Rewrites the table entries of many elements whose keys are now in
  /// `slots`, the key in slot `s` having come from slot `oldSlot(s)`:
  /// every key hashed once, the elements binned by bucket (a counting sort
  /// into bins of `1 << _bucketBinShift` buckets), every entry found before
  /// any is rewritten, then rewritten, both bin by bin.
  ///
  /// Each element is one word, its bucket above its new entry, so the
  /// passes read and write two arrays in sequence and the bins' write
  /// positions, one per bin, stay in cache. Within a bin the probes read a
  /// kilobyte of the table, which the bin's first probes brought in.
  ///
  /// - Complexity: O(`slots.count` + buckets / 512), one hash per element.
  @inlinable
  internal func _retargetInBucketOrder(_ slots: Range<Int>, oldSlot: (Int) -> Int) {
    let buckets = _buckets.unsafelyUnwrapped
    let count = slots.count
    // At most about one bin per element: their counters are passed over
    // three times.
    var binShift = Self._bucketBinShift
    while _bucketCount >> binShift > count { binShift &+= 1 }
    let binCount = (_bucketCount >> binShift) &+ 1
    let elements = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    let binned = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    let binStart = UnsafeMutablePointer<UInt32>.allocate(capacity: binCount &+ 1)
    defer {
      elements.deallocate()
      binned.deallocate()
      binStart.deallocate()
    }
    binStart.initialize(repeating: 0, count: binCount &+ 1)
    _hashKeys(count, into: elements) { slots.lowerBound &+ $0 }
    for i in 0..<count {
      binStart[(Int(truncatingIfNeeded: elements[i] >> 32) >> binShift) &+ 1] &+= 1
    }
    for bin in 0..<binCount { binStart[bin &+ 1] &+= binStart[bin] }
    for i in 0..<count {
      let bin = Int(truncatingIfNeeded: elements[i] >> 32) >> binShift
      binned[Int(truncatingIfNeeded: binStart[bin])] = elements[i]
      binStart[bin] &+= 1
    }
    _findEntries(binned, count: count, entrySlot: oldSlot)
    for k in 0..<count {
      let element = binned[k]
      buckets[Int(truncatingIfNeeded: element >> 32)] = UInt32(truncatingIfNeeded: element)
    }
  }

  /// The fewest buckets in one bin of `_retargetInBucketOrder`, as a power
  /// of two: 512, two kilobytes of the table or less.
  @inlinable
  internal static var _bucketBinShift: Int { 9 }

  /// Whether a permutation of `count` elements (a move of several rows)
  /// rewrites their entries more cheaply by one pass over the table than by
  /// finding each in bucket order: from a sixteenth of the buckets. Found
  /// in bucket order, an element costs a hash and a probe, a cache miss in
  /// a large table; the pass reads the buckets in order, cheaply when the
  /// permutation is a few runs (`_SlotRuns`).
  @inlinable
  internal func _prefersTableScan(moving count: Int) -> Bool {
    _buckets != nil && count &* 16 > _bucketCount
  }

  /// Whether a shift of `count` elements rewrites their entries more
  /// cheaply by one pass over the table than in bucket order: from a
  /// twenty-fourth of the buckets. A shift's pass adds one step to a range
  /// of entries, a loop the compiler vectorizes.
  @inlinable
  internal func _shiftPrefersTableScan(moving count: Int) -> Bool {
    count &* 24 > _bucketCount
  }

  /// Hashes the keys of `count` elements, element `i`'s key being in slot
  /// `slot(i)`: `elements[i]` becomes its ideal bucket above its entry for
  /// that slot.
  @inlinable
  internal func _hashKeys(
    _ count: Int, into elements: UnsafeMutablePointer<UInt64>, slot: (Int) -> Int
  ) {
    for i in 0..<count {
      let s = slot(i)
      let (bucket, tag) = _hashed(_keys[s])
      elements[i] = UInt64(truncatingIfNeeded: bucket) << 32 | UInt64(_entry(s, tag: tag))
    }
  }

  /// Finds the buckets of `count` elements hashed by `_hashKeys`, the one
  /// whose key is in slot `s` held in the table as slot `entrySlot(s)`:
  /// each element's bucket replaces its ideal one, its entry is kept.
  ///
  /// Every key is hashed before any entry is probed for, so the probes, a
  /// cache miss each in a large table, are independent loads in a row,
  /// which the processor overlaps (a hash between each pair would keep them
  /// apart). Every entry is found before the caller rewrites any, so none
  /// is ambiguous, in whatever order the elements come.
  @inlinable
  internal func _findEntries(
    _ elements: UnsafeMutablePointer<UInt64>, count: Int, entrySlot: (Int) -> Int
  ) {
    for i in 0..<count {
      let entry = UInt32(truncatingIfNeeded: elements[i])
      let held = _retagged(entry, slot: entrySlot(_slot(ofEntry: entry)))
      let bucket = _bucket(holding: held, from: Int(truncatingIfNeeded: elements[i] >> 32))
      elements[i] = UInt64(truncatingIfNeeded: bucket) << 32 | UInt64(entry)
    }
  }

  /// Empties bucket `bucket`, shifting later entries of its cluster back so
  /// that lookups need no tombstones.
  @usableFromInline
  internal func _deleteBucket(_ bucket: Int) {
    let buckets = _buckets.unsafelyUnwrapped
    var hole = bucket
    var next = bucket
    while true {
      next = _nextBucket(next)
      let entry = buckets[next]
      if entry == 0 { break }
      let ideal = _idealBucket(_keys[_slot(ofEntry: entry)])
      // Move the entry into the hole unless its ideal bucket lies in (hole, next].
      if _bucketDistance(from: ideal, to: next) >= _bucketDistance(from: hole, to: next) {
        buckets[hole] = entry
        hole = next
      }
    }
    buckets[hole] = 0
  }

  /// Enters the key in physical slot `slot` into the table, at `point`
  /// (from `_find` on this table, which hashed the key), or `.unknown` to
  /// hash it and find an empty bucket.
  @inlinable
  internal func _insertIntoTable(slot: Int, at point: _InsertionPoint) {
    guard let buckets = _buckets else { return }
    if point.bucket >= 0 {
      buckets[point.bucket] = _entry(slot, tag: point.tag)
      return
    }
    let (ideal, tag) = _hashed(_keys[slot])
    buckets[_bucket(holding: 0, from: ideal)] = _entry(slot, tag: tag)
  }
}

/// Where `_find` found a key missing: its bucket and the key's tag, so that
/// the insertion that follows hashes nothing again.
@usableFromInline @frozen
internal struct _InsertionPoint {
  @usableFromInline let bucket: Int
  @usableFromInline let tag: UInt32

  @inlinable @inline(__always)
  init(bucket: Int, tag: UInt32) {
    self.bucket = bucket
    self.tag = tag
  }

  /// No bucket: the insertion hashes the key and finds one.
  @inlinable
  static var unknown: Self { Self(bucket: -1, tag: 0) }
}
