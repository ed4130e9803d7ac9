//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

extension IdentityDifference {
  /// For every old position, its new position, or `nil` if its item was
  /// deleted: `IdentityDifference.newPositions`.
  ///
  /// A difference of a few edits keeps the runs of rows that stay together,
  /// so one row appended to a million costs no storage per row; a larger
  /// one keeps a position per row.
  public struct PositionMap: RandomAccessCollection, Hashable, Sendable {
    /// Old positions `old..<old + count` go to `new..<new + count`.
    @usableFromInline
    internal struct _Run: Hashable, Sendable {
      @usableFromInline internal var old: Int
      @usableFromInline internal var new: Int
      @usableFromInline internal var count: Int

      @inlinable
      internal init(old: Int, new: Int, count: Int) {
        self.old = old
        self.new = new
        self.count = count
      }
    }

    @usableFromInline
    internal enum _Storage: Sendable {
      /// Runs ascending by old position, disjoint; positions outside them
      /// are deleted.
      case runs([_Run])
      /// A new position per old one, -1 for a deleted item.
      case dense([Int])
    }

    @usableFromInline
    internal var _storage: _Storage
    @usableFromInline
    internal var _count: Int

    /// A map from runs (ascending by old position, disjoint) over `count`
    /// old positions.
    @inlinable
    internal init(runs: [_Run], count: Int) {
      _storage = .runs(runs)
      _count = count
    }

    /// A map from a new position per old one, -1 for a deleted item.
    @inlinable
    internal init(dense: [Int]) {
      _storage = .dense(dense)
      _count = dense.count
    }

    /// The first old position.
    public var startIndex: Int { 0 }

    /// The number of old positions.
    public var endIndex: Int { _count }

    /// The new position of the item at old position `position`, or `nil`
    /// if it was deleted.
    ///
    /// - Complexity: O(1) for a large difference; O(log *r*) for one kept
    ///   as *r* runs.
    @inlinable
    public subscript(position: Int) -> Int? {
      _precondition(
        position >= 0 && position < _count, "Old position \(position) out of range 0..<\(_count)")
      switch _storage {
      case .dense(let positions):
        let new = positions[position]
        return new >= 0 ? new : nil
      case .runs(let runs):
        let k = runs._partitioningIndex { $0.old > position }
        guard k > 0 else { return nil }
        let offset = position - runs[k - 1].old
        return offset < runs[k - 1].count ? runs[k - 1].new + offset : nil
      }
    }

    /// Walks the positions in order.
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal let _map: PositionMap
      @usableFromInline internal var _position = 0
      @usableFromInline internal var _run = 0

      @inlinable
      internal init(_ map: PositionMap) { _map = map }

      /// The next old position's new position.
      ///
      /// - Complexity: O(1).
      @inlinable
      public mutating func next() -> Int?? {
        guard _position < _map._count else { return nil }
        defer { _position += 1 }
        switch _map._storage {
        case .dense(let positions):
          let new = positions[_position]
          return .some(new >= 0 ? new : nil)
        case .runs(let runs):
          while _run < runs.count, runs[_run].old + runs[_run].count <= _position { _run += 1 }
          guard _run < runs.count, runs[_run].old <= _position else { return .some(nil) }
          return .some(runs[_run].new + _position - runs[_run].old)
        }
      }
    }

    /// An iterator over the positions.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Whether two maps send every old position to the same place.
    ///
    /// - Complexity: O(*n*).
    public static func == (a: PositionMap, b: PositionMap) -> Bool {
      a._count == b._count && a.elementsEqual(b)
    }

    /// Hashes the positions.
    ///
    /// - Complexity: O(*n*).
    public func hash(into hasher: inout Hasher) {
      hasher.combine(_count)
      for position in self { hasher.combine(position) }
    }
  }
}

extension IdentityDifference.PositionMap: ExpressibleByArrayLiteral {
  /// A map from a new position (or `nil`) per old position.
  ///
  /// - Complexity: O(*n*).
  public init(arrayLiteral positions: Int?...) {
    self.init(positions)
  }

  /// A map from a new position (or `nil`) per old position.
  ///
  /// - Complexity: O(*n*).
  public init(_ positions: some Sequence<Int?>) {
    self.init(
      dense: positions.map { position in
        guard let position else { return -1 }
        _precondition(position >= 0, "New position \(position) is negative")
        return position
      })
  }
}

extension IdentityDifference.PositionMap: CustomStringConvertible {
  /// The positions, as an array's.
  public var description: String { Array(self).description }
}
