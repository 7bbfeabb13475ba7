import EditorState
import Glibc
import PhotoIO
import X11Platform

/// HEIC, AVIF and a JPEG XL that fills the window open in up to three steps. A HEIF's embedded thumbnail is posted
/// first as a stand-in that never counts as sharp (a JPEG XL gets none: its DC costs libjxl 0.7 a whole render).
/// The picture is decoded on every core straight into the full-resolution bitmap (a HEIF's tiles from the moment
/// the file is known when the window was started with it: `EarlyPreviewDecode`), which is posted with the fitted
/// view's copy made from it and converted for the screen: the copy, a fraction of the pixels, is converted rather
/// than the photo, so this is the first sharp frame. A JPEG XL's copy is reduced as its rows arrive, a HEIF grid's as
/// its tiles do (taken in the order of the rows shown), and is ready when the decode is (`DownscaleAsRowsArrive`). Behind it, at low priority, a converted copy of the full bitmap
/// follows for the zooms that show its own pixels; the window then lets the unconverted one go.
extension ImageLoader {
    static func loadWhole(_ source: PhotoSource, generation: Int, display: DisplayProfile, opened: EditorState,
                          early: EarlyPreviewDecode?, pipe: WakePipe<BackgroundMessage>) {
        let transform = source.displayTransform(to: display)
        let postStandIn = { (quick: Bitmap) in
            guard var standIn = try? DecodedPreview(source, standIn: quick, display: display) else { return }
            standIn.isStandIn = true
            pipe.post(standIn.message(generation: generation))
        }
        let decoded: DecodedBitmap
        var decodedEarly = false
        do {
            if let early, early.decodesWhole(source) {
                // The tiles have been decoding meanwhile; the thumbnail goes on screen while the last ones are.
                if let thumbnail = source.embeddedThumbnail() { postStandIn(thumbnail) }
                decoded = try early.fullDecode(of: source)?.get() ?? source.decode(scale: .full)
                decodedEarly = true
            } else {
                decoded = try source.decodeFull(standIn: postStandIn, fittedTo: PreviewPrefetcher.fittedSize(
                    storedSize: source.storedSize, orientation: source.orientation, editor: opened))
            }
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        do {
            var preview = try DecodedPreview(source, decoded: decoded, scale: .full, pendingTransform: transform,
                                             display: display)
            preview.copyAtFit = PreviewPrefetcher.copyAtFit(preview, editor: opened, fitted: decoded.fitted)
            preview.decodedEarly = decodedEarly
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
    /// A stand-in for `source` (an embedded thumbnail, a DC picture), converted for `display` (a few thousand pixels).
    init(_ source: PhotoSource, standIn thumbnail: Bitmap, display: DisplayProfile) throws {
        source.displayTransform(to: display)?.apply(to: thumbnail)
        try self.init(source, decoded: DecodedBitmap(bitmap: thumbnail), scale: .full, pendingTransform: nil,
                      display: display)
    }
}
