import Foundation

/// A request's head: its method, path and headers (names in lower case).
struct HTTPRequest: Sendable {
  var method: String
  var path: String
  var headers: [String: String] = [:]

  /// Parses a head read by `SocketReader.head(limit:)`.
  init(head: [UInt8]) throws {
    let lines = String(decoding: head, as: UTF8.self).split(
      separator: "\r\n", omittingEmptySubsequences: false)
    let requestLine = lines.first?.split(separator: " ") ?? []
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
      throw ConnectionEnd.refused(
        status: 400, reason: "not an HTTP/1 request line: \(lines.first?.prefix(60) ?? "")")
    }
    method = String(requestLine[0])
    path = String(requestLine[1].prefix { $0 != "?" })
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        throw ConnectionEnd.refused(status: 400, reason: "a header without a colon")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
  }

  /// Whether the comma-separated header `name` lists `token`, in any case.
  func header(_ name: String, lists token: String) -> Bool {
    headers[name]?.split(separator: ",").contains {
      $0.trimmingCharacters(in: .whitespaces).lowercased() == token
    } ?? false
  }
}

/// A whole response to a plain request; the connection closes after it.
struct HTTPResponse: Sendable {
  var status: Int
  var contentType = "text/plain; charset=utf-8"
  var body: String
  var headers: [(String, String)] = []

  /// The bytes on the wire.
  var bytes: [UInt8] {
    let body = Array(body.utf8)
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    let fields =
      [("Content-Type", contentType), ("Content-Length", "\(body.count)")] + headers + [
        ("Cache-Control", "no-store"), ("Connection", "close"),
      ]
    for (name, value) in fields { head += "\(name): \(value)\r\n" }
    return Array((head + "\r\n").utf8) + body
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 426: "Upgrade Required"
    case 431: "Request Header Fields Too Large"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}
