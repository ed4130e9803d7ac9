//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// How an expand, collapse, reload or move changed the rows of an
/// `OutlineCollection`, for a list UI to animate.
public enum OutlineChange: Hashable, Sendable {
  /// No node has that identifier, as far as the outline knows: it is not a
  /// root and its parent has never been expanded. Nothing changed.
  case unknownID
  /// No row was inserted or removed: the node was already in that state, is
  /// a leaf, or is hidden under a collapsed ancestor.
  case unchanged
  /// Rows were inserted at these positions (counted after the change).
  case inserted(Range<Int>)
  /// Rows were deleted from these positions (counted before the change).
  case deleted(Range<Int>)
  /// Rows changed as `RowChanges` says: after a move, the moved rows
  /// (subtrees included) as moves, rows it hid (into a collapsed node) as
  /// removals, rows it showed as insertions, and the row of a parent that
  /// gained its first children as an update; after `expandAll()`,
  /// `collapseAll()` or `expand(_:recursively:)` of an open node, the rows
  /// below each node it opened or closed; after a reload, the rows of the
  /// children that left, arrived or moved, and those of the children that
  /// stayed as updates.
  case changed(RowChanges)
  /// Nothing changed, for the reason given, which names the identifiers: a
  /// move would have put a node inside its own subtree.
  case refused(reason: String)
}

extension OutlineChange {
  /// The rows removed, counted before the change (`rowChanges` holds both
  /// lists, for `VirtualList.update(_:)`, so the list keeps its content
  /// anchored through an expand, a collapse or a reload).
  ///
  /// ```swift
  /// import CollectionAdapters
  ///
  /// // `nonisolated`: `\.children` must be a Sendable key path (an Xcode 26
  /// // app isolates its types to the main actor by default)
  /// nonisolated struct Folder: Identifiable, Sendable {
  ///   let id: String
  ///   var children: [Folder]?
  /// }
  ///
  /// var outline = OutlineCollection(
  ///   roots: [Folder(id: "a", children: [Folder(id: "b")])], children: \.children)
  /// let change = outline.expand("a")
  /// let rows = (deleted: change.deletedRows, inserted: change.insertedRows)  // [], [1..<2]
  /// // list.update { rows in rows.expand("a").rowChanges }  // in place, anchored
  /// ```
  ///
  /// - Complexity: O(1).
  public var deletedRows: [Range<Int>] {
    switch self {
    case .deleted(let rows): return rows.isEmpty ? [] : [rows]
    case .changed(let changes): return changes.deletions
    case .unknownID, .unchanged, .inserted, .refused: return []
    }
  }

  /// The rows inserted, counted after the change (see `deletedRows`).
  ///
  /// - Complexity: O(1).
  public var insertedRows: [Range<Int>] {
    switch self {
    case .inserted(let rows): return rows.isEmpty ? [] : [rows]
    case .changed(let changes): return changes.insertions
    case .unknownID, .unchanged, .deleted, .refused: return []
    }
  }
}

extension OutlineChange {
  /// The change in the package's one vocabulary: what
  /// `VirtualList.apply(_:from:)` and `VirtualList.update(_:)` take.
  ///
  /// - Complexity: O(1).
  public var rowChanges: RowChanges {
    if case .changed(let changes) = self { return changes }
    return RowChanges(deletions: deletedRows, insertions: insertedRows)
  }
}
