import EditorState

/// Upright from a photo: Level is auto-level's turn; Vertical and Full come from the line segments of a preview,
/// their vanishing points and the camera turn that makes them upright (see `Upright`).
public enum UprightEstimator {
    /// The long side the photo is looked at.
    static let workingSide = 1024

    /// The suggestion for the photo as displayed (EXIF orientation applied); nil when it has no confident lines.
    public static func suggestion(for source: PhotoSource, mode: UprightMode) throws -> WarpAngles? {
        let preview = try source.decodePreview(maxWidth: workingSide, maxHeight: workingSide)
        return estimate(preview, shownAs: source.orientation, focal35mm: source.focal35mm ?? CameraLens.defaultFocal35mm,
                        mode: mode)
    }

    /// The suggestion for `bitmap` (stored as it is, shown turned by `orientation`).
    public static func estimate(_ bitmap: Bitmap, shownAs orientation: Orientation, focal35mm: Double,
                                mode: UprightMode) -> WarpAngles? {
        guard mode != .level else {
            return LevelEstimator.estimate(bitmap, shownAs: orientation).map { WarpAngles(straighten: StraightenAngle(degrees: $0)) }
        }
        return Upright.answer(mode, segments: displayedSegments(bitmap, shownAs: orientation),
                              size: orientation.displayedSize(forStored: bitmap.size), focal35mm: focal35mm)
    }

    /// The line segments of `bitmap`, in the displayed picture's pixels.
    static func displayedSegments(_ bitmap: Bitmap, shownAs orientation: Orientation) -> [LineSegment] {
        let stored = bitmap.size
        return LineSegmentDetector.segments(in: bitmap, longSide: workingSide).map {
            LineSegment(start: orientation.displayedPoint(fromStored: $0.start, storedSize: stored),
                        end: orientation.displayedPoint(fromStored: $0.end, storedSize: stored))
        }
    }
}

/// What `cropper info --level` reports: Upright's Full answer, or its Vertical one when the horizontals do not agree.
public struct UprightSuggestion: Sendable, Hashable {
    public let mode: UprightMode
    public let angles: WarpAngles

    public static func find(for source: PhotoSource) throws -> UprightSuggestion? {
        let preview = try source.decodePreview(maxWidth: UprightEstimator.workingSide, maxHeight: UprightEstimator.workingSide)
        return find(in: preview, of: source)
    }

    /// What `cropper info --level` looks for: auto-level's angle, Upright's suggestion and the damage the picture
    /// has, from one decode where one serves. The decode, not the looking, is most of the time, and a JPEG's
    /// entropy data shows its damage at the preview's DCT scale as at any other; a format whose preview is not the
    /// whole picture (a JPEG XL's DC) is decoded whole again for the damage, as `findDamage` does.
    public static func levelUprightAndDamage(for source: PhotoSource) throws
        -> (level: StraightenAngle?, upright: UprightSuggestion?, damage: Damage?) {
        let scale = source.previewScale(maxWidth: UprightEstimator.workingSide, maxHeight: UprightEstimator.workingSide)
        let decoded = try source.decode(scale: scale)
        let damage = source.format == .jpeg || scale == .full ? decoded.damage : try source.findDamage()
        let level = LevelEstimator.estimate(decoded.bitmap, shownAs: source.orientation).map { StraightenAngle(degrees: $0) }
        return (level, find(in: decoded.bitmap, of: source), damage)
    }

    static func find(in preview: Bitmap, of source: PhotoSource) -> UprightSuggestion? {
        let focal = source.focal35mm ?? CameraLens.defaultFocal35mm
        let segments = UprightEstimator.displayedSegments(preview, shownAs: source.orientation)
        let size = source.orientation.displayedSize(forStored: preview.size)
        for mode in [UprightMode.full, .vertical] {
            if let angles = Upright.answer(mode, segments: segments, size: size, focal35mm: focal) {
                return UprightSuggestion(mode: mode, angles: angles)
            }
        }
        return nil
    }
}
