import EditorState
import X11Platform

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
    /// The crop rule panel (Ctrl+Shift+C): 1–5 choose, Enter takes the default.
    case cropRuleQuestion

    /// The section of the shortcut sheet a panel's keys are listed under; the editor's keys go under their
    /// command's own section.
    var section: ShortcutSection? {
        switch self {
        case .editor: nil
        case .picker: .picker
        case .grid: .grid
        case .dialog, .closeQuestion, .replaceQuestion, .textField, .damagedSaveQuestion, .replaceOriginalQuestion,
             .cropRuleQuestion: .dialog
        }
    }
}

/// A key of a command, as its declaration gives it.
struct Shortcut: Sendable {
    let keysym: UInt
    let modifiers: Modifiers
    /// How the key is written on the shortcut sheet and in tooltips.
    let name: String
    var scope = BindingScope.editor
    /// Shown on the shortcut sheet; the questions' keys are written on their buttons instead.
    var isListed = true
    /// The sheet's row when not the command's title: pairs share a row ("Rotate left / right"), and a panel
    /// words some commands its own way.
    var listedAs: String?

    init(_ keysym: UInt, _ name: String, in scope: BindingScope = .editor, listed: Bool = true, listedAs: String? = nil) {
        self.init(keysym, [], name, in: scope, listed: listed, listedAs: listedAs)
    }

    init(_ keysym: UInt, _ modifiers: Modifiers, _ name: String, in scope: BindingScope = .editor,
         listed: Bool = true, listedAs: String? = nil) {
        self.keysym = keysym
        self.modifiers = modifiers
        self.name = name
        self.scope = scope
        isListed = listed
        self.listedAs = listedAs
    }
}

/// What a command needs before it can run (see `CommandFacts.availability`).
enum CommandNeeds: Sendable {
    case nothing
    case photo
    case undo, redo
    /// Edits to reset.
    case edits
    /// A photo, and no save under way.
    case savable
    /// Savable, and a photo that may be replaced (not the sample, still in its folder).
    case replaceable
    /// A photo that can be cropped losslessly as it is turned now.
    case lossless
    /// A list of photos (a folder, or photos given together).
    case list
    /// An animation open (to play and step).
    case animation
    /// A photo that may be resampled: not an animation, which is cut, turned and flipped frame by frame only.
    case stillPhoto
    /// The grid's photos being saved.
    case batchSaving
}

/// A window-manager state a command asks for (EWMH `_NET_WM_STATE_…`): set, cleared, or (nil) toggled. Such a
/// command needs nothing else: the app state asks the window manager, and one that clears a state is available
/// only while the window is in it.
struct WindowStateChange: Equatable, Sendable {
    let name: String
    let turnsOn: Bool?
}

/// Everything about one command, declared once (in `CommandTable`): its title, its section of the shortcut
/// sheet, what it needs to be available, its keys in every scope, and, for the editor's own commands, the
/// editor action it is. The binding table, the shortcut sheet, the toolbar and menus, availability and the app
/// state all read this.
struct CommandDeclaration: Sendable {
    let command: Command
    /// How the command is named in tooltips, menus and (unless a key says otherwise) on the shortcut sheet.
    let title: String
    let section: ShortcutSection
    var needs = CommandNeeds.nothing
    var keys: [Shortcut] = []
    /// The editor action the command is; nil for a command of the window, or when there is nothing to do.
    var edits: (@Sendable (EditorState) -> EditorAction?)?
    /// The window-manager state it changes, for a command that does only that.
    var windowState: WindowStateChange?

    init(_ command: Command, _ title: String, _ section: ShortcutSection, needs: CommandNeeds = .nothing,
         keys: [Shortcut] = [], windowState: WindowStateChange? = nil,
         edits: (@Sendable (EditorState) -> EditorAction?)? = nil) {
        self.command = command
        self.title = title
        self.section = section
        self.needs = needs
        self.keys = keys
        self.edits = edits
        self.windowState = windowState
    }
}

extension Command {
    /// The command's declaration in `CommandTable`; a command value the table does not declare is never available.
    var declaration: CommandDeclaration {
        CommandTable.byCommand[self] ?? CommandDeclaration(self, "", .file, needs: .nothing)
    }

    var title: String { declaration.title }
    var section: ShortcutSection { declaration.section }
    var windowStateChange: WindowStateChange? { declaration.windowState }

    /// The editor's own commands, as the action each is: they change nothing but the editor, so they go straight
    /// to it. Nil for a command of the window (files, panels, settings).
    func editorAction(on editor: EditorState) -> EditorAction? {
        declaration.edits?(editor)
    }

    /// The one rule for every command's availability: the toolbar greys out what this refuses, the keys pass
    /// over it, and the app state does nothing for it.
    func availability(_ facts: CommandFacts) -> Availability {
        guard CommandTable.byCommand[self] != nil else { return .unavailable(reason: "") }
        return facts.availability(of: declaration)
    }
}
