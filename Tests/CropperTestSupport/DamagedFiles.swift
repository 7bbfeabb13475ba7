import EditorState
import PhotoIO

/// Broken copies of good photos, made the ways files break: cut short, bits flipped, junk spliced in.
public enum DamagedFiles {
    /// The first `fraction` of the bytes.
    public static func truncated(_ bytes: [UInt8], at fraction: Double) -> [UInt8] {
        Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
    }

    /// The offset just after the first SOS segment: where a JPEG's entropy-coded data starts.
    public static func scanDataStart(_ bytes: [UInt8]) -> Int {
        var p = 2
        while p + 4 <= bytes.count, bytes[p] == 0xFF {
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            if bytes[p + 1] == 0xDA { return p + 2 + length }
            p += 2 + length
        }
        return p
    }

    /// Flips one bit at `offset` (and never makes a marker out of data: an FF is left alone).
    public static func flippingBit(_ bytes: [UInt8], at offset: Int, bit: Int = 3) -> [UInt8] {
        var out = bytes
        out[offset] ^= UInt8(1 << bit)
        if out[offset] == 0xFF || bytes[offset] == 0xFF { out[offset] = bytes[offset] }
        return out
    }

    /// Inserts `junk` at `offset`.
    public static func splicing(_ bytes: [UInt8], junk: [UInt8], at offset: Int) -> [UInt8] {
        Array(bytes[..<offset]) + junk + Array(bytes[offset...])
    }

    /// A PNG of the whole photo (no alpha), as `cropper crop` writes one.
    public static func png(of jpeg: PhotoSource) throws -> [UInt8] {
        try CropExporter.render(jpeg, CropExport(rect: PixelRect(x: 0, y: 0, width: jpeg.displayedSize.width,
                                                                 height: jpeg.displayedSize.height)), as: .png).bytes
    }

    /// A PNG with a tEXt chunk whose CRC is wrong, inserted after IHDR.
    public static func pngWithBadAncillaryCRC(_ png: [UInt8]) -> [UInt8] {
        let text = Array("tEXtComment\0broken".utf8)
        let length = text.count - 4
        let chunk = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + text + [0xDE, 0xAD, 0xBE, 0xEF]
        return splicing(png, junk: chunk, at: 8 + 25)
    }
}
