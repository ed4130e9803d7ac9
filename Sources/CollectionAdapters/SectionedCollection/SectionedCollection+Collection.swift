//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

extension SectionedCollection: RandomAccessCollection {
  /// A row's position.
  public typealias Index = Int
  /// The positions of the rows.
  public typealias Indices = Range<Int>
  /// A header, an item with its path, or a footer.
  public typealias Element = SectionedRow<SectionID, Items.Element>

  /// The first row's position, `0`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _sectionStarts[_sectionStarts.count &- 1] }

  /// The number of rows: every section's header, items and footer.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { endIndex }

  /// The positions of the rows, `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var indices: Range<Int> { 0..<endIndex }

  /// The row at `position`.
  ///
  /// - Complexity: O(log *s*) for *s* sections; iterating costs O(1) per row.
  @inlinable
  public subscript(position: Int) -> Element {
    let k = section(containing: position)
    return _row(inSection: k, offset: position &- _sectionStarts[k])
  }

  /// Row `offset` of section `k`.
  @inlinable
  internal func _row(inSection k: Int, offset: Int) -> Element {
    let section = _sections[k]
    var item = offset
    if section.hasHeader {
      if item == 0 { return .header(section.id) }
      item &-= 1
    }
    let items = section.items
    let itemCount = items.count
    if item == itemCount { return .footer(section.id) }
    return .item(
      items[items.index(items.startIndex, offsetBy: item)], ItemPath(section: k, item: item))
  }

  /// - Complexity: O(1).
  @inlinable
  public func index(after i: Int) -> Int { i &+ 1 }

  /// - Complexity: O(1).
  @inlinable
  public func index(before i: Int) -> Int { i &- 1 }

  /// - Complexity: O(1).
  @inlinable
  public func index(_ i: Int, offsetBy distance: Int) -> Int { i &+ distance }

  /// - Complexity: O(1).
  @inlinable
  public func distance(from start: Int, to end: Int) -> Int { end &- start }

  /// Walks the rows in order, one section after another.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let _base: SectionedCollection
    @usableFromInline var _section = 0
    @usableFromInline var _offset = 0

    @inlinable
    init(_base: SectionedCollection) { self._base = _base }

    /// The next row, or `nil` after the last.
    ///
    /// - Complexity: O(1) amortized (skipping empty sections).
    @inlinable
    public mutating func next() -> Element? {
      while _section < _base._sections.count {
        if _offset < _base._sections[_section].rowCount {
          defer { _offset &+= 1 }
          return _base._row(inSection: _section, offset: _offset)
        }
        _section &+= 1
        _offset = 0
      }
      return nil
    }
  }

  /// An iterator over the rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func makeIterator() -> Iterator { Iterator(_base: self) }
}

// MARK: - Identities

extension SectionedCollection {
  /// The identity of the row at `position`: its section's for a header or
  /// footer, the item's own (by `itemID`) for an item.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  @inlinable
  public func id<ItemID: Hashable>(
    at position: Int, itemID: (Items.Element) -> ItemID
  ) -> SectionedRowID<SectionID, ItemID> {
    self[position].id(itemID: itemID)
  }
}

extension SectionedCollection where Items.Element: Identifiable {
  /// The identity of the row at `position`, for SwiftUI's `ForEach`: its
  /// section's for a header or footer, the item's `id` for an item.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  @inlinable
  public func id(at position: Int) -> SectionedRowID<SectionID, Items.Element.ID> {
    id(at: position, itemID: { $0.id })
  }
}
