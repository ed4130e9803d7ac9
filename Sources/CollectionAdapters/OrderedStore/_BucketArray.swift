//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The buckets of `_OrderedStoreStorage`'s hash index: entries of 2, 3 or
/// 4 bytes, packed, in one allocation.
///
/// Why not always 4 bytes: a table spends the same bytes per element of
/// capacity at every width (16/3), so a narrower entry buys more buckets,
/// and a lower load factor means shorter probes. At 100,000 elements an
/// entry needs 17 bits for its slot; 3-byte entries leave 7 bits of tag and
/// give a load of 9/16 where 4-byte ones gave 3/4, so more keys lie in
/// their ideal bucket or the next, which `_find` reads without a branch.
/// `_OrderedStoreStorage._allocateBuckets()` picks the narrowest width that
/// leaves at least 6 bits of tag.
///
/// An entry is read as the 4 bytes at its offset, little-endian, masked to
/// its width, and written as its own bytes only. The allocation has 4 bytes
/// to spare at its end for the last entry's read.
@usableFromInline @frozen
internal struct _BucketArray {
  @usableFromInline let _base: UnsafeMutableRawPointer
  /// Bytes per entry: 2, 3 or 4.
  @usableFromInline let _width: Int
  /// The bits of the 4 bytes read that belong to the entry.
  @usableFromInline let _mask: UInt32

  /// Allocates `count` empty buckets of `width` bytes each.
  @usableFromInline
  internal init(count: Int, width: Int) {
    _precondition(width >= 2 && width <= 4, "Bucket width \(width) is not 2, 3 or 4")
    _width = width
    _mask = width == 4 ? .max : (1 << UInt32(width &* 8)) &- 1
    let byteCount = count &* width &+ 4
    _base = .allocate(byteCount: byteCount, alignment: 4)
    _base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
  }

  /// The entry in bucket `bucket`; 0 for an empty one.
  @inlinable
  internal subscript(bucket: Int) -> UInt32 {
    @inline(__always) get {
      UInt32(littleEndian: _base.loadUnaligned(fromByteOffset: bucket &* _width, as: UInt32.self))
        & _mask
    }
    @inline(__always) nonmutating set {
      // Only the entry's own bytes: a 4-byte store would overlap the next
      // entry's 4-byte read, and a pass over the table, which reads the
      // next bucket right after writing this one, would wait on every
      // store (a failed store-to-load forward).
      let offset = bucket &* _width
      if _width == 4 {
        _base.storeBytes(of: newValue.littleEndian, toByteOffset: offset, as: UInt32.self)
      } else {
        _base.storeBytes(
          of: UInt16(truncatingIfNeeded: newValue).littleEndian, toByteOffset: offset,
          as: UInt16.self)
        if _width == 3 {
          _base.storeBytes(
            of: UInt8(truncatingIfNeeded: newValue &>> 16), toByteOffset: offset &+ 2,
            as: UInt8.self)
        }
      }
    }
  }

  /// Adds `step` to every entry among the first `count` buckets whose slot
  /// part (`entry & slotMask`) is in `first ..< first + length`; the tag
  /// bits above are kept, as long as the new slots stay below the mask.
  ///
  /// An empty bucket's 0 wraps below `first` in unsigned arithmetic, so one
  /// comparison serves, and every entry is written (with `step` or 0), with
  /// no branch: which entries move is random, so a branch on it would
  /// mispredict on a large part of them. At 4 bytes an entry the loop reads
  /// and writes aligned words, which the compiler vectorizes.
  ///
  /// - Complexity: O(`count`), no hashing.
  @usableFromInline
  internal func addStep(
    _ step: UInt32, toSlots first: UInt32, length: UInt32, slotMask: UInt32, count: Int
  ) {
    _rewriteEach(count: count) { entry in
      entry &+ ((entry & slotMask) &- first < length ? step : 0)
    }
  }

  /// Adds to every entry among the first `count` buckets whose slot part
  /// is in `first ..< first + runs.length` the step of its run in `runs`.
  ///
  /// Each entry's run comes from a table of a few kilobytes, by block of
  /// slots, where a table of every element's new place would be read at
  /// random, a cache miss an element. Entries outside the range read a
  /// block whose step is 0, so that no branch depends on which entries
  /// move: the ones that do are random.
  ///
  /// - Complexity: O(`count`), no hashing.
  @usableFromInline
  internal func addSteps(of runs: _SlotRuns, toSlots first: UInt32, slotMask: UInt32, count: Int) {
    if runs.steps.count == 2 {
      addStep(runs.steps[0], toSlots: first, length: runs.length, slotMask: slotMask, count: count)
      return
    }
    let length = Int64(runs.length)
    let outside = Int64(runs.outsideBlock)
    let shift = runs.blockShift
    _rewriteEach(count: count) { entry in
      let j = entry & slotMask &- first
      // All ones for an entry in the range, by the sign of `j - length`.
      let inside = (Int64(j) &- length) >> 63
      let block = Int((Int64(j >> shift) & inside) | (outside & ~inside))
      var run = Int(runs.blockRuns[block])
      if run == _SlotRuns.mixed { run = runs.run(containing: j) }
      return entry &+ runs.steps[run]
    }
  }

  /// Replaces each of the first `count` entries by `transform` of it, in
  /// order. At 4 bytes an entry the loop reads and writes aligned words,
  /// which the compiler can vectorize.
  @inline(__always)
  internal func _rewriteEach(count: Int, _ transform: (UInt32) -> UInt32) {
    if _width == 4 {
      for offset in stride(from: 0, to: count &* 4, by: 4) {
        let entry = UInt32(littleEndian: _base.load(fromByteOffset: offset, as: UInt32.self))
        _base.storeBytes(of: transform(entry).littleEndian, toByteOffset: offset, as: UInt32.self)
      }
    } else {
      for b in 0..<count { self[b] = transform(self[b]) }
    }
  }

  /// Empties the first `count` buckets.
  @usableFromInline
  internal func removeAll(count: Int) {
    _base.initializeMemory(as: UInt8.self, repeating: 0, count: count &* _width)
  }

  /// Frees the buckets; the array must not be used after.
  @usableFromInline
  internal func deallocate() {
    _base.deallocate()
  }
}
