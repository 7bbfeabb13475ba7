import BuildInfo
import CCairo
import CX11
import EditorState
import Foundation
import PhotoIO

/// How the editor window is started.
public struct EditorOptions: Sendable {
    /// The photos to open: the first is shown, Page Up / Page Down step through the rest.
    public var files: [String]
    public var width: Int?
    public var height: Int?
    /// The executable's version, recorded in the thumbnails Cropper writes.
    public var version: String

    public init(files: [String], width: Int? = nil, height: Int? = nil, version: String = BuildInfo.version) {
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
        let shell = try WindowShell(options: options)
        shell.run()
    }
}

/// Where the pointer is and which component holds it (the one that took the press, until the release).
struct PointerState {
    var position: WindowPoint?
    var holder: ComponentKind?
}

/// Whether the window needs a new frame, and the state log's count of handled input events.
struct FrameState {
    var isNeeded = true
    /// Something not in the drawn state changed (the window was uncovered, background work arrived): the next
    /// frame repaints everything.
    var repaintsAll = true
    var drawn: DrawnFrame?
    var seq = 0
    /// When a component said it would next change by itself (a fade, a tooltip); a frame is due then.
    var selfChangeAt: Double?
}

/// The window: the X connection, the presenter, the services, the session and the stack of components. It
/// turns X events into component input, carries out the effects the components answer, and draws them
/// bottom-up once per frame. Effects are carried out in `WindowShell+Effects`; background work in
/// `WindowShell+Background`.
final class WindowShell: EventLoopClient {
    let window: X11Window
    let presenter: ShmPresenter
    let services: WindowServices
    var session = Session()
    var stack: ComponentStack
    var layout: WindowLayout
    var pointer = PointerState()
    var frames = FrameState()
    private var stopRequested = false
    /// Until quit, and while the clipboard manager takes the copied crop after it.
    var isRunning: Bool { !stopRequested || services.clipboard.isHandingOff }

    init(options: EditorOptions) throws {
        let settings = SettingsStore(path: SettingsStore.defaultPath())
        let early = EarlyPreviewDecode.start(files: options.files, width: options.width, height: options.height,
                                             settings: settings.settings)
        window = try X11Window(width: options.width, height: options.height, remembered: settings.settings.windowSize)
        presenter = ShmPresenter(window: window)
        services = WindowServices(window: window, settings: settings, version: options.version,
                                  environment: ProcessInfo.processInfo.environment, earlyDecode: early)
        layout = WindowLayout(deviceWidth: window.width, deviceHeight: window.height, scale: window.scale)
        stack = ComponentStack([CanvasComponent(), StraightenDialComponent(), ChromeComponent()])
        session.samplePath = AssetLocator.samplePath()
        session.editor = freshEditor()
        if let list = DocumentList.opening(options.files.map(SavePaths.absolute)) {
            show(list)
        } else {
            openPicker(isStartup: true)
        }
    }

    func run() {
        window.show()
        log("start")
        EventLoop(display: window.display, wakeDescriptor: services.wakePipe.readDescriptor, clock: services.clock).run(self)
        rememberWindowSize()
        services.settings.writeNow()
        services.recentFiles.finish()
    }

    /// The canvas in device pixels: EditorState's view size.
    var canvasSize: Size { Size(width: layout.deviceCanvas.width, height: layout.deviceCanvas.height) }

    func stop() {
        stopRequested = true
        if services.clipboard.beginHandoff() {
            window.hide()
            log("clipboardHandoff")
        }
    }

    /// What components read: built afresh for every call, so none holds on to the shell's state.
    var context: WindowContext {
        WindowContext(layout: layout, editor: session.editor, session: session, settings: services.settings.settings,
                      text: services.text, thumbnails: services.thumbnails, imageCache: services.imageCache,
                      library: services.library, now: services.clock())
    }

    // MARK: EventLoopClient

    func handle(_ event: XEvent) {
        for input in InputRouter(window: window, scale: layout.scale).decode(event) { handle(input) }
    }

    private func handle(_ input: InputEvent) {
        switch input {
        case .exposed:
            frames.isNeeded = true
            frames.repaintsAll = true
            return
        case .focusLost:
            // Not input: a Space held down will never be seen going up.
            changing {
                stack.modify(CanvasComponent.self) { $0.focusLost() }
                return "focusLost"
            }
            return
        case let .resized(width, height) where !window.noteSize(width: width, height: height):
            return
        case let .selectionRequest(request):
            services.clipboard.answer(request)
            return
        case let .selectionClear(selection):
            services.clipboard.lost(selection)
            return
        case let .propertyChanged(property):
            if services.displayWatch.isChange(property) { displayProfileChanged() }
            services.clipboard.propertyChanged(property)
            return
        case let .sync(token):
            frames.seq += 1
            frames.isNeeded = true
            log("sync", extra: [("syncToken", .integer(token))])
            return
        default:
            frames.seq += 1
        }
        log(changing(isInput: true) { respond(to: input) })
    }

    private func respond(to input: InputEvent) -> String {
        switch input {
        case let .keyPress(key):
            services.clipboard.lastEventTime = Time(key.time)
            return route(.key(key))
        case let .keyRelease(level0): return route(.keyRelease(level0: level0))
        case let .buttonPress(button, x, y, time, modifiers):
            services.clipboard.lastEventTime = Time(time)
            let point = WindowPoint(x: x, y: y)
            if let direction = Bindings.wheelDirection(button: button) {
                return route(.wheel(WheelStep(direction: direction, at: point, modifiers: modifiers)))
            }
            return route(.press(PointerPress(button: button, at: point, time: time, modifiers: modifiers)))
        case let .buttonRelease(button, x, y, _, _):
            guard Bindings.wheelDirection(button: button) == nil else { return "buttonRelease" }
            return route(.release(WindowPoint(x: x, y: y)))
        case let .motion(x, y, _): return route(.motion(WindowPoint(x: x, y: y)))
        case let .scroll(clicks, x, y, modifiers):
            let steps = WheelStep.steps(clicks, at: WindowPoint(x: x, y: y), modifiers: modifiers)
            return steps.map { route(.wheel($0)) }.last ?? "wheel"
        case let .pinch(step): return route(.pinch(step))
        case .pointerLeft: return route(.pointerLeft)
        case .closeRequested:
            perform(.quit)
            return "closeRequested"
        case let .resized(width, height):
            layout = WindowLayout(deviceWidth: width, deviceHeight: height, scale: layout.scale)
            apply(.resizeView(canvasSize))
            rememberWindowSize()
            frames.isNeeded = true
            frames.repaintsAll = true
            return "resize"
        case let .dragAndDrop(message): return dragMessage(message)
        case let .selectionNotify(selection, _) where services.clipboard.isHandoffAnswer(selection: selection):
            services.clipboard.handoffAnswered()
            return "clipboardHandoffAnswered"
        case let .selectionNotify(selection, property) where services.clipboard.handles(selection):
            guard let text = services.clipboard.received(property: property) else { return "pasteRefused" }
            return route(.paste(text))
        case let .selectionNotify(selection, property): return dropDataArrived(selection: selection, property: property)
        case .exposed, .sync, .focusLost, .selectionRequest, .selectionClear, .propertyChanged: return "notInput"
        }
    }

    private func route(_ input: WindowInput) -> String {
        let response = stack.route(input, pointer: &pointer, in: context)
        carryOut(response.effects)
        return response.name ?? "key"
    }

    func handleWakeUp() {
        for message in services.wakePipe.drain() {
            frames.isNeeded = true
            frames.repaintsAll = true
            log(changing { receive(message) })
        }
    }

    func tick(now: Double) {
        services.settings.writeIfDue(now: now)
        if let due = frames.selfChangeAt, due <= now {
            frames.selfChangeAt = nil
            frames.isNeeded = true
        }
        let wasNeeded = frames.isNeeded
        frames.isNeeded = false
        changing {
            if session.editor.animation != nil { apply(.tick(now: now)) }
            carryOut(stack.tick(in: context))
            return "tick"
        }
        if frames.isNeeded { log("tick") }
        frames.isNeeded = frames.isNeeded || wasNeeded
    }

    func nextWakeUp(now: Double) -> Double? {
        var wake: Double?
        func earliest(_ time: Double) { wake = min(wake ?? time, time) }
        if session.editor.animation != nil { earliest(now + 1.0 / 60) }
        if let due = services.settings.writeDueAt { earliest(due) }
        // The clipboard manager's patience is counted on the monotonic clock, which tests do not replace.
        if services.clipboard.isHandingOff { earliest(now + 0.25) }
        frames.selfChangeAt = stack.nextChange(in: context)
        if let change = frames.selfChangeAt { earliest(change) }
        return wake
    }

    func redrawIfNeeded() {
        guard frames.isNeeded else { return }
        frames.isNeeded = false
        let start = MonotonicClock.now(), cpuStart = MonotonicClock.threadCPU()
        guard let surface = presenter.prepare(width: layout.deviceWidth, height: layout.deviceHeight) else { return }
        let drawing = DrawnFrame(editor: session.editor, look: session.look, stack: stack, layout: layout,
                                 photoVersion: services.imageCache.version)
        let damage = frames.repaintsAll ? nil : frames.drawn?.damage(to: drawing)
        let cr = cairo_create(surface)!
        if let damage {
            for rect in damage { cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height) }
            cairo_clip(cr)
        }
        stack.draw(in: context, on: cr)
        cairo_destroy(cr)
        frames.drawn = drawing
        frames.repaintsAll = false
        let rendered = MonotonicClock.now()
        presenter.present(damage ?? [LayoutRect(x: 0, y: 0, width: Double(layout.deviceWidth),
                                                height: Double(layout.deviceHeight))])
        let presented = MonotonicClock.now()
        services.frameStats?.record(render: rendered - start, present: presented - rendered,
                                    cpu: MonotonicClock.threadCPU() - cpuStart, width: layout.deviceWidth,
                                    height: layout.deviceHeight, activity: describe(session.editor.activity))
        // The presenter waited for the server to take the frame: the line says it is on screen.
        log("frame", extra: services.text.checksFit ? [("text", services.text.takeFit().json)] : [])
        if !window.isInputPrepared, session.editor.imageSize != nil || session.document?.loadError != nil
            || session.document == nil {
            // Once the photo is out: reading them (some 50 ms) would compete with its decoding on a busy machine.
            window.prepareInput()
            WindowIcon.set(on: window)
        }
    }

    // MARK: Changes and the log

    /// Runs `work` and asks for a frame when it changed the editor, the session or a component. The pointer's
    /// shape is worked out again after input (the pointer moved) and after a change, not on every idle tick.
    /// Returns the name `work` gave the event.
    @discardableResult
    func changing(isInput: Bool = false, _ work: () -> String) -> String {
        let editor = session.editor, components = stack, look = session.look
        let name = work()
        updateTitle()
        let changed = session.editor != editor || session.look != look || !stack.isSame(as: components)
        if changed { frames.isNeeded = true }
        if changed || isInput { window.setPointerShape(stack.pointerShape(for: pointer, in: context)) }
        return name
    }

    func log(_ event: String, extra: [(String, JSONValue)] = []) {
        guard let stateLog = services.stateLog else { return }
        stateLog.record(event: event, seq: frames.seq, snapshot: StateSnapshot(shell: self, extra: extra).json)
    }

    func updateTitle() {
        let position = session.documents?.position.map { " (\($0))" } ?? ""
        let title = session.document.map { (session.editor.isDirty ? "• " : "") + "\(PathNames.shown($0.name))\(position) — Cropper" }
            ?? "Cropper"
        guard title != session.title else { return }
        session.title = title
        window.setTitle(title)
    }
}

