import Foundation
import PhotoIO

/// Opens photos off the event-loop thread: first a DCT-scaled preview twice the size the window shows (drawn at
/// once, with 94 % of the fine detail of the full decode's rendering), then the full-resolution bitmap, from which
/// the canvas makes its final copy. Results come back as messages through the wake-up pipe.
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
        let (boxWidth, boxHeight) = (fitWidth * 2, fitHeight * 2)
        let isFull = source.previewScale(maxWidth: boxWidth, maxHeight: boxHeight) == .full
        do {
            let decoded = try source.decode(scale: source.previewScale(maxWidth: boxWidth, maxHeight: boxHeight))
            let preview = decoded.bitmap
            guard let bitmap = DisplayBitmap(surface: try preview.makeCairoSurface(), owner: preview) else {
                throw PhotoIOError.unsupported("a display surface")
            }
            pipe.post(.previewDecoded(generation: generation, storedSize: source.storedSize,
                                      orientation: source.orientation, format: source.format,
                                      lossless: source.losslessSupport, bitmap: bitmap,
                                      isFullResolution: isFull, damage: decoded.damage))
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        guard !isFull else { return }
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
