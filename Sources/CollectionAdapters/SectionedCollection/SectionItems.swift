//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import _AdapterInternals

/// The items of one section, of whatever collection type, seen as elements
/// of one row type: how a `SectionedCollection` holds sections whose items
/// have different types (DataSources' typed sections).
///
/// ```swift
/// import CollectionAdapters
///
/// struct Story { var title: String }
/// struct Ad { var sponsor: String }
/// enum FeedRow { case story(Story), ad(Ad) }
///
/// let stories: [Story] = [Story(title: "Swift 6.3")]
/// let ads: OrderedStore<Int, Ad> = [7: Ad(sponsor: "Acme")]
/// let feed = SectionedCollection([
///   ListSection(id: "stories", items: SectionItems(stories, as: FeedRow.story), header: true),
///   ListSection(id: "ads", items: SectionItems(ads, as: { FeedRow.ad($0.value) })),
/// ])
/// let typed = feed[section: 1].items.base(as: OrderedStore<Int, Ad>.self)  // the store itself
/// ```
///
/// The base collection is held as it is (never copied into an array); each
/// read goes through one dynamic call and the transform.
public struct SectionItems<Element>: RandomAccessCollection {
  @usableFromInline
  internal let _box: _SectionItemsBox<Element>

  /// Wraps `base`, whose elements become rows through `transform`.
  ///
  /// - Complexity: O(1).
  public init<Base: RandomAccessCollection>(
    _ base: Base, as transform: @escaping (Base.Element) -> Element
  ) {
    _box = _SectionItemsStorage(base, transform)
  }

  /// Wraps `base`, whose elements are already rows.
  ///
  /// - Complexity: O(1).
  public init<Base: RandomAccessCollection>(_ base: Base) where Base.Element == Element {
    _box = _SectionItemsStorage(base, { $0 })
  }

  /// The wrapped collection, if it is a `Base`: DataSources' typed access to
  /// one section's items.
  ///
  /// - Complexity: O(1).
  public func base<Base: RandomAccessCollection>(as type: Base.Type) -> Base? {
    (_box as? _SectionItemsStorage<Base, Element>)?._base
  }

  /// `0`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _box._count }

  /// The item at `position`, through the transform.
  ///
  /// - Complexity: O(1) plus the base's offset and the transform.
  @inlinable
  public subscript(position: Int) -> Element {
    if position < 0 || position >= _box._count { _outOfRange(position, count: _box._count) }
    return _box._element(at: position)
  }
}

/// The dynamic interface of a section's items.
@usableFromInline
internal class _SectionItemsBox<Element> {
  @usableFromInline let _count: Int

  @usableFromInline
  init(count: Int) { _count = count }

  @usableFromInline
  func _element(at position: Int) -> Element { fatalError("abstract") }
}

/// A section's items of type `Base`.
@usableFromInline
internal final class _SectionItemsStorage<Base: RandomAccessCollection, Element>:
  _SectionItemsBox<Element>
{
  let _base: Base
  let _transform: (Base.Element) -> Element

  init(_ base: Base, _ transform: @escaping (Base.Element) -> Element) {
    _base = base
    _transform = transform
    super.init(count: base.count)
  }

  @usableFromInline
  override func _element(at position: Int) -> Element {
    _transform(_base[_base.index(_base.startIndex, offsetBy: position)])
  }
}
