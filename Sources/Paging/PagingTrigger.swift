//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What makes a `Pager` load more.
public enum PagingTrigger: Hashable, Sendable {
  /// Advancing an index of the published collection (`index(after:)`,
  /// `index(before:)`) to within `prefetchDistance` of a loaded end: the
  /// behaviour of index-driven pagers. Any traversal triggers, including a
  /// SwiftUI `List` reading every identifier; at most one request per
  /// direction per published collection.
  case indexAdvance
  /// Only `visibleRangeDidChange(_:)` (from a windowing engine or a row's
  /// `onAppear`) requests pages; traversal and subscripting never do.
  case visibleRange
  /// Only `loadNext()` and `loadPrevious()` request pages.
  case manual
}
