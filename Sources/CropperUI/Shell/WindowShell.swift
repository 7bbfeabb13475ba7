import BuildInfo
import CCairo
import EditorState
import Foundation
import PhotoIO
import X11Platform

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
    /// Called first thing in main with the raw arguments of a command that opens the window, before they are parsed:
    /// when one of them names a file, its reading and its decoder's libraries begin at once (`EarlyPreviewDecode`).
    public static func prepare(arguments: [String]) {
        HeapPolicy.forSession()
        EarlyPreviewDecode.begin(oneOf: arguments)
    }

    /// Opens the window and runs it until the user closes it.
    public static func run(_ options: EditorOptions) throws {
        HeapPolicy.forSession()
        let shell = try WindowShell(options: options)
        shell.run()
    }
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
    /// When the last frame was presented, and the `seq` it showed.
    var presentedAt = -Double.infinity
    var presentedSeq = -1
    /// A frame held back until then: background news alone during a batch (a photo written).
    var heldUntil: Double?

    /// While a batch saves, frames that only show its progress come at most this often; input is drawn at once.
    static let progressInterval = 0.1

    /// Whether a frame asked for now waits: a batch is saving, nothing was input since the last frame, and that
    /// frame is less than `progressInterval` old. Forty photos written by two workers would otherwise each cost a
    /// full repaint of the window on the CPU they are using.
    mutating func holds(now: Double, batchSaving: Bool) -> Bool {
        guard batchSaving, seq == presentedSeq, now < presentedAt + Self.progressInterval else {
            heldUntil = nil
            return false
        }
        heldUntil = presentedAt + Self.progressInterval
        return true
    }
}

/// The window's adapter: X input becomes `AppEvent`s for the app state, whose `apply` decides everything; the
/// jobs it answers are carried out in `WindowShell+Jobs`. What is left here is plumbing: frames, the state log, the
/// title and pointer shape X shows, and settings written to disk when the state's differ.
final class WindowShell: WindowClient {
    /// The title X shows; empty until the first is set, so that "Cropper" alone is set too.
    private var shownTitle = ""
    let window: X11Window
    let presenter: ShmPresenter
    let services: WindowServices
    var state: AppState
    var frames = FrameState()
    /// With frame stats on: what the loop did since the last frame, written with the next one.
    var trace: LoopTrace?
    private var stopRequested = false
    /// Until quit, and while the clipboard manager takes the copied crop after it.
    var isRunning: Bool { !stopRequested || window.clipboard.isHandingOff }

    init(options: EditorOptions) throws {
        let settings = SettingsStore(path: SettingsStore.defaultPath())
        let early = EarlyPreviewDecode.start(files: options.files, width: options.width, height: options.height,
                                             settings: settings.settings)
        window = try X11Window.opened(width: options.width, height: options.height, remembered: settings.settings.windowSize)
        presenter = ShmPresenter(window: window)
        services = WindowServices(window: window, settings: settings, version: options.version,
                                  environment: ProcessInfo.processInfo.environment, earlyDecode: early)
        let layout = WindowLayout(deviceWidth: window.width, deviceHeight: window.height, scale: window.scale)
        state = AppState(settings: settings.settings, layout: layout, world: services.world,
                         samplePath: AssetLocator.samplePath())
        state.displayProfile = services.displayProfile
        if services.frameStats != nil { trace = LoopTrace() }
        update(with: .start(files: options.files))
    }

    func run() {
        window.show()
        log("start")
        window.run(self, wakeDescriptor: services.wakePipe.readDescriptor, clock: services.clock)
        _ = state.apply(.closing, at: services.clock())
        storeSettings()
        services.settings.writeNow()
        services.recentFiles.finish()
    }

    func stop() {
        stopRequested = true
        if window.clipboard.beginHandoff() {
            window.hide()
            log("clipboardHandoff")
        }
    }

    var context: WindowContext { state.context }
    var session: Session { state.session }
    var stack: ComponentStack { state.stack }
    var layout: WindowLayout { state.layout }

    // MARK: WindowClient

    func handle(_ event: WindowEvent) {
        trace?.handledEvent()
        traced(.input) { handleEvent(event) }
    }

    private func handleEvent(_ event: WindowEvent) {
        switch event {
        case .exposed:
            frames.isNeeded = true
            frames.repaintsAll = true
        case .focusLost:
            update(with: .focusLost)
        case .displayProfileChanged:
            log(update(with: .displayProfileChanged(DisplayProfile.shown(onScreenWith: window.displayProfileBytes()))))
        case let .sync(token):
            frames.seq += 1
            frames.isNeeded = true
            log("sync", extra: [("syncToken", .integer(token))])
        case .clipboardHandoffAnswered:
            frames.seq += 1
            log("clipboardHandoffAnswered")
        case let .windowStates(states):
            log(update(with: .windowStatesChanged(states)))
        case let .pasted(text):
            frames.seq += 1
            log(text.map { update(with: .input(.paste($0)), isInput: true) } ?? "pasteRefused")
        case let .dropped(uriList):
            frames.seq += 1
            log(update(with: .droppedURIs(uriList), isInput: true))
        case let .resized(width, height):
            frames.seq += 1
            frames.isNeeded = true
            frames.repaintsAll = true
            log(update(with: .resized(width: width, height: height), isInput: true))
        default:
            frames.seq += 1
            log(respond(to: event))
        }
    }

    /// X input as the app state takes it: presses and wheel clicks apart, smooth scrolling as wheel steps.
    private func respond(to event: WindowEvent) -> String {
        func input(_ input: WindowInput) -> String { update(with: .input(input), isInput: true) }
        switch event {
        case let .keyPress(key): return input(.key(key))
        case let .keyRelease(level0): return input(.keyRelease(level0: level0))
        case let .buttonPress(button, x, y, time, modifiers):
            let point = WindowPoint(x: x, y: y)
            if let direction = Bindings.wheelDirection(button: button) {
                return input(.wheel(WheelStep(direction: direction, at: point, modifiers: modifiers)))
            }
            return input(.press(PointerPress(button: button, at: point, time: time, modifiers: modifiers)))
        case let .buttonRelease(button, x, y, _, _):
            guard Bindings.wheelDirection(button: button) == nil else { return "buttonRelease" }
            return input(.release(WindowPoint(x: x, y: y)))
        case let .motion(x, y, _): return input(.motion(WindowPoint(x: x, y: y)))
        case let .scroll(clicks, x, y, modifiers):
            let steps = WheelStep.steps(clicks, at: WindowPoint(x: x, y: y), modifiers: modifiers)
            return steps.map { input(.wheel($0)) }.last ?? "wheel"
        case let .pinch(step): return input(.pinch(step))
        case .pointerLeft: return input(.pointerLeft)
        case .closeRequested: return update(with: .closeRequested, isInput: true)
        case let .drag(drag): return update(with: .drag(drag), isInput: true)
        case .exposed, .sync, .focusLost, .resized, .displayProfileChanged, .dropped, .pasted, .clipboardHandoffAnswered,
             .windowStates:
            return "notInput"
        }
    }

    func handleWakeUp() {
        for message in services.wakePipe.drain() {
            let name = traced(.message) { take(message) }
            trace?.handledMessage(name)
        }
    }

    /// One background result, to its cache or to the app state; returns the state log's name for it.
    private func take(_ message: BackgroundMessage) -> String {
        if !message.feedsOnlyTheState {
            frames.isNeeded = true
            frames.repaintsAll = true
        }
        switch services.absorb(message) {
        case let .forState(event):
            let before = LoggedFacts(state)
            let name = update(with: event)
            log(name, unchanged: message.feedsOnlyTheState && LoggedFacts(state).isSame(as: before))
            return name
        case let .absorbed(name):
            log(name)
            return name
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
        traced(.tick) {
            update(with: .tick)
            if frames.isNeeded { log("tick") }
        }
        frames.isNeeded = frames.isNeeded || wasNeeded
    }

    func nextWakeUp(now: Double) -> Double? {
        var wake: Double?
        func earliest(_ time: Double) { wake = min(wake ?? time, time) }
        if let due = services.settings.writeDueAt { earliest(due) }
        frames.selfChangeAt = state.nextChange(at: now)
        if let change = frames.selfChangeAt { earliest(change) }
        if let held = frames.heldUntil { earliest(held) }
        return wake
    }

    func redrawIfNeeded() {
        guard frames.isNeeded, !frames.holds(now: services.clock(), batchSaving: state.batch.isSaving) else { return }
        frames.isNeeded = false
        let start = MonotonicClock.now(), cpuStart = MonotonicClock.threadCPU(), allStart = MonotonicClock.processCPU()
        guard let surface = presenter.prepare(width: layout.deviceWidth, height: layout.deviceHeight) else { return }
        let drawing = DrawnFrame(editor: session.editor, shown: state.shown, stack: stack, layout: layout,
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
        let rendered = MonotonicClock.now(), cpuRendered = MonotonicClock.threadCPU()
        let painted = damage ?? [LayoutRect(x: 0, y: 0, width: Double(layout.deviceWidth), height: Double(layout.deviceHeight))]
        presenter.present(painted.map { PresentedArea(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        let presented = MonotonicClock.now(), cpuPresented = MonotonicClock.threadCPU()
        frames.presentedAt = services.clock()
        frames.presentedSeq = frames.seq
        let since = trace?.frameDone(render: cpuRendered - cpuStart, present: cpuPresented - cpuRendered,
                                     drawn: drawWork)
        services.frameStats?.record(render: rendered - start, present: presented - rendered,
                                    cpu: cpuPresented - cpuStart, allCPU: MonotonicClock.processCPU() - allStart,
                                    painted: painted.reduce(0) { $0 + Int($1.width * $1.height) }, width: layout.deviceWidth,
                                    height: layout.deviceHeight, activity: describe(session.editor.activity),
                                    since: since)
        // The presenter waited for the server to take the frame: the line says it is on screen.
        log("frame", extra: services.text.checksFit ? [("text", services.text.takeFit().json)] : [])
        if !window.isInputPrepared, state.photoIsOut {
            // Once the photo is out: reading them (some 50 ms) would compete with its decoding on a busy machine.
            window.prepareInput()
            WindowIcon.set(on: window)
        }
    }

    // MARK: Applying events

    /// Applies `event` to the app state, carries out the jobs it answers, and asks for a frame when the editor,
    /// the session or a component changed. The pointer's shape is worked out again after input (the pointer
    /// moved) and after a change, not on every idle tick. Returns the state log's name for the event.
    @discardableResult
    func update(with event: AppEvent, isInput: Bool = false) -> String {
        let editor = state.session.editor, components = state.stack, shown = state.shown
        let jobs = state.apply(event, at: services.clock())
        let name = state.lastEvent
        for job in jobs {
            trace?.carriedOut(job)
            carryOut(job)
        }
        if state.chrome.title != shownTitle {
            shownTitle = state.chrome.title
            window.setTitle(shownTitle)
        }
        window.acceptsDrops = state.acceptsDrops
        storeSettings()
        let changed = state.session.editor != editor || state.shown != shown || !state.stack.isSame(as: components)
        if changed { frames.isNeeded = true }
        if changed || isInput { window.setPointerShape(state.stack.pointerShape(for: state.pointer, in: context)) }
        return name
    }

    /// The settings the state holds, to disk a moment after they change.
    private func storeSettings() {
        guard state.settings != services.settings.settings else { return }
        let settings = state.settings
        services.settings.update(now: services.clock()) { $0 = settings }
    }

    /// A line in the state log; an event that changed nothing the snapshot is made from (`unchanged`) repeats the
    /// last line's snapshot rather than making it again.
    func log(_ event: String, extra: [(String, JSONValue)] = [], unchanged: Bool = false) {
        guard let stateLog = services.stateLog else { return }
        traced(.log) {
            if unchanged, extra.isEmpty, stateLog.recordUnchanged(event: event, seq: frames.seq) { return }
            stateLog.record(event: event, seq: frames.seq, snapshot: StateSnapshot(shell: self, extra: extra).json,
                            repeatable: extra.isEmpty)
        }
    }

    /// `body`, its CPU time added to the trace's `part` when there is a trace.
    private func traced<T>(_ part: LoopTrace.Part, _ body: () -> T) -> T {
        guard trace != nil else { return body() }
        let start = MonotonicClock.threadCPU()
        let result = body()
        trace?.spent(MonotonicClock.threadCPU() - start, in: part)
        return result
    }

    /// The drawing parts' running counts of their costly steps, for the trace.
    private var drawWork: DrawWork {
        let thumbnails = services.thumbnails
        return DrawWork(textLayouts: services.text.layoutsMade, textCacheTurnovers: services.text.cacheTurnovers,
                        thumbnailsConverted: thumbnails.converted, thumbnailsFitted: thumbnails.fittedCopiesMade)
    }
}
