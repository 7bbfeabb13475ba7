import EditorState

/// A crop saved at an export size: an intact JPEG is decoded at the smallest DCT scale that still leaves the
/// Lanczos filter at least twice the output's pixels, and the crop's region is scaled straight from that decode
/// (its edges may fall inside a scaled pixel), then turned. Otherwise (no such scale, PNG, a damaged JPEG, which
/// the full-resolution way knows the damaged rows of) the crop is cut at full resolution and scaled after.
extension CropExporter {
    /// The crop of `storedRect` at `output` (upright, after `transform`) from a DCT-scaled decode; nil when none fits.
    static func sizedCrop(_ source: PhotoSource, storedRect: PixelRect, output: PixelSize,
                          transform: Orientation) throws -> CropPixels? {
        let storedOutput = transform.swapsAxes ? PixelSize(width: output.height, height: output.width) : output
        guard source.format == .jpeg, !source.isTruncated, let denominator = [8, 4, 2].first(where: { d in
            storedRect.width >= 2 * d * storedOutput.width && storedRect.height >= 2 * d * storedOutput.height
        }), let scale = DecodeScale(denominator: denominator) else { return nil }
        let decoded = try source.decode(scale: scale)
        guard decoded.damage == nil else { return nil }
        let d = Double(denominator)
        let region = Resampler.Region(x: Double(storedRect.x) / d, y: Double(storedRect.y) / d,
                                      width: Double(storedRect.width) / d, height: Double(storedRect.height) / d)
        let pixels = try Resampler.resize(decoded.bitmap, region: region, to: storedOutput).transformed(by: transform)
        return CropPixels(pixels: pixels, warning: decoded.warning, damage: nil)
    }
}
