import X11Platform

/// What a key or a click did to a text field, beyond its own text.
enum TextFieldOutcome: Equatable {
    case edited, submitted, cancelled, tabbed(backwards: Bool), ignored
    /// Copied or cut: the text goes to the CLIPBOARD selection.
    case copied(String)
    /// Ctrl+V: the CLIPBOARD's text is wanted; it comes back as a paste.
    case pasteRequested
}

/// The editing a key can ask of a text field, bound in the `textField` scope of `Bindings`.
enum TextEdit: Hashable, Sendable {
    case left, right, wordLeft, wordRight, start, end
    case extendLeft, extendRight, extendWordLeft, extendWordRight, extendToStart, extendToEnd
    case selectAll
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward, deleteToStart
    case copy, cut, paste
    case submit, cancel, next, previous
}

/// A single-line text field as GTK's entry behaves: a caret and a selection (from `anchor` to `caret`), typing
/// and pasting replace the selection, Shift extends it, Ctrl moves and deletes by words. Drawing and the
/// pointer are in `TextField+Drawing`.
struct TextField: Equatable {
    private(set) var text: String
    /// Caret position as a count of characters from the start.
    private(set) var caret: Int
    /// Where the selection started; equal to `caret` when nothing is selected.
    private(set) var anchor: Int

    init(text: String = "") {
        self.text = text
        caret = text.count
        anchor = caret
    }

    var selection: Range<Int>? { anchor == caret ? nil : min(anchor, caret)..<max(anchor, caret) }

    var selectedText: String? { selection.map { String(characters[$0]) } }

    /// The whole text is selected, so typing replaces it (as when a field takes the keyboard focus).
    var replacesOnType: Bool {
        get { !text.isEmpty && selection == 0..<text.count }
        set {
            if newValue { selectAll() } else { anchor = caret }
        }
    }

    private var characters: [Character] { Array(text) }

    mutating func setText(_ newText: String) {
        text = newText
        caret = newText.count
        anchor = caret
    }

    mutating func selectAll() {
        anchor = 0
        caret = text.count
    }

    /// Moves the caret to `index`; with `extending`, the selection grows from where it started.
    mutating func place(at index: Int, extending: Bool = false) {
        caret = max(0, min(text.count, index))
        if !extending { anchor = caret }
    }

    /// A double-click: the word around `index` (letters and digits, or a run of anything else but spaces).
    mutating func selectWord(at index: Int) {
        let chars = characters
        guard !chars.isEmpty else { return }
        let at = max(0, min(chars.count - 1, index))
        let kind = Self.wordKind(chars[at])
        var start = at, end = at + 1
        while start > 0 && Self.wordKind(chars[start - 1]) == kind { start -= 1 }
        while end < chars.count && Self.wordKind(chars[end]) == kind { end += 1 }
        anchor = start
        caret = end
    }

    mutating func handle(_ key: KeyInput) -> TextFieldOutcome {
        if let edit = Bindings.textEdit(for: key) {
            return apply(edit)
        }
        guard !key.text.isEmpty, !key.modifiers.contains(.control) else { return .ignored }
        insert(key.text)
        return .edited
    }

    mutating func apply(_ edit: TextEdit) -> TextFieldOutcome {
        switch edit {
        case .submit: return .submitted
        case .cancel: return .cancelled
        case .next: return .tabbed(backwards: false)
        case .previous: return .tabbed(backwards: true)
        case .left: place(at: selection?.lowerBound ?? caret - 1)
        case .right: place(at: selection?.upperBound ?? caret + 1)
        case .wordLeft: place(at: wordStart(before: caret))
        case .wordRight: place(at: wordEnd(after: caret))
        case .start: place(at: 0)
        case .end: place(at: text.count)
        case .extendLeft: place(at: caret - 1, extending: true)
        case .extendRight: place(at: caret + 1, extending: true)
        case .extendWordLeft: place(at: wordStart(before: caret), extending: true)
        case .extendWordRight: place(at: wordEnd(after: caret), extending: true)
        case .extendToStart: place(at: 0, extending: true)
        case .extendToEnd: place(at: text.count, extending: true)
        case .selectAll: selectAll()
        case .deleteBackward: deleteSelectionOr(caret - 1..<caret)
        case .deleteForward: deleteSelectionOr(caret..<caret + 1)
        case .deleteWordBackward: deleteSelectionOr(wordStart(before: caret)..<caret)
        case .deleteWordForward: deleteSelectionOr(caret..<wordEnd(after: caret))
        case .deleteToStart: deleteSelectionOr(0..<caret)
        case .copy:
            return selectedText.map(TextFieldOutcome.copied) ?? .ignored
        case .cut:
            guard let cut = selectedText else { return .ignored }
            deleteSelectionOr(caret..<caret)
            return .copied(cut)
        case .paste:
            return .pasteRequested
        }
        return .edited
    }

    /// Typed or pasted text: replaces the selection; a line break ends what one line can take.
    mutating func insert(_ string: String) {
        let line = String(string.prefix { !$0.isNewline })
        var chars = characters
        let range = selection ?? caret..<caret
        chars.replaceSubrange(range, with: Array(line))
        text = String(chars)
        place(at: range.lowerBound + line.count)
    }

    private mutating func deleteSelectionOr(_ range: Range<Int>) {
        let removed = selection ?? range.clamped(to: 0..<text.count)
        var chars = characters
        chars.removeSubrange(removed)
        text = String(chars)
        place(at: removed.lowerBound)
    }

    /// Words are runs of letters and digits, or of other marks; spaces and slashes part them, so Ctrl+Backspace
    /// in a path takes one folder at a time.
    private static func wordKind(_ character: Character) -> Int {
        if character == " " || character == "/" { return 0 }
        return character.isLetter || character.isNumber ? 1 : 2
    }

    private func wordStart(before index: Int) -> Int {
        let chars = characters
        var at = max(0, min(index, chars.count))
        while at > 0 && Self.wordKind(chars[at - 1]) == 0 { at -= 1 }
        guard at > 0 else { return 0 }
        let kind = Self.wordKind(chars[at - 1])
        while at > 0 && Self.wordKind(chars[at - 1]) == kind { at -= 1 }
        return at
    }

    private func wordEnd(after index: Int) -> Int {
        let chars = characters
        var at = max(0, min(index, chars.count))
        while at < chars.count && Self.wordKind(chars[at]) == 0 { at += 1 }
        guard at < chars.count else { return chars.count }
        let kind = Self.wordKind(chars[at])
        while at < chars.count && Self.wordKind(chars[at]) == kind { at += 1 }
        return at
    }
}
