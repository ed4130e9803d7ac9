//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The changes of the positional edits every collection has, so an adapter
// reports an edit without a diff.

extension RowChanges {
  /// The changes of removing the rows at `offsets`.
  ///
  /// - Parameter offsets: Positions before the removal, in any order;
  ///   repeated positions count once.
  /// - Complexity: O(*k* log *k*) for *k* offsets (O(*k*) if sorted).
  public init(removing offsets: some Sequence<Int>) {
    self.init(deletions: _runs(_sortedUnique(offsets)))
  }

  /// The changes of moving the rows at `source` to before the row at
  /// `destination`, keeping their order: SwiftUI's
  /// `move(fromOffsets:toOffset:)`. Each moved row is removed from where it
  /// was, inserted where it lands, and named in `moves`; a move that leaves
  /// every row in place is no change.
  ///
  /// ```swift
  /// import IdentityDiff
  ///
  /// // [a, b, c, d, e] with b and d moved to the end: [a, c, e, b, d].
  /// let changes = RowChanges(movingOffsets: [1, 3], toOffset: 5)
  /// assert(changes.deletions == [1..<2, 3..<4] && changes.insertions == [3..<5])
  /// assert(changes.moves == [.init(from: 1, to: 3), .init(from: 3, to: 4)])
  /// ```
  ///
  /// - Parameters:
  ///   - source: Positions before the move; repeated positions count once.
  ///   - destination: A position counted before the move.
  /// - Complexity: O(*k* log *k*) for *k* offsets (O(*k*) if sorted).
  public init(movingOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let offsets = _sortedUnique(source)
    let removed = _runs(offsets)
    let before = offsets.prefix { $0 < destination }.count
    let landing = destination - before..<destination - before + offsets.count
    if removed.count == 1, removed[0] == landing {
      self.init()
    } else {
      self.init(
        deletions: removed, insertions: landing.isEmpty ? [] : [landing],
        moves: zip(offsets, landing).map { Move(from: $0, to: $1) })
    }
  }
}

/// `offsets` sorted, each once.
internal func _sortedUnique(_ offsets: some Sequence<Int>) -> [Int] {
  var result = Array(offsets)
  var sorted = true
  for i in result.indices.dropFirst() where result[i - 1] >= result[i] {
    sorted = false
    break
  }
  guard !sorted else { return result }
  result.sort()
  var unique = 0
  for value in result where unique == 0 || result[unique - 1] != value {
    result[unique] = value
    unique += 1
  }
  result.removeLast(result.count - unique)
  return result
}
