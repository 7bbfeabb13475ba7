/// An ICC colour profile carried in APP2 "ICC_PROFILE" chunks.
public struct ICCProfile: Sendable, Equatable {
    public let data: [UInt8]

    /// Joins the chunks in sequence-number order; nil when none are present
    /// or the chunk numbering is inconsistent.
    public init?(segments: [JPEGSegment]) {
        let headerLength = SegmentSignature.icc.count + 2
        var chunks: [(Int, ArraySlice<UInt8>)] = []
        for segment in segments where segment.isICC {
            let payload = segment.payload
            guard payload.count >= headerLength else { continue }
            let sequence = Int(payload[payload.startIndex + SegmentSignature.icc.count])
            chunks.append((sequence, payload.dropFirst(headerLength)))
        }
        guard !chunks.isEmpty else { return nil }
        chunks.sort { $0.0 < $1.0 }
        for (index, chunk) in chunks.enumerated() where chunk.0 != index + 1 { return nil }
        data = chunks.flatMap { Array($0.1) }
    }

    public init(data: [UInt8]) {
        self.data = data
    }

    /// The profile's description: the 'desc' tag, either a v2 textDescriptionType
    /// or a v4 multiLocalizedUnicodeType (English preferred).
    public var description: String? {
        let reader = ByteReader(data, bigEndian: true)
        guard let tagCount = reader.u32(128), tagCount < 1000 else { return nil }
        for i in 0..<Int(tagCount) {
            let entry = 132 + 12 * i
            guard let signature = reader.u32(entry), let offset = reader.u32(entry + 4),
                  let size = reader.u32(entry + 8) else { return nil }
            guard signature == fourCC("desc") else { continue }
            guard let tag = reader.slice(Int(offset), Int(size)) else { return nil }
            return Self.text(ofTag: Array(tag))
        }
        return nil
    }

    private static func text(ofTag tag: [UInt8]) -> String? {
        let reader = ByteReader(tag, bigEndian: true)
        guard let type = reader.u32(0) else { return nil }
        if type == fourCC("desc") {
            guard let length = reader.u32(8), let ascii = reader.slice(12, Int(length)) else { return nil }
            return clean(String(decoding: ascii.prefix { $0 != 0 }, as: UTF8.self))
        }
        if type == fourCC("mluc") {
            guard let records = reader.u32(8), let recordSize = reader.u32(12), recordSize >= 12 else { return nil }
            var chosen: (Int, Int)?
            for r in 0..<min(Int(records), 1000) {
                let at = 16 + r * Int(recordSize)
                guard let language = reader.u16(at), let length = reader.u32(at + 4),
                      let offset = reader.u32(at + 8) else { break }
                if chosen == nil || language == 0x656E { chosen = (Int(offset), Int(length)) }  // "en"
                if language == 0x656E { break }
            }
            guard let (offset, length) = chosen, let utf16 = reader.slice(offset, length) else { return nil }
            var units: [UInt16] = []
            var i = utf16.startIndex
            while i + 1 < utf16.endIndex {
                units.append(UInt16(utf16[i]) << 8 | UInt16(utf16[i + 1]))
                i += 2
            }
            return clean(String(decoding: units.prefix { $0 != 0 }, as: UTF16.self))
        }
        return nil
    }

    private static func clean(_ text: String) -> String? {
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        return trimmed.isEmpty ? nil : trimmed
    }
}

func fourCC(_ text: StaticString) -> UInt32 {
    var value: UInt32 = 0
    text.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt32(byte) } }
    return value
}
