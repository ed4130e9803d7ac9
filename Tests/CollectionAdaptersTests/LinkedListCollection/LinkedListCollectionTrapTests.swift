//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Testing
import _TestSupport

#if os(macOS) || os(Linux) || os(Windows)  // where exit tests exist
  @Suite("LinkedListCollection traps")
  struct LinkedListCollectionTrapTests {
    @Test func positionOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2]), next: \.next, element: \.value)
        _ = list[2]
      }
      #expect(standardErrorText(of: result).contains("Position 2 out of range 0..<2"))
    }

    @Test func prependingANegativeCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let head = ListNode.list([1, 2])!
        var list = LinkedListCollection(head: head, next: \.next, element: \.value)
        list.invalidate(prepending: -3, head: head)
      }
      #expect(standardErrorText(of: result).contains("Prepended count -3 must not be negative"))
    }

    @Test func prependingMoreNodesThanTheListHas() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let old = ListNode.list([3, 4])!
        var list = LinkedListCollection(head: old, next: \.next, element: \.value)
        _ = list[1]
        // Two nodes linked before the old head, said to be five.
        let newHead = ListNode(1, next: ListNode(2, next: old))
        list.invalidate(prepending: 5, head: newHead)
      }
      #expect(
        standardErrorText(of: result).contains(
          "the list ended 4 nodes after the new head, before the 5 nodes said to be prepended"))
    }

    @Test func prependingWithAWrongCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let old = ListNode.list([3, 4])!
        var list = LinkedListCollection(head: old, next: \.next, element: \.value)
        let newHead = ListNode(1, next: ListNode(2, next: old))
        list.invalidate(prepending: 1, head: newHead)
      }
      #expect(
        standardErrorText(of: result).contains("the node 1 after the new head is not the old head"))
    }

    @Test func listShorterThanItsCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2, 3]), count: 10, next: \.next, element: \.value)
        _ = list[7]
      }
      #expect(
        standardErrorText(of: result).contains("the list ended after 3 nodes, but its count is 10"))
    }

    @Test func cyclicListWithAGivenCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let head = ListNode.list([1, 2, 3])!
        head.next!.next!.next = head
        let list = LinkedListCollection(head: head, count: 5, next: \.next, element: \.value)
        _ = list[4]
      }
      #expect(standardErrorText(of: result).contains("more nodes than its given count 5"))
    }

    @Test func iteratingAListShorterThanItsCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2, 3]), count: 10, next: \.next, element: \.value)
        for _ in list {}
      }
      #expect(
        standardErrorText(of: result).contains("the list ended after 3 nodes, but its count is 10"))
    }

    @Test func iteratingACyclicListWithAGivenCount() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let head = ListNode.list([1, 2, 3])!
        head.next!.next!.next = head
        let list = LinkedListCollection(head: head, count: 5, next: \.next, element: \.value)
        for _ in list[2..<5] {}
      }
      #expect(standardErrorText(of: result).contains("more nodes than its given count 5"))
    }

    @Test func sliceOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2]), next: \.next, element: \.value)
        _ = list[1..<3]
      }
      #expect(standardErrorText(of: result).contains("Range 1..<3 out of bounds 0..<2"))
    }

    @Test func positionOutsideASlice() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2, 3]), next: \.next, element: \.value)
        _ = list[1..<2][2]
      }
      #expect(standardErrorText(of: result).contains("Position 2 out of range 1..<2"))
    }

    @Test func sliceOfASliceOutOfRange() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = LinkedListCollection(
          head: ListNode.list([1, 2, 3]), next: \.next, element: \.value)
        _ = list[1..<2][0..<2]
      }
      #expect(standardErrorText(of: result).contains("Range 0..<2 out of bounds 1..<2"))
    }

    @Test func nonPositiveCheckpointInterval() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = LinkedListCollection(
          head: ListNode.list([1]), checkpointInterval: 0, next: \.next, element: \.value)
      }
      #expect(standardErrorText(of: result).contains("Checkpoint interval 0 must be positive"))
    }

    @Test func negativeInvalidationOffset() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var list = LinkedListCollection(head: ListNode.list([1]), next: \.next, element: \.value)
        list.invalidate(from: -3)
      }
      #expect(standardErrorText(of: result).contains("Invalidation offset -3 must not be negative"))
    }
  }
#endif
