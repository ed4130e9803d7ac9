import Foundation

/// One connected page: its view, what it has been told, and the frames it
/// is sent. Everything a page's message can reach is in here, so a page
/// that misbehaves costs only its own session.
@MainActor
final class Session {
  private let send: (String) -> Void
  private let database: SampleDatabase
  private let stats: ServerStats
  private var view: any HostedView
  private var viewName = "table"
  /// The page's last message handled: the next frame acknowledges it.
  private var acknowledged = 0
  /// What went wrong since the last frame, for the page to show.
  private var refusals: [String] = []
  /// When the page first said its size: the first rows' clock starts.
  private var firstViewport: ContinuousClock.Instant?
  private var firstRowsShown = false

  init(database: SampleDatabase, stats: ServerStats, send: @escaping (String) -> Void) {
    self.send = send
    self.database = database
    self.stats = stats
    view = TableView(database: database)
    view.onChange = { [weak self] in self?.sendFrame() }
  }

  /// Handles one message from the page and answers with a frame.
  /// `dropped` messages were refused before it, for coming too fast.
  func receive(_ text: String, dropped: Int) async {
    let started = ContinuousClock.now
    if dropped > 0 {
      refusals.append(
        "\(dropped) messages dropped: more than \(Self.messagesPerSecond) a second")
    }
    var kind = ""
    do {
      let message = try ClientMessage.decode(text)
      kind = message.t
      if let seq = message.seq, seq > acknowledged { acknowledged = seq }
      try await handle(message, started: started)
    } catch {
      refusals.append(String(describing: error))
    }
    sendFrame()
    if kind == "scroll" { stats.recordScrollMessage(ContinuousClock.now - started) }
  }

  /// The most messages a second a page may send: a scroll at 60 frames a
  /// second, with its measurements, is far below it.
  nonisolated static let messagesPerSecond = 1_000

  private func handle(_ message: ClientMessage, started: ContinuousClock.Instant) async throws {
    switch message.t {
    case "scroll":
      guard let y = message.y, y.isFinite, abs(y) <= 1e15 else {
        throw Refusal("scroll offset \(message.y.map { "\($0)" } ?? "missing") is not finite")
      }
      view.scroll(to: y)
    case "viewport":
      let width = try ClientMessage.length(message.w, "viewport width")
      let height = try ClientMessage.length(message.h, "viewport height")
      if firstViewport == nil { firstViewport = started }
      view.setViewport(width: width, height: height)
    case "measure":
      let rows = message.rows ?? []
      guard rows.count <= ClientMessage.maximumMeasurements else {
        throw Refusal(
          "\(rows.count) measurements in one message; at most \(ClientMessage.maximumMeasurements)"
        )
      }
      try view.measured(rows)
    case "view":
      guard message.name == "table" else {
        throw Refusal("no view named \(message.name?.prefix(40) ?? "nothing")")
      }
    default:
      try await view.perform(message)
    }
  }

  /// Sends what the page shows now.
  func sendFrame() {
    var json = JSONWriter()
    json.beginObject()
    json.field("t", "frame")
    json.field("view", viewName)
    json.field("ack", acknowledged)
    json.field("busy", view.isBusy)
    view.writeFrame(into: &json)
    if !refusals.isEmpty {
      json.beginArray("refusals")
      for refusal in refusals.suffix(8) { json.string(String(refusal.prefix(300))) }
      json.endArray()
      refusals.removeAll()
    }
    json.endObject()
    send(json.text)
    if !firstRowsShown, let firstViewport, json.text.contains("\"style\":\"row\"") {
      firstRowsShown = true
      stats.recordFirstRows(ContinuousClock.now - firstViewport)
    }
  }

  func close() { view.close() }
}

/// What the server measures of itself, for `/stats`.
@MainActor
final class ServerStats {
  private var scrollMessages: [Duration] = []
  private var firstRows: [Duration] = []
  private var sessions = 0

  func recordScrollMessage(_ duration: Duration) {
    // The latest 100,000: a bounded buffer, whatever the pages send.
    if scrollMessages.count >= 100_000 { scrollMessages.removeFirst(50_000) }
    scrollMessages.append(duration)
  }

  func recordFirstRows(_ duration: Duration) { firstRows.append(duration) }
  func opened() { sessions += 1 }
  func closed() { sessions -= 1 }

  /// The figures as JSON: times in microseconds, memory in bytes.
  func json() -> String {
    var json = JSONWriter()
    json.beginObject()
    let sorted = scrollMessages.sorted()
    func micros(_ d: Duration) -> Double {
      Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }
    func percentile(_ p: Double) -> Double {
      sorted.isEmpty ? 0 : micros(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }
    json.field("scrollMessages", sorted.count)
    json.field("scrollP50Micros", percentile(0.5))
    json.field("scrollP99Micros", percentile(0.99))
    json.field("scrollMaxMicros", sorted.last.map(micros) ?? 0)
    json.field("firstRowsMillis", firstRows.last.map { micros($0) / 1000 } ?? 0)
    json.field("residentBytes", Self.residentBytes())
    json.field("sessions", sessions)
    json.endObject()
    return json.text
  }

  /// The process's resident memory, from `/proc/self/statm` (Linux).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
