import EditorState

/// Re-encoded HEIC and AVIF crops are written as phones write photos: a grid of tiles of up to 512 pixels coded side by side
/// on every core, with a 320-pixel thumbnail, so a long save can say how far it is and the file opens tile by tile.
/// HEVC tiles are coded by x265 at its fastest preset with the quality raised to match libheif's default
/// (`HEIFQuality`): the same PSNR in a file a few per cent larger, for a seventh of the CPU time.
enum HEIFGridEncoder {
    static let largestTile = 512
    static let thumbnailSide = 320

    /// `quality` is the user's; `progress` hears the fraction of tiles coded.
    static func encode(_ bitmap: Bitmap, as format: PhotoFormat, quality: Int, metadata: MetadataBlocks,
                       progress: ExportProgress? = nil) throws -> [UInt8] {
        let preset = format == .heic ? HEIFQuality.preset : nil
        let coded = format == .heic ? HEIFQuality.x265(forUser: quality) : quality
        // One tile's worth, or transparency (an alpha plane per tile is not written here): one coded picture.
        guard bitmap.alpha == .opaque, bitmap.width > largestTile || bitmap.height > largestTile else {
            defer { progress?(1) }
            return try HEIFCodec.encode(bitmap, as: format, quality: coded, metadata: metadata, preset: preset)
        }
        // libheif codes a picture under 64 pixels a side as a grid of its own, which cannot be a thumbnail item.
        let thumbnail = min(bitmap.width, bitmap.height) * thumbnailSide / max(bitmap.width, bitmap.height) >= 64
        var picture = try HEIFGridAssembler.picture(of: bitmap, tile: tileSize(for: bitmap.size), quality: coded,
                                                    thumbnailSide: thumbnail ? thumbnailSide : nil, format: format,
                                                    preset: preset) { done, total in
            progress?(Double(done) / Double(total))
        }
        picture.icc = metadata.icc
        picture.exif = metadata.exif
        picture.xmp = metadata.xmp
        return try HEIFGridAssembler.assemble(picture)
    }

    /// The fewest tiles of at most 512 pixels a side, evened out so the last column and row are not mostly padding
    /// (a 1100-pixel width is three tiles of 368, not two of 512 and one of 76 in 512), in whole 8-pixel coding
    /// blocks, and never under 64 (libheif codes a smaller picture as a grid of its own).
    static func tileSize(for size: PixelSize) -> PixelSize {
        func side(_ length: Int) -> Int {
            let count = (length + largestTile - 1) / largestTile
            return max(64, ((length + count - 1) / count + 7) / 8 * 8)
        }
        return PixelSize(width: side(size.width), height: side(size.height))
    }
}

/// How far an export has come, 0 to 1, heard from the thread doing it.
public typealias ExportProgress = @Sendable (Double) -> Void
