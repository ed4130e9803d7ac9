//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The data types the tests adapt, as apps keep them: shared by every test
// target that needs one, so a fixture is written once.

/// A mutable singly linked list node.
public final class ListNode {
  /// The node's element.
  public var value: Int
  /// The successor, or `nil` at the end.
  public var next: ListNode?

  /// A node holding `value`, before `next`.
  public init(_ value: Int, next: ListNode? = nil) {
    self.value = value
    self.next = next
  }

  /// The head of a new list of `values`, or `nil` when there are none.
  public static func list(_ values: some BidirectionalCollection<Int>) -> ListNode? {
    var head: ListNode?
    for value in values.reversed() { head = ListNode(value, next: head) }
    return head
  }
}

/// A mutable tree node: `nil` children for a leaf, `[]` for an empty folder.
public final class TreeNode: Identifiable {
  /// The node's identifier.
  public let id: Int
  /// The children, in order, or `nil` for a leaf.
  public var children: [TreeNode]?

  /// A node with identifier `id`.
  public init(_ id: Int, children: [TreeNode]? = nil) {
    self.id = id
    self.children = children
  }
}

/// A folder of a tree of values, for outlines in tests: an id and its
/// children (`nil` for a file).
public struct Folder: Identifiable, Sendable {
  /// The folder's identity.
  public let id: Int
  /// Its children, or `nil` for a file.
  public var children: [Folder]?

  /// Creates a folder.
  public init(id: Int, children: [Folder]?) {
    self.id = id
    self.children = children
  }
}
