import IdentityDiff

let difference = IdentityDifference(
  from: [1, 2, 3], to: [3, 1, 4], id: { $0 }, contentEquals: ==)
print("IdentityDiff: \(difference.changeCount) changes")
