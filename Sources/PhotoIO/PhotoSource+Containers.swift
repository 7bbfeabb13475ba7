extension PhotoSource {
    /// The header of a HEIF/AVIF, WebP or TIFF file; nil for JPEG and PNG.
    static func containerHeader(_ bytes: [UInt8], format: PhotoFormat) throws -> ContainerHeader? {
        switch format {
        case .jpeg, .png: return nil
        case .heic, .avif: return try HEIFCodec.header(bytes, format: format)
        case .webp: return try WebPCodec.header(bytes)
        case .tiff: return try TIFFCodec.header(bytes)
        }
    }

    func decodeContainer() throws -> DecodedBitmap {
        guard let container else { throw PhotoIOError.notAnImage }
        switch format {
        case .heic, .avif: return try HEIFCodec.decode(bytes)
        case .webp: return try WebPCodec.decode(bytes, header: container)
        case .tiff: return try TIFFCodec.decode(bytes)
        case .jpeg, .png: throw PhotoIOError.notAnImage
        }
    }
}
