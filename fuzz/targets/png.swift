import EditorState
@testable import PhotoIO

/// The PNG path: header walk, libpng decode (strict and tolerant of truncation), info, and a crop.
/// Chunk CRCs are recomputed first, so that mutations reach libpng's chunk handling instead of
/// stopping at its CRC check.
enum PNGFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        let bytes = withValidCRCs(input)
        guard let source = try? PhotoSource(bytes: bytes, path: "fuzz.png"), source.format == .png else { return }
        _ = PhotoInfo(source: source)
        guard FuzzInput.smallEnough(source.storedSize) else { return }
        try DamageRules.check(source)
        let request = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(bytes))
        let export = CropExport(rect: request.rect, userTransform: request.userTransform)
        if let crop = try? CropExporter.render(source, export, as: bytes.count % 3 == 0 ? .jpeg : .png) {
            try checkOutput(crop, stripGPS: true, what: "crop of a PNG")
        }
    }

    static func withValidCRCs(_ input: [UInt8]) -> [UInt8] {
        guard PNGCodec.isPNG(input) else { return input }
        var bytes = input
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
                | Int(bytes[position + 3])
            let end = position + 8 + length
            guard end + 4 <= bytes.count else { break }
            bytes.writeU32(crc32(bytes[(position + 4)..<end]), at: end, bigEndian: true)
            position = end + 4
        }
        return bytes
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
