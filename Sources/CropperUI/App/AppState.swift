import EditorState
import Localization
import PhotoIO
import PhotoLibrary
import X11Platform

/// What the rules may read of the runner's caches (text measuring, thumbnails, the display copies, the user's
/// folders). Never changed by `apply`; the components read them through `WindowContext`.
struct AppWorld {
    let text: TextRenderer
    let thumbnails: ThumbnailStore
    let imageCache: DisplayImageCache
    let library: XDGEnvironment
    let animationFrames: AnimationFrameStore
}

/// Where the pointer is and which component holds it (the one that took the press, until the release).
struct PointerState: Equatable {
    var position: WindowPoint?
    var holder: ComponentKind?
}

/// The window as a value, made of parts that each own their fields and rules: the session (the photos, the open
/// one and its edit), saving, the window's chrome (title, window-manager states, a drag's hover), what the panels
/// found, the stack of components (their own state: the chrome's notices and banners, the panels, the
/// questions), the settings and the layout. It changes only through `apply(event) -> [Job]`, which routes each
/// event to the parts and decides everything and does nothing: work that needs a thread, the disk, the clipboard
/// or X comes back as jobs for the runner, and their results come back as events. Tests drive it in-process.
struct AppState {
    var session = Session()
    var saving = SaveProgress()
    var chrome = WindowChrome()
    var found = PanelFindings()
    var batch = BatchState()
    var upright = UprightProgress()
    let configuration: AppConfiguration
    var stack: ComponentStack
    var settings: Settings
    var layout: WindowLayout
    var pointer = PointerState()
    /// What photos are converted to for showing.
    var displayProfile: DisplayProfile = .sRGB
    let world: AppWorld
    /// The state log's name for the last event applied.
    private(set) var lastEvent = ""
    /// The clock at the event being applied.
    private(set) var now = 0.0
    private var jobs: [Job] = []

    init(settings: Settings, layout: WindowLayout, world: AppWorld, samplePath: String?) {
        self.settings = settings
        self.layout = layout
        self.world = world
        configuration = AppConfiguration(samplePath: samplePath)
        stack = ComponentStack([CanvasComponent(), StraightenDialComponent(), ChromeComponent()])
        session.editor = Self.freshEditor(layout: layout, settings: settings)
    }

    /// Takes one event: the new state, and the jobs for the runner in the order they are to be carried out.
    mutating func apply(_ event: AppEvent, at now: Double) -> [Job] {
        self.now = now
        jobs = []
        lastEvent = handle(event)
        chrome.retitle(for: session)
        defer { jobs = [] }
        return jobs
    }

    /// What components read: built afresh for every call, so none holds on to the state.
    var context: WindowContext {
        WindowContext(layout: layout, editor: session.editor, session: session, saving: saving, chrome: chrome, found: found,
                      batch: batch, upright: upright,
                      configuration: configuration, settings: settings, text: world.text, thumbnails: world.thumbnails,
                      imageCache: world.imageCache, library: world.library, now: now)
    }

    /// What shows on screen besides the editor and the components.
    var shown: ShownParts {
        ShownParts(session: session, saving: saving, chrome: chrome, found: found, batch: batch, upright: upright)
    }

    /// What saving's rules read of the other parts.
    var saveContext: SaveContext { SaveContext(session: session, settings: settings, library: world.library) }

    /// What the photos' rules read of the other parts.
    var photoContext: PhotoContext { PhotoContext(display: displayProfile, freshEditor: freshEditor()) }

    /// What a photo's first pixels read of the other parts.
    var arrivalContext: ArrivalContext {
        ArrivalContext(photos: photoContext, keptCrop: batch.keptCrop(of: session.document?.path),
                       samplePath: configuration.samplePath, now: now, decodedFrame: decodedFrame)
    }

    /// Whether photos dropped now are taken (`Dropping`).
    var acceptsDrops: Bool { Dropping.accepts(in: DropContext(questionIsUp: stack.hasModal)) }

    /// What the batch's (and the close question's) rules read of the other parts.
    var batchContext: BatchContext {
        BatchContext(session: session, settings: settings, gridIsUp: stack.contains(.grid), library: world.library)
    }

    mutating func run(_ job: Job) {
        jobs.append(job)
    }

    mutating func run(_ more: [Job]) {
        jobs += more
    }

    /// Carries out what a part's rule answered, in `PartAnswer`'s order; its state log name.
    @discardableResult
    mutating func take(_ answer: PartAnswer) -> String {
        for edit in answer.edits { apply(edit) }
        if let path = answer.wroteOpenPhoto { saving.wrote(path) }
        if answer.openedPhoto { saving.photoChanged() }
        if let folder = answer.rememberedFolder { settings.lastFolder = folder }
        if let size = answer.rememberedWindowSize {
            (settings.windowWidth, settings.windowHeight) = (size.width, size.height)
        }
        if let path = answer.tookKeptCrop { batch.letGoKeptCrop(of: path) }
        if let paths = answer.listedPhotos { batch.keepOnly(paths) }
        switch answer.banner {
        case let .show(text): showBanner(text)
        case .hide: showBanner(nil)
        case nil: break
        }
        if let notice = answer.notice { showNotice(notice) }
        jobs += answer.jobs
        for kind in answer.closes { stack.remove(kind) }
        if answer.opensStartPicker { carryOut(stack.openPicker(isStartup: true, in: context)) }
        if let question = answer.question {
            stack.remove(.numericEntry)
            stack.push(QuestionComponent(question))
        }
        if let reopen = answer.reopen {
            take(session.open(path: reopen.path, keepingPanels: reopen.keepingPanels, in: photoContext))
        }
        if let purpose = answer.then { proceed(with: purpose) }
        if let purpose = answer.leave { requestClose(purpose) }
        return answer.name
    }

    private mutating func handle(_ event: AppEvent) -> String {
        switch event {
        case let .start(files):
            return take(session.start(with: files, in: photoContext))
        case let .input(input):
            let response = stack.route(input, pointer: &pointer, in: context)
            carryOut(response.effects)
            return response.name ?? "key"
        case let .resized(width, height):
            let name = take(layout.resize(width: width, height: height))
            carryOut(stack.windowResized(in: context))
            return name
        case .focusLost:
            stack.modify(CanvasComponent.self) { $0.focusLost() }
            return "focusLost"
        case .closeRequested:
            perform(.quit)
            return "closeRequested"
        case let .drag(event):
            return chrome.dragged(event)
        case let .windowStatesChanged(states):
            chrome.windowStates = states
            return "windowStates"
        case let .droppedURIs(uriList):
            return take(Dropping.dropped(uriList: uriList))
        case let .dropped(photos):
            return take(Dropping.found(photos))
        case let .displayProfileChanged(profile):
            guard profile != displayProfile else { return "displayProfileUnchanged" }
            displayProfile = profile
            return take(session.displayChanged(in: photoContext))
        case let .photoOpening(generation, decodedAhead):
            return session.decodeStarted(generation: generation, decodedAhead: decodedAhead)
        case let .cropOffered(crop, taken):
            return take(ClipboardOffer.offered(crop, taken: taken))
        case let .background(message):
            return receive(message)
        case .tick:
            if session.editor.animation != nil { apply(.tick(now: now)) }
            advanceAnimation()
            carryOut(stack.tick(in: context))
            return "tick"
        case .closing:
            return take(layout.closing())
        }
    }

    /// When the state next changes by itself: the editor's animation at 60 frames a second, a photo's animation's
    /// next frame, or a component's fade or tooltip. Nil while nothing would.
    func nextChange(at now: Double) -> Double? {
        let animation = session.editor.animation != nil ? now + 1.0 / 60 : nil
        return [animation, nextAnimationFrameAt, stack.nextChange(in: context)].compactMap { $0 }.min()
    }

    /// The first photo is out (shown, failed, or none was asked for): work that would compete with its decoding
    /// (reading the input devices, the window icon) may start. A HEIF's embedded thumbnail standing in for it is
    /// not: the tiles are still decoding on every core (the pointer keeps its plain shape meanwhile).
    var photoIsOut: Bool {
        guard let document = session.document else { return true }
        return (session.editor.imageSize != nil && !document.showsStandIn) || document.loadError != nil
    }

    /// The canvas in device pixels: EditorState's view size.
    var canvasSize: Size { layout.canvasSize }

    /// The one way the window changes the editor; the aspect lock in use becomes the one new photos start with.
    mutating func apply(_ action: EditorAction) {
        session.editor.apply(action)
        if session.editor.imageSize != nil, session.editor.aspect != settings.aspect { settings.aspect = session.editor.aspect }
    }

    mutating func showNotice(_ text: String) {
        let now = now
        stack.modify(ChromeComponent.self) { $0.showNotice(text, at: now) }
    }

    mutating func showBanner(_ text: String?) {
        stack.modify(ChromeComponent.self) { $0.showBanner(text) }
    }

    /// An editor with nothing loaded, fitted to this window: its canvas, its interface scale (handle reach and the
    /// padding round the photo grow with it) and the user's settings.
    func freshEditor() -> EditorState {
        Self.freshEditor(layout: layout, settings: settings)
    }

    static func freshEditor(layout: WindowLayout, settings: Settings) -> EditorState {
        var fresh = EditorState()
        let inset = Viewport.defaultInset
        let scale = layout.scale
        fresh.apply(.setInterfaceScale(scale))
        fresh.apply(.setContentInset(EdgeInsets(top: inset.top * scale, left: inset.left * scale,
                                                bottom: inset.bottom * scale, right: inset.right * scale)))
        fresh.apply(.resizeView(Size(width: layout.deviceCanvas.width, height: layout.deviceCanvas.height)))
        fresh.apply(.setRecentersAfterDrag(settings.recentersAfterDrag))
        fresh.apply(.setAspectForNewPhotos(settings.aspect))
        fresh.apply(.setLossless(settings.lossless))
        return fresh
    }
}

/// The app state's parts that show on screen besides the editor and the components, compared whole to tell
/// whether a frame is needed; the editor is compared on its own (a drag repaints only round the box).
struct ShownParts: Equatable {
    let session: Session
    let saving: SaveProgress
    let chrome: WindowChrome
    let found: PanelFindings
    var batch = BatchState()
    var upright = UprightProgress()

    static func == (lhs: ShownParts, rhs: ShownParts) -> Bool {
        lhs.differsAtMostInBatch(from: rhs) && lhs.batch == rhs.batch
    }

    /// Everything but the grid's batch (and the editor, which a frame compares on its own) is the same.
    func differsAtMostInBatch(from other: ShownParts) -> Bool {
        session.matches(other.session) && saving == other.saving && chrome == other.chrome && found == other.found
            && upright == other.upright
    }
}
