import CX11

/// How one target of a selection request went.
enum SelectionConversion: Equatable {
    /// The data is on the requestor's property (or its first INCR piece is).
    case written
    case refused
    /// The offered data must be rendered in this MIME type first.
    case awaits(String)
}

/// Converting what the window owns to one target on a requestor's property: the targets offered, the time the
/// selection was taken, text, or a crop's rendering; large data goes in pieces (INCR).
extension Clipboard {
    func convert(_ target: Atom, of offer: SelectionOffer, for requestor: Window, into property: Atom,
                 at selection: Atom) -> SelectionConversion {
        guard property != Atom(0) else { return .refused }
        if target == targets {
            writeAtoms([targets, multiple, timestamp] + offered(offer), to: requestor, property: property,
                       type: Self.atomType)
            return .written
        }
        if target == timestamp {
            var time = [Int(ownedSince[selection] ?? Time(CurrentTime))]
            XChangeProperty(display, requestor, property, Atom(19), 32, PropModeReplace,
                            time.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
            return .written
        }
        switch offer {
        case let .text(text) where target == utf8String || target == textPlain:
            write(Array(text.utf8), to: requestor, property: property, type: target)
            return .written
        case .text:
            return .refused
        case let .rendered(offer, _):
            guard let format = offer.mimeTypes.first(where: { atom(for: $0) == target }) else { return .refused }
            guard let rendered = renderings[format] else { return .awaits(format) }
            guard let bytes = rendered else { return .refused }
            write(bytes, to: requestor, property: property, type: target)
            return .written
        }
    }

    private func offered(_ offer: SelectionOffer) -> [Atom] {
        switch offer {
        case .text: [utf8String, textPlain]
        case let .rendered(offer, _): offer.mimeTypes.map(atom(for:))
        }
    }

    /// Writes `bytes` whole when one request carries them, else starts an INCR transfer: the property first says
    /// how much comes, and each deletion by the requestor asks for the next piece (`propertyChanged`).
    func write(_ bytes: [UInt8], to requestor: Window, property: Atom, type: Atom) {
        let chunk = SelectionTransfer.chunkSize(display)
        transfers.removeAll { $0.requestor == requestor && $0.property == property }
        if bytes.count <= chunk {
            _ = bytes.withUnsafeBufferPointer {
                XChangeProperty(display, requestor, property, type, 8, PropModeReplace, $0.baseAddress,
                                Int32(bytes.count))
            }
            return
        }
        transfers.append(SelectionTransfer(requestor: requestor, property: property, type: type, data: bytes))
        XSelectInput(display, requestor, PropertyChangeMask)
        var size = [Int(bytes.count)]
        XChangeProperty(display, requestor, property, incr, 32, PropModeReplace,
                        size.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
    }

    func writeAtoms(_ atoms: [Atom], to requestor: Window, property: Atom, type: Atom) {
        var atoms = atoms
        XChangeProperty(display, requestor, property, type, 32, PropModeReplace,
                        atoms.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                        Int32(atoms.count))
    }

    /// A requestor deleted a property we write to in pieces: the next piece.
    func propertyChanged(_ event: XPropertyEvent) {
        guard event.state == PropertyDelete,
              let index = transfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom })
        else { return }
        handoff?.noteActivity()
        transfers[index].sendNext(on: display, chunk: SelectionTransfer.chunkSize(display))
        if transfers[index].finished {
            let requestor = transfers[index].requestor
            transfers.remove(at: index)
            if !transfers.contains(where: { $0.requestor == requestor }) {
                XSelectInput(display, requestor, NoEventMask)
            }
        }
        XFlush(display)
    }

    func refuse(_ request: XSelectionRequestEvent) {
        notify(request, property: Atom(0))
    }

    func notify(_ request: XSelectionRequestEvent, property: Atom) {
        SelectionReply.send(on: display, requestor: request.requestor, selection: request.selection,
                            target: request.target, time: request.time, property: property)
    }
}

/// The SelectionNotify an owner sends a requestor: the data is on `property`, or (None) it was refused. Public for
/// the tests' own selection owners (a clipboard manager, a drag source), which answer the same way.
public enum SelectionReply {
    public static func send(on display: OpaquePointer, requestor: UInt, selection: UInt, target: UInt, time: UInt,
                            property: UInt) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = requestor
        reply.xselection.selection = selection
        reply.xselection.target = target
        reply.xselection.time = time
        reply.xselection.property = property
        XSendEvent(display, requestor, 0, NoEventMask, &reply)
        XFlush(display)
    }
}
