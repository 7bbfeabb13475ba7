extension PhotoSource {
    /// The EXIF (IFD1) thumbnail a camera stores inside the photo: a small JPEG in the photo's stored orientation,
    /// or nil when there is none or its bytes are not all inside the EXIF block. Not checked against the photo:
    /// a program that cropped or turned the picture may have left a stale one behind.
    public var embeddedThumbnailBytes: [UInt8]? {
        guard let range = exif?.thumbnail, let jpeg,
              let segment = jpeg.segments.first(where: \.isExif) else { return nil }
        let tiff = segment.payload.dropFirst(ExifPatcher.headerLength)
        guard range.lowerBound >= 0, range.upperBound <= tiff.count, !range.isEmpty else { return nil }
        let start = tiff.startIndex + range.lowerBound
        return Array(tiff[start..<start + range.count])
    }
}
