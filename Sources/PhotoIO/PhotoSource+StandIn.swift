extension PhotoSource {
    /// Whether the window's first picture of this photo at `scale` costs a whole decode, made once on every core with
    /// colour conversion left to the fitted view's copy: HEIF always, a JPEG XL whose fit needs more than its DC.
    public func decodesWholeForTheScreen(at scale: DecodeScale) -> Bool {
        format == .heic || format == .avif || (format == .jxl && scale == .full)
    }

    /// The full decode, with the quickest picture of the whole photo handed to `standIn` first where one costs
    /// nothing: a HEIF's embedded thumbnail, before decoding (in stored orientation, unconverted, never as sharp as
    /// the photo). A JPEG XL has none: its DC would cost libjxl 0.7 a render of the whole picture.
    public func decodeFull(standIn: (Bitmap) -> Void) throws -> DecodedBitmap {
        switch format {
        case .heic, .avif:
            if let thumbnail = embeddedThumbnail() { standIn(thumbnail) }
            return try decode(scale: .full)
        default:
            return try decode(scale: .full)
        }
    }
}
