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
  /// The path, `levels` deep in a buffer of `capacity`: a buffer of its
  /// own rather than an `Array`, which, stored in a class, retains and
  /// releases its storage on every access (several per row read).
  @usableFromInline @exclusivity(unchecked) var path:
    UnsafeMutablePointer<(record: Int32, index: Int)>
  @usableFromInline @exclusivity(unchecked) var levels = 0
  @usableFromInline @exclusivity(unchecked) var capacity = 8
  /// The record of the node on the row at `position`, or -1: found once
  /// per row, and used both to show the row and to step past it.
  @usableFromInline @exclusivity(unchecked) var record: Int32 = -1

  @usableFromInline
  init() {
    path = .allocate(capacity: capacity)
  }

  deinit {
    lock.destroy()
    path.deallocate()
  }

  /// The deepest level of the path: the row's parent record and its index.
  @inlinable
  var last: (record: Int32, index: Int) {
    get {
      _internalInvariant(levels > 0, "The outline cursor's path is empty")
      return path[levels &- 1]
    }
    set {
      _internalInvariant(levels > 0, "The outline cursor's path is empty")
      path[levels &- 1] = newValue
    }
  }

  /// Adds a level below the last.
  @inlinable
  func push(_ level: (record: Int32, index: Int)) {
    if levels == capacity { _grow() }
    (path + levels).initialize(to: level)
    levels &+= 1
  }

  @usableFromInline
  func _grow() {
    let grown = UnsafeMutablePointer<(record: Int32, index: Int)>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: path, count: levels)
    path.deallocate()
    path = grown
    capacity *= 2
  }
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
      cursor.levels = 0
      var record: Int32 = 0
      var remaining = position
      while true {
        let (index, before) = _search(record, remaining)
        remaining -= before
        cursor.push((record, index))
        if remaining == 0 { break }
        remaining -= 1
        record = _childRecord(record, index)
      }
    }
    let last = cursor.last
    let node = _node(record: last.record, index: last.index)
    let id = _id(node)
    if moves {
      cursor.record = _childRecord(last.record, last.index)
      cursor.position = position
    }
    return (node, id, cursor.record, cursor.levels - 1)
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
      cursor.push((child, 0))
      return
    }
    while true {
      let (record, index) = cursor.last
      if index + 1 < Int(_records[Int(record)].count) {
        cursor.last.index = index + 1
        return
      }
      cursor.levels -= 1
    }
  }

  /// The previous row, depth-first: the last row under the previous sibling,
  /// or the parent. The caller has checked that there is a previous row.
  @inlinable
  internal func _stepBackward(_ cursor: _OutlineCursor) {
    guard cursor.last.index > 0 else {
      cursor.levels -= 1
      return
    }
    cursor.last.index -= 1
    while true {
      let last = cursor.last
      let child = _openRecord(last.record, last.index)
      guard child >= 0 else { return }
      cursor.push((child, Int(_records[Int(child)].count) - 1))
    }
  }

  /// After a change of the rows: the row count is summed again; a cursor no
  /// other copy shares is reset in place (no allocation), a shared one
  /// replaced; then, in the project's test builds, the invariants are
  /// checked. Every mutation that changes rows ends here, and reads nothing
  /// by position or `count` before it does.
  @inlinable
  internal mutating func _rowsChanged() {
    _rowCount = _total(of: 0)
    if isKnownUniquelyReferenced(&_cursor) {
      _cursor.position = -1
    } else {
      _cursor = _OutlineCursor()
    }
    _checkInvariants()
  }
}
