/// What to save: a crop in the photo as its EXIF orientation displays it, then the user's rotate/flip.
public struct ExportGeometry: Sendable, Hashable {
    /// The crop in the upright photo (EXIF orientation applied, user transform not yet).
    public var rectInUpright: PixelRect
    /// The user's rotation/flip, applied to the cropped result.
    public var userTransform: Orientation
    /// The photo's EXIF orientation.
    public var sourceOrientation: Orientation
    /// The bitmap size as stored in the file.
    public var storedSize: PixelSize

    public init(rectInUpright: PixelRect, userTransform: Orientation,
                sourceOrientation: Orientation = .normal, storedSize: PixelSize) {
        self.rectInUpright = rectInUpright
        self.userTransform = userTransform
        self.sourceOrientation = sourceOrientation
        self.storedSize = storedSize
    }

    /// The upright photo's size.
    public var uprightSize: PixelSize { sourceOrientation.displayedSize(forStored: storedSize) }

    /// The same crop in the stored bitmap's own coordinates (for decoding or a lossless crop).
    public var rectInStored: PixelRect { sourceOrientation.storedRect(fromDisplayed: rectInUpright, storedSize: storedSize) }

    /// The orientation from the stored bitmap to the saved result.
    public var totalTransform: Orientation { sourceOrientation.followed(by: userTransform) }

    /// The saved image's size.
    public var outputSize: PixelSize { userTransform.displayedSize(forStored: rectInUpright.size) }

    /// True when saving would write back the photo unchanged (whole image, no rotate/flip).
    public var isIdentity: Bool { userTransform == .normal && rectInUpright == PixelRect(size: uprightSize) }
}
