import EditorState
import Foundation
import Glibc
import PhotoIO
import X11Platform

/// The previews of the open photo's neighbours in the list, decoded ahead on a background thread, so Page Down
/// shows the next photo at once. An entry is used only for the same window fit and the same file (its inode, size
/// and modification time unchanged since the decode); at most the wanted neighbours are kept.
final class PreviewPrefetcher {
    struct Fit: Equatable, Sendable {
        let width: Int
        let height: Int
        /// The colours are converted for this display (a new profile makes the previews decoded ahead stale).
        let display: DisplayProfile

        /// The canvas `editor` fits photos into.
        init(_ editor: EditorState, display: DisplayProfile) {
            let fit = editor.viewport.availableSize
            self.init(width: max(1, Int(fit.width.rounded(.up))), height: max(1, Int(fit.height.rounded(.up))),
                      display: display)
        }

        init(width: Int, height: Int, display: DisplayProfile) {
            self.width = width
            self.height = height
            self.display = display
        }
    }

    /// Once the open photo is in, the next and the previous photo of `list` are decoded ahead (the next first:
    /// people mostly walk forward).
    func wantNeighbours(of list: DocumentList, fit: Fit, freshEditor: EditorState,
                        replyTo pipe: WakePipe<BackgroundMessage>) {
        let neighbours = [list.index + 1, list.index - 1].filter { list.paths.indices.contains($0) }.map { list.paths[$0] }
        want(neighbours, fit: fit, freshEditor: freshEditor, replyTo: pipe)
    }

    /// A preview decoded ahead, and the file it was decoded from.
    struct Prefetched: Sendable {
        let path: String
        let fit: Fit
        let stamp: FileStamp
        let preview: DecodedPreview
    }

    private var ready: [String: Prefetched] = [:]
    private var wanted: [String] = []
    private var running: Set<String> = []
    private var fit: Fit?

    /// An editor as a newly opened photo gets it: it says where the photo will lie at fit, so the canvas's copy
    /// can be made ahead too.
    private var freshEditor = EditorState()

    /// Keeps previews of `paths` (nearest first) for `fit`; starts decoding the missing ones, one at a time.
    func want(_ paths: [String], fit: Fit, freshEditor: EditorState, replyTo pipe: WakePipe<BackgroundMessage>) {
        self.freshEditor = freshEditor
        if fit != self.fit { ready = [:] }
        self.fit = fit
        wanted = paths
        ready = ready.filter { paths.contains($0.key) && $0.value.stamp == FileStamp(path: $0.key) }
        startNext(replyTo: pipe)
    }

    /// The paths whose previews are ready, for the state log.
    var readyPaths: [String] { wanted.filter { ready[$0] != nil } }

    /// A decode finished: kept when still wanted.
    func accept(_ prefetched: Prefetched, replyTo pipe: WakePipe<BackgroundMessage>) {
        running.remove(prefetched.path)
        if wanted.contains(prefetched.path), prefetched.fit == fit { ready[prefetched.path] = prefetched }
        startNext(replyTo: pipe)
    }

    /// The decode failed (the file is unreadable): opening it will say why.
    func failed(_ path: String, replyTo pipe: WakePipe<BackgroundMessage>) {
        running.remove(path)
        wanted.removeAll { $0 == path }
        startNext(replyTo: pipe)
    }

    /// The preview of `path` for `fit`, if one was decoded from the file as it is now; it is handed over once.
    func take(_ path: String, fit: Fit) -> DecodedPreview? {
        guard let found = ready.removeValue(forKey: path), found.fit == fit, found.stamp == FileStamp(path: path) else {
            return nil
        }
        return found.preview
    }

    private func startNext(replyTo pipe: WakePipe<BackgroundMessage>) {
        guard running.isEmpty, let fit, let path = wanted.first(where: { ready[$0] == nil }) else { return }
        running.insert(path)
        let editor = freshEditor
        let thread = Thread {
            // Below the event loop, as the copy builder: a neighbour may come a little later, a frame must not (a
            // drag begun as the photo opened shared the cores with this decode).
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            guard let stamp = FileStamp(path: path),
                  let source = try? PhotoSource.open(path: path),
                  var preview = try? DecodedPreview.decode(source, fitWidth: fit.width, fitHeight: fit.height,
                                                           display: fit.display) else {
                pipe.post(.previewPrefetchFailed(path: path))
                return
            }
            preview.copyAtFit = Self.copyAtFit(preview, editor: editor)
            preview.dropLargeAnimationFile()
            pipe.post(.previewPrefetched(Prefetched(path: path, fit: fit, stamp: stamp, preview: preview)))
        }
        thread.name = "cropper.prefetch"
        thread.start()
    }
}

extension PreviewPrefetcher {
    /// The copy the canvas will want of `preview` when the photo opens at fit; nil when it will draw the preview
    /// directly (a photo no bigger than the canvas).
    /// `fitted`: the photo already reduced to the copy's size in stored orientation (made as it decoded), which
    /// then only needs turning and converting; used when it has that size.
    static func copyAtFit(_ preview: DecodedPreview, editor: EditorState, fitted: Bitmap? = nil) -> ScaledCopy? {
        let geometry = copyGeometry(storedSize: preview.storedSize, orientation: preview.orientation, editor: editor)
        let upright = preview.orientation.displayedSize(forStored: PixelSize(width: preview.bitmap.width,
                                                                             height: preview.bitmap.height))
        guard let geometry, Double(geometry.size.width) < Double(upright.width) - 0.5 else { return nil }
        let key = ScaledCopyKey(epoch: -1, source: ObjectIdentifier(preview.bitmap), orientation: geometry.orientation,
                                width: geometry.size.width, height: geometry.size.height)
        if let fitted, fitted.size == geometry.orientation.displayedSize(forStored: geometry.size),
           let reduced = try? DisplayBitmap(fitted, pendingTransform: preview.bitmap.pendingTransform) {
            return ScaledCopyBuilder.make(key, from: reduced)
        }
        return ScaledCopyBuilder.make(key, from: preview.bitmap)
    }

    /// The size in stored orientation the copy at fit of a photo of `storedSize` has when it opens in `editor`,
    /// for a decode that reduces it as it goes; nil when the canvas will show it without a reduced copy.
    static func fittedSize(storedSize: PixelSize, orientation: Orientation, editor: EditorState) -> PixelSize? {
        guard let geometry = copyGeometry(storedSize: storedSize, orientation: orientation, editor: editor),
              Double(geometry.size.width) < Double(orientation.displayedSize(forStored: storedSize).width) - 0.5
        else { return nil }
        // A quarter turn swaps the sides either way.
        return geometry.orientation.displayedSize(forStored: geometry.size)
    }

    /// Where the photo lies at fit when it opens in `editor`: the copy's upright size and its turn from stored.
    private static func copyGeometry(storedSize: PixelSize, orientation: Orientation, editor: EditorState)
    -> (size: PixelSize, orientation: Orientation)? {
        var opened = editor
        opened.apply(.loadImage(storedSize: storedSize, orientation: orientation))
        let frame = opened.viewport.contentFrame
        let width = Int(frame.width.rounded()), height = Int(frame.height.rounded())
        guard width > 0, height > 0 else { return nil }
        return (PixelSize(width: width, height: height), opened.displayOrientation)
    }
}

/// Which file a path named when it was read: a file replaced or rewritten since has another stamp.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int
    let modified: Int
    let modifiedNanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(PathNames.cString(path), &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
