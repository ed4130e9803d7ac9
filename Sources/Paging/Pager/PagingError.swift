//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Loader results that a `Pager` refuses or corrects.
///
/// A refused page key is reported as a `.failed` load state of its kind; a
/// refused or corrected item count keeps the page's items and is reported
/// in `Pager.lastRefusal`.
public enum PagingError: Error, Hashable, Sendable {
  /// The loader pointed at a page key that is already loaded; loading it
  /// again would duplicate items.
  case repeatedKey(String)
  /// A prepended page's `nextKey` is not the key of the page it joins:
  /// placing it would leave a gap or an overlap (the duplicates of page
  /// numbers when page sizes differ).
  case pageNotAdjacent(expected: String, found: String)
  /// A page claimed a number of items before or after it that is negative
  /// or too large to lay out (the whole span, with room for local
  /// insertions, must stay within `Int32.max` positions); the claim was
  /// ignored.
  case itemCountOutOfBounds(claimed: Int)
  /// A page claimed this many items before or after it, beyond the end of
  /// the data (a page with no key in that direction); no placeholders were
  /// kept for them.
  case itemsBeyondEnd(Int)
  /// A positional page returned fewer items than asked inside the span the
  /// source said it has: its items were kept and the rest of its positions
  /// stay placeholders until `retry()` or `refresh()`.
  case pageShorterThanRequested(position: Int, expected: Int, received: Int)
  /// A positional page returned more items than asked; the extra ones
  /// belong to other pages and were not kept.
  case moreItemsThanRequested(position: Int, extra: Int)
  /// A keyed page extending loaded pages toward more data was empty,
  /// although the source claimed items there; it is reported as the
  /// direction's failure.
  case emptyPageInsideData(position: Int)
  /// A page held `count` items that other loaded pages show (the data moved
  /// between loads, or the source repeated itself), the first at
  /// `position`: identifiable items are never shown twice. A positional
  /// page keeps its items before that position, the rest stay placeholders
  /// and the page's load fails until `retry()` or `refresh()`; a keyed page
  /// keeps its other items, and one with none left is the failure of its
  /// direction.
  case duplicateItems(position: Int, count: Int)
}
