import EditorState
import Localization

/// Everything `cropper info` reports about a photo.
public struct PhotoInfo: Sendable {
    public let path: String
    public let format: PhotoFormat
    public let fileBytes: Int
    public let storedSize: PixelSize
    public let displayedSize: PixelSize
    public let orientation: Orientation
    /// JPEG only: "4:2:0" etc., the iMCU, "baseline" or "progressive".
    public let subsampling: String?
    public let iMCUSize: PixelSize?
    public let coding: String?
    /// PNG, HEIF, WebP, TIFF: channels and bit depth, e.g. "RGBA, 8-bit".
    public let pixelFormat: String?
    /// Auto-level's suggested straighten angle; nil when not looked for, or not confident.
    public var levelAngle: StraightenAngle?
    /// Upright's suggestion (Full, else Vertical) when looked for; nil when not looked for or not confident.
    public var upright: UprightSuggestion?
    public var lookedForUpright = false
    /// HEIF, WebP, TIFF: bits per channel, whether there is alpha, and how many images, frames or pages.
    public let bitDepth: Int?
    public let hasAlpha: Bool?
    public let imageCount: Int?
    /// GIF and animated WebP: frames, a pass's duration, looping.
    public let animation: AnimationSummary?
    /// HEIF/AVIF with a PQ or HLG transfer function.
    public let isHDR: Bool
    public let metadata: Metadata
    public let make: String?
    public let model: String?
    public let dateTaken: String?
    public let warnings: [String]
    /// The damaged part as displayed; nil for an intact photo.
    public let damage: DamagedRegion?
    /// The colour space's name ("sRGB (untagged)", "Adobe RGB (EXIF)", the profile's description) and the
    /// pixels' inks ("RGB", "CMYK", "CMYK (Adobe, inverted)").
    public let colourSpace: String
    public let colourModel: String
    /// Whether the window converts the pixels to show them on an sRGB display (a CMYK photo always).
    public let convertedForDisplay: Bool
    /// A CMYK photo without a profile is shown through the generic ink conversion.
    public let uncalibratedCMYK: Bool

    public struct Metadata: Sendable, Equatable {
        public var exif = false
        public var xmp = false
        public var icc = false
        public var iccDescription: String?
        public var iptc = false
        public var comment: String?
        public var gps = false
        public var exifThumbnail = false
    }

    /// `damage`: what `source.findDamage()` found (info decodes to know it); `decodeProblem`: why that
    /// decode failed, when it did (the headers still describe the file).
    public init(source: PhotoSource, damage: Damage? = nil, decodeProblem: String? = nil) {
        self.damage = damage.map { DamagedRegion($0, orientation: source.orientation) }
        path = source.path
        format = source.format
        fileBytes = source.fileSize
        storedSize = source.storedSize
        displayedSize = source.displayedSize
        orientation = source.orientation
        // Inks with no profile are in no RGB space: "untagged", not "sRGB (untagged)".
        colourSpace = source.pixelLayout != .bgra && source.colourSpace == .sRGBUntagged ? "untagged"
            : source.container?.colourDescription ?? source.colourSpace.name
        switch source.pixelLayout {
        case .bgra: colourModel = source.jpeg?.frame.components.count == 1 || source.container?.isGrey == true ? "grey" : "RGB"
        case .cmyk(inverted: false): colourModel = "CMYK"
        case .cmyk(inverted: true): colourModel = "CMYK (Adobe, inverted)"
        }
        let shown = source.displayTransform(to: .sRGB)
        convertedForDisplay = shown != nil
        uncalibratedCMYK = shown?.isUncalibrated ?? false
        let frame = source.jpeg?.frame
        subsampling = frame?.subsampling.name
        iMCUSize = frame?.iMCUSize
        coding = frame.map { $0.codingName + ($0.isArithmetic ? ", arithmetic" : "") } ?? source.container?.codec
        let container = source.container
        pixelFormat = source.png.map { "\($0.colorName), \($0.bitDepth)-bit" }
            ?? container?.pixelFormat
        bitDepth = container?.bitDepth ?? source.png?.bitDepth ?? 8
        hasAlpha = container?.hasAlpha ?? source.png.map { [4, 6].contains($0.colorType) } ?? false
        imageCount = container?.imageCount
        animation = container?.animation
        isHDR = container?.isHDR ?? false
        let exif = source.exif
        make = exif?.make
        model = exif?.model
        dateTaken = exif?.dateTimeOriginal
        warnings = source.warnings + (decodeProblem.map { [tr("the pixels cannot be decoded: %s", $0)] } ?? [])

        let segments = source.metadataSegments
        var metadata = Metadata()
        metadata.exif = exif != nil
        metadata.xmp = segments.contains(where: \.isXMP)
        let profile = ICCProfile(segments: segments)
        metadata.icc = segments.contains(where: \.isICC) && source.container?.iccIsInFile != false
        metadata.iccDescription = metadata.icc ? profile?.description : nil
        metadata.iptc = segments.contains { $0.isPhotoshop && PhotoshopResources.containsIPTC($0) }
        let comments = segments.filter(\.isComment).map { String(decoding: $0.payload, as: UTF8.self) }
        metadata.comment = comments.isEmpty ? nil : comments.joined(separator: "\n")
        metadata.gps = exif?.hasGPS ?? false
        metadata.exifThumbnail = exif?.thumbnail != nil
        self.metadata = metadata
    }
}

/// Photoshop APP13 image resources; resource 0x0404 holds IPTC-IIM.
enum PhotoshopResources {
    static func containsIPTC(_ segment: JPEGSegment) -> Bool {
        let data = Array(segment.payload.dropFirst(SegmentSignature.photoshop.count))
        let reader = ByteReader(data, bigEndian: true)
        var p = 0
        while let type = reader.u32(p), type == fourCC("8BIM"), let id = reader.u16(p + 4),
              let nameLength = reader.u8(p + 6) {
            let nameField = (Int(nameLength) + 2) & ~1  // length byte + name, padded to even
            guard let size = reader.u32(p + 6 + nameField) else { return false }
            if id == 0x0404 { return true }
            p += 6 + nameField + 4 + ((Int(size) + 1) & ~1)
        }
        return false
    }
}
