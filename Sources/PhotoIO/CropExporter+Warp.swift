import EditorState

// A straightened or perspective-corrected crop: which pixels it reads, what it refuses, and its pixels.

extension CropExport {
    /// Whether the crop is resampled through a warp (a turn, perspective, or both).
    public var isWarped: Bool { !straighten.isZero || !perspective.isZero }

    /// The upright picture of `size` warped as this crop asks.
    public func warpedPhoto(uprightSize size: PixelSize) -> WarpedPhoto {
        WarpedPhoto(size: size, angle: straighten, perspective: perspective, focal35mm: focal35mm)
    }
}

extension CropExporter {
    /// The part of the upright picture a crop reads: its rect, or for a warped crop the rect mapped back.
    static func readRect(_ source: PhotoSource, _ export: CropExport) -> PixelRect {
        export.isWarped ? WarpRender.sourceRegion(for: export.rect, in: export.warpedPhoto(uprightSize: source.displayedSize))
            : export.rect
    }

    /// A warped crop must lie on the warped picture, and is resampled, so it cannot be lossless.
    static func checkStraighten(_ source: PhotoSource, _ export: CropExport) throws {
        guard export.isWarped else { return }
        if export.lossless {
            throw PhotoIOError.losslessImpossible(export.perspective.isZero
                ? "a straightened crop (\(export.straighten)) is resampled, so its JPEG blocks cannot be kept"
                : "a perspective-corrected crop (\(export.perspective)) is resampled, so its JPEG blocks cannot be kept")
        }
        try WarpRender.check(export.rect, in: export.warpedPhoto(uprightSize: source.displayedSize))
    }

    /// The warped crop's pixels from `upright`, the region `readRect` of the upright picture, turned by the user's
    /// rotation and flip.
    static func straightened(_ upright: Bitmap, _ source: PhotoSource, _ export: CropExport) throws -> Bitmap {
        let straight = try WarpRender.render(upright, region: readRect(source, export),
                                             warped: export.warpedPhoto(uprightSize: source.displayedSize),
                                             rect: export.rect)
        return export.userTransform == .normal ? straight : try straight.transformed(by: export.userTransform)
    }
}
