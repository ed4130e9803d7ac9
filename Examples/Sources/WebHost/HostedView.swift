/// One of the page's views: a list, the data behind it, and its commands.
@MainActor
protocol HostedView: AnyObject {
  /// Called when the view changed by itself (a page loaded, a message
  /// arrived): the session sends a frame.
  var onChange: (() -> Void)? { get set }
  /// Whether work the page should wait for is under way (loads in flight
  /// or settling).
  var isBusy: Bool { get }

  /// The page scrolled to `offset` after applying frame `frame`.
  func scroll(toOffset offset: Double, frame: Int)
  func setViewport(width: Double, height: Double)
  func measured(_ rows: [ClientMessage.Measured]) throws
  /// The page's End key: the last row at the bottom, kept there while the
  /// rows around it are measured.
  func scrollToEnd()
  /// A command of this view's controls; a refusal says why.
  func perform(_ message: ClientMessage) async throws
  /// The frame's rows and the view's own state.
  func writeFrame(into json: inout JSONWriter)
  /// Stops timers and loads: the page left.
  func close()
}

/// A view that shows one `ListHost`: the page's reports go to it as they
/// are, unless the view has more to do with them.
@MainActor
protocol ListHostedView: HostedView {
  associatedtype Data: RandomAccessCollection
  associatedtype ID: Hashable
  var host: ListHost<Data, ID> { get set }
}

extension ListHostedView {
  func scroll(toOffset offset: Double, frame: Int) {
    host.scroll(toOffset: offset, frame: frame)
  }

  func setViewport(width: Double, height: Double) {
    host.setViewport(width: width, height: height)
  }

  func measured(_ rows: [ClientMessage.Measured]) throws {
    try host.measured(rows)
  }

  func scrollToEnd() {
    host.jumpToEnd()
  }
}
