//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Coalesces rapid snapshots: only the latest submitted one is diffed, and
/// against what was last applied. A reorder the user already made in the UI
/// can be recorded first, so it does not come back as a spurious move.
///
/// ```swift
/// import IdentityDiff
///
/// var shown = ["a", "b", "c"]
/// var coalescer = SnapshotCoalescer(initial: shown, id: { $0 }, contentEquals: ==)
/// coalescer.recordUserMove(from: 2, to: 0)      // after a drag in the UI: c, a, b
/// coalescer.submit(["c", "a", "b", "d"])        // as often as data arrives
/// coalescer.submit(["c", "a", "d"])             // replaces the one before
/// if let (difference, snapshot) = coalescer.takeDifference() {   // once per frame
///   print(difference.deletions, difference.insertions)   // b removed, d inserted
///   shown = snapshot
/// }
/// ```
public struct SnapshotCoalescer<Snapshot: RandomAccessCollection, ID: Hashable> {
  private let _id: (Snapshot.Element) -> ID
  private let _contentEquals: (Snapshot.Element, Snapshot.Element) -> Bool
  /// What the UI shows, as positions of `_applied` (after user moves).
  private var _applied: Snapshot
  private var _order: [Int]?
  private var _pending: Snapshot?
  /// How many snapshots were submitted since the last difference.
  public private(set) var coalescedCount = 0

  /// Starts from the snapshot the UI shows.
  ///
  /// - Parameters:
  ///   - initial: The snapshot shown now.
  ///   - id: An element's identity.
  ///   - contentEquals: Whether two elements of one identity look the same.
  public init(
    initial: Snapshot, id: @escaping (Snapshot.Element) -> ID,
    contentEquals: @escaping (Snapshot.Element, Snapshot.Element) -> Bool
  ) {
    _applied = initial
    _id = id
    _contentEquals = contentEquals
  }

  /// Queues `snapshot`, replacing any snapshot not yet taken.
  ///
  /// - Complexity: O(1).
  public mutating func submit(_ snapshot: Snapshot) {
    _pending = snapshot
    coalescedCount += 1
  }

  /// Records that the user moved the row at `from` to `to` in the UI
  /// (positions as `Array.move` counts them: `to` after removal).
  ///
  /// - Complexity: O(n) the first time after a difference is taken, then
  ///   O(distance).
  public mutating func recordUserMove(from: Int, to: Int) {
    var order = _order ?? Array(0..<_applied.count)
    _precondition(
      order.indices.contains(from) && order.indices.contains(to),
      "User move \(from) -> \(to) out of range 0..<\(order.count)")
    let moved = order.remove(at: from)
    order.insert(moved, at: to)
    _order = order
  }

  /// The difference from what the UI shows to the latest submitted
  /// snapshot, which becomes what the UI shows; `nil` if nothing was
  /// submitted.
  ///
  /// - Complexity: O(n + m).
  public mutating func takeDifference() -> (difference: IdentityDifference, snapshot: Snapshot)? {
    guard let pending = _pending else { return nil }
    let shown = _ShownSnapshot(base: _applied, order: _order)
    let difference = IdentityDifference(
      from: shown, to: pending, id: _id, contentEquals: _contentEquals)
    _applied = pending
    _order = nil
    _pending = nil
    coalescedCount = 0
    return (difference, pending)
  }
}

/// A snapshot seen through the user's reorders, without copying elements.
private struct _ShownSnapshot<Base: RandomAccessCollection>: RandomAccessCollection {
  let base: Base
  let order: [Int]?
  var startIndex: Int { 0 }
  var endIndex: Int { base.count }
  subscript(position: Int) -> Base.Element {
    base[base.index(base.startIndex, offsetBy: order?[position] ?? position)]
  }
}
