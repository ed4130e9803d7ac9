//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What makes a `Pager` load more.
public enum PagingTrigger: Hashable, Sendable {
  /// Advancing an index of the published collection (`index(after:)`,
  /// `index(before:)`) to within `prefetchDistance` of a loaded end: the
  /// behaviour of index-driven pagers, for a host that walks only what the
  /// reader reaches (a `for` loop that stops, a reader of its own). At most
  /// one request per direction per published collection.
  ///
  /// Any traversal triggers. Do not use it under SwiftUI's `ForEach` or
  /// `List` over the collection: they walk every index, for the
  /// identifiers, each time the pager publishes, so each page that arrives
  /// asks for the next one until the source is exhausted, whatever the
  /// reader sees. Use `.visibleRange` there, with each row's `onAppear`
  /// (`rowDidAppear(at:)`) or a windowing engine's visible range.
  case indexAdvance
  /// Only `visibleRangeDidChange(_:)` (from a windowing engine or a row's
  /// `onAppear`) requests pages; traversal and subscripting never do.
  case visibleRange
  /// Only `loadNext()` and `loadPrevious()` request pages.
  case manual
}
