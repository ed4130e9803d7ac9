//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// Each edit of the sections returns the rows it changed, for a list that
// shows the collection (`list.update { $0.appendSection(section) }`).

extension SectionedCollection {
  /// The section at `index`; setting it (or mutating its items in place,
  /// `rows[section: 2].items.append(x)`) updates that section alone, as
  /// DataSources' per-section updates do.
  ///
  /// - Complexity: O(1) to read; O(*s* − `index`) to write, for *s*
  ///   sections (the first rows of the later sections shift), plus the cost
  ///   of the mutation of the items.
  public subscript(section index: Int) -> ListSection<SectionID, Items> {
    get {
      _checkSection(index)
      return _sections[index]
    }
    _modify {
      _checkSection(index)
      defer { _recountRows(from: index) }
      yield &_sections[index]
    }
  }

  /// The rows section `section` shows: its header, items and footer.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func rows(ofSection section: Int) -> Range<Int> {
    _checkSection(section)
    return _sectionStarts[section]..<_sectionStarts[section &+ 1]
  }

  /// Inserts `section` so that it becomes section `index`.
  ///
  /// - Returns: The rows inserted.
  /// - Complexity: O(*s*) for *s* sections.
  @discardableResult
  public mutating func insertSection(
    _ section: ListSection<SectionID, Items>, at index: Int
  ) -> RowChanges {
    _precondition(
      index >= 0 && index <= _sections.count,
      "Section \(index) out of range 0...\(_sections.count)")
    _sections.insert(section, at: index)
    _recountRows(from: index)
    let rows = rows(ofSection: index)
    return rows.isEmpty ? RowChanges() : RowChanges(insertions: [rows])
  }

  /// Appends `section` after the last.
  ///
  /// - Returns: The rows inserted.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public mutating func appendSection(_ section: ListSection<SectionID, Items>) -> RowChanges {
    insertSection(section, at: _sections.count)
  }

  /// Removes and returns section `index`.
  ///
  /// The rows it showed are `rows(ofSection: index)`, read before the
  /// removal: a list that shows the collection is told
  /// `RowChanges(deletions: [that])`.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @discardableResult
  public mutating func removeSection(at index: Int) -> ListSection<SectionID, Items> {
    _checkSection(index)
    let removed = _sections.remove(at: index)
    _recountRows(from: index)
    return removed
  }

  /// Moves section `source` so that it becomes section `destination`.
  ///
  /// - Returns: The section's rows moved: removed where they were and
  ///   inserted where they land.
  /// - Complexity: O(*s*) for *s* sections.
  @discardableResult
  public mutating func moveSection(from source: Int, to destination: Int) -> RowChanges {
    _checkSection(source)
    _checkSection(destination)
    let old = rows(ofSection: source)
    let section = _sections.remove(at: source)
    _sections.insert(section, at: destination)
    _recountRows(from: Swift.min(source, destination))
    let new = rows(ofSection: destination)
    guard old != new, !old.isEmpty else { return RowChanges() }
    return RowChanges(
      deletions: [old], insertions: [new],
      moves: zip(old, new).map { RowChanges.Move(from: $0, to: $1) })
  }

  /// Replaces every section.
  ///
  /// - Returns: Every row removed and the new rows inserted (a list finds
  ///   the rows it shows again by their ids).
  /// - Complexity: O(*s*) for the *s* new sections.
  @discardableResult
  public mutating func replaceSections(
    with sections: [ListSection<SectionID, Items>]
  ) -> RowChanges {
    let oldCount = count
    self._sections = sections
    _recountRows(from: 0)
    return RowChanges(
      deletions: oldCount == 0 ? [] : [0..<oldCount], insertions: count == 0 ? [] : [0..<count])
  }
}
