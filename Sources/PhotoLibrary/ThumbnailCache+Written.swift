import PhotoIO

extension ThumbnailCache {
    /// How the thumbnail of a file this program writes is reduced from the pixels it encodes: 4 × 4 evenly spaced
    /// samples under each thumbnail pixel (a 12 MP crop has some 150 pixels under each), which the JPEG encoder
    /// sums as it reads the rows.
    public static func writtenReduction(_ size: ThumbnailSize) -> ReducedCopy {
        ReducedCopy(within: size.pixels, samplesPerSide: 4)
    }

    /// Stores the thumbnail of a file this program has just written, made from the pixels it was encoded from
    /// (upright, as written) instead of decoding the file again: the window's saves, whose new files its own
    /// grid and strip show at once. The copy the encoder reduced as it went is taken when there is one, else the
    /// pixels are reduced here (`writtenReduction` either way). `toSRGB` converts the pixels' colour space to the
    /// sRGB the cache holds. The crop's file is not yet under `path` (an atomic write's temporary file): the
    /// thumbnail is in the cache before the file appears, so a folder view that sees it finds its thumbnail.
    /// Thumbnails are cheap to lose: one that cannot be stored is simply made again when it is wanted. Returns the
    /// thumbnail stored, for a window that shows the new file at once without reading it back.
    @discardableResult
    public func storeWritten(_ crop: EncodedCrop, of path: String, format: PhotoFormat,
                             toSRGB: ColourTransform?, size: ThumbnailSize) throws -> Thumbnail {
        guard path.hasPrefix("/") else { throw LibraryError.relativePath(path) }
        guard let status = FileSystem.status(crop.temporary), status.isRegularFile else {
            throw LibraryError.photoNotReadable("not a regular file")
        }
        let uri = FileURI.from(path: path)
        let reduction = Self.writtenReduction(size)
        guard let thumbnail = try crop.reduced
            ?? crop.pixels.map({ try BoxScaler.fit($0, within: reduction.within, samplesPerSide: reduction.samplesPerSide) })
        else { throw LibraryError.photoNotReadable("no pixels") }
        toSRGB?.apply(to: thumbnail)
        var keys = [(key: ThumbKey.uri, value: uri), (ThumbKey.mtime, String(status.modified.seconds)),
                    (ThumbKey.size, String(status.byteCount)), (ThumbKey.software, software)]
        keys += [(ThumbKey.mimeType, format.mimeType), (ThumbKey.imageWidth, String(crop.size.width)),
                 (ThumbKey.imageHeight, String(crop.size.height))]
        let stored = file(forURI: uri, size: size)
        try store(thumbnail.encodedPNG(fast: true), keys: keys, at: stored)
        return Thumbnail(path: path, bitmap: thumbnail, imageWidth: crop.size.width, imageHeight: crop.size.height,
                         origin: .created, file: stored)
    }
}
