//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// An immutable snapshot of the items a `Pager` has loaded, as a random-access
/// collection: what a list UI displays.
///
/// Each element is the item at that position, or `nil` for a placeholder: a
/// position known to exist (from a total count the loader reported, or a
/// page dropped to save memory) that is not loaded.
///
/// ```swift
/// import CollectionAdapters
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
  @usableFromInline
  internal struct _Page: Sendable {
    /// The position of the page's first item.
    @usableFromInline var start: Int
    @usableFromInline var items: ContiguousArray<Item>
  }

  /// Loaded pages, in order and contiguous.
  @usableFromInline internal let _pages: [_Page]
  @usableFromInline internal let _count: Int
  /// The usual page length, for the O(1) lookup guess.
  @usableFromInline internal let _pageSize: Int
  @usableFromInline internal let _trigger: _PagingTrigger?

  @inlinable
  internal init(pages: [_Page], count: Int, pageSize: Int, trigger: _PagingTrigger?) {
    _pages = pages
    _count = count
    _pageSize = Swift.max(pageSize, 1)
    _trigger = trigger
  }

  /// An empty collection with nothing to load.
  ///
  /// - Complexity: O(1).
  public init() {
    self.init(pages: [], count: 0, pageSize: 1, trigger: nil)
  }

  /// The positions that hold loaded items: one contiguous range.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var loadedRange: Range<Int> {
    guard let first = _pages.first, let last = _pages.last else { return 0..<0 }
    return first.start..<last.start + last.items.count
  }

  /// Whether the item at `position` is loaded (not a placeholder).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func isLoaded(_ position: Int) -> Bool { loadedRange.contains(position) }

  /// The number of loaded pages.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var loadedPageCount: Int { _pages.count }

  /// The index in `_pages` of the page holding `position`, which is loaded.
  @inlinable
  internal func _pageIndex(of position: Int) -> Int {
    let first = _pages[0].start
    let guess = Swift.min((position - first) / _pageSize, _pages.count - 1)
    let page = _pages[guess]
    if page.start <= position && position < page.start + page.items.count { return guess }
    // Pages of other sizes: binary search.
    var low = 0
    var high = _pages.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if _pages[mid].start <= position { low = mid } else { high = mid }
    }
    return low
  }
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
  /// - Complexity: O(1) when pages have the configured size, O(log pages)
  ///   otherwise.
  @inlinable
  public subscript(position: Int) -> Item? {
    if position < 0 || position >= _count { _outOfRange(position, count: _count) }
    guard isLoaded(position) else { return nil }
    let page = _pages[_pageIndex(of: position)]
    return page.items[page.items.startIndex + position - page.start]
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
