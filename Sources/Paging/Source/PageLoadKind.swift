//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Which end of the loaded data a page request extends.
public enum PageLoadKind: Hashable, Sendable {
  /// A load that starts an island of pages: the first load of a generation
  /// (at the initial key, or at a refresh key near the visible position), or
  /// a jump (at a refresh key near a far position).
  case refresh
  /// A page after the last loaded one.
  case append
  /// A page before the first loaded one.
  case prepend
}
