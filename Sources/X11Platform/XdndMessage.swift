import CX11

/// An XDND client message from a drag source, decoded.
enum XdndMessage: Equatable {
    /// `types` are the first three offered; with `hasTypeList` the full list is the source's XdndTypeList.
    case enter(source: Window, version: Int, types: [Atom], hasTypeList: Bool)
    case position(source: Window, rootX: Int, rootY: Int, time: Time)
    case leave(source: Window)
    case drop(source: Window, time: Time)

    var source: Window {
        switch self {
        case let .enter(source, _, _, _), let .position(source, _, _, _), let .leave(source), let .drop(source, _): source
        }
    }

    init?(_ message: XClientMessageEvent, atoms: XdndAtoms) {
        guard message.format == 32 else { return nil }
        let l = message.data.l
        let source = Window(UInt(bitPattern: l.0))
        func word(_ value: Int) -> UInt { UInt(bitPattern: value) }
        switch message.message_type {
        case atoms.enter:
            let flags = word(l.1)
            let types = [l.2, l.3, l.4].map { Atom(word($0)) }.filter { $0 != 0 }
            self = .enter(source: source, version: Int(flags >> 24), types: types, hasTypeList: flags & 1 != 0)
        case atoms.position:
            let packed = word(l.2)
            self = .position(source: source, rootX: Int((packed >> 16) & 0xffff), rootY: Int(packed & 0xffff),
                             time: Time(word(l.3)))
        case atoms.leave:
            self = .leave(source: source)
        case atoms.drop:
            self = .drop(source: source, time: Time(word(l.2)))
        default:
            return nil
        }
    }
}
