import EditorState

// A straightened crop: which pixels it reads, what it refuses, and its pixels.

extension CropExporter {
    /// The part of the upright picture a crop reads: its rect, or for a straightened crop the rect turned back.
    static func readRect(_ source: PhotoSource, _ export: CropExport) -> PixelRect {
        export.straighten.isZero ? export.rect
            : StraightenRender.sourceRegion(for: export.rect, in: source.displayedSize, angle: export.straighten)
    }

    /// A straightened crop must lie on the turned picture, and is resampled, so it cannot be lossless.
    static func checkStraighten(_ source: PhotoSource, _ export: CropExport) throws {
        guard !export.straighten.isZero else { return }
        if export.lossless {
            throw PhotoIOError.losslessImpossible("a straightened crop (\(export.straighten)) is resampled, "
                + "so its JPEG blocks cannot be kept")
        }
        try StraightenRender.check(export.rect, in: source.displayedSize, angle: export.straighten)
    }

    /// The straightened crop's pixels from `upright`, the region `readRect` of the upright picture, turned by the
    /// user's rotation and flip.
    static func straightened(_ upright: Bitmap, _ source: PhotoSource, _ export: CropExport) throws -> Bitmap {
        let straight = try StraightenRender.render(upright, region: readRect(source, export),
                                                   uprightSize: source.displayedSize, rect: export.rect,
                                                   angle: export.straighten)
        return export.userTransform == .normal ? straight : try straight.transformed(by: export.userTransform)
    }
}
