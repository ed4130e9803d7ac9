//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import CollectionAdapters

/// The invariant checks follow the variable, in debug builds too: a client
/// that never sets it never pays for them, and CI, which sets it, runs them.
@Test func internalChecksFollowTheBuildVariable() {
  let requested = ProcessInfo.processInfo.environment["COLLECTION_ADAPTERS_INTERNAL_CHECKS"] == "1"
  #expect(_internalChecksEnabled == requested)
}
