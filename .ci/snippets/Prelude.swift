// What the examples take as given from the app around them: a remote API and
// a row view. Everything else an example uses, it declares itself.

// As the feed article shows it: `nonisolated`, so that its conformances
// serve the pager's Sendable items in an Xcode 26 app.
nonisolated struct Post: Identifiable, Hashable, Sendable {
  let id: Int
  var title: String
}

// The same for the API's response, whose fields the loaders read off the
// main actor.
nonisolated struct PostsResponse: Sendable {
  var posts: [Post]
  var nextCursor: String?
}

/// A remote feed, paged by cursor.
struct FeedAPI: Sendable {
  func posts(cursor: String?, limit: Int) async throws -> PostsResponse { fatalError() }
  /// The cursor of the page that starts at a position, if the API can say.
  func cursor(at position: Int) async throws -> String? { fatalError() }
}

let api = FeedAPI()

struct PostRow: View {
  let post: Post
  init(_ post: Post) { self.post = post }
  var body: some View { Text(post.title) }
}
