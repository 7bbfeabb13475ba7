import EditorState

/// The full-resolution decode a window shows, set up from a photo already read: a JPEG is read again from its
/// file, a buffer at a time, so that a big photo's bytes (83 MB for a 150 MP panorama) are let go with the
/// preview's decode instead of staying in memory beside its pixels; other formats decode from the bytes read.
public struct FullDisplayDecode: Sendable {
    private let path: String
    private let jpeg: JPEGStructure?
    private let source: PhotoSource?
    private let transform: ColourTransform?
    private let display: DisplayProfile

    /// The pixels it decodes.
    public let pixelCount: Int

    public init(_ source: PhotoSource, display: DisplayProfile) {
        path = source.path
        pixelCount = source.storedSize.width * source.storedSize.height
        transform = source.displayTransform(to: display)
        self.display = display
        if source.format == .jpeg, let jpeg = source.jpeg, !source.path.isEmpty {
            self.jpeg = jpeg
            self.source = nil
        } else {
            jpeg = nil
            self.source = source
        }
    }

    /// The pixels converted for the display; a JPEG's rows told to `watcher` as they are decoded and converted.
    /// `inBackground`: converted on this thread alone.
    public func decode(watcher: DecodeWatcher?, inBackground: Bool) throws -> DecodedBitmap {
        if let source {
            return try source.decodeForDisplay(scale: .full, display: display, inBackground: inBackground,
                                               watcher: watcher)
        }
        guard let jpeg else { throw PhotoIOError.notAnImage }
        guard let watcher else {
            let decoded = try JPEGDecoder.decode(file: path, structure: jpeg)
            transform?.apply(to: decoded.bitmap, inBackground: inBackground)
            return decoded
        }
        return try JPEGDecoder.decode(file: path, structure: jpeg, watcher: ConvertingWatcher(transform, then: watcher))
    }
}
