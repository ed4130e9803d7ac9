// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import CollectionAdapters

final class Counter { var calls = 0 }
struct Node: Identifiable { var id: Int; var children: [Node]? }

func make(_ roots: [Node], counter: Counter) -> OutlineCollection<Node, Int, [Node]> {
  OutlineCollection(
    roots: roots,
    children: {
      counter.calls += 1
      return $0.children
    })
}
