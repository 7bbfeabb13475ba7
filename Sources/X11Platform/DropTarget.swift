import CX11

/// The window's side of an XDND drag (versions 3 to 5): it advertises `XdndAware`, says whether it takes what
/// is offered (a `text/uri-list`), fetches the dropped list through the XdndSelection, and tells the source
/// when it is done. What to do with the list is the window's business.
final class DropTarget {
    static let version = 5

    private struct Session {
        let source: Window
        let version: Int
        let offersURIList: Bool
        var accepted = false
        var fetching = false
    }

    private let display: OpaquePointer
    private let window: Window
    private let atoms: XdndAtoms
    private var session: Session?

    init(display: OpaquePointer, window: Window, atoms: XdndAtoms) {
        self.display = display
        self.window = window
        self.atoms = atoms
        var version = [UInt(Self.version)]
        version.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, window, atoms.aware, XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// `canAccept` is false while the window takes no drops (a question is on screen).
    func handle(_ message: XdndMessage, canAccept: Bool) -> DragEvent {
        if case let .enter(source, version, types, hasTypeList) = message {
            guard version >= 3 else {
                session = nil
                return .ignored
            }
            let offered = hasTypeList ? typeList(of: source) : types
            session = Session(source: source, version: min(version, Self.version), offersURIList: offered.contains(atoms.uriList))
            return .entered(accepting: canAccept && offered.contains(atoms.uriList))
        }
        guard var current = session, current.source == message.source else { return .ignored }
        switch message {
        case .enter:
            return .ignored
        case .position:
            current.accepted = canAccept && current.offersURIList
            session = current
            send(atoms.status, to: current.source, current.accepted ? 1 : 0, 0, 0, current.accepted ? atoms.actionCopy : 0)
            return .moved(accepting: current.accepted)
        case .leave:
            session = nil
            return .left
        case let .drop(_, time):
            guard current.accepted else {
                finish(accepted: false)
                return .dropRefused
            }
            current.fetching = true
            session = current
            XConvertSelection(display, atoms.selection, atoms.uriList, atoms.dropProperty, window, time)
            return .dropping
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
        event.xclient.display = display
        event.xclient.window = target
        event.xclient.message_type = type
        event.xclient.format = 32
        func word(_ value: UInt) -> Int { Int(bitPattern: value) }
        event.xclient.data.l = (word(UInt(window)), word(l1), word(l2), word(l3), word(l4))
        XSendEvent(display, target, 0, NoEventMask, &event)
        XFlush(display)
    }

    /// The source's full list of offered types (more than three).
    private func typeList(of source: Window) -> [Atom] {
        guard let list = WindowProperty.read(display, window: source, property: atoms.typeList,
                                             maxBytes: 16384, type: XA_ATOM), list.type == XA_ATOM else { return [] }
        return list.items32
    }

    /// The bytes the source put in our drop property (deleted as read). Nil for an incremental (INCR) transfer,
    /// which drops of file lists do not need.
    private func readProperty(_ property: Atom) -> [UInt8]? {
        guard let dropped = WindowProperty.read(display, window: window, property: property,
                                                maxBytes: 1 << 24, delete: true),
              dropped.format == 8, dropped.type != XInternAtom(display, "INCR", 0) else { return nil }
        return dropped.bytes
    }
}
