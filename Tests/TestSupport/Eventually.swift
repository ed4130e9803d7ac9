//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// Waits until `condition` holds, letting other tasks on the main actor run
/// (first by yielding, then in 1 ms sleeps); `false` after about two
/// seconds.
///
/// For something that must happen. A check that something did *not*
/// happen cannot wait for it: it waits for a signal that the work is over
/// (an awaited load, a settled pager) and then looks.
@MainActor
public func eventually(_ condition: @MainActor () async -> Bool) async -> Bool {
  for attempt in 0..<2_000 {
    if await condition() { return true }
    if attempt < 100 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
  return false
}
