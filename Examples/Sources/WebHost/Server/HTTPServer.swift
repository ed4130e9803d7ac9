import Foundation

/// The web host's HTTP/1.1 server: a page's files, its figures, and its
/// WebSocket. One thread per connection, at most `maximumConnections` at
/// once; what one connection can cost is bounded by the limits below.
final class HTTPServer: Sendable {
  /// What a request gets.
  enum Route: Sendable {
    case response(HTTPResponse)
    /// The handshake is answered and `body` reads the socket's messages
    /// until the connection ends, on the connection's thread.
    case webSocket(@Sendable (WebSocket) -> Void)
  }

  private let listener: Socket
  private let route: @Sendable (HTTPRequest) -> Route
  /// The `Host` names answered (their port aside), or `nil` for any: a
  /// server on loopback answers only loopback names, which a page of
  /// another site cannot pass for by rebinding its DNS.
  private let acceptedHosts: Set<String>?
  private let maximumConnections: Int
  private let connections = Locked(0)

  /// A head's bytes, a message's bytes, and the seconds a peer may take to
  /// send a head or to take a frame.
  static let maximumHead = 16_384
  static let maximumMessage = 1 << 16
  static let patience = 10

  init(
    host: String, port: Int, maximumConnections: Int,
    route: @escaping @Sendable (HTTPRequest) -> Route
  ) throws {
    listener = try Socket.listening(host: host, port: port, backlog: 128)
    self.route = route
    self.maximumConnections = maximumConnections
    acceptedHosts =
      ["0.0.0.0", "::", "[::]"].contains(host) ? nil : ["127.0.0.1", "localhost", "[::1]", host]
    // A peer that leaves mid-write is an error of that write, not a signal.
    signal(SIGPIPE, SIG_IGN)
  }

  /// Accepts connections until the listening socket fails.
  func serve() async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      Thread {
        do {
          while true { try self.acceptOne() }
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
  }

  private func acceptOne() throws {
    guard let socket = try listener.accept() else {
      // Out of descriptors or a reset before the accept: let it clear.
      Thread.sleep(forTimeInterval: 0.01)
      return
    }
    socket.setTimeouts(receiving: Self.patience, sending: Self.patience)
    let admitted = connections.withValue { open in
      guard open < maximumConnections else { return false }
      open += 1
      return true
    }
    guard admitted else {
      let refusal = HTTPResponse(
        status: 503, body: "at most \(maximumConnections) connections at once")
      try? socket.send(refusal.bytes)
      socket.close()
      return
    }
    Thread {
      self.serve(socket)
      socket.close()
      self.connections.withValue { $0 -= 1 }
    }.start()
  }

  private func serve(_ socket: Socket) {
    var reader = SocketReader(socket)
    do {
      let request = try HTTPRequest(head: reader.head(limit: Self.maximumHead))
      try check(request)
      switch route(request) {
      case .response(let response): try socket.send(response.bytes)
      case .webSocket(let body): try upgrade(request, reader: reader, body: body)
      }
    } catch ConnectionEnd.refused(let status, let reason) {
      var refusal = HTTPResponse(status: status, body: reason)
      if status == 426 { refusal.headers = [("Sec-WebSocket-Version", "13")] }
      try? socket.send(refusal.bytes)
    } catch {
      // The peer left or stalled: nothing to answer.
    }
  }

  private func check(_ request: HTTPRequest) throws {
    guard request.method == "GET" else {
      throw ConnectionEnd.refused(
        status: 405, reason: "\(request.method.prefix(20)): only GET is served")
    }
    guard let acceptedHosts else { return }
    let host = request.headers["host"].map(Self.hostName) ?? ""
    guard acceptedHosts.contains(host) else {
      throw ConnectionEnd.refused(
        status: 403, reason: "host \(host.prefix(60)) is not this server's")
    }
  }

  /// The handshake of RFC 6455, section 4.2, then the messages. A page of
  /// another site (its `Origin` not this server's host) is refused: the
  /// socket reads the disk under `--root`.
  private func upgrade(
    _ request: HTTPRequest, reader: SocketReader, body: @Sendable (WebSocket) -> Void
  ) throws {
    guard request.header("upgrade", lists: "websocket"),
      request.header("connection", lists: "upgrade"),
      let key = request.headers["sec-websocket-key"]
    else { throw ConnectionEnd.refused(status: 400, reason: "not a WebSocket handshake") }
    guard request.headers["sec-websocket-version"] == "13" else {
      throw ConnectionEnd.refused(status: 426, reason: "WebSocket version 13 only")
    }
    if let origin = request.headers["origin"] {
      let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst()
        .first
      guard let originHost, String(originHost) == request.headers["host"] else {
        throw ConnectionEnd.refused(
          status: 403, reason: "origin \(origin.prefix(60)) is not this server's")
      }
    }
    let socket = reader.socket
    let accept = WebSocket.acceptValue(forKey: key)
    try socket.send(
      Array(
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Accept: \(accept)\r\n\r\n").utf8))
    socket.setTimeouts(receiving: 0, sending: Self.patience)
    let outbox = Outbox(keptTexts: 4)
    let written = DispatchSemaphore(value: 0)
    Thread {
      Self.write(outbox, to: socket)
      written.signal()
    }.start()
    body(WebSocket(reader: reader, outbox: outbox, maximumMessage: Self.maximumMessage))
    outbox.close(with: nil)
    written.wait()
  }

  /// The writer's loop; a failed write ends the connection both ways.
  private static func write(_ outbox: Outbox, to socket: Socket) {
    while let frame = outbox.next() {
      do {
        try socket.send(frame.bytes)
      } catch {
        socket.shutdown()
        outbox.close(with: nil)
        return
      }
      if frame.opcode == .close {
        socket.shutdown()
        return
      }
    }
  }

  /// "name:port" or "[v6]:port" without the port.
  private static func hostName(_ header: String) -> String {
    if header.hasPrefix("["), let end = header.firstIndex(of: "]") {
      return String(header[...end])
    }
    return String(header.prefix { $0 != ":" })
  }
}
