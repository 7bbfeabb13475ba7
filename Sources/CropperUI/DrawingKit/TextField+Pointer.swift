import X11Platform
/// A field under the pointer: a click places the caret (Shift extends the selection), a drag selects, a
/// double-click selects a word, the middle button pastes PRIMARY there. A selection made is offered as PRIMARY.
extension TextField {
    mutating func press(_ press: PointerPress, in rect: LayoutRect, isDoubleClick: Bool, text: TextRenderer) -> [Effect] {
        let index = index(atX: press.at.x, in: rect, text: text)
        if press.isPastePrimary {
            place(at: index)
            return [.requestPaste(.primary)]
        }
        if isDoubleClick {
            selectWord(at: index)
            return offeredAsPrimary
        }
        place(at: index, extending: press.modifiers.contains(.shift))
        return []
    }

    mutating func drag(to point: WindowPoint, in rect: LayoutRect, text: TextRenderer) {
        place(at: index(atX: point.x, in: rect, text: text), extending: true)
    }

    /// The selection as PRIMARY, as X programs offer what is selected; nothing when nothing is.
    var offeredAsPrimary: [Effect] {
        selectedText.map { [.own(.primary, text: $0)] } ?? []
    }

    /// What a key's outcome asks of the shell: copied text to CLIPBOARD, a paste, a new selection to PRIMARY.
    func effects(of outcome: TextFieldOutcome, before: TextField) -> [Effect] {
        switch outcome {
        case let .copied(text): return [.own(.clipboard, text: text)]
        case .pasteRequested: return [.requestPaste(.clipboard)]
        default: return selection != before.selection ? offeredAsPrimary : []
        }
    }
}
