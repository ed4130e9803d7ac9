/// A connection's incoming bytes, read as the protocol asks for them: an
/// HTTP head up to its blank line, then frames of known lengths.
struct SocketReader {
  let socket: Socket
  private var buffer: [UInt8] = []
  private var start = 0

  init(_ socket: Socket) { self.socket = socket }

  /// The request's head, without its closing blank line: at most `limit`
  /// bytes, or the connection is refused.
  mutating func head(limit: Int) throws -> [UInt8] {
    var searched = start
    while true {
      let end = blankLine(from: searched)
      guard (end ?? buffer.count) - start <= limit else {
        throw ConnectionEnd.refused(status: 431, reason: "a request head past \(limit) bytes")
      }
      if let end {
        defer { start = end + 4 }
        return Array(buffer[start..<end])
      }
      searched = max(start, buffer.count - 3)
      try fill()
    }
  }

  /// Exactly `count` bytes.
  mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
    while buffer.count - start < count { try fill() }
    defer { start += count }
    return buffer[start..<start + count]
  }

  private func blankLine(from index: Int) -> Int? {
    var index = index
    while index + 4 <= buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13,
        buffer[index + 3] == 10
      {
        return index
      }
      index += 1
    }
    return nil
  }

  private mutating func fill() throws {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeSubrange(..<start)
      start = 0
    }
    let read = try socket.receive(upTo: 16_384)
    guard !read.isEmpty else { throw ConnectionEnd.failed("the peer closed the connection") }
    buffer += read
  }
}
