import CX11

/// Which X selection: the CLIPBOARD (Ctrl+C, Ctrl+V) or PRIMARY (what is selected; a middle click pastes it).
public enum ClipboardSelection: Equatable, Sendable {
    case clipboard, primary
}

/// Data offered in one or more MIME types and rendered only when a program asks for one: `render` runs on a
/// thread of its own and gives the bytes, or nil when that type cannot be made.
public struct RenderedOffer: Sendable {
    public let mimeTypes: [String]
    public let render: @Sendable (String) -> [UInt8]?

    public init(mimeTypes: [String], render: @escaping @Sendable (String) -> [UInt8]?) {
        self.mimeTypes = mimeTypes
        self.render = render
    }
}

/// What the window offers on a selection: text a field copied or selected, or data rendered on demand (a crop).
enum SelectionOffer {
    case text(String)
    case rendered(RenderedOffer, generation: Int)
}

/// A rendering of offered data, back from its thread.
struct OfferRendering: Sendable {
    let generation: Int
    let mimeType: String
    let bytes: [UInt8]?
}

/// The window's side of the ICCCM selections: owning CLIPBOARD and PRIMARY with what was copied or selected,
/// answering other programs' requests for it — text as `UTF8_STRING` and `text/plain;charset=utf-8`, rendered
/// data (a crop as `image/png` and `image/jpeg`) in the MIME types offered, rendered when asked and sent
/// incrementally (INCR) when large, several targets at once through `MULTIPLE` — asking the owner for its text
/// when the user pastes, and handing rendered data to the clipboard manager at quit.
public final class Clipboard {
    let display: OpaquePointer
    let window: Window
    let clipboard, primary, targets, multiple, timestamp, atomPair, utf8String, textPlain, incr, pasteProperty,
        clipboardManager, saveTargets, handoffProperty: Atom
    /// The atoms of MIME types offered so far.
    var mimeAtoms: [String: Atom] = [:]
    var owned: [Atom: SelectionOffer] = [:]
    /// The server time each selection was taken at, for the `TIMESTAMP` target.
    var ownedSince: [Atom: Time] = [:]
    /// Requests for rendered data that wait for a rendering, the MIME types being rendered, and the renderings of
    /// the offer so far (nil for a type that could not be rendered).
    var waiting: [XSelectionRequestEvent] = []
    var rendering: Set<String> = []
    var renderings: [String: [UInt8]?] = [:]
    /// Counts the rendered offers made, so a rendering of an earlier one is known when it comes back late.
    var offerGeneration = 0
    var transfers: [SelectionTransfer] = []
    /// Set while quitting: the clipboard manager is taking the copied crop.
    var handoff: ClipboardHandoff?
    let renderingsDone = WakePipe<OfferRendering>()
    /// The server time of the latest key or button event: ICCCM asks for it when taking or asking for a selection.
    var lastEventTime: Time = Time(CurrentTime)

    /// Xatom.h's XA_PRIMARY and XA_ATOM (the macros are casts, which do not import).
    private static let primaryAtom = Atom(1)
    static let atomType = Atom(4)

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        func intern(_ name: String) -> Atom { XInternAtom(display, name, 0) }
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
    }

    private func atom(_ selection: ClipboardSelection) -> Atom {
        selection == .clipboard ? clipboard : primary
    }

    /// True for the selections this class speaks for (a drop's XdndSelection is not one of them).
    func handles(_ selection: Atom) -> Bool {
        selection == clipboard || selection == primary
    }

    public func own(_ selection: ClipboardSelection, text: String) {
        own(atom(selection), .text(text))
    }

    /// Data on the CLIPBOARD (Ctrl+C on the photo: the crop). False when another program kept the selection.
    @discardableResult
    public func own(rendered offer: RenderedOffer) -> Bool {
        offerGeneration += 1
        return own(clipboard, .rendered(offer, generation: offerGeneration))
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

    /// The rendered offer on the CLIPBOARD, while the window owns it.
    var renderedOffer: (offer: RenderedOffer, generation: Int)? {
        if case let .rendered(offer, generation) = owned[clipboard] { return (offer, generation) }
        return nil
    }

    /// Asks the owner to put its text on our window; it comes back as a SelectionNotify (`received`).
    public func requestText(from selection: ClipboardSelection) {
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
