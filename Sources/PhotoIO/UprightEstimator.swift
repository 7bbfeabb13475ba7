import EditorState

/// Upright from a photo: Level is auto-level's turn; Vertical and Full come from the line segments of a preview,
/// their vanishing points and the camera turn that makes them upright (see `Upright`).
public enum UprightEstimator {
    /// The long side the photo is looked at.
    static let workingSide = 1024

    /// The suggestion for the photo as displayed (EXIF orientation applied); nil when it has no confident lines.
    public static func suggestion(for source: PhotoSource, mode: UprightMode) throws -> WarpAngles? {
        let grey = try source.greyPreview(longSide: workingSide).grey
        return estimate(grey, shownAs: source.orientation, focal35mm: source.focal35mm ?? CameraLens.defaultFocal35mm,
                        mode: mode)
    }

    /// The suggestion for `bitmap` (stored as it is, shown turned by `orientation`).
    public static func estimate(_ bitmap: Bitmap, shownAs orientation: Orientation, focal35mm: Double,
                                mode: UprightMode) -> WarpAngles? {
        estimate(GreyImage(bitmap, longSide: workingSide), shownAs: orientation, focal35mm: focal35mm, mode: mode)
    }

    static func estimate(_ grey: GreyImage, shownAs orientation: Orientation, focal35mm: Double,
                         mode: UprightMode) -> WarpAngles? {
        guard mode != .level else {
            return LevelEstimator.estimate(grey, shownAs: orientation).map { WarpAngles(straighten: StraightenAngle(degrees: $0)) }
        }
        return Upright.answer(mode, segments: displayedSegments(grey, shownAs: orientation),
                              size: orientation.displayedSize(forStored: grey.size), focal35mm: focal35mm)
    }

    /// The line segments of `grey`, in the displayed picture's pixels (at `grey`'s scale).
    static func displayedSegments(_ grey: GreyImage, shownAs orientation: Orientation) -> [LineSegment] {
        LineSegmentDetector.segments(in: grey).map {
            LineSegment(start: orientation.displayedPoint(fromStored: $0.start, storedSize: grey.size),
                        end: orientation.displayedPoint(fromStored: $0.end, storedSize: grey.size))
        }
    }
}

/// What `cropper info --level` reports: Upright's Full answer, or its Vertical one when the horizontals do not agree
/// or Full falls back to it; `mode` says whose it is. `vertical` is Vertical's own answer (what `--upright vertical`
/// applies), the same as `angles` unless Full turned sideways.
public struct UprightSuggestion: Sendable, Hashable {
    public let mode: UprightMode
    public let angles: WarpAngles
    public let vertical: WarpAngles?

    public static func find(for source: PhotoSource) throws -> UprightSuggestion? {
        find(in: try source.greyPreview(longSide: UprightEstimator.workingSide).grey, of: source)
    }

    /// What `cropper info --level` looks for: auto-level's angle, Upright's suggestion and the damage the picture
    /// has, from one decode of the luminance both look at. A JPEG's entropy data shows its damage at the
    /// preview's DCT scale as at any other; a format whose preview is not the whole picture (a JPEG XL's DC) is
    /// decoded whole again for the damage, as `findDamage` does. The dozen working arrays (a few MB) come from
    /// huge pages rather than each from fresh 4 KiB ones: a tenth of the estimate's time on a 24 MP photo.
    public static func levelUprightAndDamage(for source: PhotoSource) throws
        -> (level: StraightenAngle?, upright: UprightSuggestion?, damage: Damage?) {
        let side = UprightEstimator.workingSide
        return try HugePages.forLargeAllocations(upTo: 16 << 20) {
            let preview = try source.greyPreview(longSide: side)
            let wholeDecode = source.format == .jpeg || source.previewScale(maxWidth: side, maxHeight: side) == .full
            let damage = wholeDecode ? preview.damage : try source.findDamage()
            let level = LevelEstimator.estimate(preview.grey, shownAs: source.orientation).map { StraightenAngle(degrees: $0) }
            return (level, find(in: preview.grey, of: source), damage)
        }
    }

    static func find(in grey: GreyImage, of source: PhotoSource) -> UprightSuggestion? {
        let focal = source.focal35mm ?? CameraLens.defaultFocal35mm
        let segments = UprightEstimator.displayedSegments(grey, shownAs: source.orientation)
        let size = source.orientation.displayedSize(forStored: grey.size)
        return Upright.suggestion(segments: segments, size: size, focal35mm: focal).map {
            UprightSuggestion(mode: $0.mode, angles: $0.angles, vertical: $0.vertical)
        }
    }
}
