import CCairo
import CX11

/// What a key did to a text field.
enum TextFieldOutcome: Equatable {
    case edited, submitted, cancelled, tabbed(backwards: Bool), ignored
}

/// A single-line text field: its text, caret, and the editing keys. Drawing is `draw(in:…)`.
struct TextField: Equatable {
    var text: String
    /// Caret position as a count of characters from the start.
    var caret: Int
    /// The whole text is selected: the next character typed replaces it (set when the field takes focus).
    var replacesOnType = false

    init(text: String = "") {
        self.text = text
        caret = text.count
    }

    mutating func setText(_ newText: String) {
        text = newText
        caret = newText.count
    }

    mutating func handle(_ key: KeyInput) -> TextFieldOutcome {
        let wasSelected = replacesOnType
        replacesOnType = false
        let control = key.modifiers.contains(.control)
        switch Int32(truncatingIfNeeded: key.level0) {
        case XK_Return, XK_KP_Enter, XK_Linefeed: return .submitted
        case XK_Escape: return .cancelled
        case XK_Tab, XK_ISO_Left_Tab:
            replacesOnType = wasSelected
            return .tabbed(backwards: key.modifiers.contains(.shift) || key.typed == UInt(XK_ISO_Left_Tab))
        case XK_BackSpace where wasSelected, XK_Delete where wasSelected:
            setText("")
            return .edited
        case XK_BackSpace:
            guard caret > 0 else { return .ignored }
            let start = control ? previousWordStart() : caret - 1
            remove(from: start, to: caret)
            caret = start
            return .edited
        case XK_Delete:
            guard caret < text.count else { return .ignored }
            remove(from: caret, to: caret + 1)
            return .edited
        case XK_Left: caret = max(0, caret - 1); return .edited
        case XK_Right: caret = min(text.count, caret + 1); return .edited
        case XK_Home: caret = 0; return .edited
        case XK_End: caret = text.count; return .edited
        default: break
        }
        if control {
            switch Int32(truncatingIfNeeded: key.level0) {
            case XK_a: caret = 0; return .edited
            case XK_e: caret = text.count; return .edited
            case XK_u: remove(from: 0, to: caret); caret = 0; return .edited
            default: return .ignored
            }
        }
        guard !key.text.isEmpty else {
            replacesOnType = wasSelected
            return .ignored
        }
        if wasSelected { setText("") }
        insert(key.text)
        return .edited
    }

    mutating func insert(_ string: String) {
        let index = text.index(text.startIndex, offsetBy: min(caret, text.count))
        text.insert(contentsOf: string, at: index)
        caret += string.count
    }

    private mutating func remove(from start: Int, to end: Int) {
        let lower = text.index(text.startIndex, offsetBy: max(0, start))
        let upper = text.index(text.startIndex, offsetBy: min(text.count, end))
        text.removeSubrange(lower..<upper)
    }

    private func previousWordStart() -> Int {
        let characters = Array(text.prefix(caret))
        var index = characters.count
        while index > 0 && (characters[index - 1] == "/" || characters[index - 1] == " ") { index -= 1 }
        while index > 0 && characters[index - 1] != "/" && characters[index - 1] != " " { index -= 1 }
        return index
    }

    /// Draws the field: a sunken box, the text (scrolled so the caret stays visible) and the caret.
    func draw(in rect: LayoutRect, focused: Bool, invalid: Bool = false, font: FontSpec = Theme.bodyFont,
              text renderer: TextRenderer, on cr: OpaquePointer) {
        let border = invalid ? Theme.danger : focused ? Theme.accent : Theme.panelBorder
        Shapes.panel(rect, radius: 4, fill: Theme.fieldBackground, border: border, on: cr)
        let inner = rect.insetBy(8, 0)
        let caretX = renderer.caretOffset(in: text, font: font, characterIndex: caret)
        let scroll = max(0, caretX - inner.width + 2)
        cairo_save(cr)
        cairo_rectangle(cr, inner.x, rect.y, inner.width, rect.height)
        cairo_clip(cr)
        if focused && replacesOnType && !text.isEmpty {
            Theme.accent.withAlpha(0.45).set(on: cr)
            let width = renderer.size(of: text, font: font).width
            cairo_rectangle(cr, inner.x - scroll - 1, rect.y + 5, min(width + 2, inner.width + scroll), rect.height - 10)
            cairo_fill(cr)
        }
        let textRect = LayoutRect(x: inner.x - scroll, y: inner.y, width: inner.width + scroll + 1000, height: inner.height)
        renderer.draw(text, font: font, color: Theme.text, in: textRect, truncation: .none, on: cr)
        if focused {
            Theme.accentHover.set(on: cr)
            cairo_rectangle(cr, (inner.x + caretX - scroll).rounded(), rect.y + 6, 1.5, rect.height - 12)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
