import CX11

/// The window's side of an XDND drag (versions 3 to 5): it advertises `XdndAware`, says whether it takes what
/// is offered (a `text/uri-list`), fetches the dropped list through the XdndSelection, and tells the source
/// when it is done. What to do with the list is the window's business.
final class DropTarget {
    static let version = 5

    /// What a drag message means for the window.
    enum Event: Equatable {
        /// The pointer is over the window; `accepting` when a drop would be taken.
        case hovering(accepting: Bool)
        /// The drag left, was refused or was given up.
        case ended
        /// A drop was taken; its data is on its way (a `SelectionNotify` follows).
        case fetching
    }

    private struct Session {
        let source: Window
        let version: Int
        let offersURIList: Bool
        var accepted = false
        var fetching = false
    }

    private let window: X11Window
    private var atoms: XdndAtoms { window.atoms.xdnd }
    private var session: Session?

    init(window: X11Window) {
        self.window = window
        var version = [UInt(Self.version)]
        version.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(window.display, window.window, window.atoms.xdnd.aware, XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// `canAccept` is false while the window takes no drops (a question is on screen).
    func handle(_ message: XdndMessage, canAccept: Bool) -> Event? {
        if case let .enter(source, version, types, hasTypeList) = message {
            guard version >= 3 else {
                session = nil
                return nil
            }
            let offered = hasTypeList ? typeList(of: source) : types
            session = Session(source: source, version: min(version, Self.version), offersURIList: offered.contains(atoms.uriList))
            return .hovering(accepting: canAccept && offered.contains(atoms.uriList))
        }
        guard var current = session, current.source == message.source else { return nil }
        switch message {
        case .enter:
            return nil
        case .position:
            current.accepted = canAccept && current.offersURIList
            session = current
            send(atoms.status, to: current.source, current.accepted ? 1 : 0, 0, 0, current.accepted ? atoms.actionCopy : 0)
            return .hovering(accepting: current.accepted)
        case .leave:
            session = nil
            return .ended
        case let .drop(_, time):
            guard current.accepted else {
                finish(accepted: false)
                return .ended
            }
            current.fetching = true
            session = current
            XConvertSelection(window.display, atoms.selection, atoms.uriList, atoms.dropProperty, window.window, time)
            return .fetching
        }
    }

    /// The dropped `text/uri-list`, once the source delivered it; nil when this notification is not ours or
    /// the transfer failed (the source is then told so). Call `finish` after deciding what to do with it.
    func dataArrived(selection: Atom, property: Atom) -> String? {
        guard selection == atoms.selection, session?.fetching == true else { return nil }
        guard property != 0, let data = readProperty(property) else {
            finish(accepted: false)
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Tells the source the drop is over: taken (as a copy) or not.
    func finish(accepted: Bool) {
        guard let current = session else { return }
        session = nil
        let withResult = current.version >= 5
        send(atoms.finished, to: current.source, withResult && accepted ? 1 : 0, withResult && accepted ? atoms.actionCopy : 0, 0, 0)
    }

    private func send(_ type: Atom, to target: Window, _ l1: UInt, _ l2: UInt, _ l3: UInt, _ l4: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = window.display
        event.xclient.window = target
        event.xclient.message_type = type
        event.xclient.format = 32
        func word(_ value: UInt) -> Int { Int(bitPattern: value) }
        event.xclient.data.l = (word(UInt(window.window)), word(l1), word(l2), word(l3), word(l4))
        XSendEvent(window.display, target, 0, NoEventMask, &event)
        XFlush(window.display)
    }

    /// The source's full list of offered types (more than three).
    private func typeList(of source: Window) -> [Atom] {
        guard let list = WindowProperty.read(window.display, window: source, property: atoms.typeList,
                                             maxBytes: 16384, type: XA_ATOM), list.type == XA_ATOM else { return [] }
        return list.items32
    }

    /// The bytes the source put in our drop property (deleted as read). Nil for an incremental (INCR) transfer,
    /// which drops of file lists do not need.
    private func readProperty(_ property: Atom) -> [UInt8]? {
        guard let dropped = WindowProperty.read(window.display, window: window.window, property: property,
                                                maxBytes: 1 << 24, delete: true),
              dropped.format == 8, dropped.type != XInternAtom(window.display, "INCR", 0) else { return nil }
        return dropped.bytes
    }
}
