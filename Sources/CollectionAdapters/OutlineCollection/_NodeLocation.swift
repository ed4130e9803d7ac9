//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Where an indexed node sits: child `index` of `record`. Eight bytes at
/// every width of `Int`; a node has at most 2³⁰ − 1 children, so the index
/// fits in 32 bits.
@usableFromInline @frozen
internal struct _NodeLocation: Hashable {
  @usableFromInline internal var record: Int32
  @usableFromInline internal var _index: Int32

  @inlinable
  internal init(record: Int32, index: Int) {
    self.record = record
    self._index = Int32(truncatingIfNeeded: index)
  }

  /// The node's position among its parent's children.
  @inlinable
  internal var index: Int { Int(_index) }
}
