extension JPEGDecoder {
    /// Decodes only the top `rows` rows (plus one iMCU row of context, so chroma
    /// upsampling at the last needed row is exactly as in a full decode) by
    /// declaring a shorter frame to the decoder: the rows below are never
    /// inverse-transformed or colour-converted. Used when cropping; the result is
    /// bit-identical to the same rows of `decode`. Falls back to a full decode for
    /// progressive, multi-scan or restart-marked files.
    static func decodeTop(_ bytes: [UInt8], structure: JPEGStructure, rows: Int) throws -> DecodedBitmap {
        let frame = structure.frame
        let iMCU = frame.iMCUSize.height
        let declared = ((rows + iMCU - 1) / iMCU + 1) * iMCU
        let hasRestarts = structure.segments.contains { $0.marker == 0xDD && $0.payload.contains { $0 != 0 } }
        guard declared < frame.height, !frame.isProgressive, structure.scanCount == 1, !hasRestarts,
              !structure.isTruncated,
              let sof = structure.segments.first(where: { JPEGFrame.isStartOfFrame($0.marker) })
        else { return try decode(bytes, structure: structure) }

        var shortened = bytes
        shortened[sof.offset + 5] = UInt8(declared >> 8)
        shortened[sof.offset + 6] = UInt8(declared & 0xFF)
        let shorter = JPEGStructure(segments: structure.segments, frame: frame.withHeight(declared),
                                    firstScanOffset: structure.firstScanOffset, endOfImage: structure.endOfImage,
                                    scanCount: structure.scanCount)
        let result = try decode(shortened, structure: shorter)
        // The data of the rows left out reads to the decoder as extraneous bytes before EOI.
        let expected = result.warning.map { $0.contains("extraneous bytes before marker 0xd9") } ?? true
        // Damage in the rows decoded, measured against the whole picture.
        let damage = result.damage.map {
            Damage(kind: $0.kind, intactRows: $0.intactRows, intactBlockRows: $0.intactBlockRows,
                   storedSize: frame.size, detail: $0.detail)
        }
        return DecodedBitmap(bitmap: result.bitmap, warning: expected ? nil : result.warning, damage: damage)
    }
}

extension JPEGFrame {
    func withHeight(_ newHeight: Int) -> JPEGFrame {
        JPEGFrame(marker: marker, precision: precision, width: width, height: newHeight, components: components)
    }
}
