import CX11
import Foundation
import Glibc

/// A clipboard manager as freedesktop's convention describes one, run on its own X connection and thread: it owns
/// `CLIPBOARD_MANAGER`; asked for `SAVE_TARGETS`, it fetches the targets the requestor named from the CLIPBOARD
/// through one `MULTIPLE` conversion (reading INCR pieces as they come), takes the CLIPBOARD and answers; from
/// then on it serves what it kept. `refusing` answers every `SAVE_TARGETS` with None instead.
public final class ClipboardManagerFixture {
    private let session: ManagerSession
    private let thread: Thread

    /// What the manager kept, by target name.
    public var kept: [String: [UInt8]] { session.lock.withLock { session.keptByName } }

    public init(display name: String?, refusing: Bool = false) throws {
        guard let display = XOpenDisplay(name) else { throw HarnessError.noWindow }
        session = ManagerSession(display: display, refusing: refusing)
        guard session.takeManagerSelection() else {
            XCloseDisplay(display)
            throw HarnessError.toolFailed("another clipboard manager owns CLIPBOARD_MANAGER")
        }
        thread = Thread { [session] in session.run() }
        thread.start()
    }

    deinit {
        session.lock.withLock { session.stopping = true }
        while !thread.isFinished { usleep(10_000) }
    }
}

/// The manager's X side, used only by its own thread; `lock` guards what the test reads and the stop flag.
private final class ManagerSession: @unchecked Sendable {
    let display: OpaquePointer
    let window: Window
    let refusing: Bool
    let lock = NSLock()
    var keptByName: [String: [UInt8]] = [:]
    var stopping = false
    private var saving: XSelectionRequestEvent?
    private var kept: [Atom: [UInt8]] = [:]
    private var owningClipboard = false

    init(display: OpaquePointer, refusing: Bool) {
        self.display = display
        self.refusing = refusing
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
    func name(_ atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }

    func takeManagerSelection() -> Bool {
        XSetSelectionOwner(display, atom("CLIPBOARD_MANAGER"), window, Time(CurrentTime))
        return XGetSelectionOwner(display, atom("CLIPBOARD_MANAGER")) == window
    }

    func run() {
        defer {
            XDestroyWindow(display, window)
            XCloseDisplay(display)
        }
        var event = XEvent()
        while !lock.withLock({ stopping }) {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                handle(event)
            }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
    }

    private func handle(_ event: XEvent) {
        switch event.type {
        case SelectionRequest where event.xselectionrequest.selection == atom("CLIPBOARD_MANAGER"):
            let request = event.xselectionrequest
            guard request.target == atom("SAVE_TARGETS"), !refusing, saving == nil else {
                return reply(to: request, property: Atom(0))
            }
            let wanted = readProperty(on: request.requestor, request.property, delete: false).map(atoms) ?? []
            guard !wanted.isEmpty else { return reply(to: request, property: Atom(0)) }
            saving = request
            var pairs: [Atom] = []
            for (index, target) in wanted.enumerated() { pairs += [target, atom("KEPT_\(index)")] }
            write(pairs, on: window, atom("KEPT_PAIRS"), type: atom("ATOM_PAIR"))
            XConvertSelection(display, atom("CLIPBOARD"), atom("MULTIPLE"), atom("KEPT_PAIRS"), window, Time(CurrentTime))
        case SelectionNotify where event.xselection.target == atom("MULTIPLE"):
            guard let request = saving else { return }
            saving = nil
            let answered = event.xselection.property != Atom(0)
            let pairs = answered ? readProperty(on: window, atom("KEPT_PAIRS"), delete: true).map(atoms) ?? [] : []
            for index in stride(from: 0, to: pairs.count - 1, by: 2) where pairs[index + 1] != Atom(0) {
                guard let bytes = readWhole(pairs[index + 1]) else { continue }
                kept[pairs[index]] = bytes
                let target = name(pairs[index])
                lock.withLock { keptByName[target] = bytes }
            }
            if !kept.isEmpty {
                XSetSelectionOwner(display, atom("CLIPBOARD"), window, Time(CurrentTime))
                owningClipboard = true
            }
            reply(to: request, property: kept.isEmpty ? Atom(0) : request.property)
        case SelectionRequest where owningClipboard && event.xselectionrequest.selection == atom("CLIPBOARD"):
            serve(event.xselectionrequest)
        default:
            break
        }
    }

    private func serve(_ request: XSelectionRequestEvent) {
        if request.target == atom("TARGETS") {
            write([atom("TARGETS")] + Array(kept.keys), on: request.requestor, request.property, type: Atom(4))
            return reply(to: request, property: request.property)
        }
        guard var bytes = kept[request.target] else { return reply(to: request, property: Atom(0)) }
        XChangeProperty(display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes,
                        Int32(bytes.count))
        reply(to: request, property: request.property)
    }

    /// A property's bytes, following INCR: each deletion asks the owner for the next piece, an empty one ends it.
    private func readWhole(_ property: Atom) -> [UInt8]? {
        guard let first = readProperty(on: window, property, delete: true) else { return nil }
        guard first.type == atom("INCR") else { return first.bytes }
        var bytes: [UInt8] = []
        var event = XEvent()
        while true {
            XWindowEvent(display, window, PropertyChangeMask, &event)
            guard event.xproperty.atom == property, event.xproperty.state == PropertyNewValue else { continue }
            guard let piece = readProperty(on: window, property, delete: true) else { return nil }
            if piece.bytes.isEmpty { return bytes }
            bytes += piece.bytes
        }
    }

    private func readProperty(on owner: Window, _ property: Atom, delete: Bool) -> (type: Atom, format: Int32, bytes: [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, owner, property, 0, 1 << 26, delete ? 1 : 0, Atom(AnyPropertyType), &type,
                                 &format, &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        // 32-bit items come back as longs.
        let size = format == 32 ? Int(count) * MemoryLayout<UInt>.size : Int(count) * Int(format) / 8
        return (type, format, Array(UnsafeBufferPointer(start: data, count: size)))
    }

    private func atoms(_ property: (type: Atom, format: Int32, bytes: [UInt8])) -> [Atom] {
        guard property.format == 32 else { return [] }
        return property.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
    }

    private func write(_ atoms: [Atom], on owner: Window, _ property: Atom, type: Atom) {
        var atoms = atoms
        XChangeProperty(display, owner, property, type, 32, PropModeReplace,
                        atoms.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                        Int32(atoms.count))
    }

    private func reply(to request: XSelectionRequestEvent, property: Atom) {
        sendSelectionReply(on: display, to: request, property: property)
    }
}
