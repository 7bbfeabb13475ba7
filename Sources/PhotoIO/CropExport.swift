/// What to cut out of a photo and how to turn the result.
///
/// `rect` is in displayed pixels: the picture upright, EXIF orientation applied.
/// The cropped picture is then rotated clockwise by `rotation` degrees, and then
/// mirrored (`flipHorizontal`, `flipVertical`, in that order). The output's pixels
/// are upright; its EXIF Orientation is 1.
public struct CropExport: Sendable, Equatable {
    public var rect: PixelRect
    public var rotation: Int
    public var flipHorizontal: Bool
    public var flipVertical: Bool
    public var quality: Int
    public var stripGPS: Bool
    public var stripMetadata: Bool
    /// Crop the JPEG's DCT blocks without re-encoding; the rect snaps outwards to the iMCU grid.
    public var lossless: Bool

    public init(rect: PixelRect, rotation: Int = 0, flipHorizontal: Bool = false, flipVertical: Bool = false,
                quality: Int = JPEGEncoder.defaultQuality, stripGPS: Bool = false, stripMetadata: Bool = false,
                lossless: Bool = false) {
        self.rect = rect
        self.rotation = rotation
        self.flipHorizontal = flipHorizontal
        self.flipVertical = flipVertical
        self.quality = quality
        self.stripGPS = stripGPS
        self.stripMetadata = stripMetadata
        self.lossless = lossless
    }

    /// Rotation, then the flips, as one transform of the upright crop.
    public func userTransform() throws -> PixelTransform {
        guard let turn = PixelTransform.rotation(degrees: rotation) else {
            throw PhotoIOError.invalidRequest("rotation \(rotation) is not 0, 90, 180 or 270")
        }
        var result = turn
        if flipHorizontal { result = result.then(.flipHorizontal) }
        if flipVertical { result = result.then(.flipVertical) }
        return result
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
}
