/// SHA-1, for the one use the WebSocket handshake makes of it (RFC 6455,
/// section 4.2.2): it proves the server read the key, it protects nothing.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message + [0x80]
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    for block in stride(from: 0, to: padded.count, by: 64) {
      compress(padded[block..<block + 64], into: &state)
    }
    return state.flatMap { word in
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }
  }

  private static func compress(_ block: ArraySlice<UInt8>, into state: inout [UInt32]) {
    var words = [UInt32](repeating: 0, count: 80)
    for i in 0..<16 {
      let base = block.startIndex + 4 * i
      words[i] = block[base...base + 3].reduce(0) { $0 << 8 | UInt32($1) }
    }
    for i in 16..<80 {
      words[i] = rotate(words[i - 3] ^ words[i - 8] ^ words[i - 14] ^ words[i - 16], 1)
    }
    var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
    for i in 0..<80 {
      let (f, k): (UInt32, UInt32) =
        switch i {
        case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (b ^ c ^ d, 0xCA62_C1D6)
        }
      let next = rotate(a, 5) &+ f &+ e &+ k &+ words[i]
      (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
    }
    for (i, value) in [a, b, c, d, e].enumerated() { state[i] &+= value }
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value << count | value >> (32 - count)
  }
}
