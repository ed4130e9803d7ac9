//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff

/// What a pager remembers of its publications: where the pages changed
/// since the last one, whether it showed a refresh's held rows, and the
/// changes of the last ones, for `changes(since:)`.
internal struct _PublicationLog: Sendable {
  /// The internal coordinates where the pages may differ from the last
  /// publication: publishing rebuilds and compares only there.
  var dirty: Range<Int>?
  /// Whether the last publication showed a refresh's held rows.
  var showedHeld = false
  /// The changes of the last `capacity` publications, by version.
  var changes: [(version: Int, changes: RowChanges)] = []

  /// How many publications' changes are kept.
  static var capacity: Int { 64 }

  /// Records the changes that made publication `version`.
  mutating func record(_ changes: RowChanges, version: Int) {
    self.changes.append((version, changes))
    if self.changes.count > Self.capacity {
      self.changes.removeFirst(self.changes.count - Self.capacity)
    }
  }
}
