import CollectionAdapters

var store = OrderedStore<Int, String>()
store[key: 1] = "one"
store[key: 2] = "two"
store.move(fromOffsets: [0], toOffset: 2)
print("CollectionAdapters: keys \(Array(store.keys))")

// A programmer error in a release build: the trap must still name the
// position (CI checks the message).
if CommandLine.arguments.dropFirst().first == "--read-out-of-range" {
  print(store[5])
}
