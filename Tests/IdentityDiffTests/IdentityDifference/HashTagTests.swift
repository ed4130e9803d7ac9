//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing

@testable import IdentityDiff

/// The diff's table tags each identifier with the top 30 bits of its hash,
/// at either width of `Int`.
@Suite("The diff table's hash tags")
struct HashTagTests {
  @Test("The tag is the top 30 bits at 32 and at 64 bits")
  func tagAtBothWidths() {
    #expect(_hashTag(UInt32.max) == 1 << 30 - 1)
    #expect(_hashTag(UInt64.max) == 1 << 30 - 1)
    #expect(_hashTag(UInt32(1) << 31) == 1 << 29)
    #expect(_hashTag(UInt64(1) << 63) == 1 << 29)
    // The low bits, which choose the bucket, are not the tag.
    #expect(_hashTag(UInt32(1) << 2 - 1) == 0)
    #expect(_hashTag(UInt64(1) << 34 - 1) == 0)
    #expect(_hashTag(UInt32(1) << 2) == 1)
    #expect(_hashTag(UInt64(1) << 34) == 1)
  }
}
