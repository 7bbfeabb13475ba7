/// One box of an ISO base media file (ISO/IEC 14496-12): its four-character type and where its payload lies in
/// the bytes it was read from. Every size is checked against the enclosing box, so a hostile length cannot reach
/// outside it.
struct ISOBox: Sendable, Equatable {
    let type: String
    /// The whole box, header included.
    let range: Range<Int>
    /// What follows the header (and, for a full box, what follows its version and flags: see `fullBox`).
    let payload: Range<Int>

    /// The boxes laid one after another in `range` of `bytes`.
    static func children(of bytes: [UInt8], in range: Range<Int>) throws -> [ISOBox] {
        var boxes: [ISOBox] = []
        var position = range.lowerBound
        while position < range.upperBound {
            guard range.upperBound - position >= 8 else { throw HEIFContainerError.malformed("a box header is cut short") }
            var size = Int(BoxBytes.u32(bytes, position))
            let type = BoxBytes.fourCC(bytes, position + 4)
            var header = 8
            if size == 1 {
                guard range.upperBound - position >= 16 else { throw HEIFContainerError.malformed("a large box header is cut short") }
                let large = BoxBytes.u64(bytes, position + 8)
                guard large <= UInt64(Int.max) else { throw HEIFContainerError.malformed("box \(type) is too large") }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - position
            }
            guard size >= header, size <= range.upperBound - position else {
                throw HEIFContainerError.malformed("box \(type) claims \(size) bytes where \(range.upperBound - position) are left")
            }
            boxes.append(ISOBox(type: type, range: position..<position + size, payload: position + header..<position + size))
            position += size
        }
        return boxes
    }

    /// A full box's version, flags and what follows them.
    func fullBox(_ bytes: [UInt8]) throws -> (version: Int, flags: Int, body: Range<Int>) {
        guard payload.count >= 4 else { throw HEIFContainerError.malformed("box \(type) has no version") }
        let word = BoxBytes.u32(bytes, payload.lowerBound)
        return (Int(word >> 24), Int(word & 0xFF_FFFF), payload.lowerBound + 4..<payload.upperBound)
    }
}

/// What can be wrong with a HEIF container, worded for a PhotoIOError.
enum HEIFContainerError: Error, Equatable {
    case malformed(String)
    case unsupported(String)

    var photoIOError: PhotoIOError {
        switch self {
        case let .malformed(why): .corrupt("HEIF container: " + why)
        case let .unsupported(what): .losslessImpossible(what)
        }
    }
}

/// A cursor over a box's payload: each read checks the end and throws instead of trapping.
struct BoxCursor {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int
    let box: String

    init(_ bytes: [UInt8], _ range: Range<Int>, box: String) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
        self.box = box
    }

    var remaining: Int { end - position }

    mutating func uint(_ size: Int) throws -> UInt64 {
        guard size >= 0, size <= 8, remaining >= size else { throw HEIFContainerError.malformed("box \(box) ends early") }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[position + i]) }
        position += size
        return value
    }

    mutating func u8() throws -> Int { Int(try uint(1)) }
    mutating func u16() throws -> Int { Int(try uint(2)) }
    mutating func u32() throws -> UInt32 { UInt32(try uint(4)) }
    /// An unsigned value of `size` bytes as an Int; values beyond Int's range are malformed.
    mutating func int(_ size: Int) throws -> Int {
        let value = try uint(size)
        guard value <= UInt64(Int.max) else { throw HEIFContainerError.malformed("box \(box) holds an impossible number") }
        return Int(value)
    }

    mutating func fourCC() throws -> String {
        guard remaining >= 4 else { throw HEIFContainerError.malformed("box \(box) ends early") }
        defer { position += 4 }
        return BoxBytes.fourCC(bytes, position)
    }

    /// A NUL-terminated UTF-8 string; one that runs to the end of the box without its NUL is taken as it is.
    mutating func cString() -> String {
        var stop = position
        while stop < end, bytes[stop] != 0 { stop += 1 }
        defer { position = min(end, stop + 1) }
        return String(decoding: bytes[position..<stop], as: UTF8.self)
    }
}

enum BoxBytes {
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(bytes, at)) << 32 | UInt64(u32(bytes, at + 4)) }

    static func fourCC(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<at + 4].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}

/// Builds boxes: big-endian integers, four-character codes, and boxes nested by closures.
struct BoxWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }
    mutating func u16(_ value: Int) { uint(UInt64(truncatingIfNeeded: value), size: 2) }
    mutating func u32(_ value: Int) { uint(UInt64(truncatingIfNeeded: value), size: 4) }
    mutating func i32(_ value: Int) { uint(UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: value))), size: 4) }

    mutating func uint(_ value: UInt64, size: Int) {
        for i in stride(from: size - 1, through: 0, by: -1) { bytes.append(UInt8((value >> (8 * UInt64(i))) & 0xFF)) }
    }

    mutating func fourCC(_ code: String) {
        let utf8 = Array(code.utf8)
        for i in 0..<4 { bytes.append(i < utf8.count ? utf8[i] : 0x20) }
    }

    mutating func cString(_ text: String) {
        bytes += text.utf8
        bytes.append(0)
    }

    mutating func append(_ raw: some Sequence<UInt8>) { bytes += raw }

    /// A box of `type` whose payload `body` writes; its size is filled in afterwards.
    mutating func box(_ type: String, _ body: (inout BoxWriter) throws -> Void) rethrows {
        let start = bytes.count
        u32(0)
        fourCC(type)
        try body(&self)
        let size = bytes.count - start
        for i in 0..<4 { bytes[start + i] = UInt8((size >> (8 * (3 - i))) & 0xFF) }
    }

    mutating func fullBox(_ type: String, version: Int, flags: Int = 0, _ body: (inout BoxWriter) throws -> Void) rethrows {
        try box(type) { writer in
            writer.u8(version)
            writer.uint(UInt64(flags & 0xFF_FFFF), size: 3)
            try body(&writer)
        }
    }
}
