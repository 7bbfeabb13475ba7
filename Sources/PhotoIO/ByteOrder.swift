/// Bounds-checked integer reads from a byte array. Every read returns nil
/// instead of trapping when it would leave the array.
struct ByteReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    init(_ bytes: [UInt8], bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func u8(_ offset: Int) -> UInt8? {
        contains(offset: offset, length: 1) ? bytes[offset] : nil
    }

    func u16(_ offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        var value: UInt32 = 0
        for i in 0..<4 {
            let byte = UInt32(bytes[offset + (bigEndian ? i : 3 - i)])
            value = value << 8 | byte
        }
        return value
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        contains(offset: offset, length: length) ? bytes[offset..<offset + length] : nil
    }
}

extension Array where Element == UInt8 {
    mutating func writeU16(_ value: UInt16, at offset: Int, bigEndian: Bool) {
        let hi = UInt8(value >> 8), lo = UInt8(value & 0xFF)
        self[offset] = bigEndian ? hi : lo
        self[offset + 1] = bigEndian ? lo : hi
    }

    mutating func writeU32(_ value: UInt32, at offset: Int, bigEndian: Bool) {
        for i in 0..<4 {
            let shift = UInt32(bigEndian ? (3 - i) * 8 : i * 8)
            self[offset + i] = UInt8((value >> shift) & 0xFF)
        }
    }

    func hasPrefix(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard offset >= 0, offset <= count - prefix.count else { return false }
        for i in 0..<prefix.count where self[offset + i] != prefix[i] { return false }
        return true
    }
}

extension ArraySlice where Element == UInt8 {
    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        return zip(self, prefix).allSatisfy { $0 == $1 }
    }
}

extension String {
    var asciiBytes: [UInt8] { Array(utf8) }
}
