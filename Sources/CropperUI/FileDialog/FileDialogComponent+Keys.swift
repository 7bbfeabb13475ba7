import PhotoLibrary
import X11Platform

/// Keys in the file dialog. A focused text field takes keys first; what it leaves goes to the dialog's
/// bindings; in the list, other typing jumps to a name (type-ahead).
extension FileDialogComponent {
    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        if dialog.focus != .list {
            let inPathBar = dialog.focus == .pathBar
            let before = inPathBar ? dialog.pathField : dialog.nameField
            let outcome = inPathBar ? dialog.pathField.handle(key) : dialog.nameField.handle(key)
            let after = inPathBar ? dialog.pathField : dialog.nameField
            switch outcome {
            case .submitted: return .took("dialogSubmit", inPathBar ? submitPath() : submitName())
            case .cancelled: return .took("dialogCancel", closing())
            case .tabbed: completeField(); return .took("dialogComplete")
            case .edited:
                clearMessage()
                return .took("dialogFieldKey", after.effects(of: outcome, before: before))
            case .copied, .pasteRequested: return .took("dialogFieldKey", after.effects(of: outcome, before: before))
            case .ignored: break
            }
        }
        if let command = Bindings.command(for: key, scope: .dialog, facts: context.commandFacts) {
            if case .typePath = command, dialog.focus != .list { return .took("key") }
            if Bindings.globalCommands.contains(command) { return .took("dialogKey:\(command)", [.perform(command)]) }
            return .took(command.isPathStart ? "dialogPathStarted" : "dialogKey:\(command)", perform(command, in: context))
        }
        guard dialog.focus == .list, !key.text.isEmpty, key.modifiers.isDisjoint(with: [.control, .alt]) else {
            return .took("key")
        }
        dialog.typeAhead(key.text, at: context.now, viewportHeight: rowsHeight(context))
        return .took("dialogTypeAhead", [wantedThumbnails()])
    }

    mutating func perform(_ command: Command, in context: WindowContext) -> [Effect] {
        let height = rowsHeight(context)
        let page = FileDialog.rows(in: height) - 1
        switch command {
        case .selectPrevious, .selectNext, .selectPageUp, .selectPageDown, .selectFirst, .selectLast:
            if dialog.focus == .pathBar { leavePathBar() }
            switch command {
            case .selectPrevious: dialog.moveSelection(by: -1, viewportHeight: height)
            case .selectNext: dialog.moveSelection(by: 1, viewportHeight: height)
            case .selectPageUp: dialog.moveSelection(by: -page, viewportHeight: height)
            case .selectPageDown: dialog.moveSelection(by: page, viewportHeight: height)
            case .selectFirst: dialog.selectFirst(viewportHeight: height)
            default: dialog.selectLast(viewportHeight: height)
            }
            return [wantedThumbnails()]
        case .openSelected:
            return confirm()
        case .parentFolder:
            return goToParent()
        case .focusPathBar:
            focusPathBar(text: dialog.directory == "/" ? "/" : dialog.directory + "/", selected: true)
        case let .typePath(start):
            focusPathBar(text: start, selected: false)
        case .completePath:
            dialog.focus = dialog.mode == .open ? .pathBar : .nameField
            if dialog.focus == .pathBar { dialog.pathField.setText(dialog.directory == "/" ? "/" : dialog.directory + "/") }
        case .toggleHiddenFiles:
            dialog.toggleHidden()
            dialog.clampScroll(viewportHeight: height)
        case .cancel:
            return closing()
        default:
            break
        }
        return []
    }

    mutating func paste(_ text: String, in context: WindowContext) -> Response {
        switch dialog.focus {
        case .pathBar: dialog.pathField.insert(text)
        case .nameField: dialog.nameField.insert(text)
        case .list: return .took("paste")
        }
        clearMessage()
        return .took("paste")
    }

    /// The path bar takes the keys. Ctrl+L shows the folder with all of it selected, so typing replaces it (as
    /// GTK's dialog does); `/` and `~` start a new path with themselves.
    mutating func focusPathBar(text: String, selected: Bool) {
        dialog.focus = .pathBar
        dialog.pathField.setText(text)
        dialog.pathField.replacesOnType = selected
        clearMessage()
    }

    mutating func leavePathBar() {
        dialog.focus = .list
        dialog.pathField.setText(dialog.directory)
        clearMessage()
    }

    mutating func clearMessage() {
        dialog.message = nil
        dialog.isError = false
    }

    /// Tab in the path bar or the name field: the typed path is completed against the disk, candidates shown.
    private mutating func completeField() {
        let isPath = dialog.focus == .pathBar
        let typed = isPath ? dialog.pathField.text : dialog.nameField.text
        let absolute = typed.hasPrefix("/") || typed.hasPrefix("~")
        let prefix = absolute ? "" : (dialog.directory == "/" ? "/" : dialog.directory + "/")
        let completion = PathCompletion.complete(prefix + typed)
        let completed = String(completion.text.dropFirst(prefix.count))
        if isPath { dialog.pathField.setText(completed) } else { dialog.nameField.setText(completed) }
        dialog.isError = false
        dialog.message = completion.candidates.isEmpty ? nil
            : completion.candidates.prefix(10).joined(separator: "   ") + (completion.candidates.count > 10 ? "   …" : "")
    }

}

private extension Command {
    var isPathStart: Bool {
        if case .typePath = self { return true }
        return false
    }
}
