import Foundation

/// The frames waiting for a WebSocket's writer thread: the newest few text
/// frames (each is whole, so a page that reads slowly skips frames instead
/// of growing the server's memory) and the control frames, which are never
/// skipped.
///
/// `@unchecked Sendable`: `condition` guards every stored property.
final class Outbox: @unchecked Sendable {
  private let condition = NSCondition()
  private let keptTexts: Int
  private var texts: [String] = []
  private var controls: [WebSocketFrame] = []
  private var isClosed = false

  init(keptTexts: Int) { self.keptTexts = keptTexts }

  /// Queues a text frame, dropping the oldest past `keptTexts`.
  func send(_ text: String) {
    update {
      guard !isClosed else { return }
      texts.append(text)
      if texts.count > keptTexts { texts.removeFirst() }
    }
  }

  /// Queues a control frame (a pong).
  func send(control frame: WebSocketFrame) {
    update {
      guard !isClosed, controls.count < 16 else { return }
      controls.append(frame)
    }
  }

  /// Ends the queue: the writer sends `frame` (a close) if given, then stops.
  func close(with frame: WebSocketFrame?) {
    update {
      guard !isClosed else { return }
      isClosed = true
      texts.removeAll()
      if let frame { controls.append(frame) }
    }
  }

  /// The next frame to write, waiting for one; `nil` once closed and empty.
  func next() -> WebSocketFrame? {
    condition.lock()
    defer { condition.unlock() }
    while controls.isEmpty, texts.isEmpty, !isClosed { condition.wait() }
    if !controls.isEmpty { return controls.removeFirst() }
    if !texts.isEmpty {
      return WebSocketFrame(opcode: .text, payload: Array(texts.removeFirst().utf8))
    }
    return nil
  }

  private func update(_ body: () -> Void) {
    condition.lock()
    body()
    condition.signal()
    condition.unlock()
  }
}
