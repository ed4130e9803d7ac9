//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Where a `Pager` loads its items from: a positional source, which can load
/// any range of positions, or a keyed source, which follows cursors.
///
/// ```swift
/// import Paging
///
/// // SQL `LIMIT/OFFSET`, REST `?page=N`: any page, by position.
/// let numbers = PagingSource<Int, Int>.positional { range in
///   PositionalPage(items: Array(range), totalCount: 1_000_000)
/// }
///
/// // Cursors: the next page's key comes with each page. The refresh key
/// // (optional) lets the pager jump: it names the key of the page that
/// // starts at a position.
/// let feed = PagingSource<String, Post>.keyed(
///   refreshKey: { position in try await api.cursor(at: position) },
///   load: { request in
///     let page = try await api.posts(cursor: request.key, limit: request.size)
///     return Page(items: page.posts, nextKey: page.nextCursor)
///   })
/// ```
public struct PagingSource<Key: Hashable & Sendable, Item: Sendable>: Sendable {
  @usableFromInline
  internal enum _Kind: Sendable {
    case positional(@Sendable (Range<Int>) async throws -> PositionalPage<Item>)
    case keyed(
      initialKey: Key?,
      refreshKey: (@Sendable (Int) async throws -> Key?)?,
      load: @Sendable (PageRequest<Key>) async throws -> Page<Key, Item>)
  }

  @usableFromInline internal let _kind: _Kind

  internal init(_kind: _Kind) {
    self._kind = _kind
  }

  /// A source that follows cursors: each page names the keys of the pages
  /// before and after it.
  ///
  /// - Parameters:
  ///   - initialKey: The key of the first page of each generation.
  ///   - refreshKey: The key of the page that starts at a position (from
  ///     the start of the data), or `nil` if the source cannot say. With
  ///     it, the pager jumps to far positions and refreshes in place (one
  ///     call, then the page there) instead of walking every page in
  ///     between. The page loaded at the key is placed at the position
  ///     asked for (`PageRequest.position`).
  ///   - load: Loads the page a request asks for. It runs off the main
  ///     actor and may be cancelled.
  public static func keyed(
    initialKey: Key? = nil,
    refreshKey: (@Sendable (Int) async throws -> Key?)? = nil,
    load: @escaping @Sendable (PageRequest<Key>) async throws -> Page<Key, Item>
  ) -> Self {
    Self(_kind: .keyed(initialKey: initialKey, refreshKey: refreshKey, load: load))
  }

  /// Whether the pager may load any range of positions directly.
  public var isPositional: Bool {
    if case .positional = _kind { return true }
    return false
  }
}

extension PagingSource where Key == Int {
  /// A source that loads any range of positions: SQL `LIMIT/OFFSET`, REST
  /// `?page=N`. Loaded pages are islands anywhere in the data; a jump loads
  /// the pages at the visible range directly.
  ///
  /// - Parameter load: Loads the items at a range of positions (aligned to
  ///   the page size) and, if it knows, the total count. It runs off the
  ///   main actor and may be cancelled.
  public static func positional(
    _ load: @escaping @Sendable (Range<Int>) async throws -> PositionalPage<Item>
  ) -> Self {
    Self(_kind: .positional(load))
  }
}
