import Foundation
import PhotoIO
import X11Platform

/// A full-resolution JPEG decode shown as it arrives: once the preview is on screen, the rows decoded so far are
/// posted every 80 ms at most, so that a view zoomed in past the preview sharpens from the top while the rest of
/// a big photo decodes (a 150 MP panorama takes seconds). The pixels are shared, never copied.
final class FullArrival: DecodeWatcher, @unchecked Sendable {
    static let interval = 0.08

    private let generation: Int
    private let preview: PreviewGate
    private let pipe: WakePipe<BackgroundMessage>
    private var bitmap: DisplayBitmap?
    private var lastPosted = -Double.infinity

    init(generation: Int, after preview: PreviewGate, replyTo pipe: WakePipe<BackgroundMessage>) {
        self.generation = generation
        self.preview = preview
        self.pipe = pipe
    }

    func began(_ decoded: Bitmap) {
        bitmap = try? DisplayBitmap(decoded)
    }

    func rowsDone(_ rows: Int) {
        guard let bitmap, rows < bitmap.height, preview.isPosted else { return }
        let now = MonotonicClock.now()
        guard now - lastPosted >= Self.interval else { return }
        lastPosted = now
        pipe.post(.fullRowsDecoded(generation: generation, ArrivingRows(bitmap: bitmap, rows: rows)))
    }

    /// The bitmap shown while `decoded` arrived, to be shown whole now (nil when there was none).
    func shown(of decoded: Bitmap) -> DisplayBitmap? {
        bitmap?.decoded === decoded ? bitmap : nil
    }
}

/// The full decode's first `rows` stored rows, the rest still to come (being written: only those rows are read).
struct ArrivingRows: Sendable, Equatable {
    let bitmap: DisplayBitmap
    let rows: Int

    /// The rows to draw: all but the last, which a bilinear filter blends with the next one, not yet written.
    var drawnRows: Int { max(0, rows - 1) }
}
