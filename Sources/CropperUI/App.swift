import CCairo
import CX11
import EditorState
import Foundation

/// How the editor window is started.
public struct EditorOptions: Sendable {
    public var file: String?
    public var width: Int?
    public var height: Int?

    public init(file: String?, width: Int? = nil, height: Int? = nil) {
        self.file = file
        self.width = width
        self.height = height
    }
}

public enum EditorWindow {
    /// Opens the window and runs it until the user closes it.
    public static func run(_ options: EditorOptions) throws {
        // Buffers of 4 MiB and more (decoded photos, display caches) get mappings of their own, given
        // back when freed, and the short-lived loader and writer threads share one heap. Left to itself
        // glibc raises the threshold after the first such free and keeps freed photos in a heap per
        // thread: a long session grew by tens of megabytes.
        mallopt(M_MMAP_THRESHOLD, 4 << 20)
        mallopt(M_ARENA_MAX, 2)
        let app = try EditorApp(options: options)
        app.run()
    }
}

/// The editor window: turns X events into `EditorAction`s and commands, and draws what the state says.
final class EditorApp: EventLoopClient {
    let window: X11Window
    let presenter: ShmPresenter
    let text = TextRenderer()
    let wakePipe = WakePipe<BackgroundMessage>()
    let imageCache = DisplayImageCache()
    let stateLog: StateLog?
    let frameStats: FrameStats?

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
        window = try X11Window(width: options.width, height: options.height)
        WindowIcon.set(on: window)
        presenter = ShmPresenter(window: window)
        layout = WindowLayout(width: window.width, height: window.height)
        let environment = ProcessInfo.processInfo.environment
        stateLog = environment["CROPPER_STATE_LOG"].flatMap { StateLog(path: $0) }
        frameStats = environment["CROPPER_FRAME_STATS"].flatMap { FrameStats(path: $0) }
        state.apply(.resizeView(canvasSize))
        updateTitle()
        if let file = options.file ?? AssetLocator.samplePath() {
            load(path: file)
        } else {
            ui.banner = Banner(text: "No photo given and the sample photo was not found. Press Ctrl+O to open one.")
        }
    }

    func run() {
        window.show()
        logState(event: "start")
        EventLoop(display: window.display, wakeDescriptor: wakePipe.readDescriptor).run(self)
    }

    func stop() {
        isRunning = false
    }

    var canvasSize: Size { Size(width: layout.canvas.width, height: layout.canvas.height) }

    /// A window point in canvas coordinates (the ones EditorState uses).
    func canvasPoint(_ x: Double, _ y: Double) -> Point {
        Point(x: x - layout.canvas.x, y: y - layout.canvas.y)
    }

    /// The one way the window changes the editor.
    func apply(_ action: EditorAction) {
        state.apply(action)
        needsRedraw = true
        updateTitle()
    }

    func updateTitle() {
        let name = document?.name
        let newTitle = name.map { (state.isDirty ? "• " : "") + "\($0) — Cropper" } ?? "Cropper"
        guard newTitle != windowTitle else { return }
        windowTitle = newTitle
        window.setTitle(newTitle)
    }

    func logState(event: String) {
        stateLog?.record(event: event, snapshot: StateSnapshot(app: self))
    }

    // MARK: EventLoopClient

    func handle(_ event: XEvent) {
        guard let input = InputRouter(window: window).decode(event) else { return }
        let name: String
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
            layout = WindowLayout(width: width, height: height)
            apply(.resizeView(canvasSize))
            name = "resize"
        case .exposed:
            needsRedraw = true
            return
        case .focusLost:
            spaceHeld = false
            return
        }
        logState(event: name)
    }

    func handleWakeUp() {
        for message in wakePipe.drain() {
            logState(event: receive(message))
        }
    }

    func tick(now: Double) {
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
        if ui.tooltipDue(at: now) && now - ui.hoverStartedAt < UIState.tooltipDelay + 0.1 {
            needsRedraw = true
        }
    }

    func nextWakeUp(now: Double) -> Double? {
        var wake: Double?
        func earliest(_ time: Double) { wake = min(wake ?? time, time) }
        if state.animation != nil { earliest(now + 1.0 / 60) }
        if let toast = ui.toast {
            let fadeStart = toast.shownAt + Toast.duration - Toast.fade
            earliest(now >= fadeStart ? now + 1.0 / 30 : fadeStart)
        }
        if ui.hoveredButton != nil && !ui.tooltipDue(at: now) { earliest(ui.hoverStartedAt + UIState.tooltipDelay) }
        return wake
    }

    func redrawIfNeeded() {
        guard needsRedraw else { return }
        needsRedraw = false
        let start = MonotonicClock.now()
        guard let surface = presenter.prepare(width: layout.width, height: layout.height) else { return }
        let cr = cairo_create(surface)!
        WindowRenderer(app: self).draw(on: cr, now: start)
        cairo_destroy(cr)
        let rendered = MonotonicClock.now()
        presenter.present()
        let presented = MonotonicClock.now()
        frameStats?.record(render: rendered - start, present: presented - rendered, width: layout.width,
                           height: layout.height, activity: describe(state.activity))
    }
}
