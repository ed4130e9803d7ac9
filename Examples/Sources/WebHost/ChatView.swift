import CollectionAdapters
import Foundation
import IdentityDiff
import Windowing

/// A message of the chat: a node of the app's own linked list.
final class ChatMessage {
  let id: Int
  var next: ChatMessage?
  /// Who wrote it and what, for a message the app wrote (a prompt, a
  /// reply); `nil` for history, whose text is made when a row shows it.
  var written: (sender: String, text: String)?

  init(id: Int) { self.id = id }

  /// Made when a row shows it: a hundred thousand messages keep no text.
  var text: String { written?.text ?? Self.text(ofMessage: id) }
  var sender: String { written?.sender ?? Self.senders[id % 4] }

  static let senders = ["Ada", "Grace", "Linus", "Barbara"]
  static let words = [
    "the", "list", "scrolls", "rows", "a", "million", "measured", "window", "anchor", "reads",
    "page", "loads", "history", "message", "keeps", "place",
  ]

  /// The text of message `id`: words from a small generator, 3 to 42 of
  /// them, and one message in eleven a long one (the browser test computes
  /// the same).
  static func text(ofMessage id: Int) -> String {
    let x = UInt32(truncatingIfNeeded: id) &* 2_654_435_761 &+ 12_345
    let count = 3 + Int(x % 40) + (x % 11 == 0 ? 80 : 0)
    return words(count, seed: x).joined(separator: " ")
  }

  /// The assistant's reply to the prompt with id `id`, in full: longer than
  /// any viewport, so that the end is followed once it fills the view.
  static func reply(toPrompt id: Int) -> [String] {
    words(1_500, seed: UInt32(truncatingIfNeeded: id) &* 2_246_822_519 &+ 7)
  }

  private static func words(_ count: Int, seed: UInt32) -> [String] {
    var x = seed
    return (0..<count).map { _ in
      x = x &* 1_664_525 &+ 1_013_904_223
      return words[Int((x >> 16) % 16)]
    }
  }
}

/// A chat through a `LinkedListCollection` read in place, as the article "A
/// chat as a linked list" shows, in a list that follows the end and keeps a
/// prompt at the top while its reply streams in (`Anchoring.assistant`):
/// 100,000 messages of history, of which the latest 2,000 are loaded first
/// and older ones as the reader reaches the top; a new message every second
/// unless a reply is streaming.
@MainActor
final class ChatView: ListHostedView {
  typealias Thread = LinkedListCollection<ChatMessage, ChatMessage>
  static let history = 100_000
  static let firstLoaded = 2_000
  static let historyPage = 200

  var onChange: (() -> Void)?
  private var oldest: ChatMessage
  private var newest: ChatMessage
  var host: ListHost<Thread, Int>
  private var ticker: Task<Void, Never>?
  private var historyLoad: Task<Void, Never>?
  private var reply: Task<Void, Never>?
  /// The id of the last prompt sent.
  private var lastPrompt: Int?
  private var atEndOnce = false
  /// Words the reply gains each step, and the time between steps.
  static let wordsPerStep = 15
  static let stepInterval = Duration.milliseconds(20)
  static let longestPrompt = 500

  init() {
    let first = ChatMessage(id: Self.history - Self.firstLoaded)
    var last = first
    for id in first.id + 1..<Self.history {
      let message = ChatMessage(id: id)
      last.next = message
      last = message
    }
    oldest = first
    newest = last
    var list = VirtualList(
      data: Self.thread(from: first, count: Self.firstLoaded), id: \.id,
      engine: WindowingEngine(
        layout: VariableLengthLayout(itemCount: Self.firstLoaded, estimatedLength: 60),
        viewport: Viewport(length: 0), overscan: Overscan(points: 200, items: 2)))
    list.anchoring = .assistant
    host = ListHost(
      list: list, key: { "m\($0)" },
      content: { message in
        RowContent(
          title: "#\(message.id) \(message.sender)", body: message.text, style: "message")
      })
    ticker = Task { @MainActor [weak self] in
      while true {
        try? await Task.sleep(for: .seconds(1))
        guard !Task.isCancelled, let self else { return }
        if self.reply == nil { self.receive() }
      }
    }
  }

  private static func thread(from head: ChatMessage, count: Int) -> Thread {
    Thread(head: head, count: count, next: \.next)
  }

  /// A new message at the end: the list follows it if the reader is there.
  @discardableResult
  private func receive(_ written: (sender: String, text: String)? = nil) -> ChatMessage {
    let message = ChatMessage(id: newest.id + 1)
    message.written = written
    host.track { list in
      list.update { thread in
        let count = thread.count
        newest.next = message
        thread.invalidate(from: count, newCount: count + 1)
        return RowChanges(insertions: [count..<count + 1])
      }
    }
    newest = message
    onChange?()
    return message
  }

  /// Sends a prompt: it goes to the top of the viewport and stays there
  /// while the reply streams in below it, a few words at a time; the page
  /// measures the reply as it grows.
  private func ask(_ text: String) throws {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw Refusal("a prompt needs some text") }
    guard text.count <= Self.longestPrompt else {
      throw Refusal("a prompt of \(text.count) characters; at most \(Self.longestPrompt)")
    }
    reply?.cancel()
    let prompt = receive((sender: "You", text: text))
    lastPrompt = prompt.id
    host.track { _ = $0.showPrompt(at: $0.data.count - 1) }
    let answer = receive((sender: "Assistant", text: ""))
    let words = ChatMessage.reply(toPrompt: prompt.id)
    reply = Task { @MainActor [weak self] in
      var shown = 0
      while shown < words.count {
        try? await Task.sleep(for: Self.stepInterval)
        guard let self, !Task.isCancelled else { return }
        shown = min(words.count, shown + Self.wordsPerStep)
        answer.written = (sender: "Assistant", text: words[..<shown].joined(separator: " "))
        if shown == words.count { self.reply = nil }
        self.onChange?()
      }
    }
  }

  /// Loads a page of older messages above the first, as a fetch would
  /// (after a short wait); what the reader reads keeps its place.
  private func loadOlder(through id: Int? = nil) {
    guard historyLoad == nil, oldest.id > 0 else { return }
    historyLoad = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .milliseconds(30))
      guard let self, !Task.isCancelled else { return }
      self.prependHistory(downTo: max(0, min(id ?? .max, self.oldest.id - Self.historyPage)))
      self.historyLoad = nil
      self.onChange?()
    }
  }

  private func prependHistory(downTo start: Int) {
    guard start < oldest.id else { return }
    let head = ChatMessage(id: start)
    var last = head
    for id in start + 1..<oldest.id {
      let message = ChatMessage(id: id)
      last.next = message
      last = message
    }
    last.next = oldest
    let added = oldest.id - start
    oldest = head
    host.track { list in
      // What the thread knows of the newer messages stays valid.
      list.update { thread in thread.invalidate(prepending: added, head: head) }
    }
  }

  var isBusy: Bool { historyLoad != nil || reply != nil }

  // MARK: - HostedView

  func scroll(toOffset offset: Double, frame: Int) {
    host.scroll(toOffset: offset, frame: frame)
    if host.list.visibleRange.lowerBound < 20 { loadOlder() }
  }

  func setViewport(width: Double, height: Double) {
    host.setViewport(width: width, height: height)
    if !atEndOnce, height > 0 {
      // A chat opens at its latest message.
      atEndOnce = true
      host.jump(toPosition: host.list.data.count - 1, alignment: .end)
    }
  }

  func perform(_ message: ClientMessage) async throws {
    switch message.t {
    case "goToMessage":
      guard let text = message.id, let id = Int(text), id >= 0, id <= newest.id else {
        throw Refusal("no message \(message.id?.prefix(40) ?? "?") in 0...\(newest.id)")
      }
      if id < oldest.id { prependHistory(downTo: max(0, id - Self.historyPage)) }
      host.jump(toPosition: id - oldest.id, alignment: .start)
    case "receive":
      receive()
    case "loadOlder":
      loadOlder()
    case "ask":
      try ask(message.text ?? "")
    default:
      throw Refusal("the chat has no command \(message.t.prefix(40))")
    }
  }

  func writeFrame(into json: inout JSONWriter) {
    host.writeFrame(into: &json)
    json.key("status")
    json.beginObject()
    json.field("messages", host.list.data.count)
    json.field("oldest", oldest.id)
    json.field("newest", newest.id)
    json.field("history", historyLoad == nil ? (oldest.id == 0 ? "all loaded" : "idle") : "loading")
    json.field("atEnd", host.list.engine.isAtEnd)
    if let lastPrompt { json.field("prompt", lastPrompt) }
    json.field("reply", reply == nil ? "idle" : "streaming")
    json.endObject()
  }

  func close() {
    ticker?.cancel()
    historyLoad?.cancel()
    reply?.cancel()
    onChange = nil
    // Unlinked one by one: releasing a list of 100,000 nodes from its head
    // would recurse once per node.
    var node = oldest.next
    while let current = node {
      node = current.next
      current.next = nil
    }
    oldest.next = nil
  }
}
