//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// The loaded pages and what is indexed from them, which change together
  /// (`_replacePages(_:with:)`): the ids of their items, and their keys.
  internal struct _PageStore {
    /// Loaded pages, in position order, never overlapping.
    var pages: [_StoredPage] = []
    /// How many loaded pages have each key: a key already loaded is not
    /// requested again.
    var loadedKeys: [Key: Int] = [:]
    /// How many loaded source items have each id.
    let shownIDs: _AnyShownIDs<Item>
  }
}
