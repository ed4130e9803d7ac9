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
/// by position, before any hashing; the rows between them are diffed by
/// Heckel's algorithm, as IGListDiff implements it: O(n + m) comparisons
/// for n old and m new elements, and hashing only for the d rows between
/// the first and the last change (the standard library's
/// `difference(from:)` is Myers' O((n + m) · d), over equality). Elements
/// are never copied: only their identifiers are compared and hashed.
///
/// - Identity (`id`) decides which elements are the same item; a separate
///   content test decides whether a matched item was updated.
/// - Duplicate identifiers within a snapshot: the common prefix and suffix
///   match position by position; between them, in order of appearance, as
///   IGListDiff does: the k-th occurrence in the new rows with the k-th in
///   the old ones; extra occurrences are insertions or deletions. Never a
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
  /// Old positions of matched items whose content changed, ascending.
  public var updates: [Int]
  /// For every old position, its new position, or `nil` if deleted.
  public var newPositions: [Int?]
  /// The number of elements in the new snapshot.
  public var newCount: Int

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
  /// - Complexity: O(n + m) comparisons of identifiers, and hashing of the
  ///   d rows between the first and the last change: O(n + m) in all,
  ///   expected O(d) beyond the comparisons and the `newPositions` table,
  ///   if `ID` hashes well.
  @inlinable
  public init<Old: RandomAccessCollection, New: RandomAccessCollection, ID: Hashable>(
    from old: Old, to new: New, id: (Old.Element) -> ID,
    contentEquals: (Old.Element, Old.Element) -> Bool
  ) where Old.Element == New.Element {
    let n = old.count
    let m = new.count
    var updates: [Int] = []
    // The common prefix and suffix, by comparing identifiers position by
    // position before any hashing: appending, prepending or changing one
    // row of a million costs a pass of comparisons, not a table of them.
    var prefix = 0
    var oldIndex = old.startIndex
    var newIndex = new.startIndex
    while prefix < Swift.min(n, m) {
      let a = old[oldIndex]
      let b = new[newIndex]
      guard id(a) == id(b) else { break }
      if !contentEquals(a, b) { updates.append(prefix) }
      prefix += 1
      old.formIndex(after: &oldIndex)
      new.formIndex(after: &newIndex)
    }
    var suffix = 0
    var oldEnd = old.endIndex
    var newEnd = new.endIndex
    while suffix < Swift.min(n, m) - prefix {
      let oldLast = old.index(before: oldEnd)
      let newLast = new.index(before: newEnd)
      let a = old[oldLast]
      let b = new[newLast]
      guard id(a) == id(b) else { break }
      if !contentEquals(a, b) { updates.append(n - 1 - suffix) }
      suffix += 1
      oldEnd = oldLast
      newEnd = newLast
    }
    // The middle, by Heckel's algorithm: for each identifier, the old
    // positions not yet matched, smallest first, as a linked list through
    // `nextOld` (indexed from the middle's start).
    let oldMiddle = prefix..<n - suffix
    let newMiddle = prefix..<m - suffix
    var firstOld: [ID: Int] = [:]
    firstOld.reserveCapacity(oldMiddle.count)
    var nextOld = [Int](repeating: -1, count: oldMiddle.count)
    var index = oldEnd
    var position = oldMiddle.upperBound
    while position > oldMiddle.lowerBound {
      old.formIndex(before: &index)
      position -= 1
      let key = id(old[index])
      nextOld[position - prefix] = firstOld[key] ?? -1
      firstOld[key] = position
    }
    // Match each new element with the first unmatched old one of its id.
    var oldForNew = [Int](repeating: -1, count: newMiddle.count)
    var newForOld = [Int?](repeating: nil, count: n)
    for j in 0..<prefix { newForOld[j] = j }
    for k in 0..<suffix { newForOld[n - 1 - k] = m - 1 - k }
    var newCursor = newIndex
    for i in newMiddle {
      let element = new[newCursor]
      let key = id(element)
      if let j = firstOld[key], j >= 0 {
        let next = nextOld[j - prefix]
        firstOld[key] = next >= 0 ? next : -1
        oldForNew[i - prefix] = j
        newForOld[j] = i
        if !contentEquals(old[old.index(old.startIndex, offsetBy: j)], element) {
          updates.append(j)
        }
      }
      new.formIndex(after: &newCursor)
    }
    updates.sort()
    var deletions: [Int] = []
    for j in oldMiddle.reversed() where newForOld[j] == nil { deletions.append(j) }
    // Insertions, and the fewest moves that explain the reorder: the
    // survivors whose old positions, in new order, form a longest increasing
    // subsequence stay; every other survivor moves. One drag is one move.
    // (The prefix and suffix stay, and every middle survivor comes from the
    // old middle: only the middle can move.)
    var insertions: [Int] = []
    var survivors: [Int] = []
    for i in newMiddle {
      if oldForNew[i - prefix] < 0 { insertions.append(i) } else { survivors.append(i) }
    }
    let stays = _longestIncreasingSubsequence(count: survivors.count) {
      oldForNew[survivors[$0] - prefix]
    }
    var moves: [Move] = []
    for (k, i) in survivors.enumerated() where !stays[k] {
      moves.append(Move(from: oldForNew[i - prefix], to: i))
    }
    self.init(
      deletions: deletions, insertions: insertions, moves: moves, updates: updates,
      newPositions: newForOld, newCount: m)
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
    // key-path runtime for every element (measured 6x slower at 10k items).
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
  var previous = [Int](repeating: -1, count: count)
  for k in 0..<count {
    let v = value(k)
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if value(tails[middle]) < v { low = middle + 1 } else { high = middle }
    }
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

/// When a list update should be animated.
public struct UpdatePolicy: Hashable, Sendable {
  /// Above this many changes, apply without animation.
  public var animationLimit: Int

  /// Creates a policy; DataSources' limit of 300 by default.
  public init(animationLimit: Int = 300) {
    _precondition(animationLimit >= 0, "Animation limit \(animationLimit) must not be negative")
    self.animationLimit = animationLimit
  }
}

extension IdentityDifference {
  /// A difference from its parts, which the caller has made consistent.
  @usableFromInline
  internal init(
    deletions: [Int], insertions: [Int], moves: [Move], updates: [Int],
    newPositions: [Int?], newCount: Int
  ) {
    self.deletions = deletions
    self.insertions = insertions
    self.moves = moves
    self.updates = updates
    self.newPositions = newPositions
    self.newCount = newCount
  }
}

extension IdentityDifference {
  /// For every new position, the old position it came from, or `-1` for an
  /// insertion: `newPositions` inverted, O(n + m).
  @usableFromInline
  internal var _oldPositions: [Int] {
    var result = [Int](repeating: -1, count: newCount)
    for (old, new) in newPositions.enumerated() { if let new { result[new] = old } }
    return result
  }
}
