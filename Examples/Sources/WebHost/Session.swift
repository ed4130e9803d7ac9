import Foundation

/// One connected page: its view, what it has been told, and the frames it
/// is sent. Everything a page's message can reach is in here, so a page
/// that misbehaves costs only its own session.
@MainActor
final class Session {
  private let send: (String) -> Void
  private let database: SampleDatabase
  private let root: String
  private let stats: ServerStats
  private var view: any HostedView
  private var viewName = "table"
  /// The page's viewport, for a view it switches to.
  private var viewport: (width: Double, height: Double)?
  /// The page's last message handled: the next frame acknowledges it.
  private var acknowledged = 0
  /// What went wrong since the last frame, for the page to show.
  private var refusals: [String] = []
  /// When the page's first message came: the server's part of the first
  /// rows is from there to the first frame with loaded rows (what comes
  /// before is the page's own start, and the first load, measured apart).
  private var firstMessage: ContinuousClock.Instant?
  private var firstRowsShown = false

  init(
    database: SampleDatabase, root: String, stats: ServerStats,
    send: @escaping (String) -> Void
  ) {
    self.send = send
    self.database = database
    self.root = root
    self.stats = stats
    view = TableView(database: database)
    view.onChange = { [weak self] in self?.sendFrame() }
  }

  /// Handles one message from the page and answers with a frame.
  /// `dropped` messages were refused before it, for coming too fast.
  func receive(_ text: String, dropped: Int) async {
    let started = ContinuousClock.now
    let startedCPU = ServerStats.threadCPUTime()
    if firstMessage == nil { firstMessage = started }
    if dropped > 0 {
      refusals.append(
        "\(dropped) messages dropped: more than \(Self.messagesPerSecond) a second")
    }
    var kind = ""
    do {
      let message = try ClientMessage.decode(text)
      kind = message.t
      if let seq = message.seq, seq > acknowledged { acknowledged = seq }
      try await handle(message)
    } catch {
      refusals.append(String(describing: error))
    }
    sendFrame()
    if kind == "scroll" {
      stats.recordScrollMessage(
        ContinuousClock.now - started, cpu: ServerStats.threadCPUTime() - startedCPU)
    }
  }

  /// The most messages a second a page may send: a scroll at 60 frames a
  /// second, with its measurements, is far below it.
  nonisolated static let messagesPerSecond = 1_000

  private func handle(_ message: ClientMessage) async throws {
    switch message.t {
    case "scroll":
      guard let y = message.y, y.isFinite, abs(y) <= 1e15 else {
        throw Refusal("scroll offset \(message.y.map { "\($0)" } ?? "missing") is not finite")
      }
      view.scroll(toOffset: y, frame: message.f ?? 0)
    case "viewport":
      let width = try ClientMessage.length(message.w, "viewport width")
      let height = try ClientMessage.length(message.h, "viewport height")
      viewport = (width, height)
      view.setViewport(width: width, height: height)
    case "measure":
      let rows = message.rows ?? []
      guard rows.count <= ClientMessage.maximumMeasurements else {
        throw Refusal(
          "\(rows.count) measurements in one message; at most \(ClientMessage.maximumMeasurements)"
        )
      }
      try view.measured(rows)
    case "end":
      view.scrollToEnd()
    case "view":
      let name = message.name ?? ""
      guard name != viewName else { return }
      let next: any HostedView
      switch name {
      case "table": next = TableView(database: database)
      case "chat": next = ChatView()
      case "files": next = FilesView(root: root)
      case "sections": next = SectionsView(root: root)
      default: throw Refusal("no view named \(name.prefix(40))")
      }
      view.close()
      view = next
      viewName = name
      view.onChange = { [weak self] in self?.sendFrame() }
      if let viewport { view.setViewport(width: viewport.width, height: viewport.height) }
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
    if !firstRowsShown, json.text.contains("\"style\":\"row\"") {
      firstRowsShown = true
      stats.recordFirstRows(firstMessage.map { ContinuousClock.now - $0 } ?? .zero)
    }
  }

  func close() { view.close() }
}

/// What the server measures of itself, for `/stats`.
@MainActor
final class ServerStats {
  private var scrollMessages: [Duration] = []
  /// The same messages' time on the processor: their wall time less the
  /// time the thread waited for a core (Chromium shares this machine's).
  private var scrollMessagesCPU: [Duration] = []
  private var firstRows: [Duration] = []
  private var sessions = 0

  func recordScrollMessage(_ duration: Duration, cpu: Duration) {
    // The latest 100,000: a bounded buffer, whatever the pages send.
    if scrollMessages.count >= 100_000 {
      scrollMessages.removeFirst(50_000)
      scrollMessagesCPU.removeFirst(50_000)
    }
    scrollMessages.append(duration)
    scrollMessagesCPU.append(cpu)
  }

  /// The calling thread's processor time.
  nonisolated static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  func recordFirstRows(_ duration: Duration) { firstRows.append(duration) }
  func opened() { sessions += 1 }
  func closed() { sessions -= 1 }

  /// The figures as JSON: times in microseconds, memory in bytes.
  func json() -> String {
    var json = JSONWriter()
    json.beginObject()
    func micros(_ d: Duration) -> Double {
      Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }
    func percentile(_ sorted: [Duration], _ p: Double) -> Double {
      sorted.isEmpty ? 0 : micros(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }
    let wall = scrollMessages.sorted()
    let cpu = scrollMessagesCPU.sorted()
    json.field("scrollMessages", wall.count)
    json.field("scrollP50Micros", percentile(wall, 0.5))
    json.field("scrollP99Micros", percentile(wall, 0.99))
    json.field("scrollMaxMicros", wall.last.map(micros) ?? 0)
    json.field("scrollCPUP50Micros", percentile(cpu, 0.5))
    json.field("scrollCPUP99Micros", percentile(cpu, 0.99))
    json.field("firstRowsMillis", firstRows.last.map { micros($0) / 1000 } ?? 0)
    let memory = Self.memory()
    json.field("residentBytes", memory.resident)
    json.field("residentAnonymousBytes", memory.anonymous)
    json.field("sessions", sessions)
    json.beginArray("positionalLoads")
    for load in LoadLog.shared.loads {
      json.beginObject()
      json.field("start", load.positions.lowerBound)
      json.field("end", load.positions.upperBound)
      json.field("millis", micros(load.duration) / 1000)
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.text
  }

  /// The process's resident memory, and the part of it that is not
  /// mapped from files (code), from `/proc/self/status` (Linux; 0 elsewhere).
  static func memory() -> (resident: Int, anonymous: Int) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return (0, 0)
    }
    func kilobytes(_ field: String) -> Int {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
        let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
          .flatMap({ Int($0) })
      else { return 0 }
      return value * 1024
    }
    return (kilobytes("VmRSS"), kilobytes("RssAnon"))
  }
}
