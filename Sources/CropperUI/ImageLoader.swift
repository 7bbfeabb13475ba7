import Foundation
import EditorState
import PhotoIO

/// Opens photos off the event-loop thread: first a DCT-scaled preview twice the size the window shows (drawn at
/// once, with 94 % of the fine detail of the full decode's rendering), then the full-resolution bitmap, from which
/// the canvas makes its final copy. A preview decoded ahead (`PreviewPrefetcher`) is shown at once instead of
/// decoding it again, and the full decode waits (`loadFull`) until its first sharp frame is on screen, so the two
/// cores go to that frame. Results come back as messages through the wake-up pipe.
enum ImageLoader {
    static func load(path: String, generation: Int, fitWidth: Int, fitHeight: Int, prefetched: DecodedPreview? = nil,
                     replyTo pipe: WakePipe<BackgroundMessage>) {
        if let prefetched {
            pipe.post(prefetched.message(generation: generation))
            return
        }
        start {
            run(path: path, generation: generation, fitWidth: fitWidth, fitHeight: fitHeight, needsPreview: true, pipe: pipe)
        }
    }

    /// The full-resolution decode of a photo whose preview is on screen already.
    static func loadFull(path: String, generation: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        start { run(path: path, generation: generation, fitWidth: 1, fitHeight: 1, needsPreview: false, pipe: pipe) }
    }

    private static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = "cropper.loader"
        thread.start()
    }

    private static func run(path: String, generation: Int, fitWidth: Int, fitHeight: Int, needsPreview: Bool,
                            pipe: WakePipe<BackgroundMessage>) {
        let source: PhotoSource
        do {
            source = try PhotoSource.open(path: path)
        } catch {
            if needsPreview { pipe.post(.loadFailed(generation: generation, reason: describe(error))) }
            return
        }
        if needsPreview {
            do {
                let preview = try DecodedPreview.decode(source, fitWidth: fitWidth, fitHeight: fitHeight)
                pipe.post(preview.message(generation: generation))
                if preview.isFullResolution { return }
            } catch {
                pipe.post(.loadFailed(generation: generation, reason: describe(error)))
                return
            }
        }
        do {
            let full = try source.decodeFull()
            if let bitmap = DisplayBitmap(surface: try full.makeCairoSurface(), owner: full) {
                pipe.post(.fullDecoded(generation: generation, bitmap: bitmap))
            }
        } catch {
            // The preview stays on screen; saving decodes again and reports its own error.
        }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? PhotoIOError { return error.reason }
        return String(describing: error)
    }
}

/// A photo's first decode for the screen: what the editor needs to start, and the preview's pixels.
struct DecodedPreview: Sendable {
    let storedSize: PixelSize
    let orientation: Orientation
    let format: PhotoFormat
    let lossless: LosslessSupport
    let bitmap: DisplayBitmap
    let isFullResolution: Bool
    let damage: Damage?
    /// The canvas's copy of it at fit, made ahead with it (nil when made on opening).
    var copyAtFit: ScaledCopy? = nil

    /// Twice the shown size: the next DCT scale up costs 20 % more decoding (24 MP: 127 against 106 ms).
    static func decode(_ source: PhotoSource, fitWidth: Int, fitHeight: Int) throws -> DecodedPreview {
        let scale = source.previewScale(maxWidth: fitWidth * 2, maxHeight: fitHeight * 2)
        let decoded = try source.decode(scale: scale)
        let preview = decoded.bitmap
        guard let bitmap = DisplayBitmap(surface: try preview.makeCairoSurface(), owner: preview) else {
            throw PhotoIOError.unsupported("a display surface")
        }
        return DecodedPreview(storedSize: source.storedSize, orientation: source.orientation, format: source.format,
                              lossless: source.losslessSupport, bitmap: bitmap, isFullResolution: scale == .full,
                              damage: decoded.damage)
    }

    func message(generation: Int) -> BackgroundMessage {
        .previewDecoded(generation: generation, storedSize: storedSize, orientation: orientation, format: format,
                        lossless: lossless, bitmap: bitmap, isFullResolution: isFullResolution, damage: damage)
    }
}
