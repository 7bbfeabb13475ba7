import Localization
import X11Platform

extension Modifiers {
    var label: String {
        (contains(.control) ? "Ctrl+" : "") + (contains(.alt) ? "Alt+" : "") + (contains(.shift) ? "Shift+" : "")
    }
}

/// Where a key binding applies: the editor, or a panel that takes the keys while it is open.
enum BindingScope: Hashable, Sendable {
    case editor, picker, grid, dialog
    /// The save question ("Save the changes?") and the dialog's replace question.
    case closeQuestion, replaceQuestion
    /// A text field with the keyboard focus, before the scope of the panel it is in.
    case textField
    /// "The box reaches into the damaged part": cancel is the default, saving anyway takes its own key.
    case damagedSaveQuestion
    /// "Replace the photo with the crop?", asked before the first save over an original.
    case replaceOriginalQuestion
}

struct KeyBinding: Sendable {
    let keysym: UInt
    let modifiers: Modifiers
    let command: Command
    /// How the key is written on the shortcut sheet and in tooltips.
    let keyName: String
    var scope = BindingScope.editor
    /// Shown on the shortcut sheet; the questions' keys are written on their buttons instead.
    var isListed = true
    var label: String { modifiers.label + keyName }

    var title: String { command.title(in: scope) }

    var section: ShortcutSection {
        switch scope {
        case .editor: command.section
        case .picker: .picker
        case .grid: .grid
        case .dialog, .closeQuestion, .replaceQuestion, .textField, .damagedSaveQuestion, .replaceOriginalQuestion: .dialog
        }
    }
}

/// What a pointer button does on the canvas.
enum CanvasGesture: Hashable, Sendable {
    case zoomIn, zoomOut
    case panUp, panDown, panLeft, panRight
    case dragPan
    case dragCrop
    case doubleClickZoom
    /// The level tool: a line drawn along something level or plumb.
    case drawLevelLine

    var title: String {
        switch self {
        case .zoomIn, .zoomOut: tr("Zoom at the pointer")
        // One row for both: Shift+Wheel scrolls up and down, a horizontal wheel sideways.
        case .panUp, .panDown, .panLeft, .panRight: tr("Scroll")
        case .dragPan: tr("Pan")
        case .dragCrop: tr("Draw or adjust the box")
        case .doubleClickZoom: tr("Zoom ×2 / back to fit")
        case .drawLevelLine: tr("Level along a line")
        }
    }
}

/// Which way a wheel click goes (X buttons 4–7).
enum WheelDirection: Hashable, Sendable {
    case up, down, left, right

    /// −1 for up and left, +1 for down and right.
    var sign: Double { self == .up || self == .left ? -1 : 1 }
    var isVertical: Bool { self == .up || self == .down }
}

/// How far one key press or wheel click moves, zooms or scrolls.
enum StepSizes {
    static let keyZoomFactor = 1.25
    static let wheelZoomFactor = 1.2
    /// Interface pixels per wheel click on the canvas.
    static let wheelPan = 64.0
    /// Interface pixels per wheel click in the picker's strip.
    static let stripWheel = 90.0
    /// Interface pixels per wheel click in the photo grid (half a row).
    static let gridWheel = 96.0
    /// Rows per wheel click in the file dialog's list.
    static let listWheelRows = 3.0
}

struct PointerBinding: Sendable {
    let button: UInt32
    let modifiers: Modifiers
    let requiresSpace: Bool
    let gesture: CanvasGesture
    let label: String
}

/// Every key and button of the editor, in one table: the input router looks commands up here
/// and the shortcut sheet and tooltips are drawn from it.
enum Bindings {
    static let keys: [KeyBinding] = commandKeys + textFieldKeys

    private static let commandKeys: [KeyBinding] = [
        KeyBinding(keysym: Keysym.o, modifiers: .control, command: .open, keyName: "O"),
        KeyBinding(keysym: Keysym.p, modifiers: [], command: .photos, keyName: "P"),
        KeyBinding(keysym: Keysym.g, modifiers: [], command: .photoGrid, keyName: "G"),
        KeyBinding(keysym: Keysym.s, modifiers: .control, command: .save, keyName: "S"),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .save, keyName: "Enter"),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .save, keyName: "Enter"),
        KeyBinding(keysym: Keysym.s, modifiers: [.control, .shift], command: .saveAs, keyName: "S"),
        KeyBinding(keysym: Keysym.s, modifiers: [.control, .alt], command: .saveOverOriginal, keyName: "S"),
        KeyBinding(keysym: Keysym.c, modifiers: .control, command: .copyCrop, keyName: "C"),
        KeyBinding(keysym: Keysym.q, modifiers: .control, command: .quit, keyName: "Q"),
        KeyBinding(keysym: Keysym.Next, modifiers: [], command: .nextPhoto, keyName: "PgDn"),
        KeyBinding(keysym: Keysym.KP_Next, modifiers: [], command: .nextPhoto, keyName: "PgDn"),
        KeyBinding(keysym: Keysym.Prior, modifiers: [], command: .previousPhoto, keyName: "PgUp"),
        KeyBinding(keysym: Keysym.KP_Prior, modifiers: [], command: .previousPhoto, keyName: "PgUp"),
        // The box has no use for Home / End (arrows move it): they go to the list's ends, as in image viewers.
        KeyBinding(keysym: Keysym.Home, modifiers: [], command: .firstPhoto, keyName: "Home"),
        KeyBinding(keysym: Keysym.KP_Home, modifiers: [], command: .firstPhoto, keyName: "Home"),
        KeyBinding(keysym: Keysym.End, modifiers: [], command: .lastPhoto, keyName: "End"),
        KeyBinding(keysym: Keysym.KP_End, modifiers: [], command: .lastPhoto, keyName: "End"),

        KeyBinding(keysym: Keysym.plus, modifiers: [], command: .zoomIn, keyName: "+"),
        KeyBinding(keysym: Keysym.equal, modifiers: [], command: .zoomIn, keyName: "="),
        KeyBinding(keysym: Keysym.KP_Add, modifiers: [], command: .zoomIn, keyName: "+"),
        KeyBinding(keysym: Keysym.minus, modifiers: [], command: .zoomOut, keyName: "−"),
        KeyBinding(keysym: Keysym.KP_Subtract, modifiers: [], command: .zoomOut, keyName: "−"),
        KeyBinding(keysym: Keysym.digit0, modifiers: [], command: .zoomToFit, keyName: "0"),
        KeyBinding(keysym: Keysym.KP_0, modifiers: [], command: .zoomToFit, keyName: "0"),
        KeyBinding(keysym: Keysym.digit1, modifiers: [], command: .zoomToActualSize, keyName: "1"),
        KeyBinding(keysym: Keysym.KP_1, modifiers: [], command: .zoomToActualSize, keyName: "1"),
        // Space pans and `,` `.` straighten: K plays and pauses as in video players on the web, and Ctrl with the
        // arrows (which move the box) steps a frame.
        KeyBinding(keysym: Keysym.k, modifiers: [], command: .playPause, keyName: "K"),
        KeyBinding(keysym: Keysym.Left, modifiers: .control, command: .stepFrame(-1), keyName: "←"),
        KeyBinding(keysym: Keysym.Right, modifiers: .control, command: .stepFrame(1), keyName: "→"),

        KeyBinding(keysym: Keysym.Left, modifiers: [], command: .nudge(dx: -1, dy: 0), keyName: "←"),
        KeyBinding(keysym: Keysym.Right, modifiers: [], command: .nudge(dx: 1, dy: 0), keyName: "→"),
        KeyBinding(keysym: Keysym.Up, modifiers: [], command: .nudge(dx: 0, dy: -1), keyName: "↑"),
        KeyBinding(keysym: Keysym.Down, modifiers: [], command: .nudge(dx: 0, dy: 1), keyName: "↓"),
        KeyBinding(keysym: Keysym.Left, modifiers: .shift, command: .nudge(dx: -10, dy: 0), keyName: "←"),
        KeyBinding(keysym: Keysym.Right, modifiers: .shift, command: .nudge(dx: 10, dy: 0), keyName: "→"),
        KeyBinding(keysym: Keysym.Up, modifiers: .shift, command: .nudge(dx: 0, dy: -10), keyName: "↑"),
        KeyBinding(keysym: Keysym.Down, modifiers: .shift, command: .nudge(dx: 0, dy: 10), keyName: "↓"),
        KeyBinding(keysym: Keysym.Left, modifiers: .alt, command: .resizeCrop(dw: -1, dh: 0), keyName: "←"),
        KeyBinding(keysym: Keysym.Right, modifiers: .alt, command: .resizeCrop(dw: 1, dh: 0), keyName: "→"),
        KeyBinding(keysym: Keysym.Up, modifiers: .alt, command: .resizeCrop(dw: 0, dh: -1), keyName: "↑"),
        KeyBinding(keysym: Keysym.Down, modifiers: .alt, command: .resizeCrop(dw: 0, dh: 1), keyName: "↓"),
        KeyBinding(keysym: Keysym.Left, modifiers: [.alt, .shift], command: .resizeCrop(dw: -10, dh: 0), keyName: "←"),
        KeyBinding(keysym: Keysym.Right, modifiers: [.alt, .shift], command: .resizeCrop(dw: 10, dh: 0), keyName: "→"),
        KeyBinding(keysym: Keysym.Up, modifiers: [.alt, .shift], command: .resizeCrop(dw: 0, dh: -10), keyName: "↑"),
        KeyBinding(keysym: Keysym.Down, modifiers: [.alt, .shift], command: .resizeCrop(dw: 0, dh: 10), keyName: "↓"),
        KeyBinding(keysym: Keysym.a, modifiers: [], command: .cycleAspect, keyName: "A"),
        KeyBinding(keysym: Keysym.x, modifiers: [], command: .swapAspectOrientation, keyName: "X"),
        KeyBinding(keysym: Keysym.n, modifiers: [], command: .editNumbers, keyName: "N"),
        KeyBinding(keysym: Keysym.e, modifiers: [], command: .cycleExportSize, keyName: "E"),
        // Esc leaves full screen while the window is in it (the first available command of a key runs).
        KeyBinding(keysym: Keysym.F11, modifiers: [], command: .toggleFullScreen, keyName: "F11"),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .leaveFullScreen, keyName: "Esc", isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .cancel, keyName: "Esc"),

        KeyBinding(keysym: Keysym.r, modifiers: .shift, command: .rotateLeft, keyName: "R"),
        KeyBinding(keysym: Keysym.r, modifiers: [], command: .rotateRight, keyName: "R"),
        KeyBinding(keysym: Keysym.h, modifiers: [], command: .flipHorizontal, keyName: "H"),
        KeyBinding(keysym: Keysym.v, modifiers: [], command: .flipVertical, keyName: "V"),
        KeyBinding(keysym: Keysym.period, modifiers: [], command: .straighten(tenths: 1), keyName: "."),
        KeyBinding(keysym: Keysym.comma, modifiers: [], command: .straighten(tenths: -1), keyName: ","),
        // Listed on the `.` `,` row: on most layouts they are those keys with Shift.
        KeyBinding(keysym: Keysym.greater, modifiers: [], command: .straighten(tenths: 10), keyName: ">", isListed: false),
        KeyBinding(keysym: Keysym.less, modifiers: [], command: .straighten(tenths: -10), keyName: "<", isListed: false),
        KeyBinding(keysym: Keysym.slash, modifiers: [], command: .resetStraighten, keyName: "/"),
        KeyBinding(keysym: Keysym.l, modifiers: [], command: .autoLevel, keyName: "L"),
        KeyBinding(keysym: Keysym.g, modifiers: .shift, command: .toggleGuides, keyName: "G"),
        KeyBinding(keysym: Keysym.apostrophe, modifiers: [], command: .perspective(vertical: 1, horizontal: 0), keyName: "'"),
        KeyBinding(keysym: Keysym.semicolon, modifiers: [], command: .perspective(vertical: -1, horizontal: 0), keyName: ";"),
        // Listed on the `'` `;` rows: on most layouts they are those keys with Shift.
        KeyBinding(keysym: Keysym.quotedbl, modifiers: [], command: .perspective(vertical: 10, horizontal: 0), keyName: "\"",
                   isListed: false),
        KeyBinding(keysym: Keysym.colon, modifiers: [], command: .perspective(vertical: -10, horizontal: 0), keyName: ":",
                   isListed: false),
        KeyBinding(keysym: Keysym.apostrophe, modifiers: .alt, command: .perspective(vertical: 0, horizontal: 1), keyName: "'"),
        KeyBinding(keysym: Keysym.semicolon, modifiers: .alt, command: .perspective(vertical: 0, horizontal: -1), keyName: ";"),
        KeyBinding(keysym: Keysym.quotedbl, modifiers: .alt, command: .perspective(vertical: 0, horizontal: 10), keyName: "\"",
                   isListed: false),
        KeyBinding(keysym: Keysym.colon, modifiers: .alt, command: .perspective(vertical: 0, horizontal: -10), keyName: ":",
                   isListed: false),
        KeyBinding(keysym: Keysym.backslash, modifiers: [], command: .resetPerspective, keyName: "\\"),

        KeyBinding(keysym: Keysym.z, modifiers: .control, command: .undo, keyName: "Z"),
        KeyBinding(keysym: Keysym.z, modifiers: [.control, .shift], command: .redo, keyName: "Z"),
        KeyBinding(keysym: Keysym.y, modifiers: .control, command: .redo, keyName: "Y"),
        // Not listed: the sheet they open says how it closes, and the toolbar button names them.
        KeyBinding(keysym: Keysym.question, modifiers: [], command: .showShortcuts, keyName: "?", isListed: false),
        KeyBinding(keysym: Keysym.F1, modifiers: [], command: .showShortcuts, keyName: "F1", isListed: false),

        KeyBinding(keysym: Keysym.c, modifiers: [], command: .toggleRecentring, keyName: "C"),
        KeyBinding(keysym: Keysym.j, modifiers: [], command: .toggleLossless, keyName: "J"),
        KeyBinding(keysym: Keysym.bracketright, modifiers: [], command: .jpegQualityUp, keyName: "]"),
        KeyBinding(keysym: Keysym.bracketleft, modifiers: [], command: .jpegQualityDown, keyName: "["),

        KeyBinding(keysym: Keysym.Left, modifiers: [], command: .selectPrevious, keyName: "←", scope: .picker),
        KeyBinding(keysym: Keysym.Right, modifiers: [], command: .selectNext, keyName: "→", scope: .picker),
        KeyBinding(keysym: Keysym.Home, modifiers: [], command: .selectFirst, keyName: "Home", scope: .picker),
        KeyBinding(keysym: Keysym.End, modifiers: [], command: .selectLast, keyName: "End", scope: .picker),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .openSelected, keyName: "Enter", scope: .picker),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .openSelected, keyName: "Enter", scope: .picker),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .cancel, keyName: "Esc", scope: .picker),
        KeyBinding(keysym: Keysym.p, modifiers: [], command: .photos, keyName: "P", scope: .picker),

        // Listed: the arrows and Space, Ctrl+A; the grid's header says how Enter, G and Esc go back.
        KeyBinding(keysym: Keysym.Left, modifiers: [], command: .selectPrevious, keyName: "←", scope: .grid),
        KeyBinding(keysym: Keysym.Right, modifiers: [], command: .selectNext, keyName: "→", scope: .grid),
        KeyBinding(keysym: Keysym.Up, modifiers: [], command: .selectAbove, keyName: "↑", scope: .grid),
        KeyBinding(keysym: Keysym.Down, modifiers: [], command: .selectBelow, keyName: "↓", scope: .grid),
        KeyBinding(keysym: Keysym.Left, modifiers: .shift, command: .extendSelection(.previous), keyName: "←", scope: .grid),
        KeyBinding(keysym: Keysym.Right, modifiers: .shift, command: .extendSelection(.next), keyName: "→", scope: .grid),
        KeyBinding(keysym: Keysym.Up, modifiers: .shift, command: .extendSelection(.above), keyName: "↑", scope: .grid),
        KeyBinding(keysym: Keysym.Down, modifiers: .shift, command: .extendSelection(.below), keyName: "↓", scope: .grid),
        KeyBinding(keysym: Keysym.Home, modifiers: [], command: .selectFirst, keyName: "Home", scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.End, modifiers: [], command: .selectLast, keyName: "End", scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.Page_Up, modifiers: [], command: .selectPageUp, keyName: "Page Up", scope: .grid,
                   isListed: false),
        KeyBinding(keysym: Keysym.Page_Down, modifiers: [], command: .selectPageDown, keyName: "Page Down", scope: .grid,
                   isListed: false),
        KeyBinding(keysym: Keysym.Home, modifiers: .shift, command: .extendSelection(.first), keyName: "Home", scope: .grid,
                   isListed: false),
        KeyBinding(keysym: Keysym.End, modifiers: .shift, command: .extendSelection(.last), keyName: "End", scope: .grid,
                   isListed: false),
        KeyBinding(keysym: Keysym.Page_Up, modifiers: .shift, command: .extendSelection(.pageUp), keyName: "Page Up",
                   scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.Page_Down, modifiers: .shift, command: .extendSelection(.pageDown), keyName: "Page Down",
                   scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.space, modifiers: [], command: .toggleSelected, keyName: "Space", scope: .grid),
        KeyBinding(keysym: Keysym.a, modifiers: .control, command: .selectAll, keyName: "A", scope: .grid),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .openSelected, keyName: "Enter", scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .openSelected, keyName: "Enter", scope: .grid,
                   isListed: false),
        KeyBinding(keysym: Keysym.g, modifiers: [], command: .photoGrid, keyName: "G", scope: .grid, isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .cancel, keyName: "Esc", scope: .grid, isListed: false),

        KeyBinding(keysym: Keysym.Up, modifiers: [], command: .selectPrevious, keyName: "↑", scope: .dialog),
        KeyBinding(keysym: Keysym.Down, modifiers: [], command: .selectNext, keyName: "↓", scope: .dialog),
        KeyBinding(keysym: Keysym.Page_Up, modifiers: [], command: .selectPageUp, keyName: "Page Up", scope: .dialog),
        KeyBinding(keysym: Keysym.Page_Down, modifiers: [], command: .selectPageDown, keyName: "Page Down", scope: .dialog),
        KeyBinding(keysym: Keysym.Home, modifiers: [], command: .selectFirst, keyName: "Home", scope: .dialog),
        KeyBinding(keysym: Keysym.End, modifiers: [], command: .selectLast, keyName: "End", scope: .dialog),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .openSelected, keyName: "Enter", scope: .dialog),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .openSelected, keyName: "Enter", scope: .dialog),
        KeyBinding(keysym: Keysym.BackSpace, modifiers: [], command: .parentFolder, keyName: "Backspace", scope: .dialog),
        KeyBinding(keysym: Keysym.Up, modifiers: .alt, command: .parentFolder, keyName: "↑", scope: .dialog),
        KeyBinding(keysym: Keysym.l, modifiers: .control, command: .focusPathBar, keyName: "L", scope: .dialog),
        KeyBinding(keysym: Keysym.Tab, modifiers: [], command: .completePath, keyName: "Tab", scope: .dialog),
        KeyBinding(keysym: Keysym.h, modifiers: .control, command: .toggleHiddenFiles, keyName: "H", scope: .dialog),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .cancel, keyName: "Esc", scope: .dialog),
        KeyBinding(keysym: Keysym.slash, modifiers: [], command: .typePath("/"), keyName: "/", scope: .dialog,
                   isListed: false),
        KeyBinding(keysym: Keysym.asciitilde, modifiers: [], command: .typePath("~"), keyName: "~", scope: .dialog,
                   isListed: false),
        KeyBinding(keysym: Keysym.space, modifiers: [], command: .holdToPan, keyName: "Space", isListed: false),

        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .answer(.save), keyName: "Enter",
                   scope: .closeQuestion, isListed: false),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .answer(.save), keyName: "Enter",
                   scope: .closeQuestion, isListed: false),
        KeyBinding(keysym: Keysym.s, modifiers: [], command: .answer(.save), keyName: "S", scope: .closeQuestion,
                   isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .answer(.cancel), keyName: "Esc",
                   scope: .closeQuestion, isListed: false),
        KeyBinding(keysym: Keysym.c, modifiers: [], command: .answer(.cancel), keyName: "C", scope: .closeQuestion,
                   isListed: false),
        KeyBinding(keysym: Keysym.d, modifiers: [], command: .answer(.discard), keyName: "D", scope: .closeQuestion,
                   isListed: false),
        KeyBinding(keysym: Keysym.n, modifiers: [], command: .answer(.discard), keyName: "N", scope: .closeQuestion,
                   isListed: false),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .answer(.cancel), keyName: "Enter",
                   scope: .damagedSaveQuestion, isListed: false),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .answer(.cancel), keyName: "Enter",
                   scope: .damagedSaveQuestion, isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .answer(.cancel), keyName: "Esc",
                   scope: .damagedSaveQuestion, isListed: false),
        KeyBinding(keysym: Keysym.a, modifiers: [], command: .answer(.save), keyName: "A",
                   scope: .damagedSaveQuestion, isListed: false),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .answer(.replace), keyName: "Enter",
                   scope: .replaceOriginalQuestion, isListed: false),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .answer(.replace), keyName: "Enter",
                   scope: .replaceOriginalQuestion, isListed: false),
        KeyBinding(keysym: Keysym.r, modifiers: [], command: .answer(.replace), keyName: "R",
                   scope: .replaceOriginalQuestion, isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .answer(.cancel), keyName: "Esc",
                   scope: .replaceOriginalQuestion, isListed: false),
        KeyBinding(keysym: Keysym.c, modifiers: [], command: .answer(.cancel), keyName: "C",
                   scope: .replaceOriginalQuestion, isListed: false),
        KeyBinding(keysym: Keysym.Return, modifiers: [], command: .answer(.replace), keyName: "Enter",
                   scope: .replaceQuestion, isListed: false),
        KeyBinding(keysym: Keysym.KP_Enter, modifiers: [], command: .answer(.replace), keyName: "Enter",
                   scope: .replaceQuestion, isListed: false),
        KeyBinding(keysym: Keysym.r, modifiers: [], command: .answer(.replace), keyName: "R",
                   scope: .replaceQuestion, isListed: false),
        KeyBinding(keysym: Keysym.Escape, modifiers: [], command: .answer(.cancel), keyName: "Esc",
                   scope: .replaceQuestion, isListed: false),
        KeyBinding(keysym: Keysym.c, modifiers: [], command: .answer(.cancel), keyName: "C",
                   scope: .replaceQuestion, isListed: false),
    ]

    /// GTK's entry keys; Ctrl+U (clear to the start) as in a terminal.
    private static let textFieldKeys: [KeyBinding] = {
        func edit(_ symbol: UInt, _ modifiers: Modifiers = [], _ edit: TextEdit, _ name: String) -> KeyBinding {
            KeyBinding(keysym: symbol, modifiers: modifiers, command: .editText(edit), keyName: name, scope: .textField,
                       isListed: false)
        }
        return [
            edit(Keysym.Left, [], .left, "←"), edit(Keysym.Right, [], .right, "→"),
            edit(Keysym.Left, .control, .wordLeft, "←"), edit(Keysym.Right, .control, .wordRight, "→"),
            edit(Keysym.Home, [], .start, "Home"), edit(Keysym.End, [], .end, "End"),
            edit(Keysym.Left, .shift, .extendLeft, "←"), edit(Keysym.Right, .shift, .extendRight, "→"),
            edit(Keysym.Left, [.control, .shift], .extendWordLeft, "←"), edit(Keysym.Right, [.control, .shift], .extendWordRight, "→"),
            edit(Keysym.Home, .shift, .extendToStart, "Home"), edit(Keysym.End, .shift, .extendToEnd, "End"),
            edit(Keysym.a, .control, .selectAll, "A"),
            edit(Keysym.BackSpace, [], .deleteBackward, "Backspace"), edit(Keysym.Delete, [], .deleteForward, "Delete"),
            edit(Keysym.BackSpace, .control, .deleteWordBackward, "Backspace"), edit(Keysym.Delete, .control, .deleteWordForward, "Delete"),
            edit(Keysym.u, .control, .deleteToStart, "U"),
            edit(Keysym.c, .control, .copy, "C"), edit(Keysym.Insert, .control, .copy, "Insert"), edit(Keysym.x, .control, .cut, "X"),
            edit(Keysym.v, .control, .paste, "V"), edit(Keysym.Insert, .shift, .paste, "Insert"),
            edit(Keysym.Return, [], .submit, "Enter"), edit(Keysym.KP_Enter, [], .submit, "Enter"),
            edit(Keysym.Linefeed, [], .submit, "Enter"), edit(Keysym.Escape, [], .cancel, "Esc"),
            edit(Keysym.Tab, [], .next, "Tab"), edit(Keysym.ISO_Left_Tab, [], .previous, "Tab"),
            edit(Keysym.ISO_Left_Tab, .shift, .previous, "Tab"), edit(Keysym.Tab, .shift, .previous, "Tab"),
        ]
    }()

    static let wheel: [(button: UInt32, direction: WheelDirection)] = [(4, .up), (5, .down), (6, .left), (7, .right)]

    /// The button that clicks buttons, rows and thumbnails in the chrome and the panels.
    static let clickButton: UInt32 = 1
    /// In guided perspective mode, the right button deletes the guide under it.
    static let deleteGuideButton: UInt32 = 3
    /// The middle button, which pastes PRIMARY into a text field (as in every X program).
    static let pastePrimaryButton: UInt32 = 2

    /// Editor commands that still work while a panel holds the keys.
    static let globalCommands: Set<Command> = [.open, .saveAs, .quit, .showShortcuts]

    static let pointer: [PointerBinding] = [
        PointerBinding(button: 4, modifiers: [], requiresSpace: false, gesture: .zoomIn, label: tr("Wheel")),
        PointerBinding(button: 5, modifiers: [], requiresSpace: false, gesture: .zoomOut, label: tr("Wheel")),
        PointerBinding(button: 4, modifiers: .shift, requiresSpace: false, gesture: .panUp, label: tr("Shift+Wheel")),
        PointerBinding(button: 5, modifiers: .shift, requiresSpace: false, gesture: .panDown, label: tr("Shift+Wheel")),
        PointerBinding(button: 6, modifiers: [], requiresSpace: false, gesture: .panLeft, label: tr("Horizontal wheel")),
        PointerBinding(button: 7, modifiers: [], requiresSpace: false, gesture: .panRight, label: tr("Horizontal wheel")),
        PointerBinding(button: 6, modifiers: .shift, requiresSpace: false, gesture: .panLeft, label: tr("Horizontal wheel")),
        PointerBinding(button: 7, modifiers: .shift, requiresSpace: false, gesture: .panRight, label: tr("Horizontal wheel")),
        PointerBinding(button: 2, modifiers: [], requiresSpace: false, gesture: .dragPan, label: tr("Middle-drag")),
        PointerBinding(button: 1, modifiers: [], requiresSpace: true, gesture: .dragPan, label: tr("Space+drag")),
        PointerBinding(button: 1, modifiers: [], requiresSpace: false, gesture: .doubleClickZoom, label: tr("Double-click")),
        PointerBinding(button: 1, modifiers: [], requiresSpace: false, gesture: .dragCrop, label: tr("Drag")),
        PointerBinding(button: 1, modifiers: .shift, requiresSpace: false, gesture: .drawLevelLine, label: tr("Shift+drag")),
    ]

    /// Touchpad gestures, listed on the shortcut sheet beside the buttons that do the same (a two-finger scroll is
    /// the wheel's; `CanvasComponent.pinch` zooms about the fingers).
    static let touchpadGestures: [(gesture: CanvasGesture, label: String)] = [(.zoomIn, tr("Pinch"))]

    /// The command for a key press. `level0` is the key's unshifted symbol, `typed` the symbol the
    /// layout produced with the modifiers held, so `+` and `?` work whatever key carries them.
    /// In a panel's scope, keys it does not bind fall back to the editor's `globalCommands`.
    static func command(level0: UInt, typed: UInt, modifiers: Modifiers, scope: BindingScope = .editor) -> Command? {
        if let found = lookup(level0: level0, typed: typed, modifiers: modifiers, scope: scope) { return found }
        guard scope == .picker || scope == .grid || scope == .dialog, let global = lookup(level0: level0, typed: typed, modifiers: modifiers, scope: .editor),
              globalCommands.contains(global) else { return nil }
        return global
    }

    private static func lookup(level0: UInt, typed: UInt, modifiers: Modifiers, scope: BindingScope) -> Command? {
        if let exact = keys.first(where: { $0.scope == scope && $0.keysym == level0 && $0.modifiers == modifiers }) {
            return exact.command
        }
        let withoutShift = modifiers.subtracting(.shift)
        return keys.first(where: { $0.scope == scope && $0.keysym == typed && $0.modifiers == withoutShift })?.command
    }

    static func command(for key: KeyInput, scope: BindingScope = .editor) -> Command? {
        command(level0: key.level0, typed: key.typed, modifiers: key.modifiers, scope: scope)
    }

    /// The editor's command for a key when several are bound to it: the first that is available now (Esc leaves
    /// full screen while the window is in it, and clears the box otherwise); the first bound when none is.
    static func command(for key: KeyInput, available facts: CommandFacts) -> Command? {
        let bound = keys.filter { $0.scope == .editor && $0.keysym == key.level0 && $0.modifiers == key.modifiers }
            .map(\.command)
        return bound.first { $0.availability(facts).isAvailable } ?? command(for: key)
    }

    static func wheelDirection(button: UInt32) -> WheelDirection? {
        wheel.first { $0.button == button }?.direction
    }

    /// The canvas gesture a button press starts (double-click is decided by timing, not by this).
    static func gesture(button: UInt32, modifiers: Modifiers, spaceHeld: Bool) -> CanvasGesture? {
        let relevant = modifiers.subtracting(.control)
        if let match = pointer.first(where: {
            $0.button == button && $0.modifiers == relevant && $0.requiresSpace == spaceHeld && $0.gesture != .doubleClickZoom
        }) {
            return match.gesture
        }
        return pointer.first(where: { $0.button == button && $0.modifiers == relevant && !$0.requiresSpace
            && $0.gesture != .doubleClickZoom })?.gesture
    }

    /// The first shortcut of a command, for tooltips ("Ctrl+S").
    static func shortcutLabel(for command: Command) -> String? {
        keys.first(where: { $0.scope == .editor && $0.command == command && $0.isListed })?.label
    }

}
