/// One frame of RFC 6455: read from a page (masked, as a client's must be)
/// or written to it (unmasked, as a server's are).
struct WebSocketFrame {
  enum Opcode: UInt8 {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
    var isControl: Bool { rawValue & 0x8 != 0 }
  }

  var isFinal = true
  var opcode: Opcode
  var payload: [UInt8]

  /// The next frame from a page. A frame past `maximumPayload` bytes, an
  /// unmasked one or one with reserved bits is refused with the close code
  /// RFC 6455 gives it.
  static func read(from reader: inout SocketReader, maximumPayload: Int) throws -> WebSocketFrame {
    let head = try reader.bytes(2)
    let first = head[head.startIndex]
    let second = head[head.startIndex + 1]
    guard first & 0x70 == 0 else { throw WebSocketClose(1002, "reserved bits set: no extension") }
    guard let opcode = Opcode(rawValue: first & 0x0F) else {
      throw WebSocketClose(1002, "opcode \(first & 0x0F) is not RFC 6455's")
    }
    guard second & 0x80 != 0 else { throw WebSocketClose(1002, "a page's frame must be masked") }
    let length = try payloadLength(second & 0x7F, from: &reader)
    guard length <= UInt64(maximumPayload) else {
      throw WebSocketClose(1009, "a frame of \(length) bytes; at most \(maximumPayload)")
    }
    let isFinal = first & 0x80 != 0
    guard !opcode.isControl || (isFinal && length <= 125) else {
      throw WebSocketClose(1002, "a control frame fragmented or past 125 bytes")
    }
    let mask = Array(try reader.bytes(4))
    var payload = Array(try reader.bytes(Int(length)))
    for i in payload.indices { payload[i] ^= mask[i & 3] }
    return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload)
  }

  private static func payloadLength(
    _ short: UInt8, from reader: inout SocketReader
  ) throws -> UInt64 {
    switch short {
    case 126: return try reader.bytes(2).reduce(0) { $0 << 8 | UInt64($1) }
    case 127: return try reader.bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
    default: return UInt64(short)
    }
  }

  /// The frame on the wire, from the server.
  var bytes: [UInt8] {
    var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
    switch payload.count {
    case ..<126: bytes.append(UInt8(payload.count))
    case ...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      bytes.append(127)
      let count = UInt64(payload.count)
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: count >> UInt64(shift)))
      }
    }
    return bytes + payload
  }
}

/// A close the server starts: its code (RFC 6455, section 7.4.1) and why.
struct WebSocketClose: Error {
  var code: UInt16
  var reason: String
  init(_ code: UInt16, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  var frame: WebSocketFrame {
    WebSocketFrame(
      opcode: .close,
      payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120)))
  }
}
