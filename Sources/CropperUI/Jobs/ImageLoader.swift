import EditorState
import Foundation
import Localization
import PhotoIO
import X11Platform

/// Opens photos off the event-loop thread: a DCT-scaled preview twice the size the window shows (drawn at once,
/// with 94 % of the fine detail of the full decode's rendering; the canvas's copy made from it is final for the
/// fitted view) and, at the same time on the other core, the full-resolution bitmap that 100 % zoom and a
/// double-click need. A preview decoded ahead (`PreviewPrefetcher`) is posted at once instead, and only the full
/// decode runs. Results come back as messages through the wake-up pipe, the preview always first.
enum ImageLoader {
    /// `opened`: the editor the photo opens in, which says where it lies at fit: the loader makes the canvas's
    /// copy for that view itself, right after the preview, so the first frame needs no second trip.
    static func load(path: String, generation: Int, fitWidth: Int, fitHeight: Int, display: DisplayProfile,
                     opened: EditorState, prefetched: DecodedPreview? = nil, early: EarlyPreviewDecode? = nil,
                     replyTo pipe: WakePipe<BackgroundMessage>) {
        if let prefetched, prefetched.animation != nil && prefetched.animationSource == nil {
            // Its file was let go while it waited (dropLargeAnimationFile): read again, off the event loop, to play.
            let reading = Thread {
                var reopened = prefetched
                reopened.animationSource = try? PhotoSource.open(path: path)
                if reopened.animationSource == nil { reopened.animation = nil }
                postPrefetched(reopened, path: path, generation: generation, display: display, pipe: pipe)
            }
            reading.name = "cropper.loader"
            reading.start()
            return
        }
        if let prefetched {
            postPrefetched(prefetched, path: path, generation: generation, display: display, pipe: pipe)
            return
        }
        let thread = Thread {
            run(path: path, generation: generation, fitWidth: fitWidth, fitHeight: fitHeight, display: display,
                opened: opened, early: early, pipe: pipe)
        }
        thread.name = "cropper.loader"
        thread.start()
    }

    /// A preview decoded ahead goes on screen at once; the full decode follows when it is not that already.
    private static func postPrefetched(_ prefetched: DecodedPreview, path: String, generation: Int,
                                       display: DisplayProfile, pipe: WakePipe<BackgroundMessage>) {
        pipe.post(prefetched.message(generation: generation))
        guard !prefetched.isFullResolution else { return }
        let posted = PreviewGate(replyTo: pipe)
        posted.open(posting: nil)
        let full = Thread {
            do {
                let full = FullDisplayDecode(try PhotoSource.open(path: path), display: display)
                decodeFull(full, generation: generation, after: posted,
                           arrival: FullArrival(generation: generation, after: posted, replyTo: pipe), pipe: pipe)
            } catch {
                pipe.post(.fullDecodeFailed(generation: generation, reason: describe(error)))
            }
        }
        full.name = "cropper.loader.full"
        full.start()
    }

    private static func run(path: String, generation: Int, fitWidth: Int, fitHeight: Int, display: DisplayProfile,
                            opened: EditorState, early: EarlyPreviewDecode?, pipe: WakePipe<BackgroundMessage>) {
        let source: PhotoSource
        do {
            source = try early?.source(of: path) ?? PhotoSource.open(path: path).heldForShowing()
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            return
        }
        let scale = DecodedPreview.scale(for: source, fitWidth: fitWidth, fitHeight: fitHeight)
        if source.decodesWholeForTheScreen(at: scale) {
            loadWhole(source, generation: generation, display: display, opened: opened, early: early, pipe: pipe)
            return
        }
        let previewPosted = PreviewGate(replyTo: pipe)
        // A big JPEG's full resolution is decoded from the preview's decode (the early one, or the one below).
        let fedEarly = early?.fedFullDecode(of: source)
        let fed = scale == .full ? nil : fedEarly ?? FedFullDecode.start(source)
        if scale != .full {
            let decode = FullDisplayDecode(source, display: display, fed: fed)
            // Watching from here, before the preview can be posted: its rows go with it, whenever this thread runs.
            let arrival = FullArrival(generation: generation, after: previewPosted, replyTo: pipe)
            decode.watch(arrival)
            let full = Thread {
                decodeFull(decode, generation: generation, after: previewPosted, arrival: arrival, pipe: pipe)
            }
            full.name = "cropper.loader.full"
            full.start()
        }
        do {
            let decodedEarly = early?.preview(of: source, fitWidth: fitWidth, fitHeight: fitHeight, display: display)
            let feeding = fedEarly == nil ? fed : nil
            if decodedEarly != nil { feeding?.unfed() }
            var preview = try decodedEarly ?? DecodedPreview.decode(source, scale: scale, display: display,
                                                                    feeding: feeding)
            preview.decodedEarly = decodedEarly != nil
            preview.copyAtFit = PreviewPrefetcher.copyAtFit(preview, editor: opened)
            previewPosted.open(posting: preview.message(generation: generation))
        } catch {
            pipe.post(.loadFailed(generation: generation, reason: describe(error)))
            previewPosted.close()
        }
    }

    /// Photos up to this many pixels (a camera's) decode their full resolution below the preview's priority.
    static let fullDecodeYieldsUpTo = 50_000_000

    private static func decodeFull(_ full: FullDisplayDecode, generation: Int, after preview: PreviewGate,
                                   arrival: FullArrival, pipe: WakePipe<BackgroundMessage>) {
        // Beside the preview and the canvas's copy, which the user is waiting for: as the copy builder, below them.
        // A panorama's preview is a sliver of it and its full resolution is what 100 % waits for, rows as they
        // come: at nice 10 a busy machine starved it (8× djpeg's time at a load of 10, for 1.4× its CPU).
        if full.pixelCount <= Self.fullDecodeYieldsUpTo {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        }
        let outcome = Result {
            let decoded = try full.decode(watcher: arrival, inBackground: true)
            return try arrival.shown(of: decoded.bitmap) ?? DisplayBitmap(decoded.bitmap)
        }
        switch outcome {
        case let .success(bitmap):
            preview.post(.fullDecoded(generation: generation, bitmap: bitmap))
        case let .failure(error):
            // The preview stays on screen, and the window says why it stays blurred when zoomed in.
            preview.post(.fullDecodeFailed(generation: generation, reason: describe(error)))
        }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? PhotoIOError { return error.reason }
        return String(describing: error)
    }
}

/// Holds the full decode's message until the preview's is posted (the shell takes the full bitmap only for
/// a photo it has), and drops it when the preview failed. What is ready when the preview is goes with it in one
/// post, which the window takes in one go, before any key sent to it meanwhile: a big JPEG's full resolution,
/// decoded from the preview's own reading of the file, is done about when the preview is.
final class PreviewGate: @unchecked Sendable {
    private let pipe: WakePipe<BackgroundMessage>
    private let lock = NSLock()
    private var outcome: Bool?
    private var held: BackgroundMessage?
    private var companions: [@Sendable () -> BackgroundMessage?] = []

    init(replyTo pipe: WakePipe<BackgroundMessage>) {
        self.pipe = pipe
    }

    /// The preview is posted now with `preview` (nil: it was posted before), and what waits for it after it.
    func open(posting preview: BackgroundMessage?) {
        lock.lock()
        outcome = true
        let waiting = held, with = companions
        held = nil
        companions = []
        lock.unlock()
        pipe.post(contentsOf: (preview.map { [$0] } ?? []) + with.compactMap { $0() } + (waiting.map { [$0] } ?? []))
    }

    /// The preview failed: nothing that waits for it is posted.
    func close() {
        lock.lock()
        outcome = false
        held = nil
        companions = []
        lock.unlock()
    }

    /// Whether the preview is posted, without waiting.
    var isPosted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outcome == true
    }

    /// Posts `message` now if the preview is posted, with it if it is not yet, never if it failed.
    func post(_ message: BackgroundMessage) {
        lock.lock()
        let now = outcome
        if now == nil { held = message }
        lock.unlock()
        if now == true { pipe.post(message) }
    }

    /// The message `companion` makes then goes with the preview's (now, if that is posted); never if it failed.
    func whenPosted(_ companion: @escaping @Sendable () -> BackgroundMessage?) {
        lock.lock()
        let now = outcome
        if now == nil { companions.append(companion) }
        lock.unlock()
        if now == true, let message = companion() { pipe.post(message) }
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
    /// What the window says when it can only guess the photo's colours.
    let colourNotice: String?
    /// Inks, not light: offered as JPEG only (PNG has no CMYK), converted for the screen.
    var isCMYK = false
    /// The canvas's copy of it at fit, made ahead with it (nil when made on opening).
    var copyAtFit: ScaledCopy? = nil
    /// Decoded while the window was being set up.
    var decodedEarly = false
    /// The photo's embedded thumbnail, shown while the photo itself decodes: never sharp, replaced without a word.
    var isStandIn = false
    /// The lens' 35 mm-equivalent focal length from EXIF, for perspective.
    var focal35mm: Double? = nil
    /// An animation's frames and timing (the preview is its first frame), and the file read, for playing it.
    var animation: AnimationTimeline? = nil
    var animationSource: PhotoSource? = nil

    /// Twice the shown size: the next DCT scale up costs 20 % more decoding (24 MP: 127 against 106 ms).
    static func scale(for source: PhotoSource, fitWidth: Int, fitHeight: Int) -> DecodeScale {
        source.previewScale(maxWidth: fitWidth * 2, maxHeight: fitHeight * 2)
    }

    static func decode(_ source: PhotoSource, fitWidth: Int, fitHeight: Int, display: DisplayProfile) throws -> DecodedPreview {
        try decode(source, scale: scale(for: source, fitWidth: fitWidth, fitHeight: fitHeight), display: display)
    }

    /// `feeding`: the full decode this one hands its coefficients to (`FedFullDecode`).
    static func decode(_ source: PhotoSource, scale: DecodeScale, display: DisplayProfile,
                       feeding: FedFullDecode? = nil) throws -> DecodedPreview {
        // An RGB preview is not converted here: the canvas converts its scaled copies, a fraction of the pixels,
        // which keeps colour management off the way to the first frame. CMYK must be converted now, and so must a
        // preview that is the full decode (nothing converted follows it).
        if convertsCopies(source, scale: scale, display: display) {
            return try DecodedPreview(source, decoded: try source.decode(scale: scale, feeding: feeding), scale: scale,
                                      pendingTransform: source.displayTransform(to: display), display: display)
        }
        return try DecodedPreview(source, decoded: try source.decodeForDisplay(scale: scale, display: display,
                                                                               feeding: feeding),
                                  scale: scale, pendingTransform: nil, display: display)
    }

    fileprivate static func convertsCopies(_ source: PhotoSource, scale: DecodeScale, display: DisplayProfile) -> Bool {
        scale != .full && (source.displayTransform(to: display).map { $0.layout == .bgra } ?? true)
    }

    /// A neighbour decoded ahead waits with no animation file of over 16 MiB held in memory (a GIF holds none, it is
    /// read from its file as needed): the file is read again if the photo is opened.
    mutating func dropLargeAnimationFile(over limit: Int = 16 << 20) {
        if let source = animationSource, source.bytes.count > limit { animationSource = nil }
    }

    func message(generation: Int) -> BackgroundMessage {
        .previewDecoded(generation: generation, self)
    }
}

extension DecodedPreview {
    /// A preview from a decode not yet converted for `display`: its copies are (nil when it would need converting
    /// whole, which only CMYK and full-size decodes do).
    init?(_ source: PhotoSource, undisplayed decoded: DecodedBitmap, scale: DecodeScale, display: DisplayProfile) throws {
        guard Self.convertsCopies(source, scale: scale, display: display) else { return nil }
        try self.init(source, decoded: decoded, scale: scale, pendingTransform: source.displayTransform(to: display),
                      display: display)
    }

    /// `pendingTransform`: the conversion the pixels still need, done on the canvas's copies; a full-size decode
    /// that still needs it is a preview all the same (the converted full decode follows).
    init(_ source: PhotoSource, decoded: DecodedBitmap, scale: DecodeScale, pendingTransform: ColourTransform?,
         display: DisplayProfile) throws {
        let preview = decoded.bitmap
        let bitmap = try DisplayBitmap(preview, pendingTransform: pendingTransform)
        let transform = pendingTransform ?? source.displayTransform(to: display)
        self.init(storedSize: source.storedSize, orientation: source.orientation, format: source.format,
                  lossless: source.losslessSupport, bitmap: bitmap,
                  isFullResolution: scale == .full && pendingTransform == nil,
                  damage: decoded.damage, colourNotice: transform?.isUncalibrated == true
                      ? tr("This CMYK photo has no colour profile: its colours are shown approximately") : nil)
        focal35mm = source.focal35mm
        isCMYK = source.pixelLayout != .bgra
        // An animation that cannot be timed is shown as the still its first frame is.
        if let timeline = try? source.animationTimeline() {
            animation = timeline
            animationSource = source
        }
    }
}
