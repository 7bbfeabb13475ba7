extension Bitmap {
    /// The bitmap as an 8-bit PNG: RGB when opaque, straight RGBA otherwise.
    public func encodedPNG() throws -> [UInt8] {
        try PNGCodec.encode(self)
    }
}
