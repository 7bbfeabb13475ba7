import EditorState

/// What to cut out of a photo and how to turn the result.
///
/// `rect` is in displayed pixels: the picture upright, EXIF orientation applied.
/// The cropped picture is then turned by `userTransform`. The output's pixels
/// are upright; its EXIF Orientation is 1.
public struct CropExport: Sendable, Equatable {
    public var rect: PixelRect
    /// The user's rotation/flip, applied to the cropped result.
    public var userTransform: Orientation
    public var quality: Int
    public var stripGPS: Bool
    public var stripMetadata: Bool
    /// Crop the JPEG's DCT blocks without re-encoding; the rect snaps outwards to the iMCU grid.
    public var lossless: Bool
    /// Save a crop that reaches into a damaged photo's unreadable part, pixels as decoded.
    public var allowDamaged: Bool
    /// Scale the turned crop to this size (Lanczos-3); nil keeps the crop's own size.
    public var outputSize: ExportSize? = nil
    /// Let `outputSize` enlarge the crop; refused otherwise.
    public var allowUpscale = false
    /// Turn the upright picture by this about its centre first (as `-distort SRT` does); `rect` is in that frame.
    public var straighten = StraightenAngle.zero
    /// Re-project the upright picture for perspective before the turn (see `WarpedPhoto`); `rect` is in that frame.
    public var perspective = PerspectiveAngles.zero
    /// The lens' 35 mm-equivalent focal length the perspective is computed with (EXIF, else 28 mm).
    public var focal35mm = CameraLens.defaultFocal35mm
    /// Of an animation saved in a still format, the frame saved (0 is the first); an animated output keeps them all.
    public var frame = 0

    public init(rect: PixelRect, userTransform: Orientation = .normal, quality: Int = JPEGQuality.standard,
                stripGPS: Bool = false, stripMetadata: Bool = false, lossless: Bool = false, allowDamaged: Bool = false) {
        self.rect = rect
        self.userTransform = userTransform
        self.quality = quality
        self.stripGPS = stripGPS
        self.stripMetadata = stripMetadata
        self.lossless = lossless
        self.allowDamaged = allowDamaged
    }

    /// The editor's save request: its crop in the upright photo and the user's rotation/flip.
    public init(_ geometry: ExportGeometry, quality: Int = JPEGQuality.standard, stripGPS: Bool = false,
                stripMetadata: Bool = false, lossless: Bool = false, allowDamaged: Bool = false) {
        self.init(rect: geometry.rectInUpright, userTransform: geometry.userTransform, quality: quality,
                  stripGPS: stripGPS, stripMetadata: stripMetadata, lossless: lossless, allowDamaged: allowDamaged)
        straighten = geometry.straighten
        perspective = geometry.perspective
        focal35mm = geometry.focal35mm
    }
}

/// What a crop produced.
public struct ExportResult: Sendable, Equatable {
    public let path: String
    public let format: PhotoFormat
    public let size: PixelSize
    /// The displayed-coordinate rect actually cropped: the requested one, or for a
    /// lossless crop the rect snapped outwards to the iMCU grid.
    public let rect: PixelRect
    public let lossless: Bool
    public let warnings: [String]
    /// The source's damage, when it had any: the crop lies within its intact part unless `includesDamage`.
    public let damage: DamagedRegion?
    public let includesDamage: Bool

    public var wasSnapped: Bool { lossless && rect != requestedRect }
    let requestedRect: PixelRect
}

/// An encoded crop, not yet written anywhere.
public struct RenderedCrop: Sendable {
    public let bytes: [UInt8]
    public let format: PhotoFormat
    public let size: PixelSize
    public let rect: PixelRect
    public let warnings: [String]
    public var damage: DamagedRegion? = nil
    public var includesDamage = false
    /// Written without re-encoding (asked for, or a HEIF crop that needed no new pixels).
    public var lossless = false
    /// The pixels encoded, as written (upright, in the source's colour space); nil for a crop copied without them.
    public var pixels: Bitmap? = nil
    /// The reduced copy of `pixels` asked for, when the encoder made it as it read them.
    public var reduced: Bitmap? = nil
}

/// What a save encoded, handed over just before the new file takes its name.
public struct EncodedCrop {
    /// The size written.
    public let size: PixelSize
    /// The pixels encoded, as written (upright, in the source's colour space); nil when a JPEG crop streamed its
    /// rows from the decoder to the encoder and only the reduced copy was kept.
    public let pixels: Bitmap?
    /// The reduced copy asked for, made while the pixels were encoded; nil when that encode could not make it.
    public let reduced: Bitmap?
    /// The complete file, not yet under its name.
    public let temporary: String
}
