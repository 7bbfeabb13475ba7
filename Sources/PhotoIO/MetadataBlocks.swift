/// The metadata every container holds in some form of its own: EXIF (a TIFF structure from its
/// byte-order mark on), an XMP packet and an ICC profile. HEIF, WebP and TIFF sources are read into
/// these and shown to the rest of PhotoIO as the JPEG segments that would carry them, so one set of
/// patchers (ExifPatcher, XMPPatcher, OutputMetadata) serves every format pair.
struct MetadataBlocks: Sendable, Equatable {
    var exif: [UInt8]?
    var xmp: [UInt8]?
    var icc: [UInt8]?
    /// Segments no container but JPEG holds (IPTC, comments, vendor APPn): named in a warning.
    var leftOut: [String] = []

    init(exif: [UInt8]? = nil, xmp: [UInt8]? = nil, icc: [UInt8]? = nil) {
        self.exif = exif.flatMap(Self.tiffStructure)
        self.xmp = xmp.flatMap { $0.isEmpty ? nil : $0 }
        self.icc = icc.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The blocks held in output segments (already patched by OutputMetadata).
    init(segments: [JPEGSegment]) {
        self.init(exif: segments.first(where: \.isExif).map { Array($0.payload.dropFirst(ExifPatcher.headerLength)) },
                  xmp: segments.first(where: \.isXMP).map { Array($0.payload.dropFirst(SegmentSignature.xmp.count)) },
                  icc: ICCProfile(segments: segments)?.data)
        leftOut = segments.compactMap { segment in
            if segment.isExif || segment.isXMP || segment.isICC || segment.isJFIF { return nil }
            if segment.isPhotoshop { return "IPTC" }
            if segment.isComment { return "the comment" }
            if segment.isExtendedXMP { return "extended XMP" }
            return "APP\(Int(segment.marker) - 0xE0) data"
        }
    }

    /// JPEG segments carrying the blocks: APP1 Exif, APP1 XMP, APP2 ICC_PROFILE chunks.
    var segments: [JPEGSegment] {
        var segments: [JPEGSegment] = []
        if let exif, let segment = JPEGSegment(marker: 0xE1, payload: "Exif\0\0".asciiBytes + exif) {
            segments.append(segment)
        }
        if let xmp, let segment = JPEGSegment(marker: 0xE1, payload: SegmentSignature.xmp + xmp) {
            segments.append(segment)
        }
        if let icc {
            let chunkSize = 65_519
            let count = (icc.count + chunkSize - 1) / chunkSize
            if count <= 255 {
                for index in 0..<count {
                    let chunk = icc[(index * chunkSize)..<min(icc.count, (index + 1) * chunkSize)]
                    let header = SegmentSignature.icc + [UInt8(index + 1), UInt8(count)]
                    if let segment = JPEGSegment(marker: 0xE2, payload: header + chunk) { segments.append(segment) }
                }
            }
        }
        return segments
    }

    var isEmpty: Bool { exif == nil && xmp == nil && icc == nil }

    /// EXIF as containers store it varies: WebP and some HEIF writers keep JPEG's "Exif\0\0" before the TIFF header.
    private static func tiffStructure(_ bytes: [UInt8]) -> [UInt8]? {
        let header = "Exif\0\0".asciiBytes
        let tiff = bytes.hasPrefix(header) ? Array(bytes.dropFirst(header.count)) : bytes
        guard tiff.hasPrefix("II*\0".asciiBytes) || tiff.hasPrefix("MM\0*".asciiBytes) else { return nil }
        return tiff
    }
}
