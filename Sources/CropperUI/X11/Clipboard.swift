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
/// `image/png` and `image/jpeg`, rendered when asked and sent incrementally (INCR) when large, several targets
/// at once through `MULTIPLE` — asking the owner for its text when the user pastes, and handing a copied crop to
/// the clipboard manager at quit.
final class Clipboard {
    let display: OpaquePointer
    let window: Window
    let clipboard, primary, targets, multiple, timestamp, atomPair, utf8String, textPlain, incr, pasteProperty,
        imagePNG, imageJPEG, clipboardManager, saveTargets, handoffProperty: Atom
    var owned: [Atom: SelectionOffer] = [:]
    /// The server time each selection was taken at, for the `TIMESTAMP` target.
    var ownedSince: [Atom: Time] = [:]
    /// Requests for a crop's pixels that wait for a rendering, the formats being rendered, and the renderings of
    /// the copied crop so far (nil for a format that could not be rendered).
    var waiting: [XSelectionRequestEvent] = []
    var rendering: Set<PhotoFormat> = []
    var renderings: [PhotoFormat: [UInt8]?] = [:]
    var transfers: [SelectionTransfer] = []
    /// Set while quitting: the clipboard manager is taking the copied crop.
    var handoff: ClipboardHandoff?
    let pipeForRendering: WakePipe<BackgroundMessage>
    /// The server time of the latest key or button event: ICCCM asks for it when taking or asking for a selection.
    var lastEventTime: Time = Time(CurrentTime)

    /// Xatom.h's XA_PRIMARY and XA_ATOM (the macros are casts, which do not import).
    private static let primaryAtom = Atom(1)
    static let atomType = Atom(4)

    init(window: X11Window, pipe: WakePipe<BackgroundMessage>) {
        pipeForRendering = pipe
        display = window.display
        self.window = window.window
        func intern(_ name: String) -> Atom { XInternAtom(window.display, name, 0) }
        clipboard = intern("CLIPBOARD")
        primary = Self.primaryAtom
        targets = intern("TARGETS")
        multiple = intern("MULTIPLE")
        timestamp = intern("TIMESTAMP")
        atomPair = intern("ATOM_PAIR")
        clipboardManager = intern("CLIPBOARD_MANAGER")
        saveTargets = intern("SAVE_TARGETS")
        handoffProperty = intern("CROPPER_SAVE_TARGETS")
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
        if name == clipboard { forgetRenderings() }
        owned[name] = offer
        ownedSince[name] = lastEventTime
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
        if selection == clipboard { forgetRenderings() }
    }

    /// The copied crop changed or went: its renderings go, and requests still waiting for one are refused.
    private func forgetRenderings() {
        renderings = [:]
        rendering = []
        waiting.forEach(refuse)
        waiting = []
    }

    /// The owner's answer: the pasted text, or nil when it had none to give.
    func received(property: Atom) -> String? {
        guard property != Atom(0) else { return nil }
        // An INCR transfer (text of hundreds of kilobytes) is not for a one-line field.
        guard let pasted = WindowProperty.read(display, window: window, property: property, maxBytes: 1 << 22,
                                               delete: true), pasted.type != incr, pasted.format == 8 else { return nil }
        return String(decoding: pasted.bytes, as: UTF8.self)
    }

    /// A program asks for what we own: one target, or several through `MULTIPLE` (Clipboard+Multiple).
    func answer(_ request: XSelectionRequestEvent) {
        handoff?.noteActivity()
        guard let offer = owned[request.selection] else { return refuse(request) }
        if request.target == multiple { return answerMultiple(request, offer: offer) }
        // ICCCM: a client that names no property is an obsolete one; the target names the property.
        let property = request.property == Atom(0) ? request.target : request.property
        switch convert(request.target, of: offer, for: request.requestor, into: property, at: request.selection) {
        case .written: notify(request, property: property)
        case .refused: refuse(request)
        case let .awaits(format): wait(request, for: [format], of: offer)
        }
    }
}
