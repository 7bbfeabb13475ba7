import EditorState
import Glibc
import PhotoIO
import X11Platform

/// HEIC, AVIF and a JPEG XL that fills the window open in three steps. A stand-in is posted first, and never counts
/// as sharp: a phone's embedded thumbnail at once, a lossy JPEG XL's DC (1/8) as soon as libjxl has decoded it.
/// The picture is decoded on every core straight into the full-resolution bitmap, which is
/// posted with the fitted view's copy made from it and converted for the screen: the copy, a fraction of the
/// pixels, is converted rather than the photo, so this is the first sharp frame. Behind it, at low priority, a
/// converted copy of the full bitmap follows for the zooms that show its own pixels.
extension ImageLoader {
    static func loadWhole(_ source: PhotoSource, generation: Int, display: DisplayProfile, opened: EditorState,
                          pipe: WakePipe<BackgroundMessage>) {
        let transform = source.displayTransform(to: display)
        let decoded: DecodedBitmap
        do {
            decoded = try source.decodeFull { quick in
                guard var standIn = try? DecodedPreview(source, standIn: quick, display: display) else { return }
                standIn.isStandIn = true
                pipe.post(standIn.message(generation: generation))
            }
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        do {
            var preview = try DecodedPreview(source, decoded: decoded, scale: .full, pendingTransform: transform,
                                             display: display)
            preview.copyAtFit = PreviewPrefetcher.copyAtFit(preview, editor: opened)
            pipe.post(preview.message(generation: generation))
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        guard let transform else { return }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        // A failure leaves the unconverted pixels' copies on screen; zooming in shows the last copy stretched.
        guard let converted = try? Bitmap(width: decoded.bitmap.width, height: decoded.bitmap.height) else { return }
        memcpy(converted.pixels, decoded.bitmap.pixels, converted.byteCount)
        transform.apply(to: converted, inBackground: true)
        guard let full = try? DisplayBitmap(converted) else { return }
        pipe.post(.fullDecoded(generation: generation, bitmap: full))
    }
}

extension DecodedPreview {
    /// A stand-in for `source` (an embedded thumbnail, a DC picture), converted for `display` (a few thousand pixels).
    init(_ source: PhotoSource, standIn thumbnail: Bitmap, display: DisplayProfile) throws {
        source.displayTransform(to: display)?.apply(to: thumbnail)
        try self.init(source, decoded: DecodedBitmap(bitmap: thumbnail), scale: .full, pendingTransform: nil,
                      display: display)
    }
}
