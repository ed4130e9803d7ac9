//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension IdentityDifference {
  /// Applies the difference to `elements`, the old snapshot, the way a
  /// list UI does: deletions and move sources leave (old positions),
  /// insertions and move destinations arrive (new positions, ascending),
  /// then updated items take their new content, read from `new`, as are
  /// the inserted ones. A correct difference yields `new`: this is the
  /// brute-force check of one, for the package's tests and fuzz targets,
  /// not an API (an app shows `new`).
  ///
  /// - Complexity: O(n + m).
  @inlinable
  @_spi(Testing)
  public func _apply<New: RandomAccessCollection>(to elements: inout [New.Element], from new: New) {
    _precondition(
      elements.count == oldCount,
      "The difference is from \(oldCount) elements, not \(elements.count)")
    _precondition(
      new.count == newCount, "The difference is to \(newCount) elements, not \(new.count)")
    func newElement(_ i: Int) -> New.Element { new[new.index(new.startIndex, offsetBy: i)] }
    var leaving = [Bool](repeating: false, count: oldCount)
    for j in deletions { leaving[j] = true }
    var arriving = [Int?](repeating: nil, count: newCount)  // old position of a moved item
    var arrivingInsert = [Bool](repeating: false, count: newCount)
    for move in moves {
      leaving[move.from] = true
      arriving[move.to] = move.from
    }
    for i in insertions { arrivingInsert[i] = true }
    var result: [New.Element] = []
    result.reserveCapacity(newCount)
    var kept = 0
    for i in 0..<newCount {
      if arrivingInsert[i] {
        result.append(newElement(i))
      } else if let from = arriving[i] {
        result.append(elements[from])
      } else {
        while kept < oldCount, leaving[kept] { kept += 1 }
        _precondition(kept < oldCount, "The difference does not describe these snapshots")
        result.append(elements[kept])
        kept += 1
      }
    }
    for i in updates { result[i] = newElement(i) }
    elements = result
  }
}
