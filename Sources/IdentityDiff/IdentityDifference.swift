//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The changes between two snapshots of a list, matched by identity.
///
/// The fields are the whole difference, so an item can be both moved and
/// updated, which one UIKit batch refuses: hand UIKit `batch(inSection:)`
/// (such an item deleted and inserted), and a `VirtualList`
/// `RowChanges(difference)`.
///
/// The common prefix and suffix are found by comparing identifiers position
/// by position, before any hashing. Between them, a few edits (up to 128)
/// are found by comparing identifiers too, by Myers' greedy search: a row
/// moved across a million rows costs a pass of comparisons. More edits are
/// matched by Heckel's algorithm, as IGListDiff implements it, which hashes
/// each row between the first and the last change once. Elements are never
/// copied: only their identifiers are compared and hashed.
///
/// - Identity (`id`) decides which elements are the same item; a separate
///   content test decides whether a matched item was updated.
/// - Duplicate identifiers within a snapshot: rows that keep their order
///   match position by position; the others in order of appearance, as
///   IGListDiff does: the k-th such occurrence in the new rows with the k-th
///   in the old ones; extra occurrences are insertions or deletions. Never a
///   crash, never an inconsistent batch.
public struct IdentityDifference: Hashable, Sendable {
  /// Old positions to delete, in descending order (safe to apply one by one).
  public var deletions: [Int]
  /// New positions to insert, in ascending order.
  public var insertions: [Int]
  /// The fewest moves that explain the reorder of the surviving items (those
  /// outside one longest increasing subsequence of their old positions), as
  /// (old position, new position), in ascending new position: one drag in a
  /// list is one move.
  public var moves: [Move]
  /// New positions of matched items whose content changed, ascending: where
  /// a host reads their new content. (A UIKit batch reloads them at their
  /// old positions: `batch(inSection:)` does.)
  public var updates: [Int]
  /// For every old position, its new position, or `nil` if deleted.
  public var newPositions: PositionMap
  /// The number of elements in the new snapshot.
  public var newCount: Int
  /// The old positions of `updates`, ascending: what a batch reloads.
  @usableFromInline internal var _updateSources: [Int]

  /// An item that moved.
  public struct Move: Hashable, Sendable {
    /// Its position in the old snapshot.
    public var from: Int
    /// Its position in the new snapshot.
    public var to: Int

    /// Creates a move.
    @inlinable
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// The number of elements in the old snapshot.
  public var oldCount: Int { newPositions.count }

  /// Deletions, insertions, moves and updates together.
  public var changeCount: Int { deletions.count + insertions.count + moves.count + updates.count }

  /// Whether nothing changed.
  public var isEmpty: Bool { changeCount == 0 }

  /// Whether a UI should animate this update under `policy` (large updates
  /// are applied without animation, as DataSources does above 300).
  public func shouldAnimate(under policy: UpdatePolicy = UpdatePolicy()) -> Bool {
    changeCount <= policy.animationLimit
  }

  /// Computes the changes from `old` to `new`.
  ///
  /// - Parameters:
  ///   - old: The snapshot shown now.
  ///   - new: The snapshot to show.
  ///   - id: An element's identity. On large snapshots prefer a closure
  ///     (`{ $0.id }`) to a key path (`\.id`), which is several times slower
  ///     per element.
  ///   - contentEquals: Whether two elements with the same identity have the
  ///     same content; `false` makes an update.
  /// - Complexity: O(n + m) comparisons of identifiers for up to 128 edits
  ///   between the first and the last change; beyond them, hashing of the
  ///   rows in between as well: O(n + m) in all, expected, if `ID` hashes
  ///   well.
  @inlinable
  public init<Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable>(
    from old: Old, to new: New, id: (Old.Element) -> ID,
    contentEquals: (Old.Element, Old.Element) -> Bool
  ) where Old.Element == New.Element {
    let n = old.count
    let m = new.count
    var updates: [Move] = []
    let (prefix, suffix) = _commonEnds(old, new, id: id, contentEquals: contentEquals) {
      updates.append(Move(from: $0, to: $1))
    }
    let oldMiddle = prefix..<n - suffix
    let newMiddle = prefix..<m - suffix
    func oldElement(_ j: Int) -> Old.Element { old[old.index(old.startIndex, offsetBy: j)] }
    func newElement(_ i: Int) -> New.Element { new[new.index(new.startIndex, offsetBy: i)] }
    // A few edits in the middle are found by comparing identifiers (a row
    // moved across a million rows is two edits); many, by a table.
    let oldMiddleStart = old.index(old.startIndex, offsetBy: prefix)
    let newMiddleStart = new.index(new.startIndex, offsetBy: prefix)
    var deletions: [Int] = []
    var insertions: [Int] = []
    var moves: [Move] = []
    let newForOld: PositionMap
    if let script = _ShortEditScript.find(
      oldCount: oldMiddle.count, newCount: newMiddle.count, maximumEdits: 128,
      budget: 8 * (oldMiddle.count + newMiddle.count),
      { x, y in
        id(old[old.index(oldMiddleStart, offsetBy: x)])
          == id(new[new.index(newMiddleStart, offsetBy: y)])
      })
    {
      let matched: [PositionMap._Run]
      (deletions, insertions, moves, matched) = script.changes(
        at: prefix, updates: &updates,
        sameID: { id(oldElement($0)) == id(newElement($1)) },
        sameContent: { contentEquals(oldElement($0), newElement($1)) })
      // The prefix, the middle's runs and the suffix, by old position.
      var runs: [PositionMap._Run] = []
      for run in [PositionMap._Run(old: 0, new: 0, count: prefix)] + matched
        + [PositionMap._Run(old: n - suffix, new: m - suffix, count: suffix)]
      where run.count > 0 {
        if let last = runs.last, last.old + last.count == run.old, last.new + last.count == run.new
        {
          runs[runs.count - 1].count += run.count
        } else {
          runs.append(run)
        }
      }
      newForOld = PositionMap(runs: runs, count: n)
    } else {
      (deletions, insertions, moves, newForOld) = Self._changesByTable(
        old: old, new: new, prefix: prefix, suffix: suffix, id: id, contentEquals: contentEquals,
        updates: &updates)
    }
    self.init(
      deletions: deletions, insertions: insertions, moves: moves, updated: updates,
      newPositions: newForOld, newCount: m)
  }

  /// The changes of the middle between the common prefix and suffix, found
  /// through a table made for the match (Heckel's): deletions, insertions,
  /// the fewest moves, and every old position's new one; content changes of
  /// the matched elements are appended to `updates` (old and new position).
  @inlinable
  internal static func _changesByTable<
    Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable
  >(
    old: Old, new: New, prefix: Int, suffix: Int, id: (Old.Element) -> ID,
    contentEquals: (Old.Element, Old.Element) -> Bool, updates: inout [Move]
  ) -> (deletions: [Int], insertions: [Int], moves: [Move], newPositions: PositionMap)
  where Old.Element == New.Element {
    let n = old.count
    let m = new.count
    let oldMiddle = prefix..<n - suffix
    let newMiddle = prefix..<m - suffix
    let oldMiddleStart = old.index(old.startIndex, offsetBy: prefix)
    let newMiddleStart = new.index(new.startIndex, offsetBy: prefix)
    func oldElement(_ j: Int) -> Old.Element { old[old.index(old.startIndex, offsetBy: j)] }
    var deletions: [Int] = []
    var insertions: [Int] = []
    var moves: [Move] = []
    let oldForNew = _matchByTable(
      old: old, oldRange: oldMiddle, oldRangeStart: oldMiddleStart, new: new,
      newRange: newMiddle, newRangeStart: newMiddleStart, id: id)
    var positions = [Int](unsafeUninitializedCapacity: n) { buffer, count in
      for j in 0..<prefix { buffer.initializeElement(at: j, to: j) }
      for j in oldMiddle { buffer.initializeElement(at: j, to: -1) }
      for j in oldMiddle.upperBound..<n { buffer.initializeElement(at: j, to: j - n + m) }
      count = n
    }
    var cursor = newMiddleStart
    for (k, j) in oldForNew.enumerated() {
      if j >= 0 {
        positions[j] = prefix + k
        if !contentEquals(oldElement(j), new[cursor]) {
          updates.append(Move(from: j, to: prefix + k))
        }
      }
      new.formIndex(after: &cursor)
    }
    for j in oldMiddle.reversed() where positions[j] < 0 { deletions.append(j) }
    // Insertions, and the fewest moves that explain the reorder: the
    // survivors whose old positions, in new order, form a longest
    // increasing subsequence stay; every other survivor moves. One drag
    // is one move. (The prefix and suffix stay, and every middle survivor
    // comes from the old middle: only the middle can move.)
    var survivors: [Int] = []  // their old positions, in new order
    survivors.reserveCapacity(oldForNew.count)
    for (k, j) in oldForNew.enumerated() {
      if j < 0 { insertions.append(prefix + k) } else { survivors.append(j) }
    }
    let stays = _longestIncreasingSubsequence(count: survivors.count) { survivors[$0] }
    var k = 0
    for (offset, j) in oldForNew.enumerated() where j >= 0 {
      if !stays[k] { moves.append(Move(from: j, to: prefix + offset)) }
      k += 1
    }
    return (deletions, insertions, moves, PositionMap(dense: positions))
  }

  /// Computes the changes from `old` to `new` for equatable elements.
  ///
  /// - Complexity: O(n + m), expected.
  @inlinable
  public init<Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable>(
    from old: Old, to new: New, id: (Old.Element) -> ID
  ) where Old.Element == New.Element, Old.Element: Equatable {
    self.init(from: old, to: new, id: id, contentEquals: ==)
  }

  /// Computes the changes from `old` to `new` for identifiable, equatable
  /// elements.
  ///
  /// - Complexity: O(n + m), expected.
  @inlinable
  public init<Old: RandomAccessCollection, New: RandomAccessCollection>(
    from old: Old, to new: New
  ) where Old.Element == New.Element, Old.Element: Identifiable & Equatable {
    // A closure, not `\.id`: a key path used as a function goes through the
    // key-path runtime for every element, where the closure is inlined.
    self.init(from: old, to: new, id: { $0.id }, contentEquals: ==)
  }
}

/// Marks the members of one longest strictly increasing subsequence of
/// `value(0..<count)`, by patience sorting: O(*k* log *k*).
@inlinable
internal func _longestIncreasingSubsequence(count: Int, _ value: (Int) -> Int) -> [Bool] {
  // tails[l]: the index ending the increasing run of length l + 1 whose last
  // value is smallest; previous[k]: the index before k in its run.
  var tails: [Int] = []
  tails.reserveCapacity(count)
  var previous = [Int](repeating: -1, count: count)
  for k in 0..<count {
    let v = value(k)
    // Most survivors keep their order: extending the longest run needs no
    // search.
    if let last = tails.last, value(last) < v {
      previous[k] = last
      tails.append(k)
      continue
    }
    let low = tails._partitioningIndex { value($0) >= v }
    if low > 0 { previous[k] = tails[low - 1] }
    if low == tails.count { tails.append(k) } else { tails[low] = k }
  }
  var members = [Bool](repeating: false, count: count)
  var k = tails.last ?? -1
  while k >= 0 {
    members[k] = true
    k = previous[k]
  }
  return members
}

extension IdentityDifference {
  /// A difference from its parts, which the caller has made consistent;
  /// `updated` in any order, each from its old position to its new one.
  @usableFromInline
  internal init(
    deletions: [Int], insertions: [Int], moves: [Move], updated: [Move],
    newPositions: PositionMap, newCount: Int
  ) {
    self.deletions = deletions
    self.insertions = insertions
    self.moves = moves
    self.updates = updated.map(\.to).sorted()
    self._updateSources = updated.map(\.from).sorted()
    self.newPositions = newPositions
    self.newCount = newCount
  }
}

extension IdentityDifference {
  /// For every new position, the old position it came from, or `nil` for
  /// an insertion: `newPositions` inverted, O(n + m).
  @usableFromInline
  internal var _oldPositions: [Int?] {
    var result = [Int?](repeating: nil, count: newCount)
    for (old, new) in newPositions.enumerated() { if let new { result[new] = old } }
    return result
  }
}
