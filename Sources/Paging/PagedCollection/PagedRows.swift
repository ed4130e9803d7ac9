//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// The rows of a `PagedCollection`, as a random-access collection of
/// identifiable rows.
public struct PagedRows<Item: Sendable & Identifiable>: RandomAccessCollection, Sendable
where Item.ID: Sendable {
  @usableFromInline internal let _base: PagedCollection<Item>

  @inlinable
  internal init(_base: PagedCollection<Item>) {
    self._base = _base
  }

  /// Always 0.
  ///
  /// - Complexity: O(1).
  @inlinable public var startIndex: Int { 0 }

  /// The number of rows.
  ///
  /// - Complexity: O(1).
  @inlinable public var endIndex: Int { _base._count }

  /// The publication these rows are of: `Pager.changes(since:)` takes it,
  /// so a list that shows the rows (each placeholder with its own id)
  /// follows the pager's changes.
  ///
  /// - Complexity: O(1).
  @inlinable public var version: Int { _base.version }

  /// The row at `position`.
  ///
  /// - Parameter position: A position in `0..<count`; traps otherwise.
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  @inlinable
  public subscript(position: Int) -> PagedRow<Item> {
    PagedRow(id: _base.id(at: position), position: position, item: _base[position])
  }
}
