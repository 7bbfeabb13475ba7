import CX11

/// Keys and clicks in the file dialog. A focused text field takes keys first; what it leaves goes to the
/// dialog's bindings; in the list, other typing jumps to a name (type-ahead) or, with `/` or `~`, starts a path.
extension EditorApp {
    func dialogKey(_ key: KeyInput) -> String {
        guard var dialog = ui.fileDialog else { return "key" }
        needsRedraw = true
        if dialog.replacing != nil { return replaceKey(key) }
        if dialog.focus != .list {
            let inPathBar = dialog.focus == .pathBar
            let outcome = inPathBar ? dialog.pathField.handle(key) : dialog.nameField.handle(key)
            ui.fileDialog = dialog
            switch outcome {
            case .submitted:
                if inPathBar { submitDialogPath() } else { submitDialogName() }
                return "dialogSubmit"
            case .cancelled: closeFileDialog(); return "dialogCancel"
            case .tabbed: completeDialogField(); return "dialogComplete"
            case .edited: clearDialogMessage(); return "dialogFieldKey"
            case .ignored: break
            }
        }
        if let command = Bindings.command(level0: key.level0, typed: key.typed, modifiers: key.modifiers, scope: .dialog) {
            if Bindings.globalCommands.contains(command) {
                perform(command)
            } else {
                performInDialog(command)
            }
            return "dialogKey:\(command)"
        }
        guard dialog.focus == .list, !key.text.isEmpty, key.modifiers.isDisjoint(with: [.control, .alt]) else { return "key" }
        if key.text == "/" || key.text == "~" {
            focusPathBar(text: key.text)
            return "dialogPathStarted"
        }
        dialog.typeAhead(key.text, at: MonotonicClock.now(), viewportHeight: dialogRowsHeight)
        ui.fileDialog = dialog
        requestPreviewThumbnail()
        return "dialogTypeAhead"
    }

    func performInDialog(_ command: Command) {
        guard var dialog = ui.fileDialog else { return }
        needsRedraw = true
        let height = dialogRowsHeight
        let page = FileDialog.rows(in: height) - 1
        switch command {
        case .selectPrevious, .selectNext, .selectPageUp, .selectPageDown, .selectFirst, .selectLast:
            if dialog.focus == .pathBar { leavePathBar(&dialog) }
            switch command {
            case .selectPrevious: dialog.moveSelection(by: -1, viewportHeight: height)
            case .selectNext: dialog.moveSelection(by: 1, viewportHeight: height)
            case .selectPageUp: dialog.moveSelection(by: -page, viewportHeight: height)
            case .selectPageDown: dialog.moveSelection(by: page, viewportHeight: height)
            case .selectFirst: dialog.selectFirst(viewportHeight: height)
            default: dialog.selectLast(viewportHeight: height)
            }
            ui.fileDialog = dialog
            requestPreviewThumbnail()
        case .openSelected:
            confirmDialog()
        case .parentFolder:
            goToParentFolder()
        case .focusPathBar:
            focusPathBar(text: dialog.directory == "/" ? "/" : dialog.directory + "/")
        case .completePath:
            dialog.focus = dialog.mode == .open ? .pathBar : .nameField
            if dialog.focus == .pathBar { dialog.pathField.setText(dialog.directory == "/" ? "/" : dialog.directory + "/") }
            ui.fileDialog = dialog
        case .toggleHiddenFiles:
            dialog.toggleHidden()
            dialog.clampScroll(viewportHeight: height)
            ui.fileDialog = dialog
        case .cancel:
            closeFileDialog()
        default:
            break
        }
    }

    /// The path bar takes the keys with `text` in it, as GTK's dialog does when `/` or `~` is typed.
    func focusPathBar(text: String) {
        guard var dialog = ui.fileDialog else { return }
        dialog.focus = .pathBar
        dialog.pathField.setText(text)
        dialog.message = nil
        dialog.isError = false
        ui.fileDialog = dialog
        needsRedraw = true
    }

    private func leavePathBar(_ dialog: inout FileDialog) {
        dialog.focus = .list
        dialog.pathField.setText(dialog.directory)
        dialog.message = nil
        dialog.isError = false
    }

    private func clearDialogMessage() {
        ui.fileDialog?.message = nil
        ui.fileDialog?.isError = false
    }

    /// Tab in the path bar or the name field: the typed path is completed against the disk, candidates shown.
    private func completeDialogField() {
        guard var dialog = ui.fileDialog else { return }
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
        ui.fileDialog = dialog
    }

    private func replaceKey(_ key: KeyInput) -> String {
        switch Int32(truncatingIfNeeded: key.level0) {
        case XK_Return, XK_KP_Enter, XK_r: answerReplace(.replace)
        case XK_Escape, XK_c: answerReplace(.cancel)
        default: return "key"
        }
        return "replaceKey"
    }

    // MARK: Pointer

    func dialogPressed(_ button: UInt32, x: Double, y: Double, time: UInt32) -> String {
        drag = .consumed
        guard var dialog = ui.fileDialog else { return "buttonPress" }
        needsRedraw = true
        if dialog.replacing != nil {
            if button == 1, let choice = ReplaceConfirmation.choice(at: x, y, in: windowBounds) { answerReplace(choice) }
            return "replaceClick"
        }
        let layout = dialogLayout()
        if (4...5).contains(button) {
            guard layout.list.contains(x, y) else { return "dialogPress" }
            dialog.scroll(by: (button == 4 ? -3 : 3) * FileDialog.rowHeight, viewportHeight: layout.rows.height)
            ui.fileDialog = dialog
            dialogHover(x: x, y: y)
            return "dialogScroll"
        }
        guard button == 1, let target = layout.target(at: x, y, dialog: dialog, places: ui.places) else { return "dialogPress" }
        let isDoubleClick = doubleClick.registerPress(button: button, time: time, x: x, y: y)
        switch target {
        case let .place(index):
            if ui.places.indices.contains(index) { navigateDialog(to: ui.places[index].path) }
        case .parentButton:
            goToParentFolder()
        case .pathField:
            if dialog.focus != .pathBar { focusPathBar(text: dialog.pathField.text) }
        case .nameField:
            dialog.focus = .nameField
            ui.fileDialog = dialog
        case let .header(key):
            dialog.sort(by: key)
            if let selection = dialog.selection { dialog.scrollIntoView(selection, viewportHeight: layout.rows.height) }
            ui.fileDialog = dialog
        case let .row(index):
            clickRow(index, of: &dialog, isDoubleClick: isDoubleClick, viewportHeight: layout.rows.height)
        case .toggleAllFiles:
            dialog.toggleAllFiles()
            dialog.clampScroll(viewportHeight: layout.rows.height)
            ui.fileDialog = dialog
        case .toggleHidden:
            performInDialog(.toggleHiddenFiles)
        case .cancelButton:
            closeFileDialog()
        case .confirmButton:
            confirmDialog()
        case .panel:
            break
        }
        return "dialogClick"
    }

    private func clickRow(_ index: Int, of dialog: inout FileDialog, isDoubleClick: Bool, viewportHeight: Double) {
        if dialog.focus == .pathBar { leavePathBar(&dialog) }
        if case .open = dialog.mode { dialog.focus = .list }
        dialog.select(index, viewportHeight: viewportHeight)
        if case .save = dialog.mode, let entry = dialog.selectedEntry, !entry.isDirectory {
            dialog.nameField.setText(entry.name)
        }
        ui.fileDialog = dialog
        requestPreviewThumbnail()
        if isDoubleClick { activateDialogSelection() }
    }

    func dialogHover(x: Double, y: Double) {
        guard var dialog = ui.fileDialog else { return }
        if dialog.replacing != nil {
            let choice = ReplaceConfirmation.choice(at: x, y, in: windowBounds)
            if choice != dialog.replaceHovered { dialog.replaceHovered = choice; ui.fileDialog = dialog; needsRedraw = true }
            return
        }
        let target = dialogLayout().target(at: x, y, dialog: dialog, places: ui.places)
        if target != dialog.hovered {
            dialog.hovered = target
            ui.fileDialog = dialog
            needsRedraw = true
        }
    }

    func dialogPointerShape() -> PointerShape {
        guard let dialog = ui.fileDialog else { return .arrow }
        if dialog.replacing != nil { return dialog.replaceHovered != nil ? .hand : .arrow }
        switch dialog.hovered {
        case .pathField, .nameField: return .text
        case .place, .header, .toggleAllFiles, .toggleHidden, .cancelButton, .confirmButton: return .hand
        case .parentButton: return dialog.parent != nil ? .hand : .arrow
        default: return .arrow
        }
    }
}
