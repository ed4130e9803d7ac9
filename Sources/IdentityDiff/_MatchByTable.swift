//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// For each new row of `newRange`, the old position of `oldRange` it
/// matches, or -1: Heckel's algorithm, as IGListDiff implements it. The
/// k-th occurrence of an identifier in the new rows matches its k-th in the
/// old ones.
///
/// The table is made for this one use, as the store's is: open addressing
/// over 64-bit slots, each an identifier's 32-bit hash tag and its first
/// unmatched old offset, with the later occurrences chained through
/// `nextOld`. Each row's identifier is hashed once, and compared with
/// another row's only when their tags agree.
///
/// - Precondition: Fewer than 2³² − 1 old rows in `oldRange`.
/// - Complexity: O(n + m) hashing of identifiers, expected; 16 bytes per
///   old row for the table and 4 per old row for the chains.
@inlinable
internal func _matchByTable<
  Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable
>(
  old: Old, oldRange: Range<Int>, oldRangeStart: Old.Index,
  new: New, newRange: Range<Int>, newRangeStart: New.Index,
  id: (Old.Element) -> ID
) -> [Int] where Old.Element == New.Element {
  let oldCount = oldRange.count
  _precondition(
    oldCount < UInt32.max,
    "\(oldCount) rows between the first and the last change exceed the diff's limit of \(UInt32.max - 1)"
  )
  var oldForNew = [Int](repeating: -1, count: newRange.count)
  guard oldCount > 0 else { return oldForNew }
  // At most half full: short probes.
  var capacity = 16
  while capacity < 2 * oldCount { capacity &*= 2 }
  let mask = capacity - 1
  // A slot: 0 when empty; else, from the top: 30 bits of the hash (the
  // tag), a bit set when every old occurrence is matched, a bit always set,
  // and an old offset plus one: the first unmatched occurrence, or the last
  // matched one, kept for comparing identifiers.
  let occupied: UInt64 = 1 << 32
  let exhausted: UInt64 = 1 << 33
  func tag(_ hash: Int) -> UInt64 { _hashTag(UInt(bitPattern: hash)) }
  var slots = [UInt64](repeating: 0, count: capacity)
  var nextOld = [UInt32](repeating: 0, count: oldCount)  // offset + 1, or 0
  // The slot holding `key`, or the empty one where it belongs.
  func find(_ key: ID, hash: Int) -> Int {
    let tag = tag(hash)
    var bucket = hash & mask
    while true {
      let slot = slots[bucket]
      if slot == 0 { return bucket }
      if slot >> 34 == tag {
        let offset = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
        if id(old[old.index(oldRangeStart, offsetBy: offset)]) == key { return bucket }
      }
      bucket = (bucket &+ 1) & mask
    }
  }
  // Old rows from last to first, so each chain runs smallest first.
  var index = old.index(oldRangeStart, offsetBy: oldCount)
  var offset = oldCount
  while offset > 0 {
    old.formIndex(before: &index)
    offset -= 1
    let key = id(old[index])
    let hash = key.hashValue
    let bucket = find(key, hash: hash)
    nextOld[offset] = UInt32(truncatingIfNeeded: slots[bucket] & 0xFFFF_FFFF)
    slots[bucket] = tag(hash) << 34 | occupied | UInt64(offset + 1)
  }
  var cursor = newRangeStart
  for k in 0..<newRange.count {
    let key = id(new[cursor])
    new.formIndex(after: &cursor)
    let hash = key.hashValue
    let bucket = find(key, hash: hash)
    let slot = slots[bucket]
    guard slot & occupied != 0, slot & exhausted == 0 else { continue }
    let first = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
    oldForNew[k] = oldRange.lowerBound + first
    let next = nextOld[first]
    slots[bucket] = next == 0 ? slot | exhausted : slot & ~0xFFFF_FFFF | UInt64(next)
  }
  return oldForNew
}

/// The top 30 bits of a hash, at any width of `Int`: the bits a table of
/// fewer than 2³⁰ slots does not use to choose a bucket.
@inlinable
internal func _hashTag<Bits: FixedWidthInteger & UnsignedInteger>(_ hash: Bits) -> UInt64 {
  UInt64(truncatingIfNeeded: hash >> (Bits.bitWidth - 30))
}
