import PhotoIO

extension ThumbnailCache {
    /// Stores the thumbnail of a file this program has just written, made from the pixels it was encoded from
    /// (upright, as written) instead of decoding the file again: the window's saves, whose new files its own
    /// grid and strip show at once. `toSRGB` converts the pixels' colour space to the sRGB the cache holds.
    /// `written` is the file as written, not yet under `path` (an atomic write's temporary file): the thumbnail is
    /// in the cache before the file appears, so a folder view that sees it finds its thumbnail.
    /// Thumbnails are cheap to lose: one that cannot be stored is simply made again when it is wanted.
    public func storeWritten(_ pixels: Bitmap, of path: String, writtenAt written: String, format: PhotoFormat,
                             toSRGB: ColourTransform?, size: ThumbnailSize) throws {
        guard path.hasPrefix("/") else { throw LibraryError.relativePath(path) }
        guard let status = FileSystem.status(written), status.isRegularFile else {
            throw LibraryError.photoNotReadable("not a regular file")
        }
        let uri = FileURI.from(path: path)
        let thumbnail = try BoxScaler.fit(pixels, within: size.pixels, samplesPerSide: 4)
        toSRGB?.apply(to: thumbnail)
        var keys = [(key: ThumbKey.uri, value: uri), (ThumbKey.mtime, String(status.modified.seconds)),
                    (ThumbKey.size, String(status.byteCount)), (ThumbKey.software, software)]
        keys += [(ThumbKey.mimeType, format.mimeType), (ThumbKey.imageWidth, String(pixels.width)),
                 (ThumbKey.imageHeight, String(pixels.height))]
        try store(thumbnail.encodedPNG(fast: true), keys: keys, at: file(forURI: uri, size: size))
    }
}
