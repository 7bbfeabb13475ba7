import EditorState
import Localization
import X11Platform

/// The commands of the panels (picker, grid, file dialog), the questions' answers and a text field's edits.
extension CommandTable {
    private typealias Declare = CommandDeclaration
    private typealias Key = Shortcut

    /// First in the table, so the panels' sections of the sheet list their rows in this order.
    static let panelCommands: [CommandDeclaration] = [
        // Pairs share a row on the sheet: "← →  Previous / next photo".
        Declare(.selectPrevious, tr("Select the previous one"), .dialog, keys: [
            Key(Keysym.Left, "←", in: .picker, listedAs: tr("Previous / next photo")),
            Key(Keysym.Left, "←", in: .grid, listedAs: tr("Select, extend")),
            Key(Keysym.Up, "↑", in: .dialog, listedAs: tr("Previous / next entry")),
        ]),
        Declare(.selectNext, tr("Select the next one"), .dialog, keys: [
            Key(Keysym.Right, "→", in: .picker, listedAs: tr("Previous / next photo")),
            Key(Keysym.Right, "→", in: .grid, listedAs: tr("Select, extend")),
            Key(Keysym.Down, "↓", in: .dialog, listedAs: tr("Previous / next entry")),
        ]),
        Declare(.selectAbove, tr("Select a row up / down"), .grid, keys: [
            Key(Keysym.Up, "↑", in: .grid, listedAs: tr("Select, extend")),
        ]),
        Declare(.selectBelow, tr("Select a row up / down"), .grid, keys: [
            Key(Keysym.Down, "↓", in: .grid, listedAs: tr("Select, extend")),
        ]),
    ] + extendingSelection + [
        Declare(.selectPageUp, tr("Move a page up / down"), .dialog, keys: [
            Key(Keysym.Page_Up, "Page Up", in: .grid, listed: false),
            Key(Keysym.Page_Up, "Page Up", in: .dialog, listedAs: tr("Move a page")),
        ]),
        Declare(.selectPageDown, tr("Move a page up / down"), .dialog, keys: [
            Key(Keysym.Page_Down, "Page Down", in: .grid, listed: false),
            Key(Keysym.Page_Down, "Page Down", in: .dialog, listedAs: tr("Move a page")),
        ]),
        Declare(.selectFirst, tr("Select the first"), .dialog, keys: [
            Key(Keysym.Home, "Home", in: .picker, listedAs: tr("Newest / oldest photo")),
            Key(Keysym.Home, "Home", in: .grid, listed: false, listedAs: tr("First / last photo")),
            Key(Keysym.Home, "Home", in: .dialog, listedAs: tr("First / last entry")),
        ]),
        Declare(.selectLast, tr("Select the last"), .dialog, keys: [
            Key(Keysym.End, "End", in: .picker, listedAs: tr("Newest / oldest photo")),
            Key(Keysym.End, "End", in: .grid, listed: false, listedAs: tr("First / last photo")),
            Key(Keysym.End, "End", in: .dialog, listedAs: tr("First / last entry")),
        ]),
        // Listed in the grid: the arrows and Space, Ctrl+A; its header says how Enter, G and Esc go back.
        Declare(.toggleSelected, tr("Select or unselect"), .grid, keys: [Key(Keysym.space, "Space", in: .grid)]),
        Declare(.selectAll, tr("Select all"), .grid, keys: [Key(Keysym.a, .control, "A", in: .grid)]),
        Declare(.applyCropRule, tr("Apply the copied crop to the selected"), .grid,
                keys: [Key(Keysym.v, [.control, .shift], "V", in: .grid, listedAs: tr("Paste the crop rule"))]),
        Declare(.saveSelected, tr("Save the selected photos’ crops"), .grid,
                keys: [Key(Keysym.s, .control, "S", in: .grid, listedAs: tr("Save the selected"))]),
        // Before the grid's Esc back to the editor: while the photos are saved, Esc is the progress bar's Cancel.
        Declare(.stopSavingSelected, tr("Stop saving the photos (Cancel)"), .grid, needs: .batchSaving,
                keys: [Key(Keysym.Escape, "Esc", in: .grid, listedAs: tr("Stop saving"))]),
        Declare(.openSelected, tr("Open the selected one"), .dialog, keys: [
            Key(Keysym.Return, "Enter", in: .picker, listedAs: tr("Open the selected photo")),
            Key(Keysym.KP_Enter, "Enter", in: .picker, listedAs: tr("Open the selected photo")),
            Key(Keysym.Return, "Enter", in: .grid, listed: false, listedAs: tr("Open in the editor")),
            Key(Keysym.KP_Enter, "Enter", in: .grid, listed: false, listedAs: tr("Open in the editor")),
            Key(Keysym.Return, "Enter", in: .dialog, listedAs: tr("Open (a folder: enter it)")),
            Key(Keysym.KP_Enter, "Enter", in: .dialog, listedAs: tr("Open (a folder: enter it)")),
        ]),
        Declare(.parentFolder, tr("Go to the parent folder"), .dialog, keys: [
            Key(Keysym.BackSpace, "Backspace", in: .dialog, listedAs: tr("Parent folder")),
            Key(Keysym.Up, .alt, "↑", in: .dialog, listedAs: tr("Parent folder")),
        ]),
        Declare(.focusPathBar, tr("Type a path (also / or ~)"), .dialog, keys: [Key(Keysym.l, .control, "L", in: .dialog)]),
        Declare(.completePath, tr("Complete the typed path"), .dialog, keys: [Key(Keysym.Tab, "Tab", in: .dialog)]),
        Declare(.toggleHiddenFiles, tr("Show / hide hidden files"), .dialog, keys: [Key(Keysym.h, .control, "H", in: .dialog)]),
        Declare(.typePath("/"), tr("Type a path"), .dialog, keys: [Key(Keysym.slash, "/", in: .dialog, listed: false)]),
        Declare(.typePath("~"), tr("Type a path"), .dialog, keys: [Key(Keysym.asciitilde, "~", in: .dialog, listed: false)]),
    ]

    /// Shift with a move of the grid's cursor extends the selection.
    private static var extendingSelection: [CommandDeclaration] {
        let steps: [(GridStep, UInt, String, Bool)] = [
            (.previous, Keysym.Left, "←", true), (.next, Keysym.Right, "→", true), (.above, Keysym.Up, "↑", true),
            (.below, Keysym.Down, "↓", true), (.first, Keysym.Home, "Home", false), (.last, Keysym.End, "End", false),
            (.pageUp, Keysym.Page_Up, "Page Up", false), (.pageDown, Keysym.Page_Down, "Page Down", false),
        ]
        return steps.map { step, keysym, name, listed in
            Declare(.extendSelection(step), tr("Extend the selection"), .grid,
                    keys: [Key(keysym, .shift, name, in: .grid, listed: listed, listedAs: tr("Select, extend"))])
        }
    }

    /// The questions' answers by key; each question's buttons name their keys.
    static let answerCommands: [CommandDeclaration] = [
        Declare(.answer(.save), tr("Save"), .dialog, keys: [
            Key(Keysym.Return, "Enter", in: .closeQuestion, listed: false),
            Key(Keysym.KP_Enter, "Enter", in: .closeQuestion, listed: false),
            Key(Keysym.s, "S", in: .closeQuestion, listed: false),
            Key(Keysym.a, "A", in: .damagedSaveQuestion, listed: false),
        ]),
        Declare(.answer(.cancel), tr("Cancel"), .dialog, keys: [
            Key(Keysym.Escape, "Esc", in: .closeQuestion, listed: false),
            Key(Keysym.c, "C", in: .closeQuestion, listed: false),
            // Cancel is the damaged-save question's default: saving anyway takes its own key.
            Key(Keysym.Return, "Enter", in: .damagedSaveQuestion, listed: false),
            Key(Keysym.KP_Enter, "Enter", in: .damagedSaveQuestion, listed: false),
            Key(Keysym.Escape, "Esc", in: .damagedSaveQuestion, listed: false),
            Key(Keysym.Escape, "Esc", in: .replaceOriginalQuestion, listed: false),
            Key(Keysym.c, "C", in: .replaceOriginalQuestion, listed: false),
            Key(Keysym.Escape, "Esc", in: .replaceQuestion, listed: false),
            Key(Keysym.c, "C", in: .replaceQuestion, listed: false),
            Key(Keysym.Escape, "Esc", in: .cropRuleQuestion, listed: false),
        ]),
        Declare(.answer(.discard), tr("Don’t Save"), .dialog, keys: [
            Key(Keysym.d, "D", in: .closeQuestion, listed: false),
            Key(Keysym.n, "N", in: .closeQuestion, listed: false),
        ]),
        Declare(.answer(.replace), tr("Replace"), .dialog, keys: [
            Key(Keysym.Return, "Enter", in: .replaceOriginalQuestion, listed: false),
            Key(Keysym.KP_Enter, "Enter", in: .replaceOriginalQuestion, listed: false),
            Key(Keysym.r, "R", in: .replaceOriginalQuestion, listed: false),
            Key(Keysym.Return, "Enter", in: .replaceQuestion, listed: false),
            Key(Keysym.KP_Enter, "Enter", in: .replaceQuestion, listed: false),
            Key(Keysym.r, "R", in: .replaceQuestion, listed: false),
        ]),
    ]

    /// The crop rule panel's choices: 1–5 in the order its lines list them; Enter takes the first, the default.
    static var ruleAnswers: [CommandDeclaration] {
        let digits = [Keysym.digit1, Keysym.digit2, Keysym.digit3, Keysym.digit4, Keysym.digit5]
        return zip(CropRule.Kind.allCases, digits).enumerated().map { index, choice in
            let (kind, digit) = choice
            let enter = index == 0 ? [Key(Keysym.Return, "Enter", in: .cropRuleQuestion, listed: false),
                                      Key(Keysym.KP_Enter, "Enter", in: .cropRuleQuestion, listed: false)] : []
            return Declare(.answer(.rule(kind)), CopiedRule.label(kind), .dialog,
                           keys: enter + [Key(digit, "\(index + 1)", in: .cropRuleQuestion, listed: false)])
        }
    }

    /// GTK's entry keys; Ctrl+U (clear to the start) as in a terminal.
    static var textFieldCommands: [CommandDeclaration] {
        let edits: [(TextEdit, [(UInt, Modifiers, String)])] = [
            (.left, [(Keysym.Left, [], "←")]), (.right, [(Keysym.Right, [], "→")]),
            (.wordLeft, [(Keysym.Left, .control, "←")]), (.wordRight, [(Keysym.Right, .control, "→")]),
            (.start, [(Keysym.Home, [], "Home")]), (.end, [(Keysym.End, [], "End")]),
            (.extendLeft, [(Keysym.Left, .shift, "←")]), (.extendRight, [(Keysym.Right, .shift, "→")]),
            (.extendWordLeft, [(Keysym.Left, [.control, .shift], "←")]),
            (.extendWordRight, [(Keysym.Right, [.control, .shift], "→")]),
            (.extendToStart, [(Keysym.Home, .shift, "Home")]), (.extendToEnd, [(Keysym.End, .shift, "End")]),
            (.selectAll, [(Keysym.a, .control, "A")]),
            (.deleteBackward, [(Keysym.BackSpace, [], "Backspace")]), (.deleteForward, [(Keysym.Delete, [], "Delete")]),
            (.deleteWordBackward, [(Keysym.BackSpace, .control, "Backspace")]),
            (.deleteWordForward, [(Keysym.Delete, .control, "Delete")]),
            (.deleteToStart, [(Keysym.u, .control, "U")]),
            (.copy, [(Keysym.c, .control, "C"), (Keysym.Insert, .control, "Insert")]), (.cut, [(Keysym.x, .control, "X")]),
            (.paste, [(Keysym.v, .control, "V"), (Keysym.Insert, .shift, "Insert")]),
            (.submit, [(Keysym.Return, [], "Enter"), (Keysym.KP_Enter, [], "Enter"), (Keysym.Linefeed, [], "Enter")]),
            (.cancel, [(Keysym.Escape, [], "Esc")]),
            (.next, [(Keysym.Tab, [], "Tab")]),
            (.previous, [(Keysym.ISO_Left_Tab, [], "Tab"), (Keysym.ISO_Left_Tab, .shift, "Tab"), (Keysym.Tab, .shift, "Tab")]),
        ]
        return edits.map { edit, keys in
            Declare(.editText(edit), tr("Edit the text"), .dialog,
                    keys: keys.map { Key($0.0, $0.1, $0.2, in: .textField, listed: false) })
        }
    }
}
