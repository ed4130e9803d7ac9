//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A permutation of the slots `first ..< first + length` made of runs of
/// consecutive slots that each move by one step (a move of *k* rows
/// makes at most 2*k* runs of the rows from the first to the last), as
/// `_BucketArray.addSteps(of:toSlots:slotMask:count:)` reads it.
@usableFromInline
internal struct _SlotRuns {
  /// The first offset of each run, from 0, ascending.
  @usableFromInline let starts: [UInt32]
  /// Each run's step, and a last step of 0 for entries outside the range.
  @usableFromInline let steps: [UInt32]
  /// Per block of `1 << blockShift` offsets: the run that holds all of it,
  /// or `mixed`; then one block, `outsideBlock`, for entries outside.
  @usableFromInline let blockRuns: [UInt8]
  @usableFromInline let blockShift: UInt32
  @usableFromInline let length: UInt32

  /// A block that more than one run shares.
  @usableFromInline static var mixed: Int { 255 }

  /// The most runs a permutation may have.
  @usableFromInline static var limit: Int { 64 }

  /// The runs of `newPlace` (element `j` of the range goes to `newPlace[j]`
  /// from its start), or `nil` if there are more than `limit`.
  @usableFromInline
  init?(_ newPlace: UnsafeBufferPointer<Int>) {
    var starts: [UInt32] = []
    var steps: [UInt32] = []
    starts.reserveCapacity(Self.limit)
    steps.reserveCapacity(Self.limit &+ 1)
    for j in newPlace.indices where j == 0 || newPlace[j] != newPlace[j &- 1] &+ 1 {
      guard starts.count < Self.limit else { return nil }
      starts.append(UInt32(truncatingIfNeeded: j))
      steps.append(UInt32(truncatingIfNeeded: newPlace[j] &- j))
    }
    self.init(starts: starts, steps: steps, length: newPlace.count)
  }

  /// The runs that start at `starts` (ascending from 0, at most `limit`)
  /// and move by `steps`, over `length` slots.
  @usableFromInline
  init(starts: [UInt32], steps: [UInt32], length: Int) {
    #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
      _precondition(
        starts.first == 0 && starts.count == steps.count && starts.count <= Self.limit
          && zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
          && Int(starts.last ?? 0) < length,
        "Runs \(starts) with \(steps.count) steps over \(length) slots")
    #endif
    var steps = steps
    steps.append(0)
    // About 4,096 blocks: a table that stays in the first-level cache.
    var shift: UInt32 = 0
    while length >> shift > 4_096 { shift &+= 1 }
    let blockCount = ((length &- 1) >> shift) &+ 1
    var blockRuns = [UInt8](repeating: 0, count: blockCount &+ 1)
    for (run, start) in starts.enumerated() {
      let end = run &+ 1 < starts.count ? Int(starts[run &+ 1]) : length
      let firstBlock = Int(start) >> shift
      let lastBlock = (end &- 1) >> shift
      for block in firstBlock...lastBlock {
        let blockStart = block << shift
        let blockEnd = Swift.min((block &+ 1) << shift, length)
        let whole = blockStart >= Int(start) && blockEnd <= end
        blockRuns[block] = whole ? UInt8(run) : UInt8(Self.mixed)
      }
    }
    blockRuns[blockCount] = UInt8(truncatingIfNeeded: starts.count)
    self.starts = starts
    self.steps = steps
    self.blockRuns = blockRuns
    self.blockShift = shift
    self.length = UInt32(truncatingIfNeeded: length)
  }

  /// The block of entries outside the range.
  @inlinable
  var outsideBlock: Int { blockRuns.count &- 1 }

  /// The run of offset `j`, in `0..<length`.
  @inlinable
  func run(containing j: UInt32) -> Int {
    starts._partitioningIndex { $0 > j } &- 1
  }
}
