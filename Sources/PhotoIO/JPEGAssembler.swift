/// Joins metadata segments with a JPEG codestream made by TurboJPEG: SOI, the
/// codestream's JFIF APP0 if it is kept (JFIF must come first), the metadata in
/// the order given, then the codestream's other segments and data.
///
/// The codestream's JFIF APP0 is dropped when the metadata brings its own APP0
/// (the source's density is the one to keep) or an EXIF block (EXIF files carry
/// no JFIF); its Adobe APP14 is always kept, since it describes how that
/// codestream's colours are coded.
enum JPEGAssembler {
    static func assemble(metadata: [JPEGSegment], codestream: [UInt8]) throws -> [UInt8] {
        let coded = try JPEGStructure.parse(codestream)
        let dropJFIF = metadata.contains { $0.marker == 0xE0 || $0.isExif }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(codestream.count + metadata.reduce(0) { $0 + $1.bytes.count })
        if !dropJFIF, let jfif = coded.segments.first(where: \.isJFIF) { out += jfif.bytes }
        for segment in metadata { out += segment.bytes }
        for segment in coded.segments where !segment.isJFIF { out += segment.bytes }
        out += codestream[coded.firstScanOffset...]
        return out
    }
}
