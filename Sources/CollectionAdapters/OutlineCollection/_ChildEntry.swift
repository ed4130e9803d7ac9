//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What an outline keeps for each child of an indexed node: the child's own
/// record, or, for a child without one, whether it has children. A row reads
/// it by position, so it needs neither its identifier's hash nor a call to
/// `children` to say whether it can expand.
@usableFromInline @frozen
internal struct _ChildEntry: Equatable, CustomStringConvertible {
  /// The record (0 or more); -1 for `unindexed`, -2 for `leaf`.
  @usableFromInline internal var _raw: Int32

  @inlinable
  internal init(_raw: Int32) { self._raw = _raw }

  /// A child with the record `record`.
  @inlinable
  internal init(record: Int32) { _raw = record }

  /// A child with children and no record: never expanded, or a duplicate
  /// whose identifier another node owns.
  @inlinable
  internal static var unindexed: _ChildEntry { _ChildEntry(_raw: -1) }

  /// A child without children.
  @inlinable
  internal static var leaf: _ChildEntry { _ChildEntry(_raw: -2) }

  /// The child's record, if it has one.
  @inlinable
  internal var record: Int32? { _raw >= 0 ? _raw : nil }

  /// Whether the child has children.
  @inlinable
  internal var hasChildren: Bool { _raw != -2 }

  @usableFromInline
  internal var description: String {
    switch _raw {
    case -1: "unindexed"
    case -2: "leaf"
    default: "record \(_raw)"
    }
  }
}
