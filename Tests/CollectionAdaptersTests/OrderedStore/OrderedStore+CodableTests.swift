//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters
import Foundation
import Testing

@Suite("OrderedStore Codable")
struct OrderedStoreCodableTests {
  @Test func roundTrip() throws {
    let store = OrderedStore(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0 * $0) })
    let data = try JSONEncoder().encode(store)
    let decoded = try JSONDecoder().decode(OrderedStore<String, Int>.self, from: data)
    #expect(decoded == store)
  }

  @Test("The format of OrderedDictionary: alternating keys and values")
  func format() throws {
    let store: OrderedStore<String, Int> = ["b": 2, "a": 1]
    let json = String(decoding: try JSONEncoder().encode(store), as: UTF8.self)
    #expect(json == #"["b",2,"a",1]"#)
    let decoded = try JSONDecoder().decode(
      OrderedStore<Int, String>.self, from: Data(#"[3,"c",1,"a"]"#.utf8))
    #expect(decoded == [3: "c", 1: "a"])
  }

  @Test func emptyRoundTrip() throws {
    let data = try JSONEncoder().encode(OrderedStore<String, Int>())
    #expect(try JSONDecoder().decode(OrderedStore<String, Int>.self, from: data).isEmpty)
  }

  @Test func oddNumberOfItemsThrows() {
    #expect {
      try JSONDecoder().decode(OrderedStore<String, Int>.self, from: Data(#"["a",1,"b"]"#.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription.contains("offset 2 has no value")
    }
  }

  @Test func duplicateKeyThrows() {
    #expect {
      try JSONDecoder().decode(OrderedStore<String, Int>.self, from: Data(#"["a",1,"a",2]"#.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription.contains("Duplicate key a")
    }
  }

  @Test func wrongTypesThrowInsteadOfTrapping() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(OrderedStore<String, Int>.self, from: Data(#"{"a":1}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(OrderedStore<String, Int>.self, from: Data(#"["a","x"]"#.utf8))
    }
  }
}
