import CollectionAdapters
import IdentityDiff
import Windowing

/// A message of the chat: a node of the app's own linked list.
final class ChatMessage {
  let id: Int
  var next: ChatMessage?

  init(id: Int) { self.id = id }

  /// Made when a row shows it: a hundred thousand messages keep no text.
  var text: String { Self.text(ofMessage: id) }

  static let senders = ["Ada", "Grace", "Linus", "Barbara"]
  static let words = [
    "the", "list", "scrolls", "rows", "a", "million", "measured", "window", "anchor", "reads",
    "page", "loads", "history", "message", "keeps", "place",
  ]

  /// The text of message `id`: words from a small generator, 3 to 42 of
  /// them, and one message in eleven a long one (the browser test computes
  /// the same).
  static func text(ofMessage id: Int) -> String {
    var x = UInt32(truncatingIfNeeded: id) &* 2_654_435_761 &+ 12_345
    var count = 3 + Int(x % 40)
    if x % 11 == 0 { count += 80 }
    var words: [String] = []
    words.reserveCapacity(count)
    for _ in 0..<count {
      x = x &* 1_664_525 &+ 1_013_904_223
      words.append(Self.words[Int((x >> 16) % 16)])
    }
    return words.joined(separator: " ")
  }
}

/// A chat through a `LinkedListCollection` read in place, as the article "A
/// chat as a linked list" shows, in a list that follows the end
/// (`Anchoring.chat`): 100,000 messages of history, of which the latest
/// 2,000 are loaded first and older ones as the reader reaches the top; a
/// new message every second.
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
  private var atEndOnce = false

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
        layout: VariableSizeLayout(itemCount: Self.firstLoaded, estimatedLength: 60),
        viewport: Viewport(length: 0), overscan: Overscan(points: 200, items: 2)))
    list.anchoring = .chat
    host = ListHost(
      list: list, key: { "m\($0)" },
      content: { message in
        RowContent(
          title: "#\(message.id) \(ChatMessage.senders[message.id % 4])", body: message.text,
          style: "message")
      })
    ticker = Task { @MainActor [weak self] in
      while true {
        try? await Task.sleep(for: .seconds(1))
        guard !Task.isCancelled, let self else { return }
        self.receive()
      }
    }
  }

  private static func thread(from head: ChatMessage, count: Int) -> Thread {
    Thread(head: head, count: count, next: \.next)
  }

  /// A new message at the end: the list follows it if the reader is there.
  private func receive() {
    let message = ChatMessage(id: newest.id + 1)
    host.track { list in
      list.update { thread in
        let count = thread.count
        newest.next = message
        thread.invalidate(from: count, newCount: count + 1)
        return RowChanges(inserted: [count..<count + 1])
      }
    }
    newest = message
    onChange?()
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

  var isBusy: Bool { historyLoad != nil }

  // MARK: - HostedView

  func scroll(toOffset offset: Double, frame: Int) {
    host.scroll(toOffset: offset, frame: frame)
    if host.list.visible.lowerBound < 20 { loadOlder() }
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
    json.endObject()
  }

  func close() {
    ticker?.cancel()
    historyLoad?.cancel()
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
