import Foundation

/// A page's WebSocket after the handshake: whole messages read on the
/// connection's own thread, frames written by a thread of its own through
/// an `Outbox`.
final class WebSocket {
  enum Message {
    case text(String)
    case binary
  }

  /// Where frames to the page go, from any thread.
  let outbox: Outbox
  private var reader: SocketReader
  private let maximumMessage: Int

  init(reader: SocketReader, outbox: Outbox, maximumMessage: Int) {
    self.reader = reader
    self.outbox = outbox
    self.maximumMessage = maximumMessage
  }

  /// The next whole message, or `nil` once the connection has ended: the
  /// page closed it (its close is answered), left, or broke the protocol
  /// (closed with the code that says how).
  func receive() -> Message? {
    do {
      return try nextMessage()
    } catch let close as WebSocketClose {
      outbox.close(with: close.frame)
    } catch {
      outbox.close(with: nil)
    }
    return nil
  }

  private func nextMessage() throws -> Message {
    var message: (opcode: WebSocketFrame.Opcode, payload: [UInt8])?
    while true {
      let frame = try WebSocketFrame.read(from: &reader, maximumPayload: maximumMessage)
      switch frame.opcode {
      case .ping: outbox.send(control: WebSocketFrame(opcode: .pong, payload: frame.payload))
      case .pong: break
      case .close:
        let code =
          frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : 1000
        throw WebSocketClose(code, "")
      case .text, .binary:
        guard message == nil else {
          throw WebSocketClose(1002, "a message inside a fragmented one")
        }
        message = (frame.opcode, frame.payload)
      case .continuation:
        guard message != nil else { throw WebSocketClose(1002, "a continuation of no message") }
        guard message!.payload.count + frame.payload.count <= maximumMessage else {
          throw WebSocketClose(1009, "a message past \(maximumMessage) bytes")
        }
        message!.payload += frame.payload
      }
      if frame.isFinal, let whole = message {
        return whole.opcode == .text
          ? .text(String(decoding: whole.payload, as: UTF8.self)) : .binary
      }
    }
  }

  /// The handshake's `Sec-WebSocket-Accept` for a page's key (RFC 6455, 4.2.2).
  static func acceptValue(forKey key: String) -> String {
    let digest = SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
    return Data(digest).base64EncodedString()
  }
}
