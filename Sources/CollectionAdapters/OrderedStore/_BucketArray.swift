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
/// give a load of 9/16 where 4-byte ones gave 3/4: a key lies in its ideal
/// bucket or the next, which `_find` reads without a branch, 86% of the
/// time instead of 78%, and in its ideal bucket 71% instead of 62% (from a
/// simulation of the benchmarks' 100,000 `Int` keys).
/// `_OrderedStoreStorage._allocateBuckets()` picks the narrowest width that
/// leaves at least 6 bits of tag.
///
/// An entry is read as the 4 bytes at its offset, little-endian, masked to
/// its width; a write keeps the bytes of the next entry that those 4 bytes
/// overlap. The allocation has 4 bytes to spare at its end for the last
/// entry's read.
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
      let offset = bucket &* _width
      let word = UInt32(littleEndian: _base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      _base.storeBytes(
        of: ((word & ~_mask) | newValue).littleEndian, toByteOffset: offset, as: UInt32.self)
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
