//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// Where a row is in the index: the record whose child it is, the child's
/// index there, its depth, and its own `_childRecords` entry.
///
/// A place needs no path: a step to the next or the previous row climbs
/// through the records' `parent` and `indexInParent`, so a cursor and an
/// iterator each carry five words and never allocate.
@usableFromInline @frozen
internal struct _OutlinePlace {
  /// The row's position, or -1 for no row.
  @usableFromInline var position: Int
  @usableFromInline var record: Int32
  @usableFromInline var entry: _ChildEntry
  @usableFromInline var index: Int
  @usableFromInline var depth: Int

  @inlinable
  init(position: Int, record: Int32, index: Int, depth: Int, entry: _ChildEntry) {
    self.position = position
    self.record = record
    self.index = index
    self.depth = depth
    self.entry = entry
  }

  /// No row.
  @inlinable
  static var none: _OutlinePlace {
    _OutlinePlace(position: -1, record: 0, index: 0, depth: 0, entry: .unindexed)
  }
}

/// The place of the last row an outline read by position.
///
/// A list reads the rows of its window one after another; from the place,
/// the next or the previous row is one step of a depth-first walk, O(1)
/// amortized, where a lookup by position descends from the roots through
/// the row counts of every ancestor. Copies of an outline share the cursor
/// (they show the same rows); an outline that changes its rows resets it or
/// takes a new one (`_rowsChanged()`). Every access holds `lock`, which is
/// what makes the field's accesses exclusive.
@usableFromInline
internal final class _OutlineCursor: @unchecked Sendable {
  @usableFromInline let lock = _Lock(
    reentrancyMessage: """
      OutlineCollection: its `id`, `children` or `hasChildren` closure read the \
      collection it serves, which it calls them for; they must read only the node \
      they are given
      """)
  @usableFromInline @exclusivity(unchecked) var place = _OutlinePlace.none

  @usableFromInline
  init() {}

  deinit {
    lock.destroy()
  }
}

extension OutlineCollection {
  /// The place of the row at `position` (in `0..<count`), starting from
  /// `place` (a row of the same rows, or `.none`): by steps when it is at
  /// most `_stepLimit` rows away, otherwise by a descent from the roots.
  @inlinable
  internal func _place(_ position: Int, from place: _OutlinePlace) -> _OutlinePlace {
    var place = place
    guard place.position >= 0, position != place.position else {
      return place.position < 0 ? _descend(to: position) : place
    }
    let distance = position &- place.position
    // A window moved back or on by a few rows (a list's next frame) is
    // reached by steps, each O(1) amortized: cheaper than a descent, whose
    // every level is a search and a likely cache miss.
    if distance > 0 && distance <= Self._stepLimit {
      for _ in 0..<distance { _stepForward(&place) }
    } else if distance < 0 && distance >= -Self._stepLimit {
      for _ in 0..<(-distance) { _stepBackward(&place) }
    } else {
      place = _descend(to: position)
    }
    return place
  }

  /// How many rows away from the cursor a read is reached by steps rather
  /// than by a descent from the roots.
  @inlinable
  internal static var _stepLimit: Int { 32 }

  /// The place of the row at `position` (in `0..<count`), found from the
  /// roots through the row counts of each level; in a record whose
  /// children are one row each, by its offset.
  ///
  /// - Complexity: O(depth × log fan-out).
  @inlinable
  internal func _descend(to position: Int) -> _OutlinePlace {
    var record: Int32 = 0
    var remaining = position
    var depth = 0
    while true {
      // Each level waits on one cache miss: its row counts, found through
      // the span, which a large tree keeps in cache. The entry the search
      // picks and, at the last level, the node in the caller's children
      // storage are addressed from the span and the record's children, so
      // they are loaded here, while the row counts arrive; Swift has no
      // prefetch, and a branch on a loaded value lets the processor go on
      // before it lands. None of the conditions can hold: a record searched
      // has rows below it, so it has children, and entries are never below
      // `leaf`.
      let span = _spans[Int(record)]
      let base = Int(span.base)
      if span.eachChildIsOneRow {
        // The commonest last level: a folder whose subfolders are all
        // closed, or that holds only files. The offset is the child, so no
        // row counts are loaded; nor is the entry of a folder of files,
        // which is `.leaf`. The children's storage is, for the caller's
        // node.
        if remaining >= Int(span.count) || _recordChildren[Int(record)].isEmpty {
          _preconditionFailure("OutlineCollection's index disagrees with record \(record)")
        }
        return _OutlinePlace(
          position: position, record: record, index: remaining, depth: depth,
          entry: span.childrenAreLeaves ? .leaf : _childRecords[base &+ remaining])
      }
      if span.count <= 0 || _childRecords[base]._raw < -2
        || _recordChildren[Int(record)].isEmpty
      {
        _preconditionFailure("OutlineCollection's index disagrees with record \(record)")
      }
      let (index, before) = _search(span, remaining)
      remaining -= before
      let entry = _childRecords[base &+ index]
      if remaining == 0 {
        return _OutlinePlace(
          position: position, record: record, index: index, depth: depth, entry: entry)
      }
      remaining -= 1
      // Rows below this one: it is open, so it has a record.
      record = entry.record.unsafelyUnwrapped
      depth += 1
    }
  }

  /// Moves the cursor to the row at `position` (in `0..<count`) and returns
  /// its place. Takes the cursor's lock.
  @inlinable
  internal func _moveCursor(to position: Int) -> _OutlinePlace {
    let cursor = _cursor
    return cursor.lock.withLock {
      let place = _place(position, from: cursor.place)
      cursor.place = place
      return place
    }
  }

  /// Whether the child with `entry` is expanded with children, so its
  /// children follow its row as rows.
  @inlinable
  internal func _isOpen(_ entry: _ChildEntry) -> Bool {
    guard let record = entry.record else { return false }
    return _records[Int(record)].isExpanded && _spans[Int(record)].count > 0
  }

  /// The next row, depth-first: the first child of an open row, or else the
  /// next sibling of the row or of its nearest ancestor that has one. The
  /// caller has checked that there is a next row.
  @inlinable
  internal func _stepForward(_ place: inout _OutlinePlace) {
    place.position &+= 1
    if _isOpen(place.entry) {
      place.record = place.entry.record.unsafelyUnwrapped
      place.index = 0
      place.depth &+= 1
    } else {
      while true {
        if place.index &+ 1 < Int(_spans[Int(place.record)].count) {
          place.index &+= 1
          break
        }
        let r = _records[Int(place.record)]
        place.index = Int(r.indexInParent)
        place.record = r.parent
        place.depth &-= 1
      }
    }
    place.entry = _childRecord(place.record, place.index)
  }

  /// The previous row, depth-first: the last row under the previous sibling,
  /// or the parent. The caller has checked that there is a previous row.
  @inlinable
  internal func _stepBackward(_ place: inout _OutlinePlace) {
    place.position &-= 1
    if place.index == 0 {
      let r = _records[Int(place.record)]
      place.entry = _ChildEntry(record: place.record)
      place.index = Int(r.indexInParent)
      place.record = r.parent
      place.depth &-= 1
      return
    }
    place.index &-= 1
    while true {
      let entry = _childRecord(place.record, place.index)
      guard _isOpen(entry) else {
        place.entry = entry
        return
      }
      let record = entry.record.unsafelyUnwrapped
      place.record = record
      place.index = Int(_spans[Int(record)].count) &- 1
      place.depth &+= 1
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
      _cursor.place = .none
    } else {
      _cursor = _OutlineCursor()
    }
    _checkInvariants()
  }
}
