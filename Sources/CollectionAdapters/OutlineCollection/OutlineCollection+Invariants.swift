//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension OutlineCollection {
  #if COLLECTION_ADAPTERS_INTERNAL_CHECKS
    /// Traps if the index is inconsistent: every live record's row counts
    /// match its children's, parent links agree both ways, the identifier
    /// maps point at the right places, and a record that says its children
    /// are leaves, or one row each, holds only those.
    @usableFromInline @inline(never)
    internal func _checkInvariants() {
      let free = Set(_freeRecords)
      _precondition(free.count == _freeRecords.count, "A record is freed twice")
      _precondition(
        _spans.count == _records.count && _recordChildren.count == _records.count,
        "\(_records.count) records, \(_spans.count) spans, \(_recordChildren.count) children")
      _precondition(_records[0].isExpanded && !free.contains(0), "The root record is not live")
      var live = 0
      var liveEntries = 0
      for record in _records.indices where !free.contains(Int32(record)) {
        live += 1
        let span = _spans[record]
        liveEntries += Int(span.count)
        _precondition(
          Int(span.count) == _recordChildren[record].count, "Record \(record) count is stale")
        _precondition(
          !span.childrenAreLeaves
            || (span.count > 0
              && (0..<Int(span.count)).allSatisfy {
                _childRecord(Int32(record), $0) == .leaf
              }),
          "Record \(record) says its children are leaves")
        _precondition(
          !span.childrenAreLeaves || span.eachChildIsOneRow,
          "Record \(record) says its children are leaves, not that each is one row")
        _precondition(
          !span.eachChildIsOneRow || span.count > 0,
          "Record \(record) says each of its no children is one row")
        for index in 0..<Int(span.count) {
          let entry = _childRecord(Int32(record), index)
          let owned = _ownedRecord(
            id: _id(_node(record: Int32(record), index: index)), record: Int32(record),
            index: index)
          _precondition(
            entry.record == owned,
            "Record \(record)[\(index)] holds \(entry), the map \(String(describing: owned))")
          // Whether a child without a record is a leaf is not compared with
          // `children` here: tests count the calls an operation makes (the
          // model tests compare every row's `hasChildren` instead).
          _precondition(entry._raw >= -2, "Record \(record)[\(index)] holds \(entry)")
          var rows = 1
          if let child = entry.record {
            _precondition(!free.contains(child), "Record \(record) points at a freed record")
            let c = _records[Int(child)]
            _precondition(
              c.parent == Int32(record) && c.indexInParent == Int32(index),
              "Record \(child) does not point back at \(record)[\(index)]")
            _precondition(
              _recordForID[_id(_node(record: Int32(record), index: index))] == child,
              "The identifier map misses record \(child)")
            if c.isExpanded { rows += _total(of: child) }
          }
          let counted =
            _prefix(base: Int(span.base), index + 1) - _prefix(base: Int(span.base), index)
          _precondition(
            counted == rows, "Record \(record)[\(index)] counts \(counted), not \(rows)")
          _precondition(
            !span.eachChildIsOneRow || rows == 1,
            "Record \(record) says each child is one row; child \(index) is \(rows)")
          if let locations = _locations {
            // A duplicate identifier is located at the node that owns it.
            let id = _id(_node(record: Int32(record), index: index))
            let location = locations[id]
            let owner = location.map { _id(_node(record: $0.record, index: $0.index)) }
            _precondition(
              location == _NodeLocation(record: Int32(record), index: index)
                || (owner == id && _duplicateIDs.contains(id)),
              "The location of \(id) is \(String(describing: location)), not \(record)[\(index)]")
          }
        }
      }
      _precondition(_recordForID.count == live - 1, "The identifier map has stray entries")
      _precondition(_childRecords.count == _rowTree.count, "Child records and row counts differ")
      _precondition(
        _rowCount == _total(of: 0),
        "The row count is \(_rowCount), the roots' total \(_total(of: 0))")
      _precondition(
        liveEntries + _deadRowEntries == _rowTree.count,
        "Row counts: \(liveEntries) live and \(_deadRowEntries) dead of \(_rowTree.count)")
    }
  #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
  #endif
}
