//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import IdentityDiff
import Testing
import Windowing
import _TestSupport

/// Every data-changing API of `VirtualList` (and so of the engine under it),
/// at random positions above, inside and below the window, at both ends and
/// down to empty, for every layout, against brute force: after each step
/// the list must equal a list built fresh at its offset, every item on
/// screen must be in the window, and the first visible item that survived
/// must be where it was on screen.
@Suite("Windowing model")
struct WindowingModelTests {
  enum Kind: CaseIterable, Sendable {
    case fixed, gridFixed, gridAdaptive, variable, masonry, measuredGrid, paddedGrid, paddedVariable
  }

  /// The reference: ids in order and, for the variable layout, lengths.
  struct Model<L: WindowLayout> {
    var list: VirtualList<[Int], Int, L>
    var data: [Int]
    var lengths: [Double]
    var nextID: Int
    /// The offset the anchoring rule predicts after the last step, if it
    /// was a data change.
    var expectedOffset: Double?
    var trackedWindow: Set<Int>
    /// The items pinned, and the section headers, by id: they follow their
    /// items through every change.
    var pinnedIDs: Set<Int> = []
    var headerIDs: Set<Int> = []
    let frame: (Model, Int) -> (offset: Double, length: Double)
    /// `setLength(_:of:)`, for layouts whose items are measured.
    var measure: ((inout VirtualList<[Int], Int, L>, Double, Int) -> ListUpdate<Int>?)? = nil
    /// Content padding after the last item (a `PaddedLayout`'s end).
    var trailingPadding = 0.0
  }

  @Test(
    "Data changes anywhere keep the list equal to a fresh one, anchored", arguments: Kind.allCases)
  func dataChangesAnywhere(kind: Kind) {
    for seed in modelTestSeeds {
      var g = SplitMix64(seed: seed &+ 7)
      switch kind {
      case .fixed:
        let length = Double(Int.random(in: 1...50, using: &g))
        let spacing = Double(Int.random(in: 0...8, using: &g))
        run(
          seed: seed, layout: FixedLengthLayout(itemCount: 0, itemLength: length, spacing: spacing)
        ) {
          model, i in (Double(i) * (length + spacing), length)
        }
      case .gridFixed:
        let columns = Int.random(in: 1...5, using: &g)
        run(
          seed: seed,
          layout: FixedLengthGridLayout(
            itemCount: 0, columns: .fixed(columns), itemLength: 40, spacing: 3)
        ) { model, i in (Double(i / columns) * 43, 40) }
      case .gridAdaptive:
        run(
          seed: seed,
          layout: FixedLengthGridLayout(
            itemCount: 0, columns: .adaptive(minimumLength: 70), itemLength: 30, spacing: 5)
        ) { model, i in
          let columns = max(
            1, Int(((model.list.engine.viewport.crossLength + 5) / 75).rounded(.down)))
          return (Double(i / columns) * 35, 30)
        }
      case .variable:
        let spacing = seed.isMultiple(of: 2) ? 4.0 : 0  // with and without a gap
        run(
          seed: seed,
          layout: VariableLengthLayout(itemCount: 0, estimatedLength: 30, spacing: spacing),
          measure: { $0.setLength($1, of: $2) }
        ) { model, i in
          (model.lengths[..<i].reduce(0, +) + Double(i) * spacing, model.lengths[i])
        }
      case .masonry:
        let lanes = Int.random(in: 1...4, using: &g)
        let spacing = Double(Int.random(in: 0...6, using: &g))
        run(
          seed: seed,
          layout: MasonryLayout(
            itemCount: 0, columns: .fixed(lanes), estimatedLength: 30, spacing: spacing),
          measure: { $0.setLength($1, of: $2) }
        ) { model, i in
          // Brute force: each item, in order, into the lane that ends first.
          var next = [Double](repeating: 0, count: lanes)
          var top = 0.0
          for j in 0...i {
            let lane = next.indices.min {
              next[$0] < next[$1] || (next[$0] == next[$1] && $0 < $1)
            }!
            top = next[lane]
            next[lane] = top + model.lengths[j] + spacing
          }
          return (top, model.lengths[i])
        }
      case .measuredGrid:
        let spacing = Double(Int.random(in: 0...6, using: &g))
        run(
          seed: seed,
          layout: MeasuredGridLayout(
            itemCount: 0, columns: .adaptive(minimumLength: 80), estimatedLength: 30,
            spacing: spacing),
          measure: { $0.setLength($1, of: $2) }
        ) { model, i in
          let crossLength = model.list.engine.viewport.crossLength
          let columns = max(1, Int(((crossLength + spacing) / (80 + spacing)).rounded(.down)))
          // Brute force: each row as long as its longest item.
          func rowLength(_ r: Int) -> Double {
            model.lengths[r * columns..<min(model.lengths.count, r * columns + columns)].max()!
          }
          let row = i / columns
          let offset = (0..<row).reduce(0.0) { $0 + rowLength($1) + spacing }
          return (offset, rowLength(row))
        }
      case .paddedGrid:
        let columns = Int.random(in: 1...5, using: &g)
        let padding = ContentPadding(
          start: Double(Int.random(in: 0...40, using: &g)),
          end: Double(Int.random(in: 0...40, using: &g)),
          crossStart: 10, crossEnd: 10)
        run(
          seed: seed,
          layout: PaddedLayout(
            FixedLengthGridLayout(
              itemCount: 0, columns: .fixed(columns), itemLength: 40, spacing: 3),
            padding: padding),
          trailingPadding: padding.end
        ) { model, i in (padding.start + Double(i / columns) * 43, 40) }
      case .paddedVariable:
        let padding = ContentPadding(
          start: Double(Int.random(in: 0...40, using: &g)),
          end: Double(Int.random(in: 0...40, using: &g)))
        run(
          seed: seed,
          layout: PaddedLayout(
            VariableLengthLayout(itemCount: 0, estimatedLength: 30), padding: padding),
          measure: { $0.setLength($1, of: $2) }, trailingPadding: padding.end
        ) { model, i in
          (padding.start + model.lengths[..<i].reduce(0, +), model.lengths[i])
        }
      }
    }
  }

  func run<L: WindowLayout>(
    seed: UInt64, layout: L,
    measure: ((inout VirtualList<[Int], Int, L>, Double, Int) -> ListUpdate<Int>?)? = nil,
    trailingPadding: Double = 0,
    frame: @escaping (Model<L>, Int) -> (offset: Double, length: Double)
  ) {
    var g = SplitMix64(seed: seed)
    let count = Int.random(in: 0...120, using: &g)
    var layout = layout
    layout.insertItems(at: 0..<count)
    let overscan = Overscan(
      points: Double([0, 20, 100][Int.random(in: 0..<3, using: &g)]),
      items: Int.random(in: 0...3, using: &g))
    var engine = WindowingEngine(
      layout: layout,
      viewport: Viewport(
        offset: 0, length: Double(Int.random(in: 50...400, using: &g)),
        crossLength: Double(Int.random(in: 60...500, using: &g)),
        leadingInset: Double([0, 0, 20][Int.random(in: 0..<3, using: &g)]),
        trailingInset: Double([0, 0, 30][Int.random(in: 0..<3, using: &g)])),
      overscan: overscan, visibilityThreshold: [0, 0.5, 1][Int.random(in: 0..<3, using: &g)])
    let data = Array(0..<count)
    engine.anchoring = Int.random(in: 0..<3, using: &g) == 0 ? .chat : .feed
    var model = Model(
      list: VirtualList(data: data, id: { $0 }, engine: engine), data: data,
      lengths: Array(repeating: 30, count: count), nextID: count, expectedOffset: nil,
      trackedWindow: Set(data[engine.window]), frame: frame, measure: measure,
      trailingPadding: trailingPadding)
    runModelTest(
      seed: seed, steps: modelTestSteps(600), state: &model,
      step: { model, g in Self.step(&model, &g) },
      verify: { Self.verify($0, overscan: overscan) })
  }

  // MARK: - Steps

  /// A position chosen above, inside or below the window, or at an end.
  static func position<L>(
    _ model: Model<L>, in range: ClosedRange<Int>, _ g: inout SplitMix64
  ) -> Int {
    let window = model.list.window
    let candidates: [ClosedRange<Int>] = [
      range.lowerBound...range.lowerBound, range.upperBound...range.upperBound,
      range.lowerBound...max(range.lowerBound, min(range.upperBound, window.lowerBound)),
      max(
        range.lowerBound, min(range.upperBound, window.lowerBound))...max(
          range.lowerBound, min(range.upperBound, window.upperBound)),
      max(range.lowerBound, min(range.upperBound, window.upperBound))...range.upperBound,
    ]
    return Int.random(in: candidates[Int.random(in: 0..<candidates.count, using: &g)], using: &g)
  }

  static func step<L>(_ model: inout Model<L>, _ g: inout SplitMix64) -> String {
    model.expectedOffset = nil
    let count = model.data.count
    switch Int.random(in: 0..<108, using: &g) {
    case 100..<104:
      // Pin a few rows anywhere: above, inside and below the window.
      var positions: [Int] = []
      for _ in 0..<Int.random(in: 0...4, using: &g) where count > 0 {
        positions.append(position(model, in: 0...count - 1, &g))
      }
      model.list.setPinned(positions)
      model.pinnedIDs = Set(positions.map { model.data[$0] })
      return "setPinned(\(positions))"
    case 104..<108:
      // Section headers: every so many rows, from a random start.
      var positions: [Int] = []
      if count > 0 {
        var at = Int.random(in: 0...min(count - 1, 5), using: &g)
        while at < count {
          positions.append(at)
          at += Int.random(in: 1...25, using: &g)
        }
      }
      model.list.setStickyHeaders(positions)
      model.headerIDs = Set(positions.map { model.data[$0] })
      return "setStickyHeaders(\(positions.count) headers)"
    case 0..<25:
      let content = model.list.engine.contentLength
      let offset: Double
      switch Int.random(in: 0..<20, using: &g) {
      case 0: offset = .nan
      case 1: offset = .infinity
      case 2..<10:
        offset = model.list.engine.viewport.offset + Double(Int.random(in: -60...60, using: &g))
      default: offset = Double(Int.random(in: -50...Int(content) + 50, using: &g))
      }
      track(&model, model.list.scroll(toOffset: offset))
      return "scroll(toOffset: \(offset))"
    case 25..<45:
      let at = position(model, in: 0...count, &g)
      let k = [0, 1, 1, 2, 3, 7, 30][Int.random(in: 0..<7, using: &g)]
      let ids = Array(model.nextID..<model.nextID + k)
      model.nextID += k
      var newData = model.data
      newData.insert(contentsOf: ids, at: at)
      var newLengths = model.lengths
      newLengths.insert(contentsOf: repeatElement(30, count: k), at: at)
      commit(&model, newData, newLengths) {
        $0.apply(RowChanges(insertions: [at..<at + k]), from: $1)
      }
      return "insertItems(at: \(at)..<\(at + k))"
    case 45..<65:
      guard count > 0 else { return "remove from empty: nothing" }
      let lower = position(model, in: 0...count - 1, &g)
      let k =
        Bool.random(using: &g)
        ? count - lower : Int.random(in: 0...min(count - lower, 12), using: &g)
      var newData = model.data
      newData.removeSubrange(lower..<lower + k)
      var newLengths = model.lengths
      newLengths.removeSubrange(lower..<lower + k)
      commit(&model, newData, newLengths) {
        $0.apply(RowChanges(deletions: [lower..<lower + k]), from: $1)
      }
      return "removeItems(at: \(lower)..<\(lower + k))"
    case 65..<72:
      let newCount = Int.random(in: 0...count + 20, using: &g)
      var newData = Array(model.data.prefix(newCount))
      while newData.count < newCount {
        newData.append(model.nextID)
        model.nextID += 1
      }
      var newLengths = Array(model.lengths.prefix(newCount))
      newLengths += repeatElement(30, count: newCount - newLengths.count)
      commit(&model, newData, newLengths) { $0.replaceData($1) }
      return "replaceData(count: \(newCount))"
    case 72..<85:
      // Removals, inserts and moves at once, anywhere.
      var newData = model.data
      for _ in 0..<Int.random(in: 0...4, using: &g) where !newData.isEmpty {
        let at = Int.random(in: 0..<newData.count, using: &g)
        newData.removeSubrange(at..<min(newData.count, at + Int.random(in: 1...5, using: &g)))
      }
      for _ in 0..<Int.random(in: 0...4, using: &g) {
        let at = Int.random(in: 0...newData.count, using: &g)
        newData.insert(model.nextID, at: at)
        model.nextID += 1
      }
      for _ in 0..<Int.random(in: 0...3, using: &g) where !newData.isEmpty {
        let moved = newData.remove(at: Int.random(in: 0..<newData.count, using: &g))
        newData.insert(moved, at: Int.random(in: 0...newData.count, using: &g))
      }
      let lengthOf = Dictionary(uniqueKeysWithValues: zip(model.data, model.lengths))
      let newLengths =
        model.measure != nil
        ? newData.map { lengthOf[$0] ?? 30 } : Array(repeating: 30, count: newData.count)
      let difference = IdentityDifference(from: model.data, to: newData, id: { $0 })
      commit(&model, newData, newLengths, movedRows: Set(difference.moves.map(\.from))) {
        $0.apply(RowChanges(difference), from: $1)
      }
      return "apply(difference to \(newData.count) items)"
    case 85..<93:
      guard count > 0, let measure = model.measure else {
        return "setLength: not a measured layout"
      }
      let at = position(model, in: 0...count - 1, &g)
      let length = [0, 1, 25, 80, 300, -5, .nan, .infinity][Int.random(in: 0..<8, using: &g)]
      // A non-finite or negative measurement is ignored, as is the same
      // length again: nothing moves.
      let changes = length.isFinite && length >= 0 && length != model.lengths[at]
      var newLengths = model.lengths
      if changes { newLengths[at] = length }
      let expected = expectedOffset(
        model, newData: model.data, newLengths: newLengths, measuring: at)
      let update = measure(&model.list, length, at)
      model.lengths = newLengths
      track(&model, update)
      model.expectedOffset = changes ? expected : nil
      return "setLength(\(length), of: \(at))"
    default:
      var viewport = model.list.engine.viewport
      viewport.length = Double(Int.random(in: 0...400, using: &g))
      let rotate = Bool.random(using: &g)
      if rotate { viewport.crossLength = Double(Int.random(in: 60...600, using: &g)) }
      let list = model.list
      var expected: Double?
      if !rotate, list.anchoring == .chat, list.engine.isAtEnd {
        expected = expectedOffset(
          model, newData: model.data, newLengths: nil, newViewport: viewport)
      }
      if rotate {
        // The rule across a change of columns: the first visible item keeps
        // its screen offset, measured in the new layout.
        model.list = list
        expected = expectedOffset(
          model, newData: model.data, newLengths: nil, newViewport: viewport)
      }
      track(&model, model.list.setViewport(viewport))
      model.expectedOffset = expected
      return "setViewport(length: \(viewport.length), crossLength: \(viewport.crossLength))"
    }
  }

  /// Changes the model's data to `newData` (with `newLengths`) through
  /// `change` of its list, expecting the offset the anchoring rule gives.
  static func commit<L>(
    _ model: inout Model<L>, _ newData: [Int], _ newLengths: [Double], movedRows: Set<Int> = [],
    by change: (inout VirtualList<[Int], Int, L>, [Int]) -> ListUpdate<Int>
  ) {
    let expected = expectedOffset(
      model, newData: newData, newLengths: newLengths, movedRows: movedRows)
    model.data = newData
    model.lengths = newLengths
    track(&model, change(&model.list, newData))
    model.expectedOffset = expected
  }

  static func track<L>(_ model: inout Model<L>, _ update: ListUpdate<Int>?) {
    guard let update else { return }
    model.trackedWindow.subtract(update.exited)
    model.trackedWindow.formUnion(update.entered)
  }

  /// The offset the anchoring rule gives for a change to `newData`, or for
  /// the measurement of the item at `measuring`, by brute force on the
  /// model.
  static func expectedOffset<L>(
    _ model: Model<L>, newData: [Int], newLengths: [Double]?, newViewport: Viewport? = nil,
    measuring measured: Int? = nil, movedRows: Set<Int> = []
  ) -> Double {
    let engine = model.list.engine
    let old = engine.viewport
    let viewport = newViewport ?? old
    let anchor =
      engine.visibleRange.isEmpty ? engine.window.lowerBound : engine.visibleRange.lowerBound
    var newModel = model
    newModel.data = newData
    if let newLengths { newModel.lengths = newLengths }
    if let newViewport {
      var list = newModel.list
      list.setViewport(newViewport)
      newModel.list = list
    }
    func content(_ m: Model<L>) -> Double {
      guard !m.data.isEmpty else { return 0 }
      var end = 0.0
      for i in 0..<m.data.count {
        let f = m.frame(m, i)
        end = max(end, f.offset + f.length)
      }
      return end + m.trailingPadding
    }
    let minimum = -viewport.leadingInset
    let maximum = max(minimum, content(newModel) - viewport.length + viewport.trailingInset)
    // Chat mode: at the end before, at the end after.
    if engine.anchoring == .chat {
      let oldMaximum = max(-old.leadingInset, content(model) - old.length + old.trailingInset)
      if old.offset >= oldMaximum - 0.5 { return maximum }
    }
    let atTop = engine.anchoring == .feed && old.offset <= -old.leadingInset
    var offset = old.offset
    if let measured, !atTop, !engine.window.isEmpty, anchor < model.data.count {
      // The rule for measurements: a first visible item starting at or
      // below the top edge keeps its top edge; else the first visible item
      // the measurement leaves alone keeps its top edge; with none, the
      // first visible item keeps its bottom edge if it straddles the top
      // edge, else its top; at the very top, the first visible item keeps
      // its top edge.
      let first = model.frame(model, anchor)
      let edge = old.offset + old.leadingInset
      if old.offset <= minimum || first.offset >= edge - 8 * edge.ulp {
        offset = newModel.frame(newModel, anchor).offset - (first.offset - old.offset)
      } else if let kept = engine.visibleRange.first(where: { $0 != measured }) {
        let screen = model.frame(model, kept).offset - old.offset
        offset = newModel.frame(newModel, kept).offset - screen
      } else if first.offset < edge, first.offset + first.length > edge {
        let screenEnd = first.offset + first.length - old.offset
        let now = newModel.frame(newModel, anchor)
        offset = now.offset + now.length - screenEnd
      } else {
        offset = newModel.frame(newModel, anchor).offset - (first.offset - old.offset)
      }
    } else if !atTop, !engine.window.isEmpty, anchor < model.data.count {
      // The rules of `Anchoring`, by identity: the anchor or the first
      // survivor after it if it was on screen; else the nearest survivor
      // before, where it was if it was on screen, else at the top edge.
      // Of the survivors, those the change moved come after those that
      // stayed in place.
      let newPosition = Dictionary(uniqueKeysWithValues: newData.enumerated().map { ($1, $0) })
      let stayed = model.data.indices[anchor...].first {
        !movedRows.contains($0) && newPosition[model.data[$0]] != nil
      }
      let after = model.data[anchor...].firstIndex { newPosition[$0] != nil }
      let before = model.data[..<anchor].lastIndex { newPosition[$0] != nil }
      let kept: Int?
      if let stayed, stayed == anchor || engine.visibleRange.contains(stayed) {
        kept = stayed
      } else if let after, after == anchor || engine.visibleRange.contains(after) {
        kept = after
      } else {
        kept = before ?? after
      }
      if let kept {
        let screen =
          kept == anchor || engine.visibleRange.contains(kept)
          ? model.frame(model, kept).offset - old.offset : old.leadingInset
        offset = newModel.frame(newModel, newPosition[model.data[kept]]!).offset - screen
      }
    }
    offset = min(offset, maximum)
    if !atTop { offset = max(offset, minimum) }
    return offset
  }

  // MARK: - Verification

  static func verify<L>(_ model: Model<L>, overscan: Overscan) -> String? {
    let list = model.list
    let engine = list.engine
    guard engine.layout.itemCount == model.data.count else {
      return "layout count \(engine.layout.itemCount), data \(model.data.count)"
    }
    guard list.data == model.data else { return "data differs" }
    for i in 0..<model.data.count {
      let f = engine.layout.frame(of: i)
      let e = model.frame(model, i)
      guard abs(f.mainOffset - e.offset) < 1e-6, abs(f.mainLength - e.length) < 1e-6 else {
        return "frame of \(i): \(f.mainOffset)+\(f.mainLength), expected \(e.offset)+\(e.length)"
      }
    }
    if let expected = model.expectedOffset, abs(engine.viewport.offset - expected) > 1e-6 {
      return "offset \(engine.viewport.offset), the anchoring rule gives \(expected)"
    }
    let fresh = WindowingEngine(
      layout: engine.layout, viewport: engine.viewport, overscan: overscan,
      visibilityThreshold: engine.visibilityThreshold)
    if model.expectedOffset != nil, fresh.window != engine.window {
      return "window \(engine.window), a fresh engine's \(fresh.window)"
    }
    guard fresh.visibleRange == engine.visibleRange else {
      return "visible \(engine.visibleRange), a fresh engine's \(fresh.visibleRange)"
    }
    // Every item on screen is materialized, and the layout's own query
    // finds it (overscan must not hide a query that misses).
    let region = engine.viewport.region
    let queried = engine.layout.items(overlapping: region)
    // The model's sums round apart from the layout's by a few units in the
    // last place; the layout's frames decide an overlap within that.
    func onScreen(_ f: (offset: Double, length: Double)) -> Bool {
      let tolerance = 1e-9 * max(1, abs(f.offset))
      return !region.isEmpty && f.length > 0 && f.offset < region.upperBound - tolerance
        && f.offset + f.length > region.lowerBound + tolerance
    }
    for i in 0..<model.data.count {
      let f = model.frame(model, i)
      if onScreen(f), !queried.contains(i) {
        return "item \(i) overlaps the viewport \(region) but the layout finds \(queried)"
      }
    }
    for i in 0..<model.data.count {
      let f = model.frame(model, i)
      if onScreen(f), !engine.window.contains(i) {
        return "item \(i) is on screen but outside the window \(engine.window)"
      }
    }
    guard list.windowIDs == Array(model.data[engine.window]) else { return "window ids differ" }
    if let failure = verifyPinning(model) { return failure }
    guard model.trackedWindow == Set(list.windowIDs) else {
      return "entered and exited do not add up to the window"
    }
    return nil
  }

  /// Pinned rows and headers follow their items; the sticky header and the
  /// rows outside the window equal brute force.
  static func verifyPinning<L>(_ model: Model<L>) -> String? {
    let engine = model.list.engine
    let pinned = model.data.indices.filter { model.pinnedIDs.contains(model.data[$0]) }
    guard engine.pinned == pinned else {
      return "pinned \(engine.pinned), the items are at \(pinned)"
    }
    let headers = model.data.indices.filter { model.headerIDs.contains(model.data[$0]) }
    guard engine.stickyHeaders == headers else {
      return "headers \(engine.stickyHeaders), the items are at \(headers)"
    }
    let top = engine.viewport.offset + engine.viewport.leadingInset
    var expected: StickyHeader?
    if let index = headers.lastIndex(where: { model.frame(model, $0).offset <= top }) {
      let frame = model.frame(model, headers[index])
      var offset = max(frame.offset, top)
      if index + 1 < headers.count {
        offset = min(offset, model.frame(model, headers[index + 1]).offset - frame.length)
      }
      offset = max(offset, frame.offset)
      expected = StickyHeader(
        position: headers[index], offset: offset, isDetached: offset != frame.offset)
    }
    let sticky = engine.stickyHeader
    guard sticky?.position == expected?.position,
      abs((sticky?.offset ?? 0) - (expected?.offset ?? 0)) < 1e-6
    else {
      return
        "sticky header \(String(describing: sticky)), brute force \(String(describing: expected))"
    }
    let outside = Set(pinned + (expected.map { [$0.position] } ?? [])).filter {
      !engine.window.contains($0)
    }.sorted()
    guard engine.rowsOutsideWindow == outside else {
      return "outside the window \(engine.rowsOutsideWindow), expected \(outside)"
    }
    guard model.list.rowsOutsideWindow.map(model.list.id(at:)) == outside.map({ model.data[$0] })
    else {
      return "the ids of the rows outside the window differ"
    }
    return nil
  }
}
