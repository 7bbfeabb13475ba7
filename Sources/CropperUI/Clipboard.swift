import PhotoIO
import CX11

/// Which X selection: the CLIPBOARD (Ctrl+C, Ctrl+V) or PRIMARY (what is selected; a middle click pastes it).
enum ClipboardSelection: Equatable, Sendable {
    case clipboard, primary
}

/// What the window offers on a selection: text a field copied or selected, or a crop (Ctrl+C on the photo).
enum SelectionOffer {
    case text(String)
    case image(CopiedCrop)
}

/// The window's side of the ICCCM selections: owning CLIPBOARD and PRIMARY with what was copied or selected,
/// answering other programs' requests for it — text as `UTF8_STRING` and `text/plain;charset=utf-8`, a crop as
/// `image/png` and `image/jpeg`, rendered when asked and sent incrementally (INCR) when large — and asking the
/// owner for its text when the user pastes.
final class Clipboard {
    let display: OpaquePointer
    private let window: Window
    let clipboard, primary, targets, utf8String, textPlain, incr, pasteProperty, imagePNG, imageJPEG: Atom
    private var owned: [Atom: SelectionOffer] = [:]
    /// Requests for a crop's pixels that wait for its rendering, and the last rendering (one format).
    var waiting: [XSelectionRequestEvent] = []
    var rendered: (crop: CopiedCrop, format: PhotoFormat, bytes: [UInt8])?
    var transfers: [SelectionTransfer] = []
    let pipeForRendering: WakePipe<BackgroundMessage>
    /// The server time of the latest key or button event: ICCCM asks for it when taking or asking for a selection.
    var lastEventTime: Time = Time(CurrentTime)

    /// Xatom.h's XA_PRIMARY and XA_ATOM (the macros are casts, which do not import).
    private static let primaryAtom = Atom(1)
    private static let atomType = Atom(4)

    init(window: X11Window, pipe: WakePipe<BackgroundMessage>) {
        pipeForRendering = pipe
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
        imagePNG = intern("image/png")
        imageJPEG = intern("image/jpeg")
    }

    private func atom(_ selection: ClipboardSelection) -> Atom {
        selection == .clipboard ? clipboard : primary
    }

    /// True for the selections this class speaks for (a drop's XdndSelection is not one of them).
    func handles(_ selection: Atom) -> Bool {
        selection == clipboard || selection == primary
    }

    func own(_ selection: ClipboardSelection, text: String) {
        own(atom(selection), .text(text))
    }

    /// Ctrl+C on the photo: the crop, on the CLIPBOARD. False when another program kept the selection.
    @discardableResult
    func own(image crop: CopiedCrop) -> Bool {
        own(clipboard, .image(crop))
    }

    @discardableResult
    private func own(_ name: Atom, _ offer: SelectionOffer) -> Bool {
        XSetSelectionOwner(display, name, window, lastEventTime)
        guard XGetSelectionOwner(display, name) == window else { return false }
        owned[name] = offer
        if case .image = offer { rendered = nil }
        return true
    }

    /// The crop on the CLIPBOARD, while the window owns it.
    var copiedCrop: CopiedCrop? {
        if case let .image(crop) = owned[clipboard] { return crop }
        return nil
    }

    /// Asks the owner to put its text on our window; it comes back as a SelectionNotify (`received`).
    func requestText(from selection: ClipboardSelection) {
        XConvertSelection(display, atom(selection), utf8String, pasteProperty, window, lastEventTime)
    }

    /// Another program took the selection.
    func lost(_ selection: Atom) {
        owned[selection] = nil
        if selection == clipboard {
            rendered = nil
            for request in waiting { refuse(request) }
            waiting = []
        }
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

    /// A program asks for what we own: the targets we offer, the text or the crop; anything else is refused.
    func answer(_ request: XSelectionRequestEvent) {
        // ICCCM: a client that names no property is an obsolete one; the target names the property.
        let property = request.property == Atom(0) ? request.target : request.property
        switch owned[request.selection] {
        case let .image(crop):
            answer(request, for: crop, property: property)
        case .text where request.target == targets:
            var offered: [Atom] = [targets, utf8String, textPlain]
            XChangeProperty(display, request.requestor, property, Self.atomType, 32, PropModeReplace,
                            offered.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                            Int32(offered.count))
            notify(request, property: property)
        case let .text(text) where request.target == utf8String || request.target == textPlain:
            var bytes = Array(text.utf8)
            XChangeProperty(display, request.requestor, property, request.target, 8, PropModeReplace, &bytes,
                            Int32(bytes.count))
            notify(request, property: property)
        default:
            refuse(request)
        }
    }
}
