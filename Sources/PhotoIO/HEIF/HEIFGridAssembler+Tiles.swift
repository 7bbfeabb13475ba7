import Dispatch
import EditorState
import Glibc

extension HEIFGridAssembler {
    /// Codes `bitmap` as square tiles of `tile` pixels with libheif's HEVC encoder (x265, as `heif-enc` does; AV1 with
    /// `format` .avif), the
    /// tiles at the right and bottom padded with their last column and row, on every core; with `thumbnailSide`,
    /// a thumbnail whose long side is that long. The source's EXIF, XMP and ICC profile come along. The upright
    /// picture is coded turned by `stored` (the file's irot/imir are then to turn it back).
    public static func picture(of source: PhotoSource, tile: Int, quality: Int, thumbnailSide: Int?,
                               storedAs stored: Orientation = .normal, format: PhotoFormat = .heic) throws -> Picture {
        let bitmap = try source.decodeFull().transformed(by: source.orientation.followed(by: stored))
        let columns = (bitmap.width + tile - 1) / tile, rows = (bitmap.height + tile - 1) / tile
        let blocks = source.container?.metadata
            ?? MetadataBlocks(segments: source.metadataSegments)
        let count = columns * rows
        let coded = UnsafeMutableBufferPointer<Result<[UInt8], Error>>.allocate(capacity: count)
        defer { coded.deallocate() }
        // Each iteration writes its own slot.
        nonisolated(unsafe) let slots = coded.baseAddress!
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.advanced(by: index).initialize(to: Result {
                let tileBitmap = try padded(bitmap, x: index % columns * tile, y: index / columns * tile, side: tile)
                return try HEIFCodec.encode(tileBitmap, as: format, quality: quality, metadata: MetadataBlocks())
            })
        }
        var picture = Picture(tiles: try coded.map { try $0.get() }, columns: columns, rows: rows, size: bitmap.size)
        if let side = thumbnailSide {
            let scale = Double(side) / Double(max(bitmap.width, bitmap.height))
            let size = PixelSize(width: max(2, Int((Double(bitmap.width) * scale).rounded()) & ~1),
                                 height: max(2, Int((Double(bitmap.height) * scale).rounded()) & ~1))
            picture.thumbnail = try HEIFCodec.encode(try Resampler.resize(bitmap, to: size), as: format, quality: quality,
                                                     metadata: MetadataBlocks())
        }
        picture.icc = blocks.icc
        picture.exif = blocks.exif
        picture.xmp = blocks.xmp
        return picture
    }

    /// A `side` × `side` square of `bitmap` from (x, y), its part beyond the picture filled with the last pixels.
    private static func padded(_ bitmap: Bitmap, x: Int, y: Int, side: Int) throws -> Bitmap {
        let tile = try Bitmap(width: side, height: side)
        for row in 0..<side {
            let sourceRow = bitmap.row(min(y + row, bitmap.height - 1)), target = tile.row(row)
            for column in 0..<side { target[column] = sourceRow[min(x + column, bitmap.width - 1)] }
        }
        return tile
    }
}
