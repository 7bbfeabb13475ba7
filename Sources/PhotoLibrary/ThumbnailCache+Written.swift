import PhotoIO

extension ThumbnailCache {
    /// Stores the thumbnail of a file this program has just written, made from the pixels it was encoded from
    /// (upright, as written) instead of decoding the file again: the window's saves, whose new files its own
    /// grid and strip show at once. `toSRGB` converts the pixels' colour space to the sRGB the cache holds.
    /// Thumbnails are cheap to lose: a file that cannot be stored is simply made again when it is wanted.
    public func storeWritten(_ pixels: Bitmap, of path: String, format: PhotoFormat, toSRGB: ColourTransform?,
                             size: ThumbnailSize) throws {
        let status = try checkedStatus(of: path)
        let uri = FileURI.from(path: path)
        let thumbnail = try BoxScaler.fit(pixels, within: size.pixels, samplesPerSide: 4)
        toSRGB?.apply(to: thumbnail)
        var keys = [(key: ThumbKey.uri, value: uri), (ThumbKey.mtime, String(status.modified.seconds)),
                    (ThumbKey.size, String(status.byteCount)), (ThumbKey.software, software)]
        keys += [(ThumbKey.mimeType, format.mimeType), (ThumbKey.imageWidth, String(pixels.width)),
                 (ThumbKey.imageHeight, String(pixels.height))]
        try store(thumbnail.encodedPNG(), keys: keys, at: file(forURI: uri, size: size))
    }
}
