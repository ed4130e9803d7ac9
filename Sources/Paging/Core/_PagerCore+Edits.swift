//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

// The local edits of identifiable items: each command checks the item is
// shown, records the edit in the overlay (`_Edits`, in Pager+Edits.swift)
// and shows every page again through it. A drag (`move(ids:before:)`)
// inserts the items beside the destination (a source item an insertion
// shows is shown only there), and is published as the moves of its rows.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore where Item: Identifiable {
  /// See `Pager.replace(_:)`.
  @discardableResult
  public mutating func replace(_ item: Item) -> Bool {
    guard _isShown(item.id) else { return false }
    _editLog().updates[item.id] = (item, _generation)
    _reapplyEdits()
    return true
  }

  /// See `Pager.remove(id:)`.
  @discardableResult
  public mutating func remove(id: Item.ID) -> Bool {
    guard _isShown(id) else { return false }
    let edits = _editLog()
    if edits.anchors[id] == nil || Self._detach(id, from: edits) {
      // A source item, where it is or moved.
      edits.removals[id] = _generation
    } else {
      // A local insertion is simply undone.
      edits.updates[id] = nil
    }
    _reapplyEdits()
    return true
  }

  /// See `Pager.insert(_:after:)`.
  @discardableResult
  public mutating func insert(_ item: Item, after anchor: Item.ID) -> Bool {
    _insert(item, anchor: anchor, after: true)
  }

  /// See `Pager.insert(_:before:)`.
  @discardableResult
  public mutating func insert(_ item: Item, before anchor: Item.ID) -> Bool {
    _insert(item, anchor: anchor, after: false)
  }

  /// See `Pager.hasLocalEdits`.
  public var hasLocalEdits: Bool { !_edits.isEmpty }

  private mutating func _insert(_ item: Item, anchor: Item.ID, after: Bool) -> Bool {
    guard !_isShown(item.id), _isShown(anchor), _hasRoomToInsert(1) else { return false }
    Self._place(
      _Edits<Item>.Insertion(item: item, after: after, serial: _generation), next: anchor,
      in: _editLog())
    _reapplyEdits()
    return true
  }

  /// Records `insertion` next to the shown item `anchor`.
  private static func _place(
    _ insertion: _Edits<Item>.Insertion, next anchor: Item.ID, in edits: _Edits<Item>
  ) {
    let item = insertion.item
    let after = insertion.after
    // Anchored to a source item: an inserted anchor would vanish with it.
    let root = edits.anchors[anchor] ?? anchor
    if let existing = edits.anchors[anchor], existing == root {
      // After (or before) another inserted item: keep their order.
      let index = edits.insertions[root]!.firstIndex { $0.item.id == anchor }!
      var placed = insertion
      placed.after = edits.insertions[root]![index].after
      edits.insertions[root]!.insert(placed, at: after ? index + 1 : index)
    } else {
      // Next to the anchor: after the insertions before it, before those
      // after it.
      var insertions = edits.insertions[root] ?? []
      insertions.insert(insertion, at: insertions.firstIndex { $0.after } ?? insertions.count)
      edits.insertions[root] = insertions
    }
    edits.anchors[item.id] = root
  }

  /// Takes the insertion that shows `id` out of `edits`; returns whether it
  /// was a moved source item's.
  private static func _detach(_ id: Item.ID, from edits: _Edits<Item>) -> Bool {
    guard let root = edits.anchors[id],
      let index = edits.insertions[root]?.firstIndex(where: { $0.item.id == id })
    else { return false }
    let insertion = edits.insertions[root]!.remove(at: index)
    if edits.insertions[root]!.isEmpty { edits.insertions[root] = nil }
    edits.anchors[id] = nil
    return insertion.isMove
  }

  /// The log of local edits: `_identity` made `_Edits` for identifiable
  /// items.
  private func _editLog() -> _Edits<Item> { _edits as! _Edits<Item> }

  /// Whether `count` more items may be inserted or moved locally: each
  /// may add a row to the span (`_maximumSpan`).
  private func _hasRoomToInsert(_ count: Int) -> Bool {
    let anchored = _editLog().anchors.count
    return anchored <= Self._maximumLocalInsertions - count
  }

  private func _isShown(_ id: Item.ID) -> Bool {
    (_held?.pages ?? _pages).contains { page in page.shown.contains { $0.id == id } }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// Applies the edits to every page again, and publishes.
  internal mutating func _reapplyEdits() {
    let edits = _edits
    for index in _pages.indices {
      let identity = _assignIdentity()
      Self._show(edits, identity: identity, in: &_pages[index])
    }
    if var held = _held {
      for index in held.pages.indices {
        let identity = _assignIdentity()
        Self._show(edits, identity: identity, in: &held.pages[index])
      }
      _held = held
    }
    _markDirty(_pages)
    if let held = _held { _markDirty(held.pages) }
    _publish()
  }

  /// Shows `page`'s items with `edits` applied, under a new identity.
  internal static func _show(
    _ edits: _AnyEdits<Item>, identity: Int, in page: inout _StoredPage
  ) {
    page.shown = edits.shown(page.items)
    page.identity = identity
  }

  /// Assigns the next page identity (`PagedCollection` tells pages apart
  /// by it).
  internal mutating func _assignIdentity() -> Int {
    _stamps.identities += 1
    return _stamps.identities
  }

  /// Marks the positions of `pages` as changed since the last publication.
  internal mutating func _markDirty(_ pages: some Collection<_StoredPage>) {
    guard let first = pages.first?.start else { return }
    var last = first
    for page in pages { last = Swift.max(last, page.end) }
    _markDirty(first..<Swift.max(last, first + 1))
  }

  /// Marks `range` (internal coordinates) as changed since the last
  /// publication.
  internal mutating func _markDirty(_ range: Range<Int>) {
    guard let dirty = _publication.dirty else {
      _publication.dirty = range
      return
    }
    _publication.dirty =
      Swift.min(
        dirty.lowerBound, range.lowerBound)..<Swift.max(
        dirty.upperBound, range.upperBound)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore where Item: Identifiable {
  /// See `Pager.move(ids:before:)`.
  @discardableResult
  public mutating func move(ids: some Sequence<Item.ID>, before destination: Item.ID?) -> Bool {
    // A refresh holds the rows shown until its own arrive: a move anchored
    // in the held rows would hide the moved items from the arriving ones.
    guard _held == nil else { return false }
    let old = items
    let moving = Set(ids)
    // One pass over the loaded items, keeping scalars and the moved items
    // only: no array per loaded item.
    var movedPositions: [Int] = []
    var movedItems: [Item] = []
    var scan = _MoveScan()
    old._forEachItem(in: 0..<old.count) { position, item in
      let id = item.id
      if id == destination { scan.target = position }
      if moving.contains(id) {
        movedPositions.append(position)
        movedItems.append(item)
      } else {
        scan.keep(position)
      }
    }
    guard !movedItems.isEmpty, _hasRoomToInsert(movedItems.count),
      let landing = scan.landing(
        toDestination: destination != nil, moved: movedPositions, count: old.count),
      let anchor = old[landing.anchor]?.id
    else { return false }
    let edits = _editLog()
    for (index, item) in movedItems.enumerated() {
      let wasMove = edits.anchors[item.id] == nil || Self._detach(item.id, from: edits)
      let insertion = _Edits<Item>.Insertion(
        item: item, after: index > 0 || landing.after, serial: _generation, isMove: wasMove)
      Self._place(insertion, next: index > 0 ? movedItems[index - 1].id : anchor, in: edits)
    }
    let held = _held != nil
    _reapplyEdits()
    // The publication shows only the move: it is the change, by its rows.
    if (_held != nil) == held, let last = _publication.changes.indices.last,
      _publication.changes[last].version == items.version
    {
      _publication.changes[last].changes = RowChanges(
        movingOffsets: movedPositions, toOffset: landing.offset)
    }
    return true
  }
}

/// What a move learns from one pass over the loaded items, as positions
/// (scalars: the pass keeps nothing per item it does not move).
internal struct _MoveScan {
  /// The destination's position, once passed.
  var target: Int?
  /// The first item that stays, at or after the destination.
  var firstKeptFromTarget: Int?
  /// The last item that stays.
  var lastKept: Int?

  mutating func keep(_ position: Int) {
    if target != nil, firstKeptFromTarget == nil { firstKeptFromTarget = position }
    lastKept = position
  }

  /// Where moved items land: next to which kept item (its position), and
  /// before which position of the `count` rows. Before the destination if
  /// it stays, else before the first kept item after it; at the end (after
  /// the last kept item) when there is none, or no destination, if the
  /// rows after that item are all loaded.
  func landing(
    toDestination: Bool, moved: [Int], count: Int
  ) -> (anchor: Int, after: Bool, offset: Int)? {
    if toDestination {
      guard target != nil else { return nil }
      if let kept = firstKeptFromTarget { return (kept, false, kept) }
    }
    guard let last = lastKept else { return nil }
    // Every row after the last kept item is a moved item: no placeholder.
    let movedAfter = moved.count - moved._partitioningIndex { $0 > last }
    guard movedAfter == count - last - 1 else { return nil }
    return (last, true, count)
  }
}
