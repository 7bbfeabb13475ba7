import EditorState

/// The full-resolution decode a window shows, set up from a photo already read: a big JPEG's is fed by its
/// preview's decode (`FedFullDecode`); another JPEG is read again from its file, a buffer at a time, so that a big
/// photo's bytes are let go with the preview's decode instead of staying in memory beside its pixels; other
/// formats decode from the bytes read.
public struct FullDisplayDecode: Sendable {
    private let path: String
    private let jpeg: JPEGStructure?
    private let source: PhotoSource?
    private let fed: FedFullDecode?
    private let transform: ColourTransform?
    private let display: DisplayProfile

    /// The pixels it decodes.
    public let pixelCount: Int

    /// `fed`: the decode already under way, fed by the preview's.
    public init(_ source: PhotoSource, display: DisplayProfile, fed: FedFullDecode? = nil) {
        path = source.path
        pixelCount = source.storedSize.width * source.storedSize.height
        transform = source.displayTransform(to: display)
        self.display = display
        self.fed = fed
        if source.format == .jpeg, let jpeg = source.jpeg, !source.path.isEmpty {
            self.jpeg = jpeg
            self.source = nil
        } else {
            jpeg = nil
            self.source = source
        }
    }

    /// A decode fed by the preview's tells `watcher` of its rows from now on, before `decode` is called (which
    /// then keeps it): what comes of them once the preview is posted must not wait for the thread that decodes.
    public func watch(_ watcher: DecodeWatcher) {
        fed?.watch(ConvertingWatcher(transform, then: watcher))
    }

    /// The pixels converted for the display; a JPEG's rows told to `watcher` as they are decoded and converted.
    /// `inBackground`: converted on this thread alone.
    public func decode(watcher: DecodeWatcher?, inBackground: Bool) throws -> DecodedBitmap {
        if let source {
            return try source.decodeForDisplay(scale: .full, display: display, inBackground: inBackground,
                                               watcher: watcher)
        }
        guard let jpeg else { throw PhotoIOError.notAnImage }
        let decodeJPEG = { (watcher: DecodeWatcher?) in
            try fed?.result(watcher: watcher) ?? JPEGDecoder.decode(file: path, structure: jpeg, watcher: watcher)
        }
        guard let watcher else {
            let decoded = try decodeJPEG(nil)
            transform?.apply(to: decoded.bitmap, inBackground: inBackground)
            return decoded
        }
        return try decodeJPEG(ConvertingWatcher(transform, then: watcher))
    }
}
