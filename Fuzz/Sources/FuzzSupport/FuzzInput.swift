//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

/// libFuzzer's bytes, read as the choices of a sequence of API calls. Past
/// the end every read returns zero, so any input decodes to some sequence.
public struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  /// Reads `size` bytes at `data`.
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: size)
  }

  /// Whether every byte was read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `range`, from one or two bytes.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    let raw = width <= 256 ? UInt64(byte()) : UInt64(byte()) << 8 | UInt64(byte())
    return range.lowerBound + Int(raw % width)
  }

  /// A choice among `count` options.
  public mutating func choice(_ count: Int) -> Int { int(in: 0...count - 1) }

  /// A Boolean.
  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// A count that is usually small and sometimes hostile: negative, huge,
  /// `Int.max`, `Int.min`.
  public mutating func hostileCount(small: ClosedRange<Int> = 0...40) -> Int {
    switch choice(16) {
    case 0: return Int.max
    case 1: return Int.min
    case 2: return -int(in: 1...100)
    case 3: return Int(Int32.max) + int(in: -2...2)
    case 4: return 1 << int(in: 20...62)
    default: return int(in: small)
    }
  }

  /// A length or offset that is usually ordinary and sometimes hostile: NaN,
  /// infinities, negative, huge.
  public mutating func hostileDouble(ordinary: ClosedRange<Int> = 0...2_000) -> Double {
    switch choice(16) {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -.infinity
    case 3: return -Double(int(in: 1...500))
    case 4: return 1e300
    case 5: return Double(int(in: 0...1000)) / 7
    default: return Double(int(in: ordinary))
    }
  }
}

/// Stops the run with a message libFuzzer reports with the reproducing input.
public func divergence(_ message: @autoclosure () -> String) -> Never {
  fatalError("Divergence from the reference: \(message())")
}

/// Checks `condition`, or reports a divergence.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { divergence(message()) }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func _runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer over `body`. SwiftPM names an executable's entry point
/// `<Target>_main`, so each target's entry point calls this instead of
/// linking libFuzzer's own `main`.
public func runFuzzer(
  argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var argc = argc
  var argv = argv
  return _runDriver(&argc, &argv, body)
}
