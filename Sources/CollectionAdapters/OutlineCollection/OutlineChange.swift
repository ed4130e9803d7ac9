//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// How an expand, collapse or reload changed the rows of an
/// `OutlineCollection`, for a list UI to animate.
public enum OutlineChange: Hashable, Sendable {
  /// No node has that identifier, as far as the outline knows: it is not a
  /// root and its parent has never been expanded. Nothing changed.
  case unknownID
  /// No row was inserted or removed: the node was already in that state, is
  /// a leaf, or is hidden under a collapsed ancestor.
  case none
  /// Rows were inserted at these positions (counted after the change).
  case inserted(Range<Int>)
  /// Rows were removed from these positions (counted before the change).
  case removed(Range<Int>)
  /// The rows in `removed` (counted before) were replaced by those in
  /// `inserted` (counted after), which start at the same position.
  case replaced(removed: Range<Int>, inserted: Range<Int>)
}
