import EditorState
import Foundation
import PhotoIO

/// The first photo's preview, decoded while the window is still being set up.
///
/// A 24 MP JPEG's preview is mostly entropy decoding (some 90 ms), which does not depend on the window; only the
/// DCT scale does, and that from the fit. The fit is known once the X connection, the window, the interface scale
/// and the fonts are set up, 25–35 ms after start. So the decode starts before all that, for the fit the window
/// will most likely have (the size asked for or remembered, at interface scale 1), and the loader uses it when the
/// real fit chooses the same DCT scale; otherwise it is dropped and the loader decodes as usual.
final class EarlyPreviewDecode: @unchecked Sendable {
    let path: String
    private let done = NSCondition()
    /// Set once the file is read (nil inside when it could not be), then once decoded.
    private var opened: PhotoSource??
    private var outcome: (scale: DecodeScale, decoded: DecodedBitmap)??

    /// Starts decoding `path` for a window of `width` × `height` device pixels; nil when there is nothing to guess.
    static func start(files: [String], width: Int?, height: Int?, settings: Settings) -> EarlyPreviewDecode? {
        guard files.count == 1, let path = files.first.map(SavePaths.absolute), isRegularFile(path),
              let width = width ?? settings.windowSize?.width, let height = height ?? settings.windowSize?.height
        else { return nil }
        let layout = WindowLayout(deviceWidth: width, deviceHeight: height, scale: 1)
        let fit = PreviewPrefetcher.Fit(AppState.freshEditor(layout: layout, settings: settings), display: .sRGB)
        return EarlyPreviewDecode(path: path, fit: fit)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(PathNames.cString(path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private init(path: String, fit: PreviewPrefetcher.Fit) {
        self.path = path
        let thread = Thread { [self] in
            let source = try? PhotoSource.open(path: path)
            settle { opened = .some(source) }
            var result: (DecodeScale, DecodedBitmap)?
            if let source {
                let scale = DecodedPreview.scale(for: source, fitWidth: fit.width, fitHeight: fit.height)
                // Full-size decodes (small photos, other formats) are quick, and are converted as they decode.
                if scale != .full, let decoded = try? source.decode(scale: scale) { result = (scale, decoded) }
            }
            settle { outcome = .some(result) }
        }
        thread.name = "cropper.loader.early"
        thread.start()
    }

    private func settle(_ change: () -> Void) {
        done.lock()
        change()
        done.broadcast()
        done.unlock()
    }

    private func wait<T>(for value: () -> T??) -> T? {
        done.lock()
        defer { done.unlock() }
        while value() == nil { done.wait() }
        return value() ?? nil
    }

    /// Waits until the file is read: the photo at `path`, or nil (another path, or unreadable: the loader says why).
    func source(of path: String) -> PhotoSource? {
        guard path == self.path else { return nil }
        return wait { opened }
    }

    /// Waits for the decode; the preview for the fit when the decode chose that fit's DCT scale, else nil.
    func preview(of source: PhotoSource, fitWidth: Int, fitHeight: Int, display: DisplayProfile) -> DecodedPreview? {
        guard source.path == path, let (scale, decoded) = wait(for: { outcome }),
              DecodedPreview.scale(for: source, fitWidth: fitWidth, fitHeight: fitHeight) == scale else { return nil }
        return try? DecodedPreview(source, undisplayed: decoded, scale: scale, display: display)
    }
}
