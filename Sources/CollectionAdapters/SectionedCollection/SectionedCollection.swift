//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// The rows of a list with sections (each section's optional header, its
/// items, its optional footer) as one random-access collection over the
/// user's sections, without copying an item.
///
/// ```swift
/// import CollectionAdapters
/// import IdentityDiff
///
/// var contacts = SectionedCollection([
///   ListSection(id: "A", items: ["Ada", "Alan"], header: true),
///   ListSection(id: "B", items: ["Barbara"], header: true),
/// ])
/// let rowCount = contacts.count                         // 5: 2 headers, 3 items
/// let row = contacts.position(of: ItemPath(section: 1, item: 0))  // 4
/// contacts[section: 1].items.append("Brian")            // one section, in place
/// ```
///
/// A section's items may be any random-access collection (an `Array`, an
/// `OrderedStore`, a `LinkedListCollection`, an `OutlineCollection`…); for
/// sections of different item types, wrap each in `SectionItems`.
///
/// Rows are numbered `0..<count`. The collection keeps the first row of every
/// section (a prefix sum of the sections' row counts), so a row's section and
/// an `ItemPath`'s row are found in O(log *s*) and O(1) for *s* sections, and
/// iterating costs O(1) per row.
public struct SectionedCollection<SectionID: Hashable, Items: RandomAccessCollection> {
  /// The sections, in order.
  ///
  /// - Complexity: O(1).
  public var sections: [ListSection<SectionID, Items>] { _sections }
  @usableFromInline
  internal var _sections: [ListSection<SectionID, Items>]
  /// `_sectionStarts[k]` is the first row of section `k`; the last element
  /// is the row count. Always `_sections.count + 1` elements.
  @usableFromInline
  internal var _sectionStarts: [Int]

  /// Creates the rows of `sections`.
  ///
  /// - Complexity: O(*s*) for *s* sections; the items are not touched.
  public init(_ sections: [ListSection<SectionID, Items>]) {
    self._sections = sections
    self._sectionStarts = []
    _recountRows(from: 0)
  }

  /// Creates an empty collection.
  public init() {
    self.init([])
  }

  /// Recomputes the first rows of the sections from `section` on.
  @usableFromInline
  internal mutating func _recountRows(from section: Int) {
    _sectionStarts.removeSubrange(Swift.min(section &+ 1, _sectionStarts.count)...)
    if _sectionStarts.isEmpty { _sectionStarts.append(0) }
    var row = _sectionStarts[_sectionStarts.count &- 1]
    for k in _sectionStarts.count &- 1..<_sections.count {
      row &+= _sections[k].rowCount
      _sectionStarts.append(row)
    }
  }
}

extension SectionedCollection: Sendable where SectionID: Sendable, Items: Sendable {}

// MARK: - Rows and paths

extension SectionedCollection {
  /// The section that shows row `position`.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  @inlinable
  public func section(containing position: Int) -> Int {
    if position < 0 || position >= count { _outOfRange(position, count: count) }
    // The last section whose first row is at or before `position`; empty
    // sections share their first row with the next one, so take the last.
    return _sectionStarts[..<_sections.count]._partitioningIndex { $0 > position } &- 1
  }

  /// The first row of section `section`: its header if it has one, else its
  /// first item (or where it would be).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func firstRow(ofSection section: Int) -> Int {
    _checkSection(section)
    return _sectionStarts[section]
  }

  /// The row of section `section`'s header, or `nil` if it has none.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func headerRow(ofSection section: Int) -> Int? {
    _checkSection(section)
    return _sections[section].hasHeader ? _sectionStarts[section] : nil
  }

  /// The rows of every header, ascending: what a windowing engine's sticky
  /// headers take (`engine.setStickyHeaders(rows.headerRows)`).
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var headerRows: [Int] {
    _sections.indices.filter { _sections[$0].hasHeader }.map { _sectionStarts[$0] }
  }

  /// The row that shows the item at `path`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func position(of path: ItemPath) -> Int {
    _checkSection(path.section)
    let section = _sections[path.section]
    let itemCount = section.items.count
    _precondition(
      path.item >= 0 && path.item < itemCount,
      "Item \(path.item) out of range 0..<\(itemCount) of section \(path.section)")
    return _sectionStarts[path.section] &+ (section.hasHeader ? 1 : 0) &+ path.item
  }

  /// The path of the item shown at row `position`, or `nil` for a header or
  /// footer row.
  ///
  /// - Complexity: O(log *s*) for *s* sections.
  @inlinable
  public func itemPath(at position: Int) -> ItemPath? {
    let k = section(containing: position)
    let section = _sections[k]
    let item = position &- _sectionStarts[k] &- (section.hasHeader ? 1 : 0)
    return item >= 0 && item < section.items.count ? ItemPath(section: k, item: item) : nil
  }

  /// The item at `path`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(path: ItemPath) -> Items.Element {
    _checkSection(path.section)
    let items = _sections[path.section].items
    let count = items.count
    _precondition(
      path.item >= 0 && path.item < count,
      "Item \(path.item) out of range 0..<\(count) of section \(path.section)")
    return items[items.index(items.startIndex, offsetBy: path.item)]
  }

  @inlinable
  internal func _checkSection(_ section: Int) {
    if section < 0 || section >= _sections.count {
      _preconditionFailure("Section \(section) out of range 0..<\(_sections.count)")
    }
  }
}
