import IdentityDiff
import Windowing

/// The number of the last frame sent, across pages and views: a page that
/// switches views never sees a number twice.
@MainActor private var frameNumber = 0

/// What a row shows on the page.
struct RowContent {
  /// The first line.
  var title: String
  /// The text under it, wrapped to the page's width ("" for none).
  var body: String = ""
  /// The row's style on the page: `row`, `placeholder`, `folder`, `file`,
  /// `header`, `message`.
  var style: String = "row"
  /// Indentation, in levels (an outline's depth).
  var depth: Int = 0
}

/// A `VirtualList` driven by the page's messages, and the frame that tells
/// the page what to place: the host side of the render plan.
///
/// The page reports its scroll offset, its viewport and the heights of the
/// rows it renders; the list decides everything else. Each frame carries
/// the content length, the row count, every row of the plan with its frame
/// and content, the sticky header, and how far to move the scroll offset:
/// `correction` (added to where the page is, so a scroll the user made
/// meanwhile is kept) after content changed above the viewport, or
/// `scrollTo` after a jump.
@MainActor
struct ListHost<Data: RandomAccessCollection, ID: Hashable> {
  var list: VirtualList<Data, ID, VariableLengthLayout>
  private var plan = RenderPlan<ID>()
  private let key: (ID) -> String
  private let content: (Data.Element) -> RowContent
  /// The plan's rows by key, for the measurements that come back.
  private var positions: [String: Int] = [:]
  /// The scroll the page has not been told of yet.
  private var correction = 0.0
  private var jumped = false
  /// The frames sent, numbered, with the correction each carried (`nil`
  /// for a jump): a scroll offset the page sent before it applied them is
  /// moved by them, so a correction is never undone by a report in flight.
  private var recentFrames: [(number: Int, correction: Double?)] = []

  init(
    list: VirtualList<Data, ID, VariableLengthLayout>, key: @escaping (ID) -> String,
    content: @escaping (Data.Element) -> RowContent
  ) {
    self.list = list
    self.key = key
    self.content = content
  }

  // MARK: - What the page reports

  /// The page scrolled to `offset`, having applied frame `frame`; a
  /// clamped offset is sent back.
  mutating func scroll(toOffset offset: Double, frame: Int) {
    var offset = offset
    for sent in recentFrames where sent.number > frame {
      // Sent before the page applied a jump: the next report will say where it is.
      guard let correction = sent.correction else { return }
      offset += correction
    }
    _ = list.scroll(toOffset: offset)
    correction += list.engine.viewport.offset - offset
  }

  /// The scroll container's size.
  mutating func setViewport(width: Double, height: Double) {
    let viewport = list.engine.viewport
    track {
      $0.setViewport(
        Viewport(offset: viewport.offset, length: height, crossLength: width))
    }
  }

  /// Heights the page measured, by row key, recorded as one layout pass
  /// (the list keeps its place once for all of them); a key the plan no
  /// longer shows is stale (the data changed meanwhile) and skipped. One
  /// invalid height refuses the whole message.
  mutating func measured(_ rows: [ClientMessage.Measured]) throws {
    var measurements: [(position: Int, length: Double)] = []
    for row in rows {
      let height = try ClientMessage.length(row.h, "height of \(row.k.prefix(40))")
      guard let position = positions[row.k] else { continue }
      measurements.append((position, height))
    }
    guard !measurements.isEmpty else { return }
    track { _ = $0.setLengths(measurements) }
  }

  // MARK: - What the app does

  /// The position of the row the page shows under `key` (a row of the last
  /// frame), or `nil`: a key from the page may be stale.
  func position(ofKey key: String) -> Int? {
    guard let position = positions[key], position >= 0, position < list.data.count else {
      return nil
    }
    return position
  }

  /// Shows the row at `position` at the top, aiming through the
  /// measurements that follow.
  mutating func jump(toPosition position: Int, alignment: ScrollAlignment = .start) {
    list.scroll(toPosition: position, alignment: alignment)
    jumped = true
    correction = 0
  }

  /// Shows the last row at the bottom, aiming through the measurements
  /// that follow; nothing for an empty list.
  mutating func jumpToEnd() {
    guard !list.data.isEmpty else { return }
    jump(toPosition: list.data.count - 1, alignment: .end)
  }

  /// Any change of the list that may move the content under the viewport
  /// (a data change, a measurement): the offset's move is the correction.
  mutating func track(_ body: (inout VirtualList<Data, ID, VariableLengthLayout>) -> Void) {
    let before = list.engine.viewport.offset
    body(&list)
    correction += list.engine.viewport.offset - before
  }

  // MARK: - The frame

  /// Writes the frame's geometry and rows into `json`.
  mutating func writeFrame(into json: inout JSONWriter) {
    list.updateRenderPlan(&plan)
    frameNumber += 1
    if recentFrames.count == 64 { recentFrames.removeFirst(32) }
    recentFrames.append((frameNumber, jumped ? nil : correction))
    json.field("frame", frameNumber)
    json.field("content", plan.contentLength)
    json.field("count", list.data.count)
    json.field("offset", list.engine.viewport.offset)
    if jumped {
      json.field("scrollTo", list.engine.viewport.offset)
    } else {
      json.field("correction", correction)
    }
    jumped = false
    correction = 0
    positions.removeAll(keepingCapacity: true)
    json.beginArray("rows")
    var index = list.materialized.startIndex
    for row in plan.rows {
      let element = list.materialized[index]
      list.materialized.formIndex(after: &index)
      write(row, content(element), into: &json)
    }
    json.endArray()
    if let header = plan.stickyHeader {
      let data = list.data
      json.key("sticky")
      write(
        header, content(data[data.index(data.startIndex, offsetBy: header.position)]), into: &json)
    }
  }

  private mutating func write(
    _ row: RenderPlan<ID>.Row, _ content: RowContent, into json: inout JSONWriter
  ) {
    let key = key(row.id)
    positions[key] = row.position
    json.beginObject()
    json.field("k", key)
    json.field("p", row.position)
    json.field("y", row.frame.mainOffset)
    json.field("h", row.frame.mainLength)
    if !row.drawsContent { json.field("hidden", true) }
    json.field("title", content.title)
    if !content.body.isEmpty { json.field("body", content.body) }
    json.field("style", content.style)
    if content.depth > 0 { json.field("depth", content.depth) }
    json.endObject()
  }
}
