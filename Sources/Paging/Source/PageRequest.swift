//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// What a `Pager` asks its loader for.
public struct PageRequest<Key: Sendable>: Sendable {
  /// Which end the page extends.
  public var kind: PageLoadKind
  /// The page key: the initial key for a refresh, otherwise the
  /// `nextKey` or `previousKey` of the page at that end.
  public var key: Key?
  /// How many items to load: a hint, which the loader may exceed.
  public var size: Int
  /// For a `.refresh` at a refresh key, the position (from the start of the
  /// data) the key was asked for: the page is placed there. `nil`
  /// otherwise.
  public var position: Int?

  /// Creates a request.
  public init(kind: PageLoadKind, key: Key?, size: Int, position: Int? = nil) {
    self.kind = kind
    self.key = key
    self.size = size
    self.position = position
  }
}
