import Localization

extension CropExporter {
    /// A crop encoded as HEIC, AVIF, WebP or TIFF with the source's EXIF, XMP and ICC profile, and
    /// warnings naming what the target cannot hold.
    static func encodeContainer(_ pixels: Bitmap, source: PhotoSource, export: CropExport, as format: PhotoFormat,
                                progress: ExportProgress? = nil) throws -> ([UInt8], [String]) {
        let (segments, notes) = outputMetadata(source, export, size: pixels.size)
        let metadata = MetadataBlocks(segments: segments)
        var warnings = notes
        if !metadata.leftOut.isEmpty {
            let names = Array(Set(metadata.leftOut)).sorted().joined(separator: ", ")
            warnings.append("\(format.rawValue) output cannot hold \(names); left out (save as JPEG to keep it)")
        }
        try FormatLibrary.require(for: format)
        let bytes: [UInt8]
        switch format {
        case .heic, .avif:
            bytes = try HEIFGridEncoder.encode(pixels, as: format, quality: export.quality, metadata: metadata,
                                               progress: progress)
        case .webp:
            bytes = try WebPCodec.encode(pixels, lossless: source.isLosslessCoded, quality: export.quality,
                                         metadata: metadata)
        case .jxl:
            bytes = try JXLEncoder.encode(pixels, lossless: source.isLosslessCoded, quality: export.quality,
                                          metadata: metadata)
        case .tiff:
            let compression = source.format == .tiff ? source.container?.tiffCompression : nil
            bytes = try TIFFCodec.encode(pixels, compression: compression, quality: export.quality, metadata: metadata)
        case .gif:
            throw PhotoIOError.cannotWrite(tr("a GIF is made only from a GIF; save a still photo as PNG to keep every colour"))
        case .apng:
            throw PhotoIOError.cannotWrite(tr("an APNG is made only from an animation; save a still photo as PNG"))
        case .jpeg, .png:
            throw PhotoIOError.encodeFailed("\(format.rawValue) is not a container format")
        }
        return (bytes, warnings)
    }
}

extension PhotoSource {
    /// A PNG, or a WebP or JPEG XL coded without loss: a crop saved as WebP or JPEG XL stays lossless.
    var isLosslessCoded: Bool {
        format == .png || ((format == .webp || format == .jxl) && container?.isLossless == true)
    }
}

extension PhotoFormat {
    /// Whether a crop in this format keeps an alpha channel.
    var keepsTransparency: Bool { self != .jpeg }
}
