import CX11

/// Which X selection: the CLIPBOARD (Ctrl+C, Ctrl+V) or PRIMARY (what is selected; a middle click pastes it).
enum ClipboardSelection: Equatable, Sendable {
    case clipboard, primary
}

/// The window's side of the ICCCM selections for text: owning CLIPBOARD and PRIMARY with what was copied or
/// selected, answering other programs' requests for it (`TARGETS`, `UTF8_STRING`, `text/plain;charset=utf-8`),
/// and asking the owner for its text when the user pastes.
final class Clipboard {
    private let display: OpaquePointer
    private let window: Window
    private let clipboard, primary, targets, utf8String, textPlain, incr, pasteProperty: Atom
    private var owned: [Atom: String] = [:]
    /// The server time of the latest key or button event: ICCCM asks for it when taking or asking for a selection.
    var lastEventTime: Time = Time(CurrentTime)

    /// Xatom.h's XA_PRIMARY and XA_ATOM (the macros are casts, which do not import).
    private static let primaryAtom = Atom(1)
    private static let atomType = Atom(4)

    init(window: X11Window) {
        display = window.display
        self.window = window.window
        func intern(_ name: String) -> Atom { XInternAtom(window.display, name, 0) }
        clipboard = intern("CLIPBOARD")
        primary = Self.primaryAtom
        targets = intern("TARGETS")
        utf8String = intern("UTF8_STRING")
        textPlain = intern("text/plain;charset=utf-8")
        incr = intern("INCR")
        pasteProperty = intern("CROPPER_PASTE")
    }

    private func atom(_ selection: ClipboardSelection) -> Atom {
        selection == .clipboard ? clipboard : primary
    }

    /// True for the selections this class speaks for (a drop's XdndSelection is not one of them).
    func handles(_ selection: Atom) -> Bool {
        selection == clipboard || selection == primary
    }

    func own(_ selection: ClipboardSelection, text: String) {
        let name = atom(selection)
        XSetSelectionOwner(display, name, window, lastEventTime)
        if XGetSelectionOwner(display, name) == window { owned[name] = text }
    }

    /// Asks the owner to put its text on our window; it comes back as a SelectionNotify (`received`).
    func requestText(from selection: ClipboardSelection) {
        XConvertSelection(display, atom(selection), utf8String, pasteProperty, window, lastEventTime)
    }

    /// Another program took the selection.
    func lost(_ selection: Atom) {
        owned[selection] = nil
    }

    /// The owner's answer: the pasted text, or nil when it had none to give.
    func received(property: Atom) -> String? {
        guard property != Atom(0) else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, 1 << 20, 1, Atom(AnyPropertyType), &type, &format,
                                        &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        // An INCR transfer (text of hundreds of kilobytes) is not for a one-line field.
        guard status == Success, type != incr, format == 8, let data else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// A program asks for what we own: the targets we offer, or the text; anything else is refused.
    func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        // ICCCM: a client that names no property is an obsolete one; the target names the property.
        let property = request.property == Atom(0) ? request.target : request.property
        reply.xselection.property = Atom(0)
        if let text = owned[request.selection] {
            if request.target == targets {
                var offered: [Atom] = [targets, utf8String, textPlain]
                XChangeProperty(display, request.requestor, property, Self.atomType, 32, PropModeReplace,
                                offered.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                                Int32(offered.count))
                reply.xselection.property = property
            } else if request.target == utf8String || request.target == textPlain {
                var bytes = Array(text.utf8)
                XChangeProperty(display, request.requestor, property, request.target, 8, PropModeReplace, &bytes,
                                Int32(bytes.count))
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }
}
