//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension StagedBatch {
  /// Where each item of a section comes from after a stage, kept as runs of
  /// consecutive items of one section of one snapshot: the stage that moves
  /// one row of a million lists three runs, not a million sources.
  ///
  /// ```swift
  /// import IdentityDiff
  ///
  /// let old = [Array(0..<1_000)]
  /// var new = old
  /// new[0].insert(new[0].remove(at: 10), at: 900)
  /// let difference = SectionedDifference(
  ///   from: old, to: new, sectionID: { _ in 0 }, items: { $0 }, itemID: { $0 },
  ///   sectionContentEquals: { _, _ in true }, itemContentEquals: ==)
  /// let items = difference.stagedBatches()[0].sections[0].items
  /// assert(items.count == 1_000 && items[900] == .old(ItemPath(section: 0, item: 10)))
  /// ```
  public struct Items: RandomAccessCollection, Hashable, Sendable {
    /// The first item of a run; the others follow it in its section.
    @usableFromInline
    internal struct _Run: Hashable, Sendable {
      @usableFromInline internal var first: ItemSource
      @usableFromInline internal var count: Int
    }

    @usableFromInline internal var _runs: [_Run] = []
    /// The position after each run.
    @usableFromInline internal var _ends: [Int] = []

    /// No items.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {}

    /// The first position.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last item.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { _ends.last ?? 0 }

    /// Where the item at `position` comes from.
    ///
    /// - Complexity: O(log *r*) for the *r* runs.
    @inlinable
    public subscript(position: Int) -> ItemSource {
      _precondition(
        position >= 0 && position < endIndex,
        "Position \(position) out of range 0..<\(endIndex)")
      let r = _ends._partitioningIndex { $0 > position }
      return _runs[r].first._advanced(by: position - (r == 0 ? 0 : _ends[r - 1]))
    }

    /// Appends `count` items from `first` on, in its section, as one run
    /// with the last when they follow it.
    ///
    /// - Complexity: O(1), amortized.
    internal mutating func _append(_ first: ItemSource, count: Int = 1) {
      guard count > 0 else { return }
      if let last = _runs.last, last.first._advanced(by: last.count) == first {
        _runs[_runs.count - 1].count += count
        _ends[_ends.count - 1] += count
      } else {
        _runs.append(_Run(first: first, count: count))
        _ends.append(endIndex + count)
      }
    }
  }
}

extension StagedBatch.ItemSource {
  /// The item `offset` places further in the same section.
  @inlinable
  internal func _advanced(by offset: Int) -> Self {
    switch self {
    case .old(let p): return .old(ItemPath(section: p.section, item: p.item + offset))
    case .new(let q): return .new(ItemPath(section: q.section, item: q.item + offset))
    }
  }
}
