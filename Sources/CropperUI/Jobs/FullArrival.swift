import Foundation
import PhotoIO
import X11Platform

/// A full-resolution JPEG decode shown as it arrives: once the preview is on screen, the rows decoded so far are
/// posted every 80 ms at most, so that a view zoomed in past the preview sharpens from the top while the rest of
/// a big photo decodes (a 150 MP panorama takes seconds). The rows already in are posted the moment the preview is:
/// a panorama's full decode, fed by the preview's, is then a few rows behind it, and a view zoomed in at once is
/// sharp from its first frame. The pixels are shared, never copied.
final class FullArrival: DecodeWatcher, @unchecked Sendable {
    static let interval = 0.08

    private let generation: Int
    private let preview: PreviewGate
    private let pipe: WakePipe<BackgroundMessage>
    private let lock = NSLock()
    private var bitmap: DisplayBitmap?
    private var rows = 0
    private var lastPosted = -Double.infinity

    init(generation: Int, after preview: PreviewGate, replyTo pipe: WakePipe<BackgroundMessage>) {
        self.generation = generation
        self.preview = preview
        self.pipe = pipe
        preview.whenPosted { [weak self] in self?.rowsSoFar(throttled: false) }
    }

    func began(_ decoded: Bitmap) {
        let shown = try? DisplayBitmap(decoded)
        lock.withLock { bitmap = shown }
    }

    func rowsDone(_ rows: Int) {
        lock.withLock { self.rows = rows }
        if let message = rowsSoFar(throttled: true) { pipe.post(message) }
    }

    /// The rows so far, once the preview is on screen. As the decode goes, not all of them: the whole decode
    /// follows from this thread; with the preview, all of them too, as the whole decode's thread may not have
    /// come to posting it yet.
    private func rowsSoFar(throttled: Bool) -> BackgroundMessage? {
        lock.withLock {
            guard let bitmap, rows > 0, rows < bitmap.height || !throttled, !throttled || preview.isPosted else { return nil }
            let now = MonotonicClock.now()
            guard !throttled || now - lastPosted >= Self.interval else { return nil }
            lastPosted = now
            return .fullRowsDecoded(generation: generation, ArrivingRows(bitmap: bitmap, rows: rows))
        }
    }

    /// The bitmap shown while `decoded` arrived, to be shown whole now (nil when there was none).
    func shown(of decoded: Bitmap) -> DisplayBitmap? {
        lock.withLock { bitmap?.decoded === decoded ? bitmap : nil }
    }
}

/// The full decode's first `rows` stored rows, the rest still to come (being written: only those rows are read).
struct ArrivingRows: Sendable, Equatable {
    let bitmap: DisplayBitmap
    let rows: Int

    /// The rows to draw: all but the last, which a bilinear filter blends with the next one, not yet written.
    var drawnRows: Int { max(0, rows - 1) }
}
