import CX11

/// `MULTIPLE` (ICCCM 2.6.2): the requestor's property lists pairs of a target and a property; each is converted,
/// a pair that cannot be has its property replaced by None, and one SelectionNotify answers them all. Clipboard
/// managers fetch everything they keep this way.
extension Clipboard {
    func answerMultiple(_ request: XSelectionRequestEvent, offer: SelectionOffer) {
        guard request.property != Atom(0), var pairs = readAtoms(on: request.requestor, property: request.property),
              !pairs.isEmpty, pairs.count.isMultiple(of: 2)
        else { return refuse(request) }
        if case let .rendered(rendered, _) = offer {
            let unrendered = rendered.mimeTypes.filter { format in
                renderings[format] == nil && stride(from: 0, to: pairs.count, by: 2).contains {
                    pairs[$0] == atom(for: format)
                }
            }
            if !unrendered.isEmpty { return wait(request, for: unrendered, of: offer) }
        }
        for index in stride(from: 0, to: pairs.count, by: 2) {
            let target = pairs[index], property = pairs[index + 1]
            let converted = target == multiple ? .refused
                : convert(target, of: offer, for: request.requestor, into: property, at: request.selection)
            if converted != .written { pairs[index + 1] = Atom(0) }
        }
        writeAtoms(pairs, to: request.requestor, property: request.property, type: atomPair)
        notify(request, property: request.property)
    }

    /// A list of atoms (ATOM or ATOM_PAIR, 32-bit) on a window's property; nil when there is none.
    func readAtoms(on window: Window, property: Atom) -> [Atom]? {
        guard let list = WindowProperty.read(display, window: window, property: property, maxBytes: 16384),
              list.format == 32 else { return nil }
        return list.items32
    }
}
