import CZlib

/// The text keys of a PNG (`Thumb::URI`, `Thumb::MTime`, ...): read from tEXt, zTXt and iTXt
/// chunks, and written as tEXt (or iTXt when a value is not Latin-1) right after IHDR.
public enum ThumbnailKeys {
    /// Every text key in `pngData`, the first chunk winning when a key repeats. Not a PNG,
    /// truncated, bad CRCs, bad compression: whatever could be read is returned, never a trap.
    /// Compressed text is inflated up to `maximumTextBytes`.
    public static func read(pngData bytes: [UInt8]) -> [String: String] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == pngSignature else { return [:] }
        var keys: [String: String] = [:]
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { break }
            let dataRange = (offset + 8)..<(offset + 8 + length)
            if type == "IEND" { break }
            if ["tEXt", "zTXt", "iTXt"].contains(type),
               bigEndian32(bytes, at: dataRange.upperBound) == crc(Array(bytes[(offset + 4)..<dataRange.upperBound])),
               let (key, value) = text(of: type, bytes[dataRange]), keys[key] == nil {
                keys[key] = value
            }
            offset = dataRange.upperBound + 4
        }
        return keys
    }

    /// `png` with a text chunk for each entry inserted after IHDR; nil when `png` does not
    /// start with a PNG signature and IHDR.
    static func inserting(_ entries: [(key: String, value: String)], into png: [UInt8]) -> [UInt8]? {
        guard png.count >= 33, Array(png[0..<8]) == pngSignature, bigEndian32(png, at: 8) == 13,
              String(decoding: png[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        var chunks: [UInt8] = []
        for (key, value) in entries {
            let keyBytes = Array(key.utf8.prefix(79))
            if let latin1 = latin1Bytes(value) {
                chunks += chunk("tEXt", keyBytes + [0] + latin1)
            } else {
                chunks += chunk("iTXt", keyBytes + [0, 0, 0, 0, 0] + Array(value.utf8))
            }
        }
        return Array(png[0..<33]) + chunks + Array(png[33...])
    }

    static let maximumTextBytes = 1 << 16
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func text(of type: String, _ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0), nul > data.startIndex, nul - data.startIndex <= 79 else { return nil }
        let key = latin1String(data[data.startIndex..<nul])
        let rest = data[(nul + 1)...]
        switch type {
        case "tEXt":
            return (key, latin1String(rest))
        case "zTXt":
            guard rest.first == 0, let text = inflate(rest.dropFirst()) else { return nil }
            return (key, latin1String(text[...]))
        default:
            // iTXt: compression flag, method, language tag NUL, translated keyword NUL, text.
            guard rest.count >= 2, let languageEnd = rest.dropFirst(2).firstIndex(of: 0),
                  let translatedEnd = rest[(languageEnd + 1)...].firstIndex(of: 0) else { return nil }
            let textBytes = rest[(translatedEnd + 1)...]
            let compressed = rest[rest.startIndex] == 1
            guard let utf8 = compressed ? inflate(textBytes).map({ $0[...] }) : textBytes else { return nil }
            return (key, String(decoding: utf8, as: UTF8.self))
        }
    }

    private static func inflate(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        // zlib keeps a pointer back to the stream, so it must not move: it lives on the heap.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard cropper_inflate_init(stream) == Z_OK else { return nil }
        defer { inflateEnd(stream) }

        var compressed = Array(input)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var output: [UInt8] = []
        return compressed.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            return buffer.withUnsafeMutableBufferPointer { out -> [UInt8]? in
                while true {
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let status = CZlib.inflate(stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.pointee.avail_out)
                    output += out[0..<produced]
                    if output.count > maximumTextBytes { return nil }
                    if status == Z_STREAM_END { return output }
                    if status != Z_OK || (produced == 0 && stream.pointee.avail_in == 0) { return nil }
                }
            }
        }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndianBytes(UInt32(data.count)) + typed + bigEndianBytes(crc(typed))
    }

    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value)]
    }

    private static func latin1String(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }

    private static func latin1Bytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xFF, scalar.value != 0 else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }
}
