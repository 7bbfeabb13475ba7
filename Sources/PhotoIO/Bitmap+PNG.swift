extension Bitmap {
    /// The bitmap as an 8-bit PNG: RGB when opaque, straight RGBA otherwise. `fast`: libpng's fast compression
    /// (no row filters, zlib level 3), for files made often and kept small anyway, such as thumbnails.
    public func encodedPNG(fast: Bool = false) throws -> [UInt8] {
        try PNGCodec.encode(self, fast: fast)
    }
}
