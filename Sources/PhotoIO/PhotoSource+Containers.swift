import Localization

extension PhotoSource {
    /// The header of a HEIF/AVIF, WebP, TIFF or JPEG XL file; nil for JPEG and PNG.
    static func containerHeader(_ bytes: [UInt8], format: PhotoFormat) throws -> ContainerHeader? {
        if format == .heic || format == .avif, let header = try HEIFHeader.read(bytes, format: format) { return header }
        try FormatLibrary.require(for: format)
        switch format {
        case .jpeg, .png: return nil
        case .heic, .avif: return try HEIFCodec.header(bytes, format: format)
        case .webp: return try WebPCodec.header(bytes)
        case .tiff: return try TIFFCodec.header(bytes)
        case .jxl: return try JXLCodec.header(bytes)
        case .gif: return try GIFCodec.header(try GIFReader(bytes))
        case .apng: return try APNGCodec.header(bytes)
        }
    }

    /// Blocks too big for the JPEG segment every crop carries them in are named, never dropped silently.
    static func carryNotes(_ metadata: MetadataBlocks) -> [String] {
        var notes: [String] = []
        if let exif = metadata.exif, exif.count > 65_527 {
            notes.append(tr("the EXIF block (%d bytes) is too large to carry into a crop; it is left out", exif.count))
        }
        if let xmp = metadata.xmp, xmp.count > 65_533 - SegmentSignature.xmp.count {
            notes.append(tr("the XMP packet (%d bytes) is too large to carry into a crop; it is left out", xmp.count))
        }
        return notes
    }

    func decodeContainer() throws -> DecodedBitmap {
        guard let container else { throw PhotoIOError.notAnImage }
        switch format {
        case .heic, .avif: return try HEIFCodec.decode(bytes)
        case .webp: return try WebPCodec.decode(bytes, header: container)
        case .tiff: return try TIFFCodec.decode(bytes)
        case .jxl: return try JXLCodec.decode(bytes, header: container)
        case .gif: return try GIFCodec.decode(try GIFReader(self), header: container)
        case .apng: return try APNGCodec.decode(self)
        case .jpeg, .png: throw PhotoIOError.notAnImage
        }
    }
}

extension PhotoSource {
    /// The format by content; a PNG whose acTL comes later than the signature shows is an APNG all the same.
    static func format(of bytes: [UInt8]) -> PhotoFormat? {
        let format = PhotoFormat(signature: bytes)
        guard format == .png else { return format }
        let first = PNGChunks.list(bytes).first { $0.type == "acTL" || $0.type == "IDAT" }
        return first?.type == "acTL" ? .apng : .png
    }
}
