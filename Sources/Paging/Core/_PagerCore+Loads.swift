//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

// The loads a pager has asked its source for and what became of them: in
// flight, failed, a short page's rest to ask for, a jump the source had no
// key for. The scheduler decides from it what to issue next.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _PagerCore {
  /// The loads asked for, and the ones that failed or wait.
  internal struct _Loads {
    /// The loads in flight, by their request's serial.
    var inFlight: [Int: _Load] = [:]
    /// Failed targets, each with its error and the serial of its failure (a
    /// state names the failure it shows by that serial, never by comparing
    /// errors).
    var failures: [_Target: (error: any Error, serial: Int)] = [:]
    /// The short pages whose missing items `retry()` asked for: each page's
    /// start, and the serial of the load that stored it.
    var rests: [Int: Int] = [:]
    /// Jump positions whose refresh key the source did not have.
    var keylessJumps: Set<Int> = []
  }
}
