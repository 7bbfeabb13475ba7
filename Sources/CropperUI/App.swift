import CCairo
import CX11
import EditorState
import Foundation
import PhotoLibrary

/// How the editor window is started.
public struct EditorOptions: Sendable {
    /// The photos to open: the first is shown, Page Up / Page Down step through the rest.
    public var files: [String]
    public var width: Int?
    public var height: Int?
    /// The executable's version, recorded in the thumbnails Cropper writes.
    public var version: String

    public init(files: [String], width: Int? = nil, height: Int? = nil, version: String = "0.1.0") {
        self.files = files
        self.width = width
        self.height = height
        self.version = version
    }
}

public enum EditorWindow {
    /// Opens the window and runs it until the user closes it.
    public static func run(_ options: EditorOptions) throws {
        // Buffers of 1 MiB and more (photos, previews, display caches, encoded files) get mappings of their
        // own, given back when freed, and the short-lived loader and writer threads share one heap. Left to
        // itself glibc raises the threshold after the first such free and keeps freed photos in a heap per
        // thread, where they fragment: a long session grew by tens of megabytes.
        mallopt(M_MMAP_THRESHOLD, 1 << 20)
        mallopt(M_ARENA_MAX, 2)
        let app = try EditorApp(options: options)
        app.run()
    }
}

/// The editor window: turns X events into `EditorAction`s and commands, and draws what the state says.
final class EditorApp: EventLoopClient {
    let window: X11Window
    let presenter: ShmPresenter
    let text: TextRenderer
    let wakePipe: WakePipe<BackgroundMessage>
    let imageCache: DisplayImageCache
    let stateLog: StateLog?
    let frameStats: FrameStats?
    let settings: SettingsStore
    let recentFiles = RecentFiles()
    let dropTarget: DropTarget
    let samplePath = AssetLocator.samplePath()
    let library = XDGEnvironment.current()
    let version: String
    /// Thumbnails big enough for the strip's widest usual photo (3:2, 192 interface pixels) at the scale.
    lazy var thumbnails = ThumbnailStore(environment: library, version: version,
                                         minimumPixels: Int((192 * layout.scale).rounded()), pipe: wakePipe)

    var state = EditorState()
    var ui = UIState()
    var document: Document?
    var layout: WindowLayout
    var drag = PointerDrag.none
    var doubleClick = DoubleClickDetector()
    var spaceHeld = false
    var pointer: (x: Double, y: Double)?
    var saving: SaveJob?
    var lastSaved: String?
    var afterSave: ConfirmOverlay.Purpose?
    var generation = 0
    var needsRedraw = true
    private(set) var isRunning = true
    private(set) var windowTitle = ""

    init(options: EditorOptions) throws {
        version = options.version
        wakePipe = WakePipe<BackgroundMessage>()
        imageCache = DisplayImageCache(replyTo: wakePipe)
        let settings = SettingsStore(path: SettingsStore.defaultPath())
        self.settings = settings
        window = try X11Window(width: options.width, height: options.height, remembered: settings.settings.windowSize)
        presenter = ShmPresenter(window: window)
        dropTarget = DropTarget(window: window)
        text = TextRenderer(scale: window.scale)
        layout = WindowLayout(deviceWidth: window.width, deviceHeight: window.height, scale: window.scale)
        let environment = ProcessInfo.processInfo.environment
        stateLog = environment["CROPPER_STATE_LOG"].flatMap { StateLog(path: $0) }
        frameStats = environment["CROPPER_FRAME_STATS"].flatMap { FrameStats(path: $0) }
        state = freshState()
        updateTitle()
        if let list = DocumentList(paths: options.files.map(SavePaths.absolute)) {
            show(list)
        } else {
            openPicker(isStartup: true)
        }
        // While the photo decodes.
        window.prepareInput()
        WindowIcon.set(on: window)
    }

    func run() {
        window.show()
        logState(event: "start")
        EventLoop(display: window.display, wakeDescriptor: wakePipe.readDescriptor).run(self)
        rememberWindowSize()
        settings.writeNow()
        recentFiles.finish()
    }

    func stop() {
        isRunning = false
    }

    /// The canvas in device pixels: EditorState's view size.
    var canvasSize: Size { Size(width: layout.deviceCanvas.width, height: layout.deviceCanvas.height) }

    /// A window point (interface pixels) in canvas coordinates (device pixels, the ones EditorState uses).
    func canvasPoint(_ x: Double, _ y: Double) -> Point {
        Point(x: x * layout.scale - layout.deviceCanvas.x, y: y * layout.scale - layout.deviceCanvas.y)
    }

    /// The one way the window changes the editor.
    func apply(_ action: EditorAction) {
        state.apply(action)
        needsRedraw = true
        updateTitle()
        rememberAspect()
    }

    func updateTitle() {
        let position = ui.documents?.position.map { " (\($0))" } ?? ""
        let newTitle = document.map { (state.isDirty ? "• " : "") + "\($0.name)\(position) — Cropper" } ?? "Cropper"
        guard newTitle != windowTitle else { return }
        windowTitle = newTitle
        window.setTitle(newTitle)
    }

    /// A change that is not input (a background result, a timer).
    func logState(event: String) {
        stateLog?.record(event: event, snapshot: StateSnapshot(app: self), overlays: overlayNames)
    }

    /// The overlays above the canvas, top first: the order keys reach them.
    var overlayNames: [String] {
        var names: [String] = []
        if ui.confirm != nil { names.append("confirm") }
        if ui.showsShortcuts { names.append("shortcuts") }
        if ui.fileDialog != nil { names.append("dialog") }
        if ui.picker != nil { names.append("picker") }
        if ui.numeric != nil { names.append("numericEntry") }
        return names
    }

    // MARK: EventLoopClient

    func handle(_ event: XEvent) {
        guard let input = InputRouter(window: window, scale: layout.scale).decode(event) else { return }
        let name: String
        var syncToken: Int?
        switch input {
        case let .buttonPress(button, x, y, time, modifiers):
            name = buttonPressed(button, x: x, y: y, time: time, modifiers: modifiers)
        case let .buttonRelease(button, x, y, _, _):
            name = buttonReleased(button, x: x, y: y)
        case let .motion(x, y, _):
            name = pointerMoved(x: x, y: y)
        case .pointerLeft:
            pointerLeft()
            name = "pointerLeft"
        case let .keyPress(key):
            name = keyPressed(key)
        case let .keyRelease(level0):
            keyReleased(level0)
            name = "keyRelease"
        case .closeRequested:
            perform(.quit)
            name = "closeRequested"
        case let .resized(width, height):
            guard window.noteSize(width: width, height: height) else { return }
            layout = WindowLayout(deviceWidth: width, deviceHeight: height, scale: layout.scale)
            apply(.resizeView(canvasSize))
            rememberWindowSize()
            name = "resize"
        case .exposed:
            needsRedraw = true
            return
        case .focusLost:
            spaceHeld = false
            return
        case let .dragAndDrop(message):
            guard let event = dragMessage(message) else { return }
            name = event
        case let .selectionNotify(selection, property):
            guard let event = dropDataArrived(selection: selection, property: property) else { return }
            name = event
        case let .sync(token):
            // A frame follows, so the test knows when everything before the barrier is on screen.
            needsRedraw = true
            syncToken = token
            name = "sync"
        }
        stateLog?.recordInput(event: name, snapshot: StateSnapshot(app: self), overlays: overlayNames, syncToken: syncToken)
    }

    func handleWakeUp() {
        for message in wakePipe.drain() {
            logState(event: receive(message))
        }
    }

    func tick(now: Double) {
        settings.writeIfDue(now: now)
        if state.animation != nil {
            apply(.tick(now: now))
            logState(event: "tick")
        }
        if let toast = ui.toast {
            if toast.isExpired(at: now) {
                ui.toast = nil
                logState(event: "toastExpired")
            }
            needsRedraw = true
        }
        if panelsAnimate(at: now) { needsRedraw = true }
        if ui.tooltipDue(at: now) && now - ui.hoverStartedAt < UIState.tooltipDelay + 0.1 {
            needsRedraw = true
        }
    }

    func nextWakeUp(now: Double) -> Double? {
        var wake: Double?
        func earliest(_ time: Double) { wake = min(wake ?? time, time) }
        if state.animation != nil { earliest(now + 1.0 / 60) }
        if let due = settings.writeDueAt { earliest(due) }
        if let toast = ui.toast {
            let fadeStart = toast.shownAt + Toast.duration - Toast.fade
            earliest(now >= fadeStart ? now + 1.0 / 30 : fadeStart)
        }
        if ui.hoveredButton != nil && !ui.tooltipDue(at: now) { earliest(ui.hoverStartedAt + UIState.tooltipDelay) }
        if panelsAnimate(at: now) { earliest(now + 1.0 / 30) }
        return wake
    }

    func redrawIfNeeded() {
        guard needsRedraw else { return }
        needsRedraw = false
        let start = MonotonicClock.now(), cpuStart = MonotonicClock.threadCPU()
        guard let surface = presenter.prepare(width: layout.deviceWidth, height: layout.deviceHeight) else { return }
        let cr = cairo_create(surface)!
        WindowRenderer(app: self).draw(on: cr, now: start)
        cairo_destroy(cr)
        let rendered = MonotonicClock.now()
        presenter.present()
        let presented = MonotonicClock.now()
        // present() waits for the server (XSync), so the frame is there before the line says so.
        stateLog?.recordFrame(snapshot: StateSnapshot(app: self), overlays: overlayNames)
        frameStats?.record(render: rendered - start, present: presented - rendered,
                           cpu: MonotonicClock.threadCPU() - cpuStart, width: layout.deviceWidth,
                           height: layout.deviceHeight, activity: describe(state.activity))
    }
}
