import CZlib

/// A PNG's chunks as stored: each one's type and where its data lies in the file.
struct PNGChunk {
    let type: String
    let data: Range<Int>
}

enum PNGChunks {
    /// The chunks after the signature, up to IEND or where the file stops holding whole chunks.
    static func list(_ bytes: [UInt8]) -> [PNGChunk] {
        let reader = ByteReader(bytes, bigEndian: true)
        var chunks: [PNGChunk] = []
        var position = 8
        while let length = reader.u32(position), let type = reader.slice(position + 4, 4) {
            let start = position + 8, end = start + Int(length)
            guard Int(length) < Int(Int32.max), end + 4 <= bytes.count else { break }
            let name = String(decoding: type, as: UTF8.self)
            chunks.append(PNGChunk(type: name, data: start..<end))
            if name == "IEND" { break }
            position = end + 4
        }
        return chunks
    }

    /// A whole chunk: length, type, data and the CRC of type and data.
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value)]
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)] }
}
