import CX11
import CropperTestSupport
import Foundation
import XCTest

/// A drag source that speaks XDND to a real window the way a file manager does: it owns the XdndSelection,
/// sends XdndEnter / XdndPosition / XdndDrop (or XdndLeave), answers the window's SelectionRequest with a
/// `text/uri-list` and reads back XdndStatus and XdndFinished.
final class XdndSource {
    let display: OpaquePointer
    let window: Window
    let target: Window

    /// What the target answered to a position: does it take the drop, and as which action.
    struct Status {
        let accepts: Bool
        let action: Atom
    }

    /// What the target said when the drop was over (version 5 fields).
    struct Finished {
        let accepted: Bool
        let action: Atom
    }

    init(displayName: String?, target: Window) throws {
        guard let display = XOpenDisplay(displayName) else { throw HarnessError.noWindow }
        self.display = display
        self.target = target
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        XFlush(display)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
    func name(of atom: Atom) -> String {
        guard atom != 0, let text = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(text) }
        return String(cString: text)
    }

    /// The version the target advertises in its XdndAware property; nil when it has none.
    func awareVersion() -> Int? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, target, atom("XdndAware"), 0, 1, 0, XA_ATOM, &type, &format, &count,
                                 &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type == XA_ATOM, format == 32, count == 1 else { return nil }
        return Int(UnsafeRawPointer(data).load(as: UInt.self))
    }

    /// XdndEnter offering `types`: in the message when there are at most three and `useTypeList` is false,
    /// else in the XdndTypeList property of the source window.
    func enter(version: Int, types: [String], useTypeList: Bool = false) {
        XSetSelectionOwner(display, atom("XdndSelection"), window, Time(CurrentTime))
        let atoms = types.map(atom)
        let listed = useTypeList || atoms.count > 3
        if listed {
            var items = atoms.map { UInt($0) }
            let count = Int32(items.count)
            let property = atom("XdndTypeList")
            items.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(display, window, property, XA_ATOM, 32, PropModeReplace,
                                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
            }
        }
        let inMessage = listed ? [] : atoms
        func slot(_ index: Int) -> UInt { index < inMessage.count ? UInt(inMessage[index]) : 0 }
        send("XdndEnter", UInt(version) << 24 | (listed ? 1 : 0), slot(0), slot(1), slot(2))
    }

    /// XdndPosition over the middle of the target; returns its XdndStatus.
    func position() throws -> Status {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, target, &attributes)
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, target, XDefaultRootWindow(display), attributes.width / 2, attributes.height / 2,
                              &rootX, &rootY, &child)
        send("XdndPosition", 0, UInt(rootX) << 16 | UInt(rootY), UInt(CurrentTime), UInt(atom("XdndActionCopy")))
        let status = try waitForMessage("XdndStatus")
        return Status(accepts: word(status, 1) & 1 != 0, action: Atom(word(status, 4)))
    }

    func leave() {
        send("XdndLeave", 0, 0, 0, 0)
    }

    func drop() {
        send("XdndDrop", 0, UInt(CurrentTime), 0, 0)
    }

    /// Waits for the target's SelectionRequest and hands it `uriList`; returns the target type it asked for.
    func serveSelection(uriList: String) throws -> String {
        let request = try waitForEvent(SelectionRequest).xselectionrequest
        var bytes = Array(uriList.utf8)
        XChangeProperty(display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes,
                        Int32(bytes.count))
        sendSelectionReply(on: display, to: request, property: request.property)
        return name(of: request.target)
    }

    func finished() throws -> Finished {
        let message = try waitForMessage("XdndFinished")
        return Finished(accepted: word(message, 1) & 1 != 0, action: Atom(word(message, 2)))
    }

    // MARK: Plumbing

    private func send(_ type: String, _ l1: UInt, _ l2: UInt, _ l3: UInt, _ l4: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = target
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        func value(_ word: UInt) -> Int { Int(bitPattern: word) }
        event.xclient.data.l = (value(UInt(window)), value(l1), value(l2), value(l3), value(l4))
        XSendEvent(display, target, 0, NoEventMask, &event)
        XFlush(display)
    }

    private func word(_ message: XClientMessageEvent, _ index: Int) -> UInt {
        let l = message.data.l
        return UInt(bitPattern: [l.0, l.1, l.2, l.3, l.4][index])
    }

    private func waitForMessage(_ type: String, timeout: Double = 5) throws -> XClientMessageEvent {
        let wanted = atom(type)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let event = try waitForEvent(ClientMessage, until: deadline)
            if event.xclient.message_type == wanted {
                XCTAssertEqual(Window(UInt(bitPattern: event.xclient.data.l.0)), target, "\(type) names the target window")
                return event.xclient
            }
        }
        throw HarnessError.timeout(type, "no \(type) from the window")
    }

    private func waitForEvent(_ type: Int32, until deadline: Date = Date().addingTimeInterval(5)) throws -> XEvent {
        var event = XEvent()
        let arrived = Poll.until(timeout: deadline.timeIntervalSinceNow) {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == type { return true }
            }
            return false
        }
        guard arrived else { throw HarnessError.timeout("X event \(type)", "nothing arrived") }
        return event
    }
}
