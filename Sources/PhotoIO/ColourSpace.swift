/// The colour space a photo's numbers are in, as the window needs to know it to show them right.
public enum ColourSpace: Sendable, Equatable {
    /// No profile and nothing else said: the numbers are taken as sRGB.
    case sRGBUntagged
    /// No profile, but EXIF says uncalibrated with the Adobe RGB interoperability index (R03), as cameras
    /// set to Adobe RGB write.
    case adobeRGBFromExif
    /// An embedded ICC profile (JPEG's APP2 chunks, PNG's iCCP, HEIF's colr box, WebP's ICCP chunk, TIFF's tag).
    case embedded(ICCProfile)

    /// How `cropper info` and the window name it.
    public var name: String {
        switch self {
        case .sRGBUntagged: return "sRGB (untagged)"
        case .adobeRGBFromExif: return "Adobe RGB (EXIF)"
        case let .embedded(profile): return profile.description ?? "embedded ICC profile"
        }
    }

}

extension PhotoSource {
    /// The photo's colour space: its embedded profile, else Adobe RGB when EXIF says so, else sRGB.
    public var colourSpace: ColourSpace {
        if let profile = embeddedProfile { return .embedded(profile) }
        if exif?.colorSpace == 0xFFFF, exif?.interopIndex == "R03" { return .adobeRGBFromExif }
        return .sRGBUntagged
    }

    var embeddedProfile: ICCProfile? {
        switch format {
        case .jpeg: return jpeg.flatMap { ICCProfile(segments: $0.segments) }
        case .png: return png?.iccChunk.flatMap { PNGCodec.iccProfile(bytes, chunk: $0) }
        case .heic, .avif, .webp, .tiff, .jxl, .gif, .apng: return container?.metadata.icc.map(ICCProfile.init(data:))
        }
    }
}

extension PhotoSource {
    /// How this photo's decoded pixels are laid out: CMYK JPEGs decode to their inks, everything else to BGRA.
    public var pixelLayout: PixelLayout {
        guard let jpeg, jpeg.frame.isCMYK else { return .bgra }
        return .cmyk(inverted: jpeg.hasAdobeMarker)
    }

    /// The transform that shows this photo on `display`, nil when its pixels are already right for it.
    /// A CMYK photo without a profile goes through a generic CMYK profile (see `ColourProfiles.genericCMYK`).
    public func displayTransform(to display: DisplayProfile) -> ColourTransform? {
        ColourTransform.make(from: colourSpace, layout: pixelLayout, to: display)
    }
}

extension PhotoSource {
    /// `decode(scale:)` with the pixels converted for `display` through the photo's colour space: what
    /// everything that shows the photo uses. Saving never goes through here.
    /// `inBackground`: convert on this thread alone (see `ColourTransform.apply`). `watcher` hears of a JPEG's
    /// rows as they are decoded and converted (see `DecodeWatcher`).
    public func decodeForDisplay(scale: DecodeScale, display: DisplayProfile, inBackground: Bool = false,
                                 watcher: DecodeWatcher? = nil, feeding: FedFullDecode? = nil) throws -> DecodedBitmap {
        if let watcher, format == .jpeg, let jpeg {
            let converting = ConvertingWatcher(displayTransform(to: display), then: watcher)
            if readsAsNeeded {
                return try JPEGDecoder.decode(file: path, structure: jpeg, scale: scale, watcher: converting)
            }
            return try JPEGDecoder.decode(bytes, structure: jpeg, scale: scale, watcher: converting)
        }
        let decoded = try decode(scale: scale, feeding: feeding)
        displayTransform(to: display)?.apply(to: decoded.bitmap, inBackground: inBackground)
        return decoded
    }
}
