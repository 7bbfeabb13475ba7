import Dispatch
import EditorState
import Glibc

extension HEIFGridAssembler {
    /// Codes the photo of `source` as a phone does (see `picture(of:tile:…)` for a bitmap), with its EXIF, XMP and
    /// ICC profile. The upright picture is coded turned by `stored` (the file's irot/imir are then to turn it back).
    public static func picture(of source: PhotoSource, tile: Int, quality: Int, thumbnailSide: Int?,
                               storedAs stored: Orientation = .normal, format: PhotoFormat = .heic,
                               preset: String? = nil) throws -> Picture {
        let bitmap = try source.decodeFull().transformed(by: source.orientation.followed(by: stored))
        let blocks = source.container?.metadata ?? MetadataBlocks(segments: source.metadataSegments)
        var picture = try picture(of: bitmap, tile: PixelSize(width: tile, height: tile), quality: quality, thumbnailSide: thumbnailSide, format: format,
                                  preset: preset)
        picture.icc = blocks.icc
        picture.exif = blocks.exif
        picture.xmp = blocks.xmp
        return picture
    }

    /// Codes `bitmap` as tiles of `tile` pixels with libheif's HEVC encoder (x265 at `preset`, or libheif's
    /// own default; AV1 with `format` .avif), the tiles at the right and bottom padded with their last column and
    /// row, on every core; with `thumbnailSide`, a thumbnail whose long side is that long. `progress` hears (tiles
    /// coded, tiles in all) from the coding threads.
    static func picture(of bitmap: Bitmap, tile: PixelSize, quality: Int, thumbnailSide: Int?, format: PhotoFormat,
                        preset: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Picture {
        let columns = (bitmap.width + tile.width - 1) / tile.width, rows = (bitmap.height + tile.height - 1) / tile.height
        let count = columns * rows
        let counter = TileCounter(total: count, progress: progress)
        let coded = UnsafeMutableBufferPointer<Result<[UInt8], Error>>.allocate(capacity: count)
        defer { coded.deallocate() }
        // Each iteration writes its own slot.
        nonisolated(unsafe) let slots = coded.baseAddress!
        let code: @Sendable (Int) -> Void = { index in
            slots.advanced(by: index).initialize(to: Result {
                let tileBitmap = try padded(bitmap, x: index % columns * tile.width, y: index / columns * tile.height,
                                            size: tile)
                defer { counter.done() }
                return try HEIFCodec.encode(tileBitmap, as: format, quality: quality, metadata: MetadataBlocks(),
                                            preset: preset)
            })
        }
        // x265 sets up its global tables when the first encoder of the process opens, unguarded: two opening at once
        // can crash. The first tile is coded alone, the others side by side.
        code(0)
        DispatchQueue.concurrentPerform(iterations: count - 1) { code($0 + 1) }
        var picture = Picture(tiles: try coded.map { try $0.get() }, columns: columns, rows: rows, size: bitmap.size)
        if let side = thumbnailSide {
            let scale = Double(side) / Double(max(bitmap.width, bitmap.height))
            let size = PixelSize(width: max(2, Int((Double(bitmap.width) * scale).rounded()) & ~1),
                                 height: max(2, Int((Double(bitmap.height) * scale).rounded()) & ~1))
            picture.thumbnail = try HEIFCodec.encode(try Resampler.resize(bitmap, to: size), as: format, quality: quality,
                                                     metadata: MetadataBlocks(), preset: preset)
        }
        return picture
    }

    /// A `size` part of `bitmap` from (x, y), its part beyond the picture filled with the last pixels.
    private static func padded(_ bitmap: Bitmap, x: Int, y: Int, size: PixelSize) throws -> Bitmap {
        let tile = try Bitmap(width: size.width, height: size.height)
        for row in 0..<size.height {
            let sourceRow = bitmap.row(min(y + row, bitmap.height - 1)), target = tile.row(row)
            for column in 0..<size.width { target[column] = sourceRow[min(x + column, bitmap.width - 1)] }
        }
        return tile
    }
}
