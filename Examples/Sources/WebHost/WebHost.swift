import Foundation

/// A web page that shows the package's lists from the render plan: one
/// engine per connected page, driven over a WebSocket.
///
///     swift run -c release WebHost [--host 127.0.0.1] [--port 8080] [--data DIR] [--root DIR]
@main
struct WebHost {
  static func main() async throws {
    let options = try Options(CommandLine.arguments.dropFirst())
    let started = ContinuousClock.now
    let database = try SampleDatabase(directory: options.dataDirectory)
    say(
      "database: \(database.path) (\(database.count) rows, ready in \(ContinuousClock.now - started))"
    )

    let stats = await MainActor.run { ServerStats() }
    var files: [String: HTTPResponse] = [:]
    for (path, file, type) in [
      ("/", "index.html", "text/html; charset=utf-8"),
      ("/host.js", "host.js", "text/javascript; charset=utf-8"),
      ("/host.css", "host.css", "text/css; charset=utf-8"),
    ] {
      files[path] = HTTPResponse(status: 200, contentType: type, body: try Self.resource(file))
    }
    let server = try HTTPServer(
      host: options.host, port: options.port, maximumConnections: 64
    ) { [files] request in
      switch request.path {
      case "/socket":
        return .webSocket { socket in
          Self.converse(over: socket, database: database, root: options.root, stats: stats)
        }
      case "/stats":
        let text = waitForMainActor { stats.json() }
        return .response(HTTPResponse(status: 200, contentType: "application/json", body: text))
      default:
        return .response(
          files[request.path]
            ?? HTTPResponse(status: 404, body: "no page at \(request.path.prefix(60))"))
      }
    }
    say("serving http://\(options.host):\(options.port)")
    try await server.serve()
  }

  /// One page's session, on its connection's thread: each message handled
  /// on the main actor before the next is read, at most
  /// `Session.messagesPerSecond` of them.
  static func converse(
    over socket: WebSocket, database: SampleDatabase, root: String, stats: ServerStats
  ) {
    let outbox = socket.outbox
    let session = waitForMainActor {
      stats.opened()
      return Session(database: database, root: root, stats: stats) { outbox.send($0) }
    }
    var limiter = RateLimiter(perSecond: Session.messagesPerSecond)
    var dropped = 0
    while let message = socket.receive() {
      guard limiter.allow() else {
        dropped += 1
        continue
      }
      let text: String
      switch message {
      case .text(let string): text = string
      case .binary: text = "binary message"
      }
      let droppedBefore = dropped
      waitForMainActor { await session.receive(text, dropped: droppedBefore) }
      dropped = 0
    }
    waitForMainActor {
      session.close()
      stats.closed()
    }
  }

  /// A file of the page, from the bundle's `Public` folder.
  static func resource(_ name: String) throws -> String {
    guard
      let url = Bundle.module.url(
        forResource: (name as NSString).deletingPathExtension,
        withExtension: (name as NSString).pathExtension, subdirectory: "Public")
    else { throw Refusal("the bundle has no \(name)") }
    return try String(contentsOf: url, encoding: .utf8)
  }
}

/// A token bucket: at most `perSecond` messages a second, in bursts of a
/// fifth of that.
struct RateLimiter {
  let perSecond: Int
  private var tokens: Double
  private var last = ContinuousClock.now

  init(perSecond: Int) {
    self.perSecond = perSecond
    tokens = Double(perSecond) / 5
  }

  mutating func allow() -> Bool {
    let now = ContinuousClock.now
    let elapsed = now - last
    last = now
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    tokens = min(Double(perSecond) / 5, tokens + seconds * Double(perSecond))
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}

/// The command line: where to listen (loopback unless told otherwise) and
/// where the sample database lives.
struct Options {
  var host = "127.0.0.1"
  var port = 8080
  var dataDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("collection-adapters-web-host")
  /// The directory tree the files view shows.
  var root = FileManager.default.currentDirectoryPath

  init(_ arguments: ArraySlice<String>) throws {
    var arguments = arguments
    while let option = arguments.popFirst() {
      guard let value = arguments.popFirst() else { throw Refusal("\(option) needs a value") }
      switch option {
      case "--host": host = value
      case "--port":
        guard let port = Int(value), (0...65_535).contains(port) else {
          throw Refusal("port \(value) is not in 0...65535")
        }
        self.port = port
      case "--data": dataDirectory = URL(fileURLWithPath: value)
      case "--root": root = URL(fileURLWithPath: value).standardizedFileURL.path
      default: throw Refusal("unknown option \(option)")
      }
    }
  }
}

/// Prints a line unbuffered, so that a log file has it at once.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
