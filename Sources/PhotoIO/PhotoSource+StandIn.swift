import EditorState

extension PhotoSource {
    /// Whether the window's first picture of this photo at `scale` costs a whole decode, made once on every core with
    /// colour conversion left to the fitted view's copy: HEIF always, a JPEG XL whose fit needs more than its DC.
    public func decodesWholeForTheScreen(at scale: DecodeScale) -> Bool {
        format == .heic || format == .avif || (format == .jxl && scale == .full)
    }

    /// The full decode, with the quickest picture of the whole photo handed to `standIn` first where one costs
    /// nothing: a HEIF's embedded thumbnail, before decoding (in stored orientation, unconverted, never as sharp as
    /// the photo). A JPEG XL has none: its DC would cost libjxl 0.7 a render of the whole picture.
    public func decodeFull(standIn: (Bitmap) -> Void, fittedTo fitted: PixelSize? = nil) throws -> DecodedBitmap {
        if format == .heic || format == .avif, let thumbnail = embeddedThumbnail() { standIn(thumbnail) }
        return try decodeWhole(fittedTo: fitted)
    }

    /// The full decode, and a copy reduced to `fitted` (in stored orientation) made as the rows arrive where the
    /// decoder allows it: a JPEG XL's, or a HEIF grid's as its tiles arrive, opaque and reduced at least 4:3
    /// (`DecodedBitmap.fitted`, else nil).
    public func decodeWhole(fittedTo fitted: PixelSize?) throws -> DecodedBitmap {
        if format == .jxl, let container { return try JXLCodec.decode(bytes, header: container, fittedTo: fitted) }
        if format == .heic || format == .avif { return try HEIFCodec.decode(bytes, fittedTo: fitted) }
        return try decode(scale: .full)
    }
}
