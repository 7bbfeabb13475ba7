extension Bitmap {
    /// The bitmap as an 8-bit PNG: RGB when opaque, straight RGBA otherwise. `fast`: rows Sub-filtered and
    /// deflated as runs (`PNGCodec.encodeFast`), for files made often and kept small anyway, such as thumbnails.
    public func encodedPNG(fast: Bool = false) throws -> [UInt8] {
        fast ? try PNGCodec.encodeFast(self) : try PNGCodec.encode(self)
    }
}
