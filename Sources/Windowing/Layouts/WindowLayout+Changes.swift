//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

extension WindowLayout {
  /// Follows a data change: the removed ranges, then the inserted ones.
  ///
  /// - Complexity: The layout's cost of each range.
  public mutating func apply(_ changes: RowChanges) {
    for range in changes.deletions.reversed() { removeItems(at: range) }
    for range in changes.insertions { insertItems(at: range) }
  }
}

extension MeasuredLayout {
  /// Follows a data change, carrying each moved item's measured length to
  /// where it lands; inserted items start at the estimate.
  ///
  /// - Complexity: The layout's cost of each range, plus a `setLength` per
  ///   move.
  public mutating func apply(_ changes: RowChanges) {
    let lengths = changes.moves.map { length(of: $0.from) }
    for range in changes.deletions.reversed() { removeItems(at: range) }
    for range in changes.insertions { insertItems(at: range) }
    for (move, length) in zip(changes.moves, lengths) { setLength(length, of: move.to) }
  }
}
