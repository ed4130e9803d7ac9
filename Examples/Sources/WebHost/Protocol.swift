import Foundation

/// A message from the page. The page sends its scroll offset, its viewport,
/// the heights it measured, and the user's commands; anything else, or a
/// value out of its range, is refused with a reason the page shows.
struct ClientMessage: Decodable {
  /// The kind: `scroll`, `viewport`, `measure`, or a command.
  var t: String
  /// The page's sequence number, acknowledged by the next frame.
  var seq: Int?
  /// `scroll`: the scroll offset, and the last frame the page applied.
  var y: Double?
  var f: Int?
  /// `viewport`: the scroll container's width and height.
  var w: Double?
  var h: Double?
  /// `measure`: rows by key, with their rendered heights.
  var rows: [Measured]?
  /// Commands' arguments.
  var row: Int?
  var id: String?
  /// `drag`: the key of the row the dragged row (`id`) was dropped on.
  var to: String?
  /// `ask`: the prompt's text.
  var text: String?
  var on: Bool?
  var name: String?

  struct Measured: Decodable {
    var k: String
    var h: Double
  }
}

/// Why a message was refused: shown on the page, never a crash.
struct Refusal: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension ClientMessage {
  /// The most measurements one message may carry: a window's rows, many
  /// times over.
  static let maximumMeasurements = 1_000
  /// The largest viewport side and row height accepted, in CSS pixels.
  static let maximumLength = 1_000_000.0

  static func decode(_ text: String) throws -> ClientMessage {
    do {
      return try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
    } catch {
      throw Refusal("malformed message (\(text.prefix(60))…): not the page's JSON")
    }
  }

  /// A finite length in `0...maximumLength`, or a refusal naming it.
  static func length(_ value: Double?, _ name: String) throws -> Double {
    guard let value else { throw Refusal("\(name) is missing") }
    guard value.isFinite, value >= 0, value <= maximumLength else {
      throw Refusal("\(name) \(value) is not a length in 0...\(Int(maximumLength))")
    }
    return value
  }
}

/// A JSON text built by hand: a frame is written on every scroll message,
/// and this costs a few microseconds where an encoder costs tens.
struct JSONWriter {
  private(set) var text = ""
  private var needsComma = false

  init() { text.reserveCapacity(16_384) }

  mutating func beginObject() {
    comma()
    text += "{"
    needsComma = false
  }

  mutating func endObject() {
    text += "}"
    needsComma = true
  }

  mutating func beginArray(_ key: String) {
    self.key(key)
    text += "["
    needsComma = false
  }

  mutating func endArray() {
    text += "]"
    needsComma = true
  }

  mutating func key(_ name: String) {
    comma()
    text += "\""
    text += name
    text += "\":"
    needsComma = false
  }

  mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  mutating func field(_ name: String, _ value: Double) {
    key(name)
    // Every digit: the page adds corrections to offsets it was sent, and
    // rounded ones would drift apart over thousands of frames.
    text += value.isFinite ? String(value) : "0"
    needsComma = true
  }

  mutating func field(_ name: String, _ value: Int) {
    key(name)
    text += String(value)
    needsComma = true
  }

  mutating func field(_ name: String, _ value: Bool) {
    key(name)
    text += value ? "true" : "false"
    needsComma = true
  }

  mutating func null(_ name: String) {
    key(name)
    text += "null"
    needsComma = true
  }

  mutating func string(_ value: String) {
    comma()
    text += "\""
    // Most text needs no escape: append it whole.
    if value.utf8.allSatisfy({
      $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "<")
    }) {
      text += value
    } else {
      escape(value)
    }
    text += "\""
    needsComma = true
  }

  private mutating func escape(_ value: String) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "<": text += "\\u003c"  // never markup, whatever the page does with it
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
  }

  private mutating func comma() {
    if needsComma { text += "," }
  }
}
