//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

import CollectionAdapters

// Builds a store of a million rows and reads a 50-row window from it the way a
// list UI would: by position, without converting the store to an Array.
let items = 1_000_000
var store = OrderedStore<Int, String>(minimumCapacity: items)
for id in 0..<items { store[key: id] = "Item \(id)" }
let window = 500_000..<500_050
var checksum = 0
for position in window { checksum &+= store[position].value.utf8.count }
store.removeFirst()
print("OrderedStore: \(store.count) rows; window \(window) read; checksum \(checksum)")
