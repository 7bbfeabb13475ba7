import EditorState

/// A crop saved at an export size: the JPEG decoded at the smallest DCT scale that still leaves the Lanczos
/// filter at least twice the output's pixels (an intact JPEG only: a damaged one goes the full-resolution way,
/// which knows its damaged rows), then the crop's region scaled straight from the decode — its edges may fall
/// inside a scaled pixel — and turned.
extension CropExporter {
    /// The decode for a crop of `storedRect` saved at `output` (upright, after `transform`), and its scale.
    static func decodeForSizedCrop(_ source: PhotoSource, storedRect: PixelRect, output: PixelSize,
                                   transform: Orientation) throws -> (DecodedBitmap, denominator: Int) {
        let storedOutput = storedSize(of: output, transform)
        let denominator = [8, 4, 2].first { d in
            storedRect.width >= 2 * d * storedOutput.width && storedRect.height >= 2 * d * storedOutput.height
        } ?? 1
        if denominator > 1, source.format == .jpeg, !source.isTruncated, let scale = DecodeScale(denominator: denominator) {
            let decoded = try source.decode(scale: scale)
            if decoded.damage == nil { return (decoded, denominator) }
        }
        return (try source.decodeForCrop(rows: storedRect.maxY), 1)
    }

    /// The crop's pixels at `output`, upright.
    static func sizedPixels(_ decoded: Bitmap, denominator: Int, storedRect: PixelRect, output: PixelSize,
                            transform: Orientation) throws -> Bitmap {
        let d = Double(denominator)
        let region = Resampler.Region(x: Double(storedRect.x) / d, y: Double(storedRect.y) / d,
                                      width: Double(storedRect.width) / d, height: Double(storedRect.height) / d)
        return try Resampler.resize(decoded, region: region, to: storedSize(of: output, transform)).transformed(by: transform)
    }

    private static func storedSize(of upright: PixelSize, _ transform: Orientation) -> PixelSize {
        transform.swapsAxes ? PixelSize(width: upright.height, height: upright.width) : upright
    }
}
