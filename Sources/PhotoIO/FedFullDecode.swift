import CJPEGRecovery
import Foundation
import Synchronization

/// The full-resolution decode of a big JPEG fed by its preview's decode: one reading of the file, one Huffman
/// decode. The preview's decode (a DCT-scaled one, on the caller's thread) hands every block's coefficients over as
/// it decodes them, and this decode, on a thread of its own, only turns them into pixels: inverse DCT, upsampling,
/// colour conversion, bit for bit what a decode of the file makes. Huffman decoding is three quarters of a big
/// JPEG's decode, so a 150 MP panorama's preview and full resolution together cost about what the full one alone
/// did, and the full resolution is in about when the preview is (see docs/benchmarks.md, *Panorama*).
///
/// Once started it must be fed: `PhotoSource.decode(scale:feeding:)` is the preview's decode that does it, at
/// once. A file that cannot be shared (progressive, or a scan per component) is decoded here from the file alone.
public final class FedFullDecode: @unchecked Sendable {
    /// Photos from this size on (a 50 MP camera's and up) are decoded so; below it the preview is the first frame
    /// and must not wait on anything, and the full decode runs at a lower priority after it.
    public static let sharedFrom = 50_000_000
    /// How far ahead of this decode the preview's may run, in coefficients (a 48000-pixel-wide panorama's row of
    /// MCUs is 2.3 MB).
    static let relayCapacity = 16 << 20

    let relay: OpaquePointer
    private let rows = RowsForwarder()
    private let done = NSCondition()
    private var outcome: Result<DecodedBitmap, Error>?

    /// Starts decoding `source` at full resolution, fed by its preview's decode; nil when it is not a JPEG of that
    /// size read from a file, or not one libjpeg can share (progressive).
    /// `minimumPixels`: the size from which photos are decoded so.
    public static func start(_ source: PhotoSource, from minimumPixels: Int = sharedFrom) -> FedFullDecode? {
        guard shares(source, from: minimumPixels), let jpeg = source.jpeg,
              let relay = cropper_jpeg_relay_create(relayCapacity) else { return nil }
        return FedFullDecode(path: source.path, structure: jpeg, relay: relay)
    }

    static func shares(_ source: PhotoSource, from minimumPixels: Int = sharedFrom) -> Bool {
        guard source.format == .jpeg, let jpeg = source.jpeg else { return false }
        return !jpeg.frame.isProgressive && !source.path.isEmpty
            && source.storedSize.width * source.storedSize.height >= minimumPixels
    }

    /// Whether the preview's decode fed this one (so far); false when this one read the file itself.
    var wasFed: Bool { cropper_jpeg_relay_shared(relay) != 0 }

    private init(path: String, structure: JPEGStructure, relay: OpaquePointer) {
        self.relay = relay
        let thread = Thread { [self] in
            let result = Result { try JPEGDecoder.decode(file: path, structure: structure, fedBy: self, watcher: rows) }
            // Ended, even before reading the file: the preview's decode goes on alone.
            cropper_jpeg_relay_unheard(self.relay)
            done.lock()
            outcome = result
            done.broadcast()
            done.unlock()
        }
        thread.name = "cropper.loader.fed"
        thread.start()
    }

    deinit { cropper_jpeg_relay_destroy(relay) }

    /// No preview's decode will feed it (one decoded before is used): it reads the file itself. Called at the end
    /// of every feeding decode too, where it changes nothing.
    public func unfed() {
        cropper_jpeg_relay_unfed(relay)
    }

    /// `watcher` hears of the rows from now on (of all those decoded before, at once), unless one already does.
    func watch(_ watcher: DecodeWatcher) {
        rows.attach(watcher)
    }

    /// Waits for the decode; `watcher` hears of its rows from now on (of all those decoded before, at once),
    /// unless one already does.
    public func result(watcher: DecodeWatcher?) throws -> DecodedBitmap {
        if let watcher { rows.attach(watcher) }
        done.lock()
        while outcome == nil { done.wait() }
        let result = outcome!
        done.unlock()
        rows.finish()
        return try result.get()
    }
}

/// Passes a decode's rows on to a watcher that may come after the decode has begun, or after it has ended: the
/// watcher is told of the bitmap and of the rows so far at its first news, on the decoding thread while it runs,
/// else on the thread that waited for the end.
private final class RowsForwarder: DecodeWatcher, @unchecked Sendable {
    private struct State {
        var bitmap: Bitmap?
        var rows = 0
        var target: DecodeWatcher?
        var told = false
        var ended = false
    }

    private let state = Mutex(State())

    /// The first watcher stays: a second one would convert the rows again.
    func attach(_ watcher: DecodeWatcher) {
        state.withLock { if $0.target == nil && !$0.ended { $0.target = watcher } }
    }

    func began(_ bitmap: Bitmap) {
        state.withLock { $0.bitmap = bitmap }
    }

    /// On the decoding thread.
    func rowsDone(_ rows: Int) {
        let (target, first, bitmap) = state.withLock { state in
            state.rows = rows
            defer { if state.target != nil { state.told = true } }
            return (state.target, !state.told, state.bitmap)
        }
        guard let target, let bitmap else { return }
        if first { target.began(bitmap) }
        target.rowsDone(rows)
    }

    /// After the decode has ended: a watcher that came too late for the decoding thread hears of it all now.
    func finish() {
        let (target, first, bitmap, rows) = state.withLock { state in
            defer {
                state.ended = true
                if state.target != nil { state.told = true }
            }
            return (state.target, !state.told, state.bitmap, state.rows)
        }
        guard first, let target, let bitmap else { return }
        target.began(bitmap)
        target.rowsDone(rows)
    }
}

extension PhotoSource {
    /// The photo as a window holds it while showing it: a JPEG whose full decode its preview's feeds is read from
    /// its file, its bytes let go (`readingFromFile`).
    public func heldForShowing() -> PhotoSource {
        FedFullDecode.shares(self) ? readingFromFile() : self
    }
}
