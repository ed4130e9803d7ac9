#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connected or listening TCP socket: a file descriptor and the calls the
/// server makes on it. Each connection's socket is read by one thread and
/// written by one other; `shutdown()` wakes both.
struct Socket: Sendable {
  let descriptor: Int32

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  /// A socket listening on `host` (a name or an address) and `port`.
  static func listening(host: String, port: Int, backlog: Int32) throws -> Socket {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let address = list?.pointee else {
      throw Refusal("cannot listen on \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    guard descriptor >= 0 else { throw Refusal("socket: \(lastError())") }
    let listener = Socket(descriptor: descriptor)
    var one: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0,
      listen(descriptor, backlog) == 0
    else {
      let error = lastError()
      listener.close()
      throw Refusal("cannot listen on \(host):\(port): \(error)")
    }
    return listener
  }

  /// The next connection, or `nil` after an error a retry may clear (a
  /// connection reset before it was accepted, a signal).
  func accept() throws -> Socket? {
    let connection = systemAccept(descriptor)
    if connection >= 0 { return Socket(descriptor: connection) }
    switch errno {
    case EINTR, ECONNABORTED, EAGAIN, EMFILE, ENFILE, ENOBUFS, ENOMEM: return nil
    default: throw Refusal("accept: \(lastError())")
    }
  }

  /// Reads at most `count` bytes; an empty result is the peer's end.
  /// Throws on a timeout set by `setTimeouts(receiving:sending:)` or an error.
  func receive(upTo count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let read = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
      if read >= 0 {
        bytes.removeSubrange(read...)
        return bytes
      }
      guard errno == EINTR else { throw ConnectionEnd.failed(lastError()) }
    }
  }

  /// Writes all of `bytes`, or throws once the peer is gone.
  func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let written = bytes.withUnsafeBytes {
        systemSend(descriptor, $0.baseAddress! + sent, $0.count - sent)
      }
      if written > 0 {
        sent += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw ConnectionEnd.failed(lastError())
      }
    }
  }

  /// Reads and writes fail after that many seconds without progress; zero
  /// waits forever.
  func setTimeouts(receiving: Int, sending: Int) {
    for (option, seconds) in [(SO_RCVTIMEO, receiving), (SO_SNDTIMEO, sending)] {
      var limit = timeval()
      limit.tv_sec = .init(seconds)
      setsockopt(descriptor, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Ends both directions: the threads blocked on it return.
  func shutdown() { systemShutdown(descriptor) }

  func close() { systemClose(descriptor) }
}

/// Why a connection ended before its exchange did.
enum ConnectionEnd: Error {
  /// The peer closed, reset, or sent nothing in time.
  case failed(String)
  /// The peer broke the protocol; the reply says why.
  case refused(status: Int, reason: String)
}

private func lastError() -> String { String(cString: strerror(errno)) }

// The C calls under the names `Socket`'s methods take.
private func systemAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }

private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  send(descriptor, bytes, count, 0)
}

private func systemShutdown(_ descriptor: Int32) {
  #if canImport(Glibc)
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  #else
    _ = shutdown(descriptor, SHUT_RDWR)
  #endif
}

private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
