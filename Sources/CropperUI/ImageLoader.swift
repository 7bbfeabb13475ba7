import Foundation
import PhotoIO

/// Opens photos off the event-loop thread: a DCT-scaled preview twice the size the window shows (drawn at once,
/// with 94 % of the fine detail of the full decode's rendering; the canvas's copy made from it is final for the
/// fitted view) and, at the same time on the other core, the full-resolution bitmap that 100 % zoom and a
/// double-click need. Results come back as messages through the wake-up pipe, the preview always first.
enum ImageLoader {
    static func load(path: String, generation: Int, fitWidth: Int, fitHeight: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread {
            run(path: path, generation: generation, fitWidth: fitWidth, fitHeight: fitHeight, pipe: pipe)
        }
        thread.name = "cropper.loader"
        thread.start()
    }

    private static func run(path: String, generation: Int, fitWidth: Int, fitHeight: Int, pipe: WakePipe<BackgroundMessage>) {
        let source: PhotoSource
        do {
            source = try PhotoSource.open(path: path)
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        // Twice the shown size: the next DCT scale up costs 20 % more decoding (24 MP: 127 against 106 ms).
        let scale = source.previewScale(maxWidth: fitWidth * 2, maxHeight: fitHeight * 2)
        let previewPosted = PreviewGate()
        if scale != .full {
            let full = Thread { decodeFull(source, generation: generation, after: previewPosted, pipe: pipe) }
            full.name = "cropper.loader.full"
            full.start()
        }
        do {
            let decoded = try source.decode(scale: scale)
            let preview = decoded.bitmap
            guard let bitmap = DisplayBitmap(surface: try preview.makeCairoSurface(), owner: preview) else {
                throw PhotoIOError.unsupported("a display surface")
            }
            pipe.post(.previewDecoded(generation: generation, storedSize: source.storedSize,
                                      orientation: source.orientation, format: source.format,
                                      lossless: source.losslessSupport, bitmap: bitmap,
                                      isFullResolution: scale == .full, damage: decoded.damage))
            previewPosted.open(posted: true)
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            previewPosted.open(posted: false)
        }
    }

    private static func decodeFull(_ source: PhotoSource, generation: Int, after preview: PreviewGate,
                                   pipe: WakePipe<BackgroundMessage>) {
        // A failure leaves the preview on screen; saving decodes again and reports its own error.
        let bitmap = (try? source.decodeFull()).flatMap { full in
            (try? full.makeCairoSurface()).flatMap { DisplayBitmap(surface: $0, owner: full) }
        }
        guard preview.waitUntilPosted(), let bitmap else { return }
        pipe.post(.fullDecoded(generation: generation, bitmap: bitmap))
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? PhotoIOError { return error.reason }
        return String(describing: error)
    }
}

/// Holds the full decode's message until the preview's is posted (the shell takes the full bitmap only for
/// a photo it has), and drops it when the preview failed.
private final class PreviewGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: Bool?

    func open(posted: Bool) {
        condition.lock()
        outcome = posted
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilPosted() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome ?? false
    }
}
