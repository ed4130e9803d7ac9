//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import Testing
import _AdapterInternals

@testable import CollectionAdapters

/// The maxima and packings that depend on the width of `Int`, checked at
/// both widths: each is computed for `Int32` and `Int64` on any machine.
@Suite("Widths of Int")
struct WidthTests {
  @Test("The size limit is 2^32 at 64 bits and 2^29 at 32")
  func sizeLimitAtBothWidths() {
    #expect(_sizeLimit(Int64.self) == 1 << 32)
    #expect(_sizeLimit(Int32.self) == 1 << 29)
    // Three of them add up without overflow at either width.
    #expect(!_sizeLimit(Int32.self).multipliedReportingOverflow(by: 3).overflow)
    #expect(!_sizeLimit(Int64.self).multipliedReportingOverflow(by: 3).overflow)
    #expect(Int64(_sizeLimit(Int.self)) == (Int.bitWidth == 64 ? 1 << 32 : 1 << 29))
  }

  @Test("An outline's node location is 8 bytes and keeps every record and index")
  func nodeLocationPacking() {
    #expect(MemoryLayout<_NodeLocation>.size == 8)
    let largest = _OutlineSpan.maximumCount
    for (record, index) in [(Int32(0), 0), (Int32.max, largest), (Int32(1) << 20, 12_345)] {
      let location = _NodeLocation(record: record, index: index)
      #expect(location.record == record)
      #expect(location.index == index)
    }
    #expect(
      _NodeLocation(record: 1, index: 0) != _NodeLocation(record: 0, index: 1),
      "record and index must not share bits")
  }
}
