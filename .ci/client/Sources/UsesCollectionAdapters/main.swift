import CollectionAdapters

var store = OrderedStore<Int, String>()
store[key: 1] = "one"
store[key: 2] = "two"
store.move(fromOffsets: [0], toOffset: 2)
print("CollectionAdapters: keys \(Array(store.keys))")
