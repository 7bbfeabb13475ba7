extension PhotoSource {
    /// Whether the window's first picture of this photo at `scale` costs a whole decode, so that a stand-in shown
    /// before it is worth having: HEIF always, a JPEG XL whose fit needs more than its DC.
    public func decodesWholeForTheScreen(at scale: DecodeScale) -> Bool {
        format == .heic || format == .avif || (format == .jxl && scale == .full)
    }

    /// The full decode, with the quickest picture of the whole photo handed to `standIn` first where there is one:
    /// a HEIF's embedded thumbnail, before decoding; a lossy JPEG XL's DC (1/8), as soon as libjxl has decoded it.
    /// Both are in stored orientation, unconverted, and never as sharp as the photo.
    public func decodeFull(standIn: (Bitmap) -> Void) throws -> DecodedBitmap {
        switch format {
        case .jxl:
            guard let container else { throw PhotoIOError.notAnImage }
            return try withoutActuallyEscaping(standIn) { try JXLCodec.decode(bytes, header: container, dcFirst: $0) }
        case .heic, .avif:
            if let thumbnail = embeddedThumbnail() { standIn(thumbnail) }
            return try decode(scale: .full)
        default:
            return try decode(scale: .full)
        }
    }
}
