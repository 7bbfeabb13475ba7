import CCairo
import PhotoIO
import Dispatch
import EditorState
import Foundation
import Glibc
import Synchronization
import X11Platform

/// Which copy of the photo: made from which decoded bitmap, turned how, at what size. `epoch` counts the
/// photos opened, so that a bitmap at the address of a freed one is never taken for it.
struct ScaledCopyKey: Equatable, Sendable {
    let epoch: Int
    let source: ObjectIdentifier
    let orientation: Orientation
    let width: Int
    let height: Int

    /// The same view of the same photo, whichever decode the copy is made from.
    func isSameView(as other: ScaledCopyKey) -> Bool {
        epoch == other.epoch && orientation == other.orientation && width == other.width && height == other.height
    }
}

/// The photo scaled down to one zoom and turned upright, ready to blit 1:1.
final class ScaledCopy: @unchecked Sendable {
    let key: ScaledCopyKey
    let surface: OpaquePointer

    fileprivate init(key: ScaledCopyKey, surface: OpaquePointer) {
        self.key = key
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// The same pixels under another key (a copy made ahead, before its photo's epoch existed).
    func rekeyed(_ key: ScaledCopyKey) -> ScaledCopy {
        ScaledCopy(key: key, surface: cairo_surface_reference(surface))
    }
}

extension ScaledCopyKey {
    /// The same copy of the same bitmap, whatever the epoch.
    func isSameCopy(as other: ScaledCopyKey) -> Bool {
        source == other.source && orientation == other.orientation && width == other.width && height == other.height
    }

    /// The same view made from another bitmap.
    func replacingSource(with other: ObjectIdentifier) -> ScaledCopyKey {
        ScaledCopyKey(epoch: epoch, source: other, orientation: orientation, width: width, height: height)
    }
}

/// Makes scaled copies on one background thread, so that no frame waits for a rescale of megapixels
/// (a 24 MP photo takes 200–300 ms with Cairo's GOOD filter). Only the newest request counts: one overtaken
/// before it starts is dropped. Finished copies come back through the wake-up pipe.
final class ScaledCopyBuilder: Sendable {
    private struct Job: Sendable {
        let key: ScaledCopyKey
        let source: DisplayBitmap
    }

    private let pending = Mutex<Job?>(nil)
    private let started = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let pipe: WakePipe<BackgroundMessage>

    init(replyTo pipe: WakePipe<BackgroundMessage>) {
        self.pipe = pipe
    }

    func request(_ key: ScaledCopyKey, from source: DisplayBitmap) {
        pending.withLock { $0 = Job(key: key, source: source) }
        startIfNeeded()
        wake.signal()
    }

    private func startIfNeeded() {
        let start = started.withLock { running in
            defer { running = true }
            return !running
        }
        guard start else { return }
        let thread = Thread { [self] in work() }
        thread.name = "cropper.scaler"
        thread.start()
    }

    private func work() {
        // Below the event loop and the X server: a copy may come a little later, a frame must not.
        // (On Linux the nice value is per thread, and `who` 0 names the calling thread.)
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        while true {
            wake.wait()
            guard let job = pending.withLock({ job in defer { job = nil }; return job }) else { continue }
            if let copy = Self.make(job.key, from: job.source) { pipe.post(.scaledCopy(copy)) }
        }
    }

    /// The copy, drawn with Cairo's GOOD filter from private surfaces over the bitmap's pixels. A copy of some height is drawn in `bands` bands of
    /// rows at once, one per core: each output pixel depends only on the source, so the bands join seamlessly, and
    /// the first photo's copy, which the first frame waits for, takes half the time.
    static func make(_ key: ScaledCopyKey, from bitmap: DisplayBitmap, bands requested: Int = 2) -> ScaledCopy? {
        let format = bitmap.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard let surface = cairo_image_surface_create(format, Int32(key.width), Int32(key.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let matrix = bitmap.matrix(to: (Double(key.width), Double(key.height)), orientation: key.orientation)
        let rowsPerBand = key.height >= 256 ? (key.height + max(1, requested) - 1) / max(1, requested) : key.height
        let tops = Array(stride(from: 0, to: key.height, by: rowsPerBand))
        let painted = Mutex(0)
        let address = UInt(bitPattern: pixels)
        DispatchQueue.concurrentPerform(iterations: tops.count) { band in
            let top = tops[band]
            guard let start = UnsafeMutablePointer<UInt8>(bitPattern: address + UInt(top * rowBytes)),
                  paint(bitmap, matrix: matrix, into: start, format: format, width: key.width,
                        rows: min(rowsPerBand, key.height - top), top: top, stride: rowBytes) else { return }
            painted.withLock { $0 += 1 }
        }
        guard painted.withLock({ $0 }) == tops.count else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_mark_dirty(surface)
        return ScaledCopy(key: key, surface: surface)
    }

    /// Rows `top ..< top + rows` of the copy, into `start`; converted for the display when the bitmap waits for it.
    private static func paint(_ bitmap: DisplayBitmap, matrix: cairo_matrix_t, into start: UnsafeMutablePointer<UInt8>,
                              format: cairo_format_t, width: Int, rows: Int, top: Int, stride: Int) -> Bool {
        guard let band = cairo_image_surface_create_for_data(start, format, Int32(width), Int32(rows), Int32(stride)),
              cairo_surface_status(band) == CAIRO_STATUS_SUCCESS else { return false }
        defer { cairo_surface_destroy(band) }
        let cr = cairo_create(band)!
        var matrix = matrix
        cairo_translate(cr, 0, Double(-top))
        cairo_transform(cr, &matrix)
        bitmap.paint(on: cr, filter: CAIRO_FILTER_GOOD, privately: true)
        cairo_destroy(cr)
        cairo_surface_flush(band)
        bitmap.pendingTransform?.apply(to: start, width: width, height: rows, stride: stride)
        return true
    }
}
