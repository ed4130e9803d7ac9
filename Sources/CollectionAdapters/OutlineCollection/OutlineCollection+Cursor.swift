//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The path to the last row an outline read by position: the record and the
/// child index at each level, from the virtual root down.
///
/// A list reads the rows of its window one after another; from the path,
/// the next or the previous row is one step of a depth-first walk, O(1)
/// amortized, where a lookup by position descends from the roots through
/// the row counts of every ancestor. Copies of an outline share the cursor
/// (they show the same rows); an outline that changes its rows resets it or
/// takes a new one (`_rowsChanged()`). Every access holds `lock`, which is
/// what makes the fields' accesses exclusive.
@usableFromInline
internal final class _OutlineCursor: @unchecked Sendable {
  @usableFromInline let lock = _Lock()
  /// The row position of `path`, or -1 when there is none.
  @usableFromInline @exclusivity(unchecked) var position = -1
  @usableFromInline @exclusivity(unchecked) var path: [(record: Int32, index: Int)] = []
  /// The record of the node on the row at `position`, or -1: found once
  /// per row, and used both to show the row and to step past it.
  @usableFromInline @exclusivity(unchecked) var record: Int32 = -1

  @usableFromInline
  init() {}

  deinit { lock.destroy() }
}

extension OutlineCollection {
  /// Moves the cursor to the row at `position` (in `0..<count`) and returns
  /// that row's node, identifier, record (or -1) and depth. Call it with the
  /// cursor's lock held.
  @inlinable
  internal func _moveCursor(
    to position: Int
  ) -> (node: Node, id: ID, record: Int32, depth: Int) {
    let cursor = _cursor
    let moves = cursor.position != position
    if cursor.position >= 0 && position == cursor.position + 1 {
      _stepForward(cursor)
    } else if cursor.position >= 0 && position == cursor.position - 1 {
      _stepBackward(cursor)
    } else if moves {
      // A descent from the roots, keeping the path.
      cursor.path.removeAll(keepingCapacity: true)
      var record: Int32 = 0
      var remaining = position
      while true {
        let (index, before) = _search(record, remaining)
        remaining -= before
        cursor.path.append((record, index))
        if remaining == 0 { break }
        remaining -= 1
        record = _childRecord(record, index)
      }
    }
    let last = cursor.path[cursor.path.count - 1]
    let node = _node(record: last.record, index: last.index)
    let id = _id(node)
    if moves {
      cursor.record = _childRecord(last.record, last.index)
      cursor.position = position
    }
    return (node, id, cursor.record, cursor.path.count - 1)
  }

  /// The record whose children follow the row of child `index` of `record`
  /// as rows, or -1 (a collapsed node, a leaf, or a duplicate).
  @inlinable
  internal func _openRecord(_ record: Int32, _ index: Int) -> Int32 {
    let child = _childRecord(record, index)
    return _isOpen(child) ? child : -1
  }

  /// Whether `record` (or -1) is expanded with children, so its children
  /// follow its row as rows.
  @inlinable
  internal func _isOpen(_ record: Int32) -> Bool {
    guard record >= 0 else { return false }
    let r = _records[Int(record)]
    return r.isExpanded && r.count > 0
  }

  /// The next row, depth-first: the first child of an open row, or else the
  /// next sibling of the row or of its nearest ancestor that has one. The
  /// caller has checked that there is a next row.
  @inlinable
  internal func _stepForward(_ cursor: _OutlineCursor) {
    // The current row's record was found when the cursor moved to it.
    let child = cursor.record
    if _isOpen(child) {
      cursor.path.append((child, 0))
      return
    }
    while true {
      let level = cursor.path.count - 1
      let (record, index) = cursor.path[level]
      if index + 1 < Int(_records[Int(record)].count) {
        cursor.path[level].index = index + 1
        return
      }
      cursor.path.removeLast()
    }
  }

  /// The previous row, depth-first: the last row under the previous sibling,
  /// or the parent. The caller has checked that there is a previous row.
  @inlinable
  internal func _stepBackward(_ cursor: _OutlineCursor) {
    let level = cursor.path.count - 1
    guard cursor.path[level].index > 0 else {
      cursor.path.removeLast()
      return
    }
    cursor.path[level].index -= 1
    while true {
      let last = cursor.path[cursor.path.count - 1]
      let child = _openRecord(last.record, last.index)
      guard child >= 0 else { return }
      cursor.path.append((child, Int(_records[Int(child)].count) - 1))
    }
  }

  /// After a change of the rows: a cursor no other copy shares is reset in
  /// place (no allocation), a shared one replaced; then, in the project's
  /// test builds, the invariants are checked.
  @inlinable
  internal mutating func _rowsChanged() {
    if isKnownUniquelyReferenced(&_cursor) {
      _cursor.position = -1
    } else {
      _cursor = _OutlineCursor()
    }
    _checkInvariants()
  }
}
