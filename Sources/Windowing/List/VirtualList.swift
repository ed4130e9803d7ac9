//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import _AdapterInternals

/// A windowing engine over a random-access collection: it reads the
/// collection only at positions inside the window it publishes, keeps the
/// window's identifiers so that rows stay identifiable across data changes,
/// and reports what entered and left by identity.
///
/// ```swift
/// import Windowing
///
/// let rows = (0..<100_000).map { "row \($0)" }
/// var list = VirtualList(
///   data: rows, id: { $0 },
///   engine: WindowingEngine(
///     layout: FixedLengthLayout(itemCount: rows.count, itemLength: 44),
///     viewport: Viewport(length: 800)))
/// list.onVisibilityChange = { print("visible", $0.visibleRange) }  // for example, a Pager's
/// if let update = list.scroll(toOffset: 4_400) {
///   print(list.materialized.count, "rows to show;", update.entered.count, "to create")
/// }
/// ```
public struct VirtualList<Data: RandomAccessCollection, ID: Hashable, Layout: WindowLayout> {
  /// The collection shown.
  public var data: Data { _data }
  /// The geometry.
  public var engine: WindowingEngine<Layout> { _engine }
  @usableFromInline internal var _data: Data
  @usableFromInline internal var _engine: WindowingEngine<Layout>
  /// Called when what is visible changes, separately from the window's
  /// updates (a scroll that changes only what is visible publishes here and
  /// returns no `ListUpdate`): its positions, `visible`, which a `Pager`
  /// follows (`list.onVisibilityChange = { pager.visibleRangeDidChange($0.visibleRange) }`),
  /// and the rows that became visible or hidden, by identity (impressions,
  /// analytics, autoplay). A data change above the screen moves `visible`
  /// with no row becoming visible or hidden.
  public var onVisibilityChange: ((VisibilityUpdate<ID>) -> Void)?
  @usableFromInline internal let _id: (Data.Element) -> ID
  /// The identifiers of the window's positions, in order.
  @usableFromInline internal var _windowIDs: [ID] = []
  /// The buffer of the window before the last scroll, reused by the next:
  /// a scroll swaps the two, so publishing allocates nothing once both have
  /// grown to the window's size.
  @usableFromInline internal var _spareIDs: [ID] = []
  /// A set reused to compare identifiers after a data change.
  @usableFromInline internal var _idSet: Set<ID> = []

  /// Creates a list and reads the identifiers of its first window.
  ///
  /// - Parameters:
  ///   - data: The collection; its count must match the layout's.
  ///   - id: Returns an element's identifier.
  ///   - engine: The geometry.
  public init(data: Data, id: @escaping (Data.Element) -> ID, engine: WindowingEngine<Layout>) {
    _precondition(
      data.count == engine.layout.itemCount,
      "The data has \(data.count) elements but the layout \(engine.layout.itemCount) items")
    self._data = data
    self._engine = engine
    self._id = id
    self._windowIDs = _readIDs(engine.window)
  }

  /// The positions to materialize.
  ///
  /// - Complexity: O(1).
  public var window: Range<Int> { engine.window }

  /// The identifiers of the window's positions, in order.
  ///
  /// - Complexity: O(1).
  public var windowIDs: [ID] { _windowIDs }

  /// The visible positions.
  ///
  /// - Complexity: O(1).
  public var visibleRange: Range<Int> { engine.visibleRange }

  /// The elements to materialize, with their positions: the only reads a
  /// renderer needs.
  ///
  /// - Complexity: O(1).
  public var materialized: Data.SubSequence {
    _data[_dataIndex(window.lowerBound)..<_dataIndex(window.upperBound)]
  }

  /// The positions materialized besides the window, ascending: the pinned
  /// rows and the sticky header, as `WindowingEngine.rowsOutsideWindow`;
  /// `id(at:)` gives their identifiers.
  ///
  /// - Complexity: O(p + log h × log n) for p pinned rows and h sticky
  ///   headers.
  public var rowsOutsideWindow: [Int] { engine.rowsOutsideWindow }

  /// The identifier of the element at `position`.
  ///
  /// - Parameter position: A position in `0..<data.count`; traps otherwise.
  /// - Complexity: O(1) for random-access data, plus the `id` closure.
  public func id(at position: Int) -> ID {
    _checkPosition(position, in: 0..<_data.count)
    return _id(_data[_dataIndex(position)])
  }

  /// How a data change keeps the reader's place (see `Anchoring`): `.feed`
  /// by default, `.chat` for a conversation or a log.
  ///
  /// - Complexity: O(1).
  public var anchoring: Anchoring {
    get { _engine.anchoring }
    set { _engine.anchoring = newValue }
  }

  /// Keeps `positions` materialized whatever the scroll (a row being
  /// edited); they follow their items through data changes.
  ///
  /// - Parameter positions: Positions in the data; traps on one out of range.
  /// - Complexity: O(k log k).
  public mutating func setPinned(_ positions: some Sequence<Int>) {
    _engine.setPinned(positions)
  }

  /// Sets the positions of section headers: the one of the section at the
  /// top stays materialized, placed by `engine.stickyHeader`.
  ///
  /// - Parameter positions: Positions in the data; traps on one out of range.
  /// - Complexity: O(h log h).
  public mutating func setStickyHeaders(_ positions: some Sequence<Int>) {
    _engine.setStickyHeaders(positions)
  }

  // MARK: - Driving

  /// Scrolls to `offset`; returns an update only when the window changed
  /// (rows to create or discard). A change of what is visible alone is
  /// published through `onVisibilityChange`.
  ///
  /// - Complexity: O(1) and no allocation when nothing is published;
  ///   O(log n + window) otherwise, reading only the positions that entered.
  @inlinable
  public mutating func scroll(toOffset offset: Double) -> ListUpdate<ID>? {
    guard let change = _engine.scroll(toOffset: offset) else { return nil }
    let update = _publishScroll(change)
    // A change of what is visible alone went to `onVisibilityChange`.
    return change.windowChanged ? update : nil
  }

  /// Scrolls so that the row at `position` sits where `alignment` says, and
  /// keeps aiming as measurements replace estimates (see
  /// `WindowingEngine.scroll(toPosition:alignment:)` and `aimedScroll`).
  ///
  /// - Complexity: O(log n + window).
  @discardableResult
  public mutating func scroll(
    toPosition position: Int, alignment: ScrollAlignment = .start
  ) -> ListUpdate<ID> {
    _publishScroll(_engine.scroll(toPosition: position, alignment: alignment))
  }

  /// Scrolls the prompt at `position` to the top and keeps it there while
  /// its reply streams in below it (see `WindowingEngine.showPrompt(at:)`
  /// and `Anchoring.assistant`).
  ///
  /// - Complexity: O(log n + window).
  @discardableResult
  public mutating func showPrompt(at position: Int) -> ListUpdate<ID> {
    _publishScroll(_engine.showPrompt(at: position))
  }

  /// Scrolls to the first row whose identifier is `id`, as
  /// `scroll(toPosition:alignment:)` does, and returns its update (the rows
  /// to create and discard); `nil`, and no scroll, if no row has the
  /// identifier (an id from the UI may be stale).
  ///
  /// - Complexity: O(n) to find the row (a linear search of the data; a
  ///   store that finds keys in O(1) should pass the position instead).
  @discardableResult
  public mutating func scroll(
    toID id: ID, alignment: ScrollAlignment = .start
  ) -> ListUpdate<ID>? {
    var position = 0
    for element in _data {
      if _id(element) == id { return scroll(toPosition: position, alignment: alignment) }
      position += 1
    }
    return nil
  }

  /// The scroll being aimed, if any: its corrections so far and whether it
  /// has settled.
  ///
  /// - Complexity: O(window).
  public var aimedScroll: AimedScroll? { _engine.aimedScroll }

  /// Changes the viewport (size, insets, rotation).
  ///
  /// - Complexity: O(log n + window).
  @discardableResult
  public mutating func setViewport(_ viewport: Viewport) -> ListUpdate<ID> {
    _publishScroll(_engine.setViewport(viewport))
  }

  /// Changes the data in place and applies the change it reports: the one
  /// way to mutate what a list shows without a second reference to it.
  ///
  /// The list owns its data; `body` mutates it where it is, so a store, an
  /// outline or an array shown in a list pays only its own mutation's cost
  /// (a copy kept by the app would make the next mutation copy everything).
  /// Keep the list in the model and mutate through it:
  ///
  /// ```swift
  /// import CollectionAdapters
  /// import Windowing
  ///
  /// // `nonisolated`: `\.children` must be a Sendable key path (an Xcode 26
  /// // app isolates its types to the main actor by default)
  /// nonisolated struct Folder: Identifiable, Sendable {
  ///   let id: Int
  ///   var children: [Folder]?
  /// }
  ///
  /// var list = VirtualList(
  ///   data: OutlineCollection(
  ///     roots: [Folder(id: 1, children: (2..<500).map { Folder(id: $0) })], children: \.children),
  ///   id: \.id,
  ///   engine: WindowingEngine(
  ///     layout: FixedLengthLayout(itemCount: 1, itemLength: 44), viewport: Viewport(length: 800)))
  /// list.update { rows in rows.expand(1).rowChanges }  // the outline's own change, anchored
  /// assert(list.data.count == 499 && list.windowIDs.first == 1)
  /// ```
  ///
  /// - Parameter body: Mutates the data and returns what it changed.
  /// - Returns: The list's update (rows to create and discard).
  /// - Complexity: `body`'s, plus `apply(_:from:)`'s: O(window + ranges)
  ///   and the layout's cost per range.
  @discardableResult
  public mutating func update(_ body: (inout Data) throws -> RowChanges) rethrows -> ListUpdate<ID>
  {
    let changes: RowChanges
    do {
      changes = try body(&_data)
    } catch {
      // The data may have changed before the error: read it all again.
      replaceData(_data)
      throw error
    }
    return _apply(changes)
  }

  /// Replaces the data after `changes` (removals in the old positions,
  /// insertions in the new): content above the viewport stays anchored by
  /// the rules of `Anchoring`, and every window position is read again, so
  /// updated rows show their new content.
  ///
  /// Several changes in a row, such as the publications a pager made since
  /// the list last read it, are composed into one first, so identifiers are
  /// read once, against `newData`:
  ///
  /// ```swift
  /// import IdentityDiff
  /// import Paging
  /// import Windowing
  ///
  /// // The pager's rows, each placeholder with its own id.
  /// typealias PostList = VirtualList<PagedRows<Post>, PagedRowID<Post.ID>, FixedLengthLayout>
  ///
  /// @MainActor
  /// func follow(_ pager: Pager<String, Post>, in list: inout PostList) {
  ///   guard let changes = pager.changes(since: list.data.version) else {
  ///     list.replaceData(pager.items.rows)  // too far behind: read it all again
  ///     return
  ///   }
  ///   list.apply(RowChanges(composing: changes), from: pager.items.rows)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - changes: What changed from the current data to `newData`.
  ///   - newData: The data after the change; its count must match.
  /// - Complexity: O(window + ranges), plus the layout's cost per range;
  ///   when window rows' positions are removed, plus reading the
  ///   identifiers of the inserted rows to find them there.
  @discardableResult
  public mutating func apply(_ changes: RowChanges, from newData: Data) -> ListUpdate<ID> {
    _data = newData
    return _apply(changes)
  }

  /// Applies `changes` to the engine, the data already replaced.
  @usableFromInline
  internal mutating func _apply(_ changes: RowChanges) -> ListUpdate<ID> {
    let oldCount = _engine.layout.itemCount
    let newCount = changes.newCount(from: oldCount)
    _precondition(
      _data.count == newCount,
      "The changes turn \(oldCount) items into \(newCount), not the \(_data.count) of the new data: \(changes)"
    )
    var changes = changes
    let window = _engine.window
    let oldIDs = _windowIDs
    let removedInWindow = _positions(of: changes.deletions, in: window)
    var movedFrom = Set(changes.moves.map(\.from))
    var movedTo = Set(changes.moves.map(\.to))
    let found = _survivors(
      removedInWindow, of: changes, window: window, ids: oldIDs, movedFrom: movedFrom,
      movedTo: movedTo)
    if !found.isEmpty {
      changes.moves = (changes.moves + found).sorted { $0.from < $1.from }
      for move in found {
        movedFrom.insert(move.from)
        movedTo.insert(move.to)
      }
    }
    var update = _publishDataChange(_engine.apply(changes))
    // What a host animates: rows removed from the window, rows inserted
    // into it, and rows moved into it.
    let newWindow = _engine.window
    update.deletions = removedInWindow.filter { !movedFrom.contains($0) }.map {
      oldIDs[$0 &- window.lowerBound]
    }
    update.insertions = _positions(of: changes.insertions, in: newWindow).filter {
      !movedTo.contains($0)
    }.map { _windowIDs[$0 &- newWindow.lowerBound] }
    update.moves = changes.moves.map(\.to).filter(newWindow.contains).sorted().map {
      _windowIDs[$0 &- newWindow.lowerBound]
    }
    return update
  }

  /// The window rows that `changes` remove but that are still there: a
  /// replaced range (an outline's expand-all, a reload, a collapse and an
  /// expand composed) removes window rows and inserts them again. Found
  /// among the inserted rows by identity and reported as moved, the rule of
  /// `Anchoring` sees them as survivors and the row read keeps its place
  /// (with its measured length). Rows that share an id are matched in
  /// order of appearance, as IGListDiff matches duplicates: the k-th in the
  /// window with the k-th among the inserted rows.
  private func _survivors(
    _ removedInWindow: [Int], of changes: RowChanges, window: Range<Int>, ids oldIDs: [ID],
    movedFrom: Set<Int>, movedTo: Set<Int>
  ) -> [RowChanges.Move] {
    var wanted: [ID: [Int]] = [:]
    var wantedCount = 0
    for p in removedInWindow.reversed() where !movedFrom.contains(p) {
      wanted[oldIDs[p &- window.lowerBound], default: []].append(p)
      wantedCount &+= 1
    }
    var found: [RowChanges.Move] = []
    guard wantedCount > 0 else { return found }
    for range in changes.insertions {
      var index = _data.index(_data.startIndex, offsetBy: range.lowerBound)
      for position in range {
        if !movedTo.contains(position), let old = wanted[_id(_data[index])]?.popLast() {
          found.append(RowChanges.Move(from: old, to: position))
          wantedCount &-= 1
          if wantedCount == 0 { return found }
        }
        _data.formIndex(after: &index)
      }
    }
    return found
  }

  /// Replaces the data with any other change: items appended or removed at
  /// the end to match the new count, every window position re-read. The
  /// window is always recomputed, so a view over it cannot go stale.
  ///
  /// - Complexity: O(log n + window) when only the end changed.
  @discardableResult
  public mutating func replaceData(_ newData: Data) -> ListUpdate<ID> {
    let oldCount = _engine.layout.itemCount
    let newCount = newData.count
    _data = newData
    let change: WindowChange
    if newCount > oldCount {
      change = _engine.apply(RowChanges(insertions: [oldCount..<newCount]))
    } else if newCount < oldCount {
      change = _engine.apply(RowChanges(deletions: [newCount..<oldCount]))
    } else {
      change = _engine.setLayout(_engine.layout)
    }
    return _publishDataChange(change)
  }

  /// Records a measured length, for a variable-length layout.
  ///
  /// - Complexity: O(log n), plus O(window) when it publishes.
  public mutating func setLength(_ length: Double, of position: Int) -> ListUpdate<ID>?
  where Layout: MeasuredLayout {
    guard let change = _engine.setLength(length, of: position) else { return nil }
    return _publishScroll(change)
  }

  /// Records the lengths a layout pass measured, at once, for a
  /// variable-length layout: the list keeps its place once for all of them.
  ///
  /// - Complexity: That of `WindowingEngine.setLengths(_:)`, plus O(window)
  ///   when it publishes.
  @discardableResult
  public mutating func setLengths(
    _ measurements: [(position: Int, length: Double)]
  )
    -> ListUpdate<ID>? where Layout: MeasuredLayout
  {
    guard let change = _engine.setLengths(measurements) else { return nil }
    return _publishScroll(change)
  }

  // MARK: - Internals

  /// The index of the element at offset `position` of the data.
  @inlinable
  internal func _dataIndex(_ position: Int) -> Data.Index {
    _data.index(_data.startIndex, offsetBy: position)
  }

  /// The identifiers of the elements at `positions`, read by iterating
  /// their slice (`map` would read them by position).
  @inlinable
  internal func _readIDs(_ positions: Range<Int>) -> [ID] {
    var ids: [ID] = []
    ids.reserveCapacity(positions.count)
    _appendIDs(positions, to: &ids)
    return ids
  }

  /// Appends the identifiers of the elements at `positions` to `ids`.
  @inlinable
  internal func _appendIDs(_ positions: Range<Int>, to ids: inout [ID]) {
    guard !positions.isEmpty else { return }
    for element in _data[_dataIndex(positions.lowerBound)..<_dataIndex(positions.upperBound)] {
      ids.append(_id(element))
    }
  }

  /// After a scroll, positions keep their meaning: reuse the ids of
  /// positions still in the window and read only the new ones.
  @inlinable
  internal mutating func _publishScroll(_ change: WindowChange) -> ListUpdate<ID> {
    let old = change.previousWindow
    let window = change.window
    if window != old {
      swap(&_windowIDs, &_spareIDs)
      _windowIDs.removeAll(keepingCapacity: true)
      _windowIDs.reserveCapacity(window.count)
      // Up to two runs entered, around the positions kept. Each run is read
      // by iterating a slice, so an adapter whose iterator walks on its own
      // (an outline) pays its cursor's lock once per run, not per row.
      let kept = window.clamped(to: old)
      let before = kept.isEmpty ? window : window.lowerBound..<kept.lowerBound
      _appendIDs(before, to: &_windowIDs)
      for position in kept { _windowIDs.append(_spareIDs[position &- old.lowerBound]) }
      if !kept.isEmpty { _appendIDs(kept.upperBound..<window.upperBound, to: &_windowIDs) }
    }
    // After a visibility-only change the old window is the current one.
    let oldIDs = window != old ? _spareIDs : _windowIDs
    func view(
      _ ids: [ID], _ ranges: (Range<Int>, Range<Int>), in base: Range<Int>
    )
      -> ListUpdate<ID>.Identifiers
    {
      let first = ranges.0.clamped(to: base)
      let second = ranges.1.clamped(to: base)
      return ListUpdate<ID>.Identifiers(
        ids, first.lowerBound &- base.lowerBound..<first.upperBound &- base.lowerBound,
        second.lowerBound &- base.lowerBound..<second.upperBound &- base.lowerBound)
    }
    // Visibility by position too: both visible ranges lie in their windows.
    if change.visibleRange != change.previousVisibleRange, let onVisibilityChange {
      onVisibilityChange(
        VisibilityUpdate(
          visibleRange: change.visibleRange,
          becameVisible: view(
            _windowIDs, _differencePair(change.visibleRange, change.previousVisibleRange),
            in: window),
          becameHidden: view(
            oldIDs, _differencePair(change.previousVisibleRange, change.visibleRange), in: old)))
    }
    return _finish(
      change,
      entered: view(_windowIDs, _differencePair(window, old), in: window),
      exited: view(oldIDs, _differencePair(old, window), in: old))
  }

  /// After a data change positions shift: re-read the window and compare by
  /// identity. The identifiers are read into the spare buffer and compared
  /// through a set kept between updates, so a change that moves no row in
  /// or out of the window allocates nothing.
  @inlinable
  internal mutating func _publishDataChange(_ change: WindowChange) -> ListUpdate<ID> {
    swap(&_windowIDs, &_spareIDs)
    _windowIDs.removeAll(keepingCapacity: true)
    _windowIDs.reserveCapacity(change.window.count)
    _appendIDs(change.window, to: &_windowIDs)
    let oldIDs = _spareIDs
    let entered = _idsNotIn(_windowIDs, comparedTo: oldIDs)
    let exited = _idsNotIn(oldIDs, comparedTo: _windowIDs)
    if let onVisibilityChange {
      let oldVisible = Array(
        change.previousVisibleRange.clamped(to: change.previousWindow).map {
          oldIDs[$0 &- change.previousWindow.lowerBound]
        })
      let newVisible = Array(
        change.visibleRange.clamped(to: change.window).map {
          _windowIDs[$0 &- change.window.lowerBound]
        })
      let becameVisible = _idsNotIn(newVisible, comparedTo: oldVisible)
      let becameHidden = _idsNotIn(oldVisible, comparedTo: newVisible)
      if !becameVisible.isEmpty || !becameHidden.isEmpty
        || change.visibleRange != change.previousVisibleRange
      {
        onVisibilityChange(
          VisibilityUpdate(
            visibleRange: change.visibleRange, becameVisible: .init(becameVisible),
            becameHidden: .init(becameHidden)))
      }
    }
    return _finish(change, entered: .init(entered), exited: .init(exited))
  }

  /// The identifiers of `ids` that `others` does not hold, in order,
  /// through the list's reusable set.
  @inlinable
  internal mutating func _idsNotIn(_ ids: [ID], comparedTo others: [ID]) -> [ID] {
    // Equal lists (a change outside the window) need no set.
    if ids == others { return [] }
    _idSet.removeAll(keepingCapacity: true)
    for id in others { _idSet.insert(id) }
    return ids.filter { !_idSet.contains($0) }
  }

  /// Assembles the update.
  @inlinable
  internal func _finish(
    _ change: WindowChange, entered: ListUpdate<ID>.Identifiers,
    exited: ListUpdate<ID>.Identifiers
  ) -> ListUpdate<ID> {
    ListUpdate(change: change, entered: entered, exited: exited)
  }
}
