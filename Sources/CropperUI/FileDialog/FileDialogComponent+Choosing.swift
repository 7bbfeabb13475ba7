import Localization
import PhotoLibrary

/// What Open and Save do with the chosen path: a folder is entered, a photo opened, a crop saved (asking
/// before a file is replaced). A typed path that cannot be used says why, in the dialog.
extension FileDialogComponent {
    /// Enter in the list, a double-click, the Open/Save button.
    mutating func activateSelection() -> [Effect] {
        guard let entry = dialog.selectedEntry else {
            if case .save = dialog.mode { return submitName() }
            return []
        }
        if entry.isDirectory { return navigate(to: dialog.path(of: entry)) }
        switch dialog.mode {
        case .open:
            return opening(dialog.path(of: entry))
        case .save:
            dialog.nameField.setText(entry.name)
            return submitName()
        }
    }

    mutating func confirm() -> [Effect] {
        if case .save = dialog.mode, dialog.focus != .list || dialog.selectedEntry?.isDirectory != true {
            return submitName()
        } else if dialog.focus == .pathBar {
            return submitPath()
        }
        return activateSelection()
    }

    private func opening(_ path: String) -> [Effect] {
        [.rememberOpenFolder(FileURI.canonical(path + "/..")), .openPhoto(path)]
    }

    private mutating func showError(_ message: String) {
        dialog.message = message
        dialog.isError = true
    }

    /// Enter in the path bar: a folder is shown, a file opened (or saved to).
    mutating func submitPath() -> [Effect] {
        let typed = dialog.pathField.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            showError(tr("Type the path of a photo or a folder"))
            return []
        }
        let path = dialog.resolve(typed)
        if Self.existingFolder(path) != nil { return navigate(to: path) }
        switch dialog.mode {
        case .open:
            switch SavePaths.checkOpenable(path) {
            case let .success(readable): return opening(readable)
            case let .failure(problem): showError(problem.message)
            }
            return []
        case .save:
            return submitSave(to: path)
        }
    }

    /// Enter in the name field (Save As): the crop is written to the named file in the folder shown.
    mutating func submitName() -> [Effect] {
        let name = dialog.nameField.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            showError(tr("Type a name for the cropped photo"))
            dialog.focus = .nameField
            return []
        }
        let path = dialog.resolve(name)
        if Self.existingFolder(path) != nil { return navigate(to: path) }
        return submitSave(to: path)
    }

    private mutating func submitSave(to typedPath: String) -> [Effect] {
        guard case let .save(source) = dialog.mode else { return [] }
        let path = SavePaths.withDefaultExtension(typedPath, source: source)
        switch SavePaths.checkSaveTarget(path, source: source) {
        case let .failure(problem):
            showError(problem.message)
            return []
        case let .success(target):
            guard !target.exists else {
                return [.ask(.replaceFile(target.path, saving: saving(to: target.path, overwrite: true)))]
            }
            return saving(to: target.path, overwrite: false)
        }
    }

    private func saving(to path: String, overwrite: Bool) -> [Effect] {
        [.rememberSaveFolder(FileURI.canonical(path + "/..")), .close(.dialog), .wantThumbnails([:]),
         .saveAs(path: path, overwrite: overwrite)]
    }
}
