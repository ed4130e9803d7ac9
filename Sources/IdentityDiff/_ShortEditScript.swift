//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The shortest edit script between two sequences that differ by a few
/// edits, found by comparing identifiers only: Myers' greedy search, which
/// costs O((n + m) · d) comparisons for d edits and nothing per row beyond
/// them. A row moved across a million rows is two edits here, where a table
/// of identifiers would hash every row in between.
@usableFromInline
internal struct _ShortEditScript {
  /// Runs of rows kept in order, as (old offset, new offset, length),
  /// ascending: one longest common subsequence.
  @usableFromInline
  internal var runs: [(old: Int, new: Int, count: Int)] = []
  /// Old offsets not in a run, ascending.
  @usableFromInline
  internal var deleted: [Int] = []
  /// New offsets not in a run, ascending.
  @usableFromInline
  internal var inserted: [Int] = []

  @inlinable
  internal init() {}

  /// The script from `n` old rows to `m` new ones, or `nil` when it needs
  /// more than `maximumEdits` edits or more than `budget` comparisons (the
  /// caller then matches the rows by a table).
  ///
  /// - Parameter same: Whether old offset x and new offset y hold the same
  ///   item.
  /// - Complexity: O(`budget` + `maximumEdits`²), or O(n + m) when one
  ///   side is empty.
  @inlinable
  internal static func find(
    oldCount n: Int, newCount m: Int, maximumEdits: Int, budget: Int,
    _ same: (_ x: Int, _ y: Int) -> Bool
  ) -> _ShortEditScript? {
    if n == 0 || m == 0 {
      // Only deletions or only insertions: no search.
      var script = _ShortEditScript()
      script.deleted = Array(0..<n)
      script.inserted = Array(0..<m)
      return script
    }
    // The trace keeps offsets as 32 bits.
    guard n < Int(Int32.max), m < Int(Int32.max) else { return nil }
    let limit = Swift.min(maximumEdits, n + m)
    // v[offset + k]: how far along old the furthest path on diagonal k
    // (x - y) reaches. `trace` keeps v[-d...d] after each d, d² onwards, to
    // find the way back.
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [Int32] = []
    var remaining = budget
    for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        let start = x
        while x < n, y < m, same(x, y) {
          x += 1
          y += 1
        }
        remaining -= x - start + 1
        v[offset + k] = x
        if x >= n, y >= m {
          trace.append(contentsOf: v[offset - d...offset + d].lazy.map { Int32($0) })
          return _ShortEditScript(trace: trace, edits: d, n: n, m: m)
        }
      }
      if remaining < 0 { return nil }
      trace.append(contentsOf: v[offset - d...offset + d].lazy.map { Int32($0) })
    }
    return nil
  }

  /// The difference this script makes between the rows at `start` onwards
  /// of both snapshots: appends the updated rows to `updates` (old and new
  /// position, as a move's), and returns the deletions (descending), the
  /// insertions and the moves (ascending), and the matched rows as runs
  /// ascending by old position.
  ///
  /// Rows out of the runs with the same identifier are one item moved,
  /// paired in order of appearance. Which survivors move is decided as
  /// `_longestIncreasingSubsequence` decides it, run by run.
  ///
  /// - Complexity: O(rows in the runs + edits²), and no storage per row.
  @inlinable
  internal func changes(
    at start: Int, updates: inout [IdentityDifference.Move],
    sameID: (_ old: Int, _ new: Int) -> Bool, sameContent: (_ old: Int, _ new: Int) -> Bool
  ) -> (
    deletions: [Int], insertions: [Int], moves: [IdentityDifference.Move],
    matched: [IdentityDifference.PositionMap._Run]
  ) {
    // Survivors in new order, as blocks of consecutive positions: the runs
    // and the paired rows.
    var blocks: [(old: Int, new: Int, count: Int)] = runs
    var unpaired = deleted
    var insertions: [Int] = []
    for y in inserted {
      if let k = unpaired.firstIndex(where: { $0 >= 0 && sameID(start + $0, start + y) }) {
        blocks.append((unpaired[k], y, 1))
        unpaired[k] = -1
      } else {
        insertions.append(start + y)
      }
    }
    blocks.sort { $0.new < $1.new }
    var moves: [IdentityDifference.Move] = []
    let kept = _longestIncreasingBlocks(blocks.map { ($0.old, $0.count) })
    var matched: [IdentityDifference.PositionMap._Run] = []
    for (block, keep) in zip(blocks, kept) {
      matched.append(.init(old: start + block.old, new: start + block.new, count: block.count))
      for offset in 0..<block.count {
        let j = start + block.old + offset
        let i = start + block.new + offset
        if !sameContent(j, i) { updates.append(IdentityDifference.Move(from: j, to: i)) }
        if offset >= keep { moves.append(IdentityDifference.Move(from: j, to: i)) }
      }
    }
    matched.sort { $0.old < $1.old }
    let deletions = unpaired.reversed().compactMap { $0 >= 0 ? start + $0 : nil }
    return (deletions, insertions, moves, matched)
  }

  /// The script read back from the search's trace, from (n, m) to (0, 0).
  @inlinable
  internal init(trace: [Int32], edits: Int, n: Int, m: Int) {
    // v after step d, at diagonal k.
    func reach(_ d: Int, _ k: Int) -> Int { Int(trace[d * d + k + d]) }
    var x = n
    var y = m
    for d in stride(from: edits, to: 0, by: -1) {
      let k = x - y
      let down = k == -d || (k != d && reach(d - 1, k - 1) < reach(d - 1, k + 1))
      let previousK = down ? k + 1 : k - 1
      let previousX = reach(d - 1, previousK)
      let previousY = previousX - previousK
      // The edit, then the run of kept rows that follows it.
      let (runX, runY) = down ? (previousX, previousY + 1) : (previousX + 1, previousY)
      if x > runX { runs.append((runX, runY, x - runX)) }
      if down { inserted.append(previousY) } else { deleted.append(previousX) }
      x = previousX
      y = previousY
    }
    if x > 0 { runs.append((0, 0, x)) }
    runs.reverse()
    deleted.reverse()
    inserted.reverse()
  }
}

/// For blocks of consecutive increasing values (each its first value and
/// count, in sequence order), how many of each block's first elements one
/// longest strictly increasing subsequence keeps: the one that
/// `_longestIncreasingSubsequence` marks on the elements, found block by
/// block.
///
/// The patience sort's tails stay strictly increasing integers, so a block
/// of values v..<v + c whose first value lands at tail p lands whole at
/// tails p..<p + c: the tails are kept as segments of such blocks.
///
/// - Complexity: O(b²) for b blocks, whatever their counts.
@inlinable
internal func _longestIncreasingBlocks(_ blocks: [(value: Int, count: Int)]) -> [Int] {
  // The tails as segments: values value..<value + count, which are the
  // elements offset..<offset + count of `block`.
  var segments: [(value: Int, count: Int, block: Int, offset: Int)] = []
  // The element before each block's first one in its run, if any.
  var previous = [(block: Int, offset: Int)?](repeating: nil, count: blocks.count)
  for (b, block) in blocks.enumerated() where block.count > 0 {
    // The first tail not below the block's first value.
    var s = 0
    while s < segments.count, segments[s].value + segments[s].count <= block.value { s += 1 }
    var within = 0
    if s < segments.count, segments[s].value < block.value {
      within = block.value - segments[s].value
    }
    if within > 0 {
      previous[b] = (segments[s].block, segments[s].offset + within - 1)
    } else if s > 0 {
      let before = segments[s - 1]
      previous[b] = (before.block, before.offset + before.count - 1)
    }
    // The block replaces the next `count` tails.
    var replacement: [(value: Int, count: Int, block: Int, offset: Int)] = []
    if within > 0 {
      replacement.append((segments[s].value, within, segments[s].block, segments[s].offset))
    }
    replacement.append((block.value, block.count, b, 0))
    var end = s
    var covered = -within
    while end < segments.count, covered + segments[end].count <= block.count {
      covered += segments[end].count
      end += 1
    }
    if end < segments.count, covered < block.count {
      // The segment the block ends inside keeps its tail.
      let cut = block.count - covered
      let segment = segments[end]
      replacement.append(
        (segment.value + cut, segment.count - cut, segment.block, segment.offset + cut))
      end += 1
    }
    segments.replaceSubrange(s..<end, with: replacement)
  }
  var kept = [Int](repeating: 0, count: blocks.count)
  guard let last = segments.last else { return kept }
  var element: (block: Int, offset: Int)? = (last.block, last.offset + last.count - 1)
  while let current = element {
    kept[current.block] = current.offset + 1
    element = previous[current.block]
  }
  return kept
}
