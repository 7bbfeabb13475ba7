import EditorState
import PhotoIO
import PhotoLibrary
import X11Platform

/// Thumbnails for the picker strip and the file dialog's preview. The panels say which photos they want and
/// how urgently; the store asks the `Thumbnailer` (worker threads) for the ones it lacks, re-prioritising as
/// the panels scroll, and keeps what comes back as display surfaces for the session.
final class ThumbnailStore {
    struct Entry {
        /// Upright; nil when the photo has no thumbnail (undecodable, unreadable).
        let bitmap: DisplayBitmap?
        /// The photo's upright pixel size, when the thumbnail records it.
        let imageSize: PixelSize?
        /// The photo's EXIF thumbnail, shown until the real one comes.
        var isStandIn = false
        /// The photo is damaged: the picture shows what could be decoded, under a warning mark.
        var isDamaged = false

        var aspectRatio: Double? {
            guard let bitmap, bitmap.width > 0, bitmap.height > 0 else { return nil }
            return Double(bitmap.width) / Double(bitmap.height)
        }
    }

    /// Urgencies for `want`: on screen, near it, further off.
    enum Urgency {
        static let visible = 100
        static let preview = 200
    }

    let size: ThumbnailSize
    private let cache: ThumbnailCache
    private let pipe: WakePipe<BackgroundMessage>
    private var thumbnailer: Thumbnailer?
    private var entries: [String: Entry] = [:]
    /// Paths asked for and not yet delivered, with the priority they were asked at.
    private var requested: [String: Int] = [:]
    private var modified: [String: Int] = [:]
    /// About two of the grid's screens at 1920 × 1200 (a large thumbnail and its surface are ~0.4 MB).
    private static let retainedEntries = 240
    /// Thumbnails converted for the screen, and copies fitted to a grid cell, so far (the frame stats' `DrawWork`).
    private(set) var converted = 0
    private(set) var fittedCopiesMade = 0
    /// Thumbnails are sRGB (the shared cache's convention); they are converted when the display is not.
    var display = DisplayProfile.sRGB

    /// Thumbnails at least `minimumPixels` on their longer side (the largest size a panel draws them at, in device
    /// pixels), from the shared cache of `environment`, tagged with Cropper's `version`.
    init(environment: XDGEnvironment, version: String, minimumPixels: Int, pipe: WakePipe<BackgroundMessage>) {
        size = ThumbnailSize.allCases.first { $0.pixels >= minimumPixels } ?? .xxLarge
        cache = ThumbnailCache(environment: environment, version: version)
        self.pipe = pipe
    }

    deinit { thumbnailer?.stop() }

    func entry(for path: String) -> Entry? { entries[path] }

    func isPending(_ path: String) -> Bool { entries[path] == nil }

    /// True once the real thumbnail (or the reason there is none) is in, not just a stand-in.
    func hasFinal(_ path: String) -> Bool { entries[path].map { !$0.isStandIn } ?? false }

    /// Asks for every path of `priorities` not in yet, most urgent first, and forgets earlier requests that are
    /// no longer wanted. Calling it again with the same wishes costs nothing.
    func want(_ priorities: [String: Int]) {
        let dropped = requested.keys.filter { priorities[$0] == nil }
        if !dropped.isEmpty {
            thumbnailer?.cancel(paths: dropped)
            for path in dropped { requested[path] = nil }
        }
        var byPriority: [Int: [String]] = [:]
        for (path, priority) in priorities where !hasFinal(path) && requested[path] != priority {
            byPriority[priority, default: []].append(path)
            requested[path] = priority
        }
        guard !byPriority.isEmpty else { return }
        let worker = thumbnailer ?? startThumbnailer()
        for priority in byPriority.keys.sorted(by: >) {
            worker.request(paths: byPriority[priority] ?? [], priority: priority)
        }
        trim(keeping: priorities)
    }

    /// Takes a result the thumbnailer delivered (through the wake-up pipe); false when it was not wanted any more.
    @discardableResult
    func receive(_ result: ThumbnailResult) -> Bool {
        guard result.size == size, requested[result.path] != nil else { return false }
        keep(result)
        return true
    }

    /// The thumbnail the grid's batch stored for a file it wrote: kept as if the thumbnailer had read it, and
    /// fitted to a grid cell at `scale` now, so the grid that lists the new files when the batch ends shows them
    /// at once with nothing read back or scaled then — each costs its own saved photo's message instead of all
    /// of them one frame.
    func adopt(_ result: ThumbnailResult, fittingGridAt scale: Double) {
        guard result.size == size else { return }
        if requested[result.path] != nil { thumbnailer?.cancel(paths: [result.path]) }
        keep(result)
        guard let bitmap = entries[result.path]?.bitmap, bitmap.width > 0, bitmap.height > 0 else { return }
        let side = GridLayout.thumbnailSide
        let fitted = FittedThumbnail.size(of: bitmap, turnedBy: .normal, in: LayoutRect(x: 0, y: 0, width: side, height: side))
        _ = fittedCopy(of: bitmap, width: Int((fitted.width * scale).rounded()), height: Int((fitted.height * scale).rounded()),
                       turnedBy: .normal, box: nil)
    }

    private func keep(_ result: ThumbnailResult) {
        let isStandIn = (try? result.outcome.get())?.origin == .embedded
        if !isStandIn { requested[result.path] = nil }
        switch result.outcome {
        case let .success(thumbnail):
            ColourTransform.make(from: .sRGBUntagged, to: display)?.apply(to: thumbnail.bitmap)
            let bitmap = try? DisplayBitmap(thumbnail.bitmap)
            converted += 1
            let imageSize = thumbnail.imageWidth.flatMap { width in
                thumbnail.imageHeight.map { PixelSize(width: width, height: $0) }
            }
            entries[result.path] = Entry(bitmap: bitmap, imageSize: imageSize, isStandIn: isStandIn,
                                         isDamaged: thumbnail.isDamaged)
        case .failure:
            entries[result.path] = Entry(bitmap: nil, imageSize: nil)
        }
    }

    /// `bitmap` (one of this store's) scaled for a grid cell: the copy kept, or one made now.
    func fittedCopy(of bitmap: DisplayBitmap, width: Int, height: Int, turnedBy turn: Orientation,
                    box: BoxOverlay?) -> FittedThumbnail? {
        let kept = bitmap.fitted
        let copy = bitmap.fittedCopy(width: width, height: height, turnedBy: turn, box: box)
        if copy !== kept { fittedCopiesMade += 1 }
        return copy
    }

    /// A new display profile: every thumbnail is converted again as it is next wanted (from the disk cache).
    func displayProfileChanged(_ profile: DisplayProfile) {
        display = profile
        entries.removeAll()
        requested.removeAll()
    }

    /// Forgets what is known about `path` (the file was rewritten).
    func forget(_ path: String) {
        entries[path] = nil
        modified[path] = nil
    }

    /// Tells the store the file's modification time as a listing saw it: a thumbnail taken before the file
    /// changed is dropped, so it is made again.
    func noteModified(_ path: String, seconds: Int?) {
        guard let seconds else { return }
        if let known = modified[path], known != seconds { entries[path] = nil }
        modified[path] = seconds
    }

    /// `request` with its new file's thumbnail made by the save itself, at the size shown here.
    func writingThumbnail(_ request: SaveRequest) -> SaveRequest {
        var request = request
        request.thumbnail = ThumbnailTarget(cache: cache, size: size)
        return request
    }

    private func startThumbnailer() -> Thumbnailer {
        let pipe = self.pipe
        let worker = Thumbnailer(cache: cache, size: size) { result in
            pipe.post(.thumbnailReady(result))
        }
        thumbnailer = worker
        return worker
    }

    /// Keeps memory bounded over a long session: past the limit, thumbnails nobody wants now are let go.
    private func trim(keeping wanted: [String: Int]) {
        guard entries.count > Self.retainedEntries else { return }
        for path in entries.keys where wanted[path] == nil { entries[path] = nil }
    }
}
