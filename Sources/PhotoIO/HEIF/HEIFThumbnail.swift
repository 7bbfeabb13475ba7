import EditorState

/// The small picture a phone stores beside its photo (a `thmb` item), for showing while the photo decodes.
enum HEIFThumbnail {
    /// The primary image's first thumbnail, decoded with its own transformations; nil when there is none, it does not
    /// decode, or its shape is not the photo's (a program that cropped or turned the photo may have left it stale).
    /// An HEVC thumbnail goes through libavcodec when it is there (`.fastest`), so that the photo's first picture
    /// does not wait for libheif and its codecs to load; else through libheif.
    static func decode(_ bytes: [UInt8], through decoders: HEVCTileDecoders = .fastest) -> Bitmap? {
        guard let container = try? HEIFContainer.parse(bytes), let primary = try? HEIFPrimaryImage(container, bytes: bytes),
              let id = container.referrers("thmb", to: primary.id).first else { return nil }
        if decoders != .libheif, let thumbnail = try? HEIFPrimaryImage(container, bytes: bytes, item: id),
           usable(thumbnail.shownSize, for: primary),
           let bitmap = try? HEIFTileDecoder.decodeCodedItem(thumbnail, in: container, file: bytes) {
            return bitmap
        }
        guard decoders != .libavcodecOnly, let single = try? container.singleItemFile(id, in: bytes),
              (try? FormatLibrary.require(for: .heic)) != nil else { return nil }
        return try? HEIFCodec.decodePrimaryRGB(single, transformations: true) { plane, stride, size -> Bitmap? in
            guard usable(size, for: primary) else { return nil }
            let bitmap = try Bitmap(width: size.width, height: size.height)
            PixelPacking.fill(bitmap, fromRGB: plane, stride: stride, hasAlpha: false)
            return bitmap
        } ?? nil
    }

    /// Small enough for a stand-in, and the photo's shape.
    private static func usable(_ size: PixelSize, for primary: HEIFPrimaryImage) -> Bool {
        !size.isEmpty && size.width * size.height <= 1 << 22 && sameShape(size, primary.shownSize)
    }

    /// Within 3 % in aspect ratio: a thumbnail is rounded to even sides, and the photo's clap may trim a few pixels.
    static func sameShape(_ a: PixelSize, _ b: PixelSize) -> Bool {
        let ratio = Double(a.width) / Double(a.height) / (Double(b.width) / Double(b.height))
        return abs(ratio - 1) <= 0.03
    }
}

extension PhotoSource {
    /// A HEIC's or AVIF's embedded thumbnail, upright, in the photo's colours (not yet converted for a screen); nil
    /// for other formats and files without a usable one.
    public func embeddedThumbnail() -> Bitmap? {
        guard format == .heic || format == .avif else { return nil }
        return HEIFThumbnail.decode(bytes)
    }
}
