import EditorState
import PhotoIO

/// The camera's own thumbnail (EXIF IFD1, typically 160×120) as a stand-in shown while the real one is made.
///
/// It is never written to the freedesktop cache, even when it is 128 pixels or more on its longer side: it is a
/// heavily compressed JPEG made by the camera, often soft or letterboxed, and the cache is shared with other
/// programs that would take it as the real thumbnail for as long as the photo is unchanged.
enum EmbeddedThumbnail {
    /// Stale thumbnails (left behind by a tool that cropped or turned the photo) show another shape.
    static let aspectTolerance = 0.01

    /// True when a `thumbnail` of this stored size can stand for a photo of `photo`'s stored size.
    static func matches(_ thumbnail: PixelSize, photo: PixelSize) -> Bool {
        guard thumbnail.width > 0, thumbnail.height > 0, photo.width > 0, photo.height > 0 else { return false }
        let ratio = Double(thumbnail.width * photo.height) / Double(thumbnail.height * photo.width)
        return abs(ratio - 1) <= aspectTolerance
    }

    /// At least half the size asked for: stretched no more than twice on screen.
    static func isAdequate(_ thumbnail: PixelSize, for size: ThumbnailSize) -> Bool {
        2 * max(thumbnail.width, thumbnail.height) >= size.pixels
    }

    /// The photo's embedded thumbnail decoded, turned by the photo's Orientation and fitted to `size`; nil when
    /// it has none, or a stale, too small or undecodable one.
    static func standIn(for source: PhotoSource, size: ThumbnailSize) -> Thumbnail? {
        guard let bytes = source.embeddedThumbnailBytes,
              let embedded = try? PhotoSource(bytes: bytes), embedded.format == .jpeg,
              matches(embedded.storedSize, photo: source.storedSize), isAdequate(embedded.storedSize, for: size),
              let decoded = try? embedded.decodeUndamaged(scale: .full),
              let upright = try? decoded.transformed(by: source.orientation),
              let bitmap = try? BoxScaler.fit(upright, within: size.pixels)
        else { return nil }
        let shown = source.displayedSize
        return Thumbnail(path: source.path, bitmap: bitmap, imageWidth: shown.width, imageHeight: shown.height,
                         origin: .embedded, file: nil)
    }
}

extension ThumbnailCache {
    /// What can be shown at once, without decoding the photo: a valid cached thumbnail (origin `.cache`), else the
    /// photo's embedded EXIF thumbnail when it fits (origin `.embedded`, a stand-in, not stored), else nil.
    /// Errors are those of `thumbnail(for:size:)` about the path itself.
    func quickThumbnail(for path: String, size: ThumbnailSize = .normal) throws -> Thumbnail? {
        let status = try checkedStatus(of: path)
        let uri = FileURI.from(path: path)
        if let hit = cached(path: path, uri: uri, status: status, size: size) { return hit }
        guard let source = try? PhotoSource.open(path: path), source.format == .jpeg else { return nil }
        return EmbeddedThumbnail.standIn(for: source, size: size)
    }
}
