import CCairo
import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import PhotoLibrary
@testable import CropperUI
@testable import X11Platform

/// The window without X: events in; state, jobs and frames out. `AppState.apply` makes every decision; this
/// harness is a runner of its own that carries the jobs out on the test's thread — photos decoded and crops
/// written for real (PhotoIO), listings and the clipboard recorded — and feeds their results back as events.
final class AppHarness {
    let home: TestHome
    let library: XDGEnvironment
    private let pipe = WakePipe<BackgroundMessage>()
    private(set) var state: AppState
    /// Every job the state asked for, in order.
    private(set) var jobs: [Job] = []
    /// The state log's name of every event applied, results of jobs included.
    private(set) var events: [String] = []
    private(set) var now = 100.0
    /// Saves wait until `finishSaves()` (a save under way), instead of finishing at once.
    var holdsSaves = false
    private var heldSaves: [SaveRequest] = []
    /// Upright's estimates wait until `finishUpright()` (one still running), instead of answering at once.
    var holdsUpright = false
    private var heldUpright: [(UprightRequest, Bitmap?)] = []
    /// Whether Ctrl+C gets the CLIPBOARD (false: another program keeps it).
    var clipboardIsFree = true
    private(set) var offeredCrops: [CopiedCrop] = []
    private(set) var ownedText: [ClipboardSelection: String] = [:]
    private(set) var dropAnswers: [Bool] = []
    /// Edits that were written by a save that succeeded.
    private(set) var savedEdits: [CropEdit] = []
    private(set) var quit = false
    /// Inputs that answered the close question by letting the photo go unsaved ("Don't Save", by key or click).
    private(set) var dontSaveAnswers = 0

    /// `home`: the user's home (a fresh one by default); `runsListings`: folder listings, the places and the
    /// recent photos are read for real (from `home`) and answered, and opened photos recorded as recent, as the
    /// runner's threads would; `samplePath`: the shipped sample photo, opened when there is nothing else.
    init(files: [String] = [], width: Int = 1100, height: Int = 760, scale: Double = 1,
         settings: Settings = Settings(), decodesFrames: Bool = true, home: TestHome? = nil,
         runsListings: Bool = false, samplePath: String? = nil) throws {
        self.decodesFrames = decodesFrames
        self.runsListings = runsListings
        self.home = try home ?? TestHome()
        library = XDGEnvironment(home: self.home.path)
        let world = AppWorld(text: TextRenderer(scale: scale),
                             thumbnails: ThumbnailStore(environment: library, version: "test", minimumPixels: 192, pipe: pipe),
                             imageCache: DisplayImageCache(replyTo: pipe), library: library,
                             animationFrames: AnimationFrameStore(replyTo: pipe, decodesInline: true))
        state = AppState(settings: settings, layout: WindowLayout(deviceWidth: width, deviceHeight: height, scale: scale),
                         world: world, samplePath: samplePath)
        send(.start(files: files))
    }

    // MARK: Events in

    /// Whether animation frames are decoded as the state asks (false: none ever is, as on a stalled machine).
    let decodesFrames: Bool
    let runsListings: Bool

    /// Time passes without input: the event loop's tick `seconds` after the last event.
    @discardableResult
    func tick(after seconds: Double) -> String {
        send(.tick, after: seconds)
    }

    /// The animation frames the store decoded, as the runner hands them to the state.
    private func deliverDecodedFrames() {
        for message in pipe.drain() {
            switch message {
            // Decoded while the event was handled: no time passes.
            case .animationFrameDecoded, .animationFrameFailed: send(.background(message), after: 0)
            default: break
            }
        }
    }

    @discardableResult
    func send(_ event: AppEvent, after seconds: Double = 0.05) -> String {
        now += seconds
        let asked = state.stack.overlays.first == .confirm, generation = state.session.generation
        let wasQuit = quit, saves = savedEdits.count
        let made = state.apply(event, at: now)
        let name = state.lastEvent
        events.append(name)
        jobs += made
        for job in made { run(job) }
        deliverDecodedFrames()
        if case .input = event, asked, !state.stack.contains(.confirm), quit != wasQuit || state.session.generation != generation,
           savedEdits.count == saves {
            dontSaveAnswers += 1
        }
        return name
    }

    func key(_ keysym: UInt, _ modifiers: Modifiers = [], text: String = "") {
        send(.input(.key(KeyInput(level0: keysym, typed: keysym, text: text, modifiers: modifiers))))
    }

    /// A key by its character ("r", "ctrl+z", "ctrl+shift+s"), as the binding table knows it.
    func key(_ name: String) {
        var modifiers: Modifiers = []
        var parts = name == "+" ? ["+"] : name.split(separator: "+").map(String.init)
        let last = parts.removeLast()
        for part in parts {
            switch part {
            case "ctrl": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            default: fatalError("unknown modifier \(part)")
            }
        }
        let named: [String: UInt] = ["Return": Keysym.Return, "Escape": Keysym.Escape, "Next": Keysym.Next,
                                     "Prior": Keysym.Prior, "Left": Keysym.Left, "Right": Keysym.Right,
                                     "Up": Keysym.Up, "Down": Keysym.Down, "Tab": Keysym.Tab, "F1": Keysym.F1,
                                     "Home": Keysym.Home, "End": Keysym.End, "BackSpace": Keysym.BackSpace,
                                     "question": Keysym.question]
        let typed = named[last] ?? UInt(last.unicodeScalars.first!.value)
        // X reports a letter's key by its lower case (level 0) and what Shift made of it as typed.
        let level0 = named[last] ?? UInt(last.lowercased().unicodeScalars.first!.value)
        let text = modifiers.subtracting(.shift).isEmpty && named[last] == nil ? last : ""
        send(.input(.key(KeyInput(level0: level0, typed: typed, text: text, modifiers: modifiers))))
    }

    /// Types the box as numbers (N, then X Tab Y Tab W Tab H Enter).
    func typeBox(_ rect: PixelRect) {
        key("n")
        for (index, value) in [rect.x, rect.y, rect.width, rect.height].enumerated() {
            key(Keysym.a, .control)
            for character in String(value) { key(String(character)) }
            key(index == 3 ? Keysym.Return : Keysym.Tab)
        }
    }

    /// Types text key by key ("\n" is Enter).
    func type(_ text: String) {
        for character in text {
            if character == "\n" { key(Keysym.Return) } else { key(String(character)) }
        }
    }

    func close() { send(.closeRequested) }

    // MARK: State out

    var editor: EditorState { state.session.editor }
    var overlays: [ComponentKind] { state.stack.overlays }
    var top: ComponentKind? { overlays.first }
    var notice: String? { state.stack.component(ChromeComponent.self)?.toast?.text }
    var banner: String? { state.stack.component(ChromeComponent.self)?.banner?.text }
    var openPath: String? { state.session.document?.path }

    /// The components' own fields as the state log writes them (`dialog`, `picker`, `overlays`…), read with the
    /// window tests' `LogEntry` accessors.
    var components: LogEntry {
        let fields = state.stack.snapshot(in: state.context).sorted { $0.key < $1.key }
        return LogEntry(line: JSONValue.object(fields + [("overlays", .array(overlays.map { .string($0.rawValue) }))]).serialized)!
    }

    /// The frame the window would show: every component drawn bottom-up onto an image the window's size.
    func frame() -> Frame {
        let layout = state.layout
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(layout.deviceWidth), Int32(layout.deviceHeight))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        state.stack.draw(in: state.context, on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: layout.deviceWidth * layout.deviceHeight * 4)
        for y in 0..<layout.deviceHeight {
            for x in 0..<layout.deviceWidth * 4 { pixels[y * layout.deviceWidth * 4 + x] = data[y * stride + x] }
        }
        return Frame(width: layout.deviceWidth, height: layout.deviceHeight, pixels: pixels)
    }

    // MARK: The runner

    func finishUpright() {
        let held = heldUpright
        heldUpright = []
        for (request, photo) in held { send(.background(.uprightEstimated(UprightJob.answer(request, from: photo)))) }
    }

    /// A batch held by `holdsSaves`: written by `finishBatch(upTo:)`.
    private var heldBatch: (id: Int, requests: [SaveRequest])?
    private(set) var cancelledBatches: Set<Int> = []

    /// Writes the held batch's photos, the first `count` of them (all by default), then ends it as the workers
    /// would: what was not started after a cancel is left.
    func finishBatch(upTo count: Int? = nil) {
        guard var held = heldBatch else { return }
        let now = cancelledBatches.contains(held.id) ? [] : Array(held.requests.prefix(count ?? held.requests.count))
        held.requests.removeFirst(now.count)
        heldBatch = held.requests.isEmpty || cancelledBatches.contains(held.id) ? nil : held
        for request in now {
            send(.background(.batchItemSaved(BatchItemOutcome(batch: held.id, request: request, result: PhotoWriter.run(request)))))
        }
        if heldBatch == nil {
            send(.background(.batchFinished(batch: held.id, cancelled: cancelledBatches.contains(held.id))))
        }
    }

    private func writeBatch(_ requests: [SaveRequest], batch: Int) {
        for request in requests {
            send(.background(.batchItemSaved(BatchItemOutcome(batch: batch, request: request, result: PhotoWriter.run(request)))))
        }
        send(.background(.batchFinished(batch: batch, cancelled: false)))
    }

    func finishSaves() {
        let held = heldSaves
        heldSaves = []
        for request in held { write(request) }
    }

    private func write(_ request: SaveRequest) {
        let result = PhotoWriter.run(request)
        if case .success = result { savedEdits.append(request.plan.edit) }
        send(.background(.saveFinished(SaveOutcome(plan: request.plan, result: result))))
    }

    private func run(_ job: Job) {
        switch job {
        case let .openPhoto(path, generation, fit, _):
            send(.photoOpening(generation: generation, decodedAhead: false))
            decode(path, generation: generation, fit: fit)
        case let .redecode(path, generation, fit, _):
            decode(path, generation: generation, fit: fit)
        case let .save(request, _):
            if holdsSaves { heldSaves.append(request) } else { write(request) }
        case let .listFolderPhotos(folder):
            switch FolderPhotos.list(folder) {
            case let .success(photos): send(.background(.folderListed(folder: folder, photos: photos)))
            case .failure: send(.background(.folderListed(folder: folder, photos: nil)))
            }
        case let .ownText(selection, text): ownedText[selection] = text
        case let .offerCrop(crop):
            if clipboardIsFree { offeredCrops.append(crop) }
            send(.cropOffered(crop, taken: clipboardIsFree))
        case let .findPhotos(paths): send(.dropped(photos: paths.filter(SavePaths.isPhotoFile)))
        case let .finishDrop(accepted): dropAnswers.append(accepted)
        case .quit: quit = true
        case let .applyRule(rule, paths, application):
            for path in paths {
                send(.background(.rulePlaced(RulePlaced(application: application, path: path,
                                                        result: RuleApplier.place(rule, on: path)))))
            }
        case let .saveBatch(requests, batch):
            if holdsSaves {
                heldBatch = (batch, requests)
            } else {
                writeBatch(requests, batch: batch)
            }
        case let .cancelBatch(batch):
            cancelledBatches.insert(batch)
        case let .setWindowState(name, on):
            // An EWMH window manager sets the property, and the window reports it back.
            var states = state.chrome.windowStates
            if on { states.insert(name) } else { states.remove(name) }
            send(.windowStatesChanged(states))
        case let .playAnimation(source, frames, generation, display):
            // Decoded at once on this thread; the store's messages are delivered after the event.
            if decodesFrames { state.world.animationFrames.open(source, frames: frames, generation: generation, display: display) }
        case let .showAnimationFrame(index, generation):
            if decodesFrames { state.world.animationFrames.show(index, generation: generation) }
        case let .listDirectory(path, generation) where runsListings:
            send(.background(.directoryListed(DirectoryListing.read(path, generation: generation))))
        case .listPlaces where runsListings:
            send(.background(.placesLoaded(PlacesColumn.load(environment: library))))
        case .listRecentPhotos where runsListings:
            send(.background(.recentPhotosLoaded(RecentPhotos.load(environment: library))))
        case let .recordRecent(path, format) where runsListings:
            try? RecentlyUsed(environment: library).add(path: path,
                                                        mimeType: RecentFiles.mimeType(format ?? PhotoFormat(pathExtensionOf: path)))
        case .seedDisplayCopy, .adoptCopyMadeAhead, .replaceDisplaySource, .prefetchNeighbours, .followFolder, .listDirectory, .listPlaces,
             .listRecentPhotos, .wantThumbnails, .forgetThumbnail, .displayProfileForThumbnails, .recordRecent,
             .requestPaste:
            break
        case let .estimateUpright(document, request):
            let photo = UprightJob.preview(of: document)
            if holdsUpright { heldUpright.append((request, photo)) } else { send(.background(.uprightEstimated(UprightJob.answer(request, from: photo)))) }
        }
    }

    private func decode(_ path: String, generation: Int, fit: PreviewPrefetcher.Fit) {
        do {
            let source = try PhotoSource.open(path: path)
            let decoded = try DecodedPreview.decode(source, fitWidth: fit.width, fitHeight: fit.height, display: fit.display)
            send(.background(.previewDecoded(generation: generation, decoded)))
        } catch {
            send(.background(.loadFailed(generation: generation, reason: ImageLoader.describe(error))))
        }
    }
}

extension Job {
    var isQuit: Bool { if case .quit = self { true } else { false } }
    var savePlan: SavePlan? { if case let .save(request, _) = self { request.plan } else { nil } }
}

/// A drawn frame: BGRX rows, as Cairo's RGB24 lays them out in memory.
struct Frame {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// 0xRRGGBB at a device pixel.
    func rgb(x: Int, y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        return UInt32(pixels[i + 2]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i])
    }
}
