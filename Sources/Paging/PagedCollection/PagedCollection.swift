//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// An immutable snapshot of the items a `Pager` has loaded, as a random-access
/// collection: what a list UI displays.
///
/// Each element is the item at that position, or `nil` for a placeholder: a
/// position known to exist (from a total count the loader reported, or a
/// page dropped to save memory) that is not loaded.
///
/// ```swift
/// import Paging
/// import SwiftUI
///
/// struct Feed: View {
///   let pager: Pager<String, Post>
///   var body: some View {
///     // Rows are identified by position: placeholders never share an id.
///     ForEach(pager.items.indices, id: \.self) { i in
///       if let post = pager.items[i] { PostRow(post) } else { ProgressView() }
///     }
///   }
/// }
/// ```
///
/// Items are stored in pages shared with the pager: publishing a new snapshot
/// after a page loads never copies the items already loaded.
public struct PagedCollection<Item: Sendable>: Sendable {
  /// A loaded page: the source's items at their internal coordinates, shown
  /// with local edits applied.
  @usableFromInline
  internal struct _Page: Sendable {
    /// The pager's internal coordinate of the page's first source item.
    @usableFromInline var sourceStart: Int
    /// The number of source items (before local edits); the placeholders
    /// after the page are numbered from `sourceStart + sourceCount`.
    @usableFromInline var sourceCount: Int
    /// The items shown: the source's, with local edits applied.
    @usableFromInline var items: ContiguousArray<Item>
    /// The rows that local edits added (or removed) in the earlier pages of
    /// its chunk.
    @usableFromInline var rowDelta: Int
    /// Unique to this content: a page stored or edited again gets a new one.
    @usableFromInline var identity: Int

    @inlinable var sourceEnd: Int { sourceStart + sourceCount }
    /// The rows local edits added in this page.
    @inlinable var delta: Int { items.count - sourceCount }
  }

  /// A run of at most `_chunkCapacity` consecutive pages. Publishing after
  /// a load rebuilds only the chunks it touched and shares the others, so
  /// its cost does not grow with the number of loaded pages.
  @usableFromInline
  internal struct _Chunk: Sendable {
    /// The rows that local edits added in the pages of earlier chunks.
    @usableFromInline var rowDelta: Int
    /// Never empty.
    @usableFromInline var pages: [_Page]

    @inlinable var sourceStart: Int { pages[0].sourceStart }
    @inlinable var sourceEnd: Int { pages[pages.count - 1].sourceEnd }
    /// The rows that local edits added up to the end of the chunk.
    @inlinable var endDelta: Int {
      let last = pages[pages.count - 1]
      return rowDelta + last.rowDelta + last.delta
    }
  }

  @usableFromInline internal static var _chunkCapacity: Int { 64 }

  /// Loaded pages in chunks, in order; placeholders fill the gaps.
  @usableFromInline internal let _chunks: [_Chunk]
  @usableFromInline internal let _pageCount: Int
  @usableFromInline internal let _count: Int
  /// The pager's internal coordinate of position 0: placeholders before
  /// the first page are numbered from it.
  @usableFromInline internal let _origin: Int
  @usableFromInline internal let _trigger: _PagingTrigger?
  /// Which publication of its pager this is: `Pager.changes(since:)` takes it.
  ///
  /// - Complexity: O(1).
  public let version: Int

  @inlinable
  internal init(
    chunks: [_Chunk], pageCount: Int, count: Int, origin: Int, version: Int,
    trigger: _PagingTrigger?
  ) {
    _chunks = chunks
    _pageCount = pageCount
    _count = count
    _origin = origin
    self.version = version
    _trigger = trigger
  }

  /// An empty collection with nothing to load.
  ///
  /// - Complexity: O(1).
  public init() {
    self.init(chunks: [], pageCount: 0, count: 0, origin: 0, version: 0, trigger: nil)
  }

  /// Whether the item at `position` is loaded (not a placeholder).
  ///
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  @inlinable
  public func isLoaded(at position: Int) -> Bool {
    guard let (page, row) = _page(atOrBefore: position) else { return false }
    return position < row + page.items.count
  }

  /// The number of loaded pages.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var loadedPageCount: Int { _pageCount }

  /// The positions that hold loaded items, in order: one range per island
  /// of contiguous loaded pages.
  ///
  /// - Complexity: O(*p*), where *p* is the number of loaded pages.
  public var loadedRanges: [Range<Int>] {
    var ranges: [Range<Int>] = []
    for chunk in _chunks {
      for page in chunk.pages where !page.items.isEmpty {
        let start = _row(of: page, in: chunk)
        if let last = ranges.last, last.upperBound == start {
          ranges[ranges.count - 1] = last.lowerBound..<start + page.items.count
        } else {
          ranges.append(start..<start + page.items.count)
        }
      }
    }
    return ranges
  }

  /// The position of `page`'s first row.
  @inlinable
  internal func _row(of page: _Page, in chunk: _Chunk) -> Int {
    page.sourceStart &- _origin &+ chunk.rowDelta &+ page.rowDelta
  }

  /// The last page that starts at or before `position`, with the position
  /// of its first row, or `nil`.
  @inlinable
  internal func _page(atOrBefore position: Int) -> (page: _Page, row: Int)? {
    let chunkEnd = _chunks._partitioningIndex { _row(of: $0.pages[0], in: $0) > position }
    guard chunkEnd > 0 else { return nil }
    let chunk = _chunks[chunkEnd &- 1]
    let page = chunk.pages[
      chunk.pages._partitioningIndex { _row(of: $0, in: chunk) > position } &- 1]
    return (page, _row(of: page, in: chunk))
  }

  /// The pager's internal coordinate of `position`: for a placeholder, the
  /// source position it stands for; inside a loaded page, the page's
  /// source position nearest to it.
  @inlinable
  internal func _internalPosition(_ position: Int) -> Int {
    guard let (page, row) = _page(atOrBefore: position) else { return _origin + position }
    let end = row + page.items.count
    if position < end {
      // Local edits change a page's length: clamp into its source span.
      return Swift.min(page.sourceEnd - 1, page.sourceStart + (position - row))
    }
    return page.sourceEnd + (position - end)
  }
}

extension PagedCollection where Item: Identifiable, Item.ID: Sendable {
  /// The identity of the row at `position`, for `ForEach` and
  /// `VirtualList`: a loaded item's id, or a placeholder id that is unique
  /// and stays put when items are prepended.
  ///
  /// - Parameter position: A position in `0..<count`; traps otherwise.
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  @inlinable
  public func id(at position: Int) -> PagedRowID<Item.ID> {
    if position < 0 || position >= _count { _outOfRange(position, count: _count) }
    guard let (page, row) = _page(atOrBefore: position) else {
      return .placeholder(_origin + position)
    }
    let end = row + page.items.count
    if position < end {
      return .item(page.items[page.items.startIndex + position - row].id)
    }
    return .placeholder(page.sourceEnd + (position - end))
  }

  /// The rows, each with its identity, position and item (or `nil`): what
  /// `ForEach` takes directly.
  ///
  /// ```swift
  /// import Paging
  /// import SwiftUI
  ///
  /// struct Feed: View {
  ///   let pager: Pager<String, Post>
  ///   var body: some View {
  ///     List {
  ///       ForEach(pager.items.rows) { row in
  ///         if let post = row.item { PostRow(post) } else { ProgressView() }
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Complexity: O(1); reading a row costs as `id(at:)`.
  @inlinable
  public var rows: PagedRows<Item> { PagedRows(_base: self) }
}

// `index(_:offsetBy:)` and `distance` are the standard library's for `Int`
// indices: O(1), and they never trigger loads; only single steps do.
extension PagedCollection: RandomAccessCollection {
  /// A position: an offset in `0..<count`.
  public typealias Index = Int
  /// The positions, as a range that holds no reference to the collection.
  public typealias Indices = Range<Int>
  /// The item at a position, or `nil` for a placeholder.
  public typealias Element = Item?

  /// Always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of positions: loaded items plus placeholders.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _count }

  /// The positions, `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var indices: Range<Int> { 0..<_count }

  /// The item at `position`, or `nil` if it is a placeholder. Reading never
  /// triggers a load.
  ///
  /// - Parameter position: A position in `0..<count`; traps otherwise.
  /// - Complexity: O(log *p*), where *p* is the number of loaded pages.
  @inlinable
  public subscript(position: Int) -> Item? {
    if position < 0 || position >= _count { _outOfRange(position, count: _count) }
    guard let (page, row) = _page(atOrBefore: position), position < row + page.items.count
    else { return nil }
    return page.items[page.items.startIndex + position - row]
  }

  /// The position after `i`. In `.indexAdvance` mode, reaching the
  /// threshold before the loaded end requests the next page, once.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(after i: Int) -> Int {
    _trigger?.advanced(to: i + 1)
    return i + 1
  }

  /// Advances `i`, as `index(after:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func formIndex(after i: inout Int) {
    i = index(after: i)
  }

  /// The position before `i`. In `.indexAdvance` mode, reaching the
  /// threshold after the loaded start requests the previous page, once.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(before i: Int) -> Int {
    _trigger?.retreated(to: i - 1)
    return i - 1
  }

  /// Moves `i` back, as `index(before:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func formIndex(before i: inout Int) {
    i = index(before: i)
  }
}
