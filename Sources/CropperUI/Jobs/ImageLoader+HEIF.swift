import EditorState
import Glibc
import PhotoIO
import X11Platform

/// HEIC and AVIF open in three steps. A phone's embedded thumbnail is posted at once as a stand-in (it never counts
/// as sharp). The picture's tiles are decoded on every core straight into the full-resolution bitmap (from the
/// moment the file is known when the window was started with it: `EarlyPreviewDecode`), which is posted with the
/// fitted view's copy made from it and converted for the screen: the copy, a fraction of the pixels, is converted
/// rather than the photo, so this is the first sharp frame. Behind it, at low priority, a converted copy of the
/// full bitmap follows for the zooms that show its own pixels; the window then lets the unconverted one go.
extension ImageLoader {
    static func loadHEIF(_ source: PhotoSource, generation: Int, display: DisplayProfile, opened: EditorState,
                         early: EarlyPreviewDecode?, pipe: WakePipe<BackgroundMessage>) {
        if let thumbnail = source.embeddedThumbnail(),
           var standIn = try? DecodedPreview(source, standIn: thumbnail, display: display) {
            standIn.isStandIn = true
            pipe.post(standIn.message(generation: generation))
        }
        let transform = source.displayTransform(to: display)
        let startedEarly = early?.fullDecode(of: source)
        let decoded: DecodedBitmap
        do {
            decoded = try startedEarly?.get() ?? source.decode(scale: .full)
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        do {
            var preview = try DecodedPreview(source, decoded: decoded, scale: .full, pendingTransform: transform,
                                             display: display)
            preview.copyAtFit = PreviewPrefetcher.copyAtFit(preview, editor: opened)
            preview.decodedEarly = startedEarly != nil
            pipe.post(preview.message(generation: generation))
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        guard let transform else { return }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        pipe.post(fullForScreen(decoded.bitmap, by: transform, generation: generation))
    }

    /// `bitmap` converted for the screen into a bitmap of its own (the unconverted one is on screen meanwhile, its
    /// copies converted as they are made, so it is not changed under the window), or why that failed: the fitted
    /// view stays sharp, and the window says why zooming in shows no more.
    static func fullForScreen(_ bitmap: Bitmap, by transform: ColourTransform, generation: Int,
                              making make: (Int, Int) throws -> Bitmap = { try Bitmap(width: $0, height: $1) })
    -> BackgroundMessage {
        do {
            let converted = try make(bitmap.width, bitmap.height)
            memcpy(converted.pixels, bitmap.pixels, converted.byteCount)
            transform.apply(to: converted, inBackground: true)
            return .fullDecoded(generation: generation, bitmap: try DisplayBitmap(converted))
        } catch {
            return .fullDecodeFailed(generation: generation, reason: describe(error))
        }
    }
}

extension DecodedPreview {
    /// The embedded thumbnail of `source` as its stand-in, converted for `display` (a few thousand pixels).
    init(_ source: PhotoSource, standIn thumbnail: Bitmap, display: DisplayProfile) throws {
        source.displayTransform(to: display)?.apply(to: thumbnail)
        try self.init(source, decoded: DecodedBitmap(bitmap: thumbnail), scale: .full, pendingTransform: nil,
                      display: display)
    }
}
