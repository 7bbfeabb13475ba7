import Glibc

/// MD5 (RFC 1321). The thumbnail specification names cache files by the MD5 of the file's
/// URI; a small implementation here saves a cryptography dependency for that one use.
public enum MD5 {
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(truncatingIfNeeded: message.count) &* 8
        for shift in stride(from: 0, to: 64, by: 8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var words = [UInt32](repeating: 0, count: 16)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for i in 0..<16 {
                let at = blockStart + 4 * i
                words[i] = UInt32(padded[at]) | UInt32(padded[at + 1]) << 8
                    | UInt32(padded[at + 2]) << 16 | UInt32(padded[at + 3]) << 24
            }
            var (a, b, c, d) = state
            for step in 0..<64 {
                let mixed: UInt32
                let wordIndex: Int
                switch step {
                case 0..<16:
                    mixed = (b & c) | (~b & d)
                    wordIndex = step
                case 16..<32:
                    mixed = (d & b) | (~d & c)
                    wordIndex = (5 * step + 1) % 16
                case 32..<48:
                    mixed = b ^ c ^ d
                    wordIndex = (3 * step + 5) % 16
                default:
                    mixed = c ^ (b | ~d)
                    wordIndex = (7 * step) % 16
                }
                let sum = a &+ mixed &+ sines[step] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ rotateLeft(sum, by: shifts[step])
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }

        var output: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return output
    }

    /// The digest as 32 lower-case hex digits.
    public static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        for byte in digest(Array(text.utf8)) {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func rotateLeft(_ value: UInt32, by amount: UInt32) -> UInt32 {
        (value << amount) | (value >> (32 - amount))
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) * 2^32), as RFC 1321 defines the table.
    private static let sines: [UInt32] = (0..<64).map { index in
        UInt32((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down))
    }
}
