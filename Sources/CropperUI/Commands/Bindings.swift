import Localization
import X11Platform

extension Modifiers {
    var label: String {
        (contains(.control) ? "Ctrl+" : "") + (contains(.alt) ? "Alt+" : "") + (contains(.shift) ? "Shift+" : "")
    }
}

/// A key of the binding table: a command's key (`Shortcut`) with its command.
struct KeyBinding: Sendable {
    let command: Command
    let shortcut: Shortcut
    /// The command's section, for a key of the editor.
    let commandSection: ShortcutSection
    /// The command's title, for a key with no row title of its own.
    let commandTitle: String

    var keysym: UInt { shortcut.keysym }
    var modifiers: Modifiers { shortcut.modifiers }
    var keyName: String { shortcut.name }
    var scope: BindingScope { shortcut.scope }
    var isListed: Bool { shortcut.isListed }
    var label: String { modifiers.label + keyName }
    /// The row of the shortcut sheet it is on.
    var title: String { shortcut.listedAs ?? commandTitle }
    var section: ShortcutSection { scope.section ?? commandSection }
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

/// Every key and button of the window, in one table: the keys are those of the commands' declarations
/// (`CommandTable`), in its order; the input router looks commands up here and the shortcut sheet and tooltips are
/// drawn from it.
enum Bindings {
    static let keys: [KeyBinding] = CommandTable.all.flatMap { declaration in
        declaration.keys.map {
            KeyBinding(command: declaration.command, shortcut: $0, commandSection: declaration.section,
                       commandTitle: declaration.title)
        }
    }

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

    /// The command for a key press in `scope`, given what is available now. `level0` is the key's unshifted symbol,
    /// `typed` the symbol the layout produced with the modifiers held, so `+` and `?` work whatever key carries
    /// them. Of several commands bound to a key the first available one runs (Esc leaves full screen while the
    /// window is in it, and clears the box otherwise); the first bound when none is. In a panel's scope, keys it
    /// does not bind fall back to the editor's `globalCommands`.
    static func command(level0: UInt, typed: UInt, modifiers: Modifiers, scope: BindingScope = .editor,
                        facts: CommandFacts) -> Command? {
        if let found = lookup(level0: level0, typed: typed, modifiers: modifiers, scope: scope, facts: facts) { return found }
        guard scope == .picker || scope == .grid || scope == .dialog,
              let global = lookup(level0: level0, typed: typed, modifiers: modifiers, scope: .editor, facts: facts),
              globalCommands.contains(global) else { return nil }
        return global
    }

    static func command(for key: KeyInput, scope: BindingScope = .editor, facts: CommandFacts) -> Command? {
        command(level0: key.level0, typed: key.typed, modifiers: key.modifiers, scope: scope, facts: facts)
    }

    /// A text field's edit for a key (its edits need nothing, so no facts are asked for).
    static func textEdit(for key: KeyInput) -> TextEdit? {
        guard case let .editText(edit) = lookup(level0: key.level0, typed: key.typed, modifiers: key.modifiers,
                                                 scope: .textField, facts: nil) else { return nil }
        return edit
    }

    /// A question's answer for a key, in the question's scope.
    static func answer(for key: KeyInput, in scope: BindingScope) -> QuestionAnswer? {
        guard case let .answer(answer) = lookup(level0: key.level0, typed: key.typed, modifiers: key.modifiers,
                                                 scope: scope, facts: nil) else { return nil }
        return answer
    }

    /// `facts` nil: only for the scopes whose commands all need nothing (text fields, questions).
    private static func lookup(level0: UInt, typed: UInt, modifiers: Modifiers, scope: BindingScope,
                               facts: CommandFacts?) -> Command? {
        var bound = keys.filter { $0.scope == scope && $0.keysym == level0 && $0.modifiers == modifiers }
        if bound.isEmpty {
            let withoutShift = modifiers.subtracting(.shift)
            bound = keys.filter { $0.scope == scope && $0.keysym == typed && $0.modifiers == withoutShift }
        }
        let commands = bound.map(\.command)
        guard let facts else { return commands.first }
        return commands.first { $0.availability(facts).isAvailable } ?? commands.first
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
