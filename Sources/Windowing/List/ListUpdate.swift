//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// A published change of a `VirtualList`'s window, by position and by
/// identity: the rows to create and to discard. Visibility is published on
/// its own (`VirtualList.onVisibilityChange`), so a host re-renders only
/// when the window moves.
///
/// A scroll's update allocates nothing: its identifier lists are views of
/// the list's two window buffers, which the next publication reuses. Keep
/// an update past the next publication only at the cost of a copy of the
/// buffer it views.
public struct ListUpdate<ID: Hashable> {
  /// The engine's change: windows, visible ranges, scroll correction.
  public var change: WindowChange
  /// Identifiers now materialized that were not before: rows to create.
  public var entered: Identifiers
  /// Identifiers no longer materialized: rows to discard.
  public var exited: Identifiers
  /// After a data change (`update(_:)`, `apply(_:from:)`): identifiers of
  /// inserted rows in the window, to animate in.
  public var insertions: [ID] = []
  /// After a data change: identifiers of deleted rows that were in the
  /// window, to animate out.
  public var deletions: [ID] = []
  /// After a data change: identifiers of window rows whose old position was
  /// deleted and that were found again, by identifier, among the inserted
  /// rows (a move).
  public var moves: [ID] = []

  @inlinable
  internal init(change: WindowChange, entered: Identifiers, exited: Identifiers) {
    self.change = change
    self.entered = entered
    self.exited = exited
  }
}

extension ListUpdate {
  /// Identifiers of an update: up to two runs of a buffer of identifiers,
  /// viewed in place.
  public struct Identifiers: RandomAccessCollection, Equatable {
    @usableFromInline internal let _ids: [ID]
    @usableFromInline internal let _first: Range<Int>
    @usableFromInline internal let _second: Range<Int>

    /// The identifiers `ids[first]` followed by `ids[second]`.
    @inlinable
    internal init(_ ids: [ID], _ first: Range<Int>, _ second: Range<Int>) {
      _ids = ids
      _first = first
      _second = second
    }

    /// All of `ids`.
    @inlinable
    internal init(_ ids: [ID]) {
      self.init(ids, ids.indices, ids.endIndex..<ids.endIndex)
    }

    /// `0`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of identifiers.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { _first.count &+ _second.count }

    /// The identifier at `position`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> ID {
      _precondition(
        position >= 0 && position < endIndex, "Position \(position) out of range 0..<\(endIndex)")
      return position < _first.count
        ? _ids[_first.lowerBound &+ position] : _ids[_second.lowerBound &+ position &- _first.count]
    }

    /// Whether both hold the same identifiers in the same order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public static func == (lhs: Identifiers, rhs: Identifiers) -> Bool {
      lhs.elementsEqual(rhs)
    }
  }
}
