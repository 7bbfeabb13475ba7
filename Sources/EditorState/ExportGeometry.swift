/// What to save: a crop in the photo as its EXIF orientation displays it, then the user's rotate/flip.
public struct ExportGeometry: Sendable, Hashable {
    /// The crop in the upright photo (EXIF orientation applied, user transform not yet).
    public var rectInUpright: PixelRect
    /// The user's rotation/flip, applied to the cropped result.
    public var userTransform: Orientation
    /// The upright photo turned by this about its centre before the crop (so `rectInUpright` is in that frame).
    public var straighten: StraightenAngle
    /// The upright photo re-projected by these first (see `WarpedPhoto` for the order), in its own frame.
    public var perspective: PerspectiveAngles
    /// The lens' 35 mm-equivalent focal length the perspective is computed with.
    public var focal35mm: Double

    public init(rectInUpright: PixelRect, userTransform: Orientation, straighten: StraightenAngle = .zero,
                perspective: PerspectiveAngles = .zero, focal35mm: Double = CameraLens.defaultFocal35mm) {
        self.rectInUpright = rectInUpright
        self.userTransform = userTransform
        self.straighten = straighten
        self.perspective = perspective
        self.focal35mm = focal35mm
    }

    /// The saved image's size.
    public var outputSize: PixelSize { userTransform.displayedSize(forStored: rectInUpright.size) }

    /// The same crop in the stored bitmap's own coordinates (for decoding or a lossless crop).
    func rectInStored(sourceOrientation: Orientation, storedSize: PixelSize) -> PixelRect {
        sourceOrientation.storedRect(fromDisplayed: rectInUpright, storedSize: storedSize)
    }

    /// True when saving would give back the upright photo unchanged (whole image, no rotate/flip).
    func isIdentity(uprightSize: PixelSize) -> Bool {
        userTransform == .normal && straighten.isZero && perspective.isZero && rectInUpright == PixelRect(size: uprightSize)
    }
}
