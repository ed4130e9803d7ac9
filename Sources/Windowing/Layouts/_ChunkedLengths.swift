//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Item lengths in chunks of at most `_maximumChunk` items, each chunk a
/// Fenwick tree (or one length for all its items, until one changes:
/// `_LengthChunk`), with two Fenwick trees over the chunks (their item counts
/// and their length sums). Offsets, searches and a length update stay
/// O(log n); inserting or removing k items anywhere costs O(k + B + n/B)
/// (the chunk's tree, then the two trees over the chunks are rebuilt), not
/// the O(n) of rebuilding one tree over every item: a page prepended to a
/// million items touches one chunk of 1,024 and 1,000 chunk entries.
@usableFromInline
internal struct _ChunkedLengths: Sendable {
  @usableFromInline static var _maximumChunk: Int { 1_024 }

  @usableFromInline var chunks: [_LengthChunk]
  /// Over the chunks: how many items each holds, and their total length.
  @usableFromInline var chunkCounts: _FenwickTree
  @usableFromInline var chunkSums: _FenwickTree
  @usableFromInline var count: Int

  /// `count` lengths of `value`: O(count / B), no storage per length.
  @usableFromInline
  init(repeating value: Double, count: Int) {
    chunks = stride(from: 0, to: count, by: Self._maximumChunk).map {
      _LengthChunk(repeating: value, count: Swift.min(Self._maximumChunk, count - $0))
    }
    self.count = count
    chunkCounts = _FenwickTree([])
    chunkSums = _FenwickTree([])
    _rebuildChunkTrees()
  }

  @usableFromInline
  init(_ values: some Collection<Double>) {
    let values = Array(values)
    chunks = stride(from: 0, to: values.count, by: Self._maximumChunk).map {
      _LengthChunk(values[$0..<Swift.min(values.count, $0 + Self._maximumChunk)])
    }
    count = values.count
    chunkCounts = _FenwickTree([])
    chunkSums = _FenwickTree([])
    _rebuildChunkTrees()
  }

  private mutating func _rebuildChunkTrees() {
    chunkCounts = _FenwickTree(chunks.map { Double($0.count) })
    chunkSums = _FenwickTree(chunks.map { $0.prefix($0.count) })
    _reserveIndexCapacity()
  }

  /// Room for an eighth more chunks in the chunk list and its index, so a
  /// split inserts into them without reallocating (a few KB at 1M items).
  private mutating func _reserveIndexCapacity() {
    let wanted = chunks.count + chunks.count / 8 + 1
    if chunks.capacity < wanted { chunks.reserveCapacity(wanted) }
    if chunkCounts.tree.capacity < wanted { chunkCounts.tree.reserveCapacity(wanted) }
    if chunkSums.tree.capacity < wanted { chunkSums.tree.reserveCapacity(wanted) }
  }

  /// The chunk holding `position` (in `0..<count`) and the offset in it.
  @inlinable
  func locate(_ position: Int) -> (chunk: Int, offset: Int) {
    let chunk = chunkCounts.count(whereSumAtMost: Double(position))
    return (chunk, position - Int(chunkCounts.prefix(chunk)))
  }

  /// The sum of the first `k` lengths.
  @inlinable
  func prefix(_ k: Int) -> Double {
    if k >= count { return chunkSums.prefix(chunks.count) }
    let (chunk, offset) = locate(k)
    return chunkSums.prefix(chunk) + chunks[chunk].prefix(offset)
  }

  /// `prefix(k)` and `prefix(k + 1)`: an entry's start and end, each the
  /// same value `prefix` returns, with one `locate` where `prefix` twice
  /// would make two when `k` is in `0..<count`.
  @inlinable
  func prefixes(around k: Int) -> (start: Double, end: Double) {
    guard k >= 0 && k < count else { return (prefix(k), prefix(k &+ 1)) }
    let (chunk, offset) = locate(k)
    let before = chunkSums.prefix(chunk)
    let start = before + chunks[chunk].prefix(offset)
    // `k + 1` is in the same chunk, at `offset + 1`, unless `k` is its last.
    guard offset &+ 1 < chunks[chunk].count else { return (start, prefix(k &+ 1)) }
    return (start, before + chunks[chunk].prefix(offset &+ 1))
  }

  /// The length at `index`.
  @inlinable
  func value(at index: Int) -> Double {
    let (chunk, offset) = locate(index)
    return chunks[chunk].value(at: offset)
  }

  /// Adds `delta` to the length at `index`.
  @inlinable
  mutating func add(_ delta: Double, at index: Int) {
    let (chunk, offset) = locate(index)
    chunks[chunk].add(delta, at: offset)
    chunkSums.add(delta, at: chunk)
  }

  /// Sets the length at each position (in `0..<count`) to its length plus
  /// `extra` (a later entry for a position wins): a chunk that takes many
  /// is rebuilt once from its plain lengths, the others take a tree update
  /// each.
  mutating func set(_ updates: [(position: Int, length: Double)], adding extra: Double) {
    var sorted = updates
    var ascending = true
    var k = 1
    while ascending, k < sorted.count {
      ascending = sorted[k - 1].position <= sorted[k].position
      k += 1
    }
    if !ascending {
      // Stable, so the last entry for a position is applied last.
      sorted = sorted.enumerated().sorted {
        ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
      }.map(\.element)
    }
    k = 0
    while k < sorted.count {
      let (chunk, offset) = locate(sorted[k].position)
      let start = sorted[k].position - offset
      let end = start + chunks[chunk].count
      var last = k
      while last < sorted.count, sorted[last].position < end { last += 1 }
      if last - k >= 16 {
        let before = chunks[chunk].prefix(chunks[chunk].count)
        chunks[chunk]._withValues { values in
          for update in sorted[k..<last] { values[update.position - start] = update.length + extra }
        }
        chunkSums.add(chunks[chunk].prefix(chunks[chunk].count) - before, at: chunk)
      } else {
        for update in sorted[k..<last] {
          let delta = update.length + extra - chunks[chunk].value(at: update.position - start)
          if delta != 0 {
            chunks[chunk].add(delta, at: update.position - start)
            chunkSums.add(delta, at: chunk)
          }
        }
      }
      k = last
    }
  }

  /// Appends `value` in O(log n).
  @inlinable
  mutating func append(_ value: Double) {
    if let last = chunks.indices.last, chunks[last].count < Self._maximumChunk {
      chunks[last].append(value)
      chunkCounts.add(1, at: last)
      chunkSums.add(value, at: last)
    } else {
      chunks.append(_LengthChunk(repeating: value, count: 1))
      chunkCounts.append(1)
      chunkSums.append(value)
    }
    count += 1
  }

  /// The number of leading lengths whose sum is at most `target`.
  @inlinable
  func count(whereSumAtMost target: Double) -> Int {
    let chunk = chunkSums.count(whereSumAtMost: target)
    guard chunk < chunks.count else { return count }
    let remaining = target - chunkSums.prefix(chunk)
    return Int(chunkCounts.prefix(chunk)) + chunks[chunk].count(whereSumAtMost: remaining)
  }

  /// The indices whose entries overlap `region`, for entries laid end to
  /// end from 0 (an entry may include the gap after it: then an entry whose
  /// gap alone reaches into the region is included too), within
  /// `0..<contentLength`. O(log n).
  func indices(overlapping region: Range<Double>, contentLength: Double) -> Range<Int> {
    let low = Swift.max(region.lowerBound, 0)
    let high = Swift.min(region.upperBound, contentLength)
    guard count > 0, low < high else { return 0..<0 }
    // Entries whose end is at most `low` lie before; skip zero-length ones too.
    let lower = Swift.min(count(whereSumAtMost: low), count)
    // Entries that start before `high` overlap.
    var upper = count(whereSumAtMost: high)
    if upper < count, prefix(upper) < high { upper += 1 }
    upper = Swift.min(upper, count)
    // Entries of zero length at the boundary do not overlap.
    while upper > lower, prefix(upper - 1) >= high { upper -= 1 }
    return lower..<Swift.max(lower, upper)
  }

  /// Inserts `count` copies of `value` at `position`: O(k + B + n/B).
  mutating func insert(repeating value: Double, count inserted: Int, at position: Int) {
    guard inserted > 0 else { return }
    if position == count {
      for _ in 0..<inserted { append(value) }
      return
    }
    let (chunk, offset) = locate(position)
    if chunks[chunk].count + inserted <= Self._maximumChunk {
      // The common case, in place: the chunk's storage is reused (a chunk
      // of unmeasured items only counts more) and the index takes two
      // updates.
      if chunks[chunk].isUniform(value) {
        chunks[chunk] = _LengthChunk(repeating: value, count: chunks[chunk].count + inserted)
      } else {
        chunks[chunk]._withValues {
          $0.insert(contentsOf: repeatElement(value, count: inserted), at: offset)
        }
      }
      chunkCounts.add(Double(inserted), at: chunk)
      chunkSums.add(value * Double(inserted), at: chunk)
    } else if inserted <= Self._maximumChunk / 2 {
      // A full chunk: its second half moves to a new chunk after it, and
      // the insertion goes into whichever half holds the offset.
      let half = chunks[chunk].count / 2
      var tail = _LengthChunk([])
      chunks[chunk]._withValues { values in
        tail = _LengthChunk(values[half...])
        values.removeSubrange(half...)
        if offset <= half {
          values.insert(contentsOf: repeatElement(value, count: inserted), at: offset)
        }
      }
      if offset > half {
        tail._withValues {
          $0.insert(contentsOf: repeatElement(value, count: inserted), at: offset - half)
        }
      }
      let head = (
        count: Double(chunks[chunk].count), sum: chunks[chunk].prefix(chunks[chunk].count)
      )
      let rest = (count: Double(tail.count), sum: tail.prefix(tail.count))
      chunks.insert(tail, at: chunk + 1)
      chunkCounts._withValues { counts in
        counts[chunk] = head.count
        counts.insert(rest.count, at: chunk + 1)
      }
      chunkSums._withValues { sums in
        sums[chunk] = head.sum
        sums.insert(rest.sum, at: chunk + 1)
      }
      _reserveIndexCapacity()
    } else {
      var values = chunks[chunk].values
      values.insert(contentsOf: repeatElement(value, count: inserted), at: offset)
      _replaceChunks(chunk...chunk, with: Self._split(values))
    }
    count += inserted
  }

  /// Replaces the chunks in `range` by `pieces`, and the index trees from
  /// their old per-chunk values: O(n/B), with no query per chunk.
  private mutating func _replaceChunks(_ range: ClosedRange<Int>, with pieces: [_LengthChunk]) {
    var counts = chunkCounts.values
    var sums = chunkSums.values
    counts.replaceSubrange(range, with: pieces.map { Double($0.count) })
    sums.replaceSubrange(range, with: pieces.map { $0.prefix($0.count) })
    chunks.replaceSubrange(range, with: pieces)
    chunkCounts = _FenwickTree(counts)
    chunkSums = _FenwickTree(sums)
    _reserveIndexCapacity()
  }

  /// Removes the lengths at `positions`: O(k + B + n/B).
  mutating func remove(_ positions: Range<Int>) {
    guard !positions.isEmpty else { return }
    let first = locate(positions.lowerBound)
    let last = locate(positions.upperBound - 1)
    var values = chunks[first.chunk].values
    if first.chunk == last.chunk {
      values.removeSubrange(first.offset...last.offset)
    } else {
      values.removeSubrange(first.offset...)
      values += chunks[last.chunk].values[(last.offset + 1)...]
    }
    // A small remainder joins its next chunk, so chunks stay at least a
    // quarter full and their number O(n/B).
    var end = last.chunk
    if values.count < Self._maximumChunk / 4, end + 1 < chunks.count {
      end += 1
      values += chunks[end].values
    }
    _replaceChunks(first.chunk...end, with: values.isEmpty ? [] : Self._split(values))
    count -= positions.count
  }

  /// `values` as chunks of at most the maximum, as even as possible.
  private static func _split(_ values: [Double]) -> [_LengthChunk] {
    let pieces = (values.count + _maximumChunk - 1) / _maximumChunk
    guard pieces > 1 else { return [_LengthChunk(values)] }
    let size = (values.count + pieces - 1) / pieces
    return stride(from: 0, to: values.count, by: size).map {
      _LengthChunk(values[$0..<Swift.min(values.count, $0 + size)])
    }
  }

  /// All lengths, in order. O(n).
  @usableFromInline
  var values: [Double] { chunks.flatMap(\.values) }
}

// Equal lengths make equal layouts, however they are chunked.
extension _ChunkedLengths: Hashable {
  @usableFromInline
  static func == (a: Self, b: Self) -> Bool {
    a.count == b.count && a._lazyValues.elementsEqual(b._lazyValues)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for value in _lazyValues { hasher.combine(value) }
  }

  /// The lengths, one chunk's at a time: no array of every length.
  private var _lazyValues: some Sequence<Double> { chunks.lazy.flatMap(\.values) }
}
