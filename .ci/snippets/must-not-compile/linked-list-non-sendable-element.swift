// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
// A closure that mutates unguarded shared state cannot be stored by an
// adapter that is read from several threads.
import CollectionAdapters

final class Counter { var calls = 0 }
final class Node { var value = 0; var next: Node? }

func make(_ head: Node, counter: Counter) -> LinkedListCollection<Node, Int> {
  LinkedListCollection(
    head: head, next: \.next,
    element: {
      counter.calls += 1
      return $0.value
    })
}
