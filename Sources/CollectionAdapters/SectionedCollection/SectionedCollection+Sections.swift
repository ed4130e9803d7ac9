//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

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

  /// Inserts `section` so that it becomes section `index`.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func insertSection(_ section: ListSection<SectionID, Items>, at index: Int) {
    _precondition(
      index >= 0 && index <= _sections.count,
      "Section \(index) out of range 0...\(_sections.count)")
    _sections.insert(section, at: index)
    _recountRows(from: index)
  }

  /// Appends `section` after the last.
  ///
  /// - Complexity: O(1) amortized.
  public mutating func appendSection(_ section: ListSection<SectionID, Items>) {
    insertSection(section, at: _sections.count)
  }

  /// Removes and returns section `index`.
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
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func moveSection(from source: Int, to destination: Int) {
    _checkSection(source)
    _checkSection(destination)
    let section = _sections.remove(at: source)
    _sections.insert(section, at: destination)
    _recountRows(from: Swift.min(source, destination))
  }

  /// Replaces every section.
  ///
  /// - Complexity: O(*s*) for the *s* new sections.
  public mutating func replaceSections(with sections: [ListSection<SectionID, Items>]) {
    self._sections = sections
    _recountRows(from: 0)
  }
}
