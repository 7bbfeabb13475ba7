import EditorState
import Foundation
import PhotoIO

/// The first photo's decode, started while the window is still being set up.
///
/// A 24 MP JPEG's preview is mostly entropy decoding (some 90 ms), which does not depend on the window; only the
/// DCT scale does, and that from the fit. The fit is known once the X connection, the window, the interface scale
/// and the fonts are set up, 25–35 ms after start. So the decode starts before all that, for the fit the window
/// will most likely have (the size asked for or remembered, at interface scale 1), and the loader uses it when the
/// real fit chooses the same DCT scale; otherwise it is dropped and the loader decodes as usual.
/// A HEIC or AVIF has no smaller decode: its tiles are decoded at full resolution on every core from the moment
/// the file is read, whatever the window's size, while the main thread maps the window. So is a JPEG XL whose
/// likely fit needs more than its DC (or whose fit cannot be guessed), its copy at the likely fit reduced as the
/// rows arrive (used when the window's fit turns out to be that one).
///
/// The command line begins it (`begin`) at the top of main, before the arguments are parsed and the settings read:
/// the file is read and the format's libraries load (libavcodec for a HEIC, some 15 ms of CPU) while they are, and
/// the decode waits only for the likely fit, which `start` gives it.
final class EarlyPreviewDecode: @unchecked Sendable {
    let path: String
    private let done = NSCondition()
    /// What the window said of the photo: nil until `start` has.
    private var window: WindowAnswer?
    /// Set once the file is read (nil inside when it could not be), then once decoded.
    private var opened: PhotoSource??
    /// Whether the file read is being decoded whole; set with `opened`.
    private var decodingWhole = false
    /// A big JPEG's full resolution, fed by the preview's decode here; set with `opened`.
    private var fed: FedFullDecode?
    private var outcome: Outcome?

    private enum Outcome {
        /// A JPEG or JPEG XL preview at `scale`, or nil when there was nothing to decode early.
        case preview((scale: DecodeScale, decoded: DecodedBitmap)?)
        /// A HEIC, AVIF or JPEG XL at full resolution, not converted for the screen.
        case full(Result<DecodedBitmap, Error>)
    }

    private enum WindowAnswer {
        /// The editor the photo will most likely open in, which says the fit (nil: no size to guess from).
        case likely(EditorState?)
        /// The window opens something else: the decode begun for this path stops.
        case elsewhere
    }

    /// The decode `begin` started, until `start` takes it; both run on the main thread, before the window opens.
    nonisolated(unsafe) private static var begun: EarlyPreviewDecode?

    /// Starts reading the photo and loading its decoder's libraries before the window knows its size, when exactly
    /// one of `candidates` (the raw arguments) names a file.
    static func begin(oneOf candidates: [String]) {
        let files = candidates.filter { !$0.hasPrefix("-") }.map(SavePaths.absolute).filter(isRegularFile)
        guard begun == nil, let path = files.first, files.dropFirst().isEmpty else { return }
        begun = EarlyPreviewDecode(path: path)
    }

    /// The decode of the window's one photo, for a window of `width` × `height` device pixels: the one begun for it
    /// (told the likely fit now), else one started here; nil when the window opens no single photo.
    static func start(files: [String], width: Int?, height: Int?, settings: Settings) -> EarlyPreviewDecode? {
        let ahead = begun
        begun = nil
        guard files.count == 1, let path = files.first.map(SavePaths.absolute), isRegularFile(path) else {
            ahead?.answer(.elsewhere)
            return nil
        }
        if let ahead, ahead.path != path { ahead.answer(.elsewhere) }
        var likely: EditorState?
        if let width = width ?? settings.windowSize?.width, let height = height ?? settings.windowSize?.height {
            likely = AppState.freshEditor(layout: WindowLayout(deviceWidth: width, deviceHeight: height, scale: 1),
                                          settings: settings)
        }
        let early = ahead?.path == path ? ahead! : EarlyPreviewDecode(path: path)
        early.answer(.likely(likely))
        return early
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(PathNames.cString(path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private init(path: String) {
        self.path = path
        // The decode's thread is made first: glibc makes no thread while a library loads (libavcodec's 96 hold the
        // loader's lock for 15–25 ms), and the file is read beside the loading, not after it.
        let thread = Thread { [self] in decodeAhead() }
        thread.name = "cropper.loader.early"
        thread.start()
        let libraries = Thread {
            if let format = PhotoFormat(contentsOf: path) { DecoderLibraries.load(for: format) }
        }
        libraries.name = "cropper.loader.libraries"
        libraries.start()
    }

    private func answer(_ answer: WindowAnswer) {
        settle { window = answer }
    }

    private func decodeAhead() {
        let source = (try? PhotoSource.open(path: path))?.heldForShowing()
        guard case let .likely(likely) = wait(for: { window }) else { return }
        let fit = likely.map { PreviewPrefetcher.Fit($0, display: .sRGB) }
        let whole = source.map { Self.decodesWhole($0, fit: fit) } ?? false
        let scale = source.flatMap { source in
            fit.map { DecodedPreview.scale(for: source, fitWidth: $0.width, fitHeight: $0.height) }
        }
        // Started before the preview's decode, which feeds it.
        let fed = source.flatMap { whole || scale == nil || scale == .full ? nil : FedFullDecode.start($0) }
        settle {
            opened = .some(source)
            decodingWhole = whole
            self.fed = fed
        }
        guard let source else { return settle { outcome = .preview(nil) } }
        if whole {
            // The copy at the likely fit is reduced as the rows arrive; the loader uses it if the fit is that.
            let fitted = likely.flatMap {
                PreviewPrefetcher.fittedSize(storedSize: source.storedSize, orientation: source.orientation, editor: $0)
            }
            let decoded = Result { try source.decodeWhole(fittedTo: fitted) }
            return settle { outcome = .full(decoded) }
        }
        var result: (DecodeScale, DecodedBitmap)?
        // Full-size decodes (small photos, other formats) are quick, and are converted as they decode.
        if let scale, scale != .full, let decoded = try? source.decode(scale: scale, feeding: fed) {
            result = (scale, decoded)
        }
        settle { outcome = .preview(result) }
    }

    private func settle(_ change: () -> Void) {
        done.lock()
        change()
        done.broadcast()
        done.unlock()
    }

    private func wait<T>(for value: () -> T?) -> T {
        done.lock()
        defer { done.unlock() }
        while value() == nil { done.wait() }
        return value()!
    }

    /// Waits until the file is read: the photo at `path`, or nil (another path, or unreadable: the loader says why).
    func source(of path: String) -> PhotoSource? {
        guard path == self.path else { return nil }
        return wait { opened }
    }

    /// Waits for the decode; the preview for the fit when the decode chose that fit's DCT scale, else nil.
    func preview(of source: PhotoSource, fitWidth: Int, fitHeight: Int, display: DisplayProfile) -> DecodedPreview? {
        guard source.path == path, case let .preview(made?) = wait(for: { outcome }),
              DecodedPreview.scale(for: source, fitWidth: fitWidth, fitHeight: fitHeight) == made.scale else { return nil }
        return try? DecodedPreview(source, undisplayed: made.decoded, scale: made.scale, display: display)
    }

    /// The full decode of `source` that the early preview's decode feeds, without waiting for the preview; nil
    /// when there is none (see `FedFullDecode`).
    func fedFullDecode(of source: PhotoSource) -> FedFullDecode? {
        guard source.path == path else { return nil }
        done.lock()
        defer { done.unlock() }
        return fed
    }

    /// A HEIC or AVIF is decoded whole from the start, and so is a JPEG XL unless the likely fit is its DC's.
    private static func decodesWhole(_ source: PhotoSource, fit: PreviewPrefetcher.Fit?) -> Bool {
        let scale = fit.map { DecodedPreview.scale(for: source, fitWidth: $0.width, fitHeight: $0.height) } ?? .full
        return source.decodesWholeForTheScreen(at: scale)
    }

    /// Whether `source` is the photo whose full decode started early (`fullDecode(of:)` then has it), without waiting.
    func decodesWhole(_ source: PhotoSource) -> Bool {
        guard source.path == path else { return false }
        done.lock()
        defer { done.unlock() }
        return decodingWhole
    }

    /// Waits for a HEIC's, AVIF's or JPEG XL's full decode started early: its pixels or why it failed; nil when none
    /// was started for `source`.
    func fullDecode(of source: PhotoSource) -> Result<DecodedBitmap, Error>? {
        guard source.path == path, case let .full(result) = wait(for: { outcome }) else { return nil }
        return result
    }
}
