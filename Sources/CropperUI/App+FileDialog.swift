import Foundation
import Glibc
import PhotoLibrary

/// The file dialog in the window: opening it where it makes sense, folders listed in the background,
/// and what Open and Save do with the chosen path.
extension EditorApp {
    func openFileDialog(saving: Bool) {
        if ui.picker != nil { closePicker() }
        ui.numeric = nil
        let dialog: FileDialog
        if saving {
            guard let document else { return }
            let folder = existingFolder(ui.lastSaveFolder) ?? document.directory
            dialog = FileDialog(mode: .save(source: document.path), directory: folder, generation: 1)
        } else {
            let folder = openDialogFolder
            dialog = FileDialog(mode: .open, directory: folder,
                                selecting: document?.directory == folder ? document?.name : nil, generation: 1)
        }
        ui.fileDialog = dialog
        needsRedraw = true
        BackgroundListing.directory(dialog.directory, generation: dialog.generation, replyTo: wakePipe)
        BackgroundListing.places(environment: library, replyTo: wakePipe)
    }

    /// `remember`: the folder shown is where Open starts next time (not when a photo opening closes the dialog:
    /// the photo's own folder was remembered then).
    func closeFileDialog(remember: Bool = true) {
        if remember, let dialog = ui.fileDialog, dialog.mode == .open { rememberDialogFolder(dialog.directory) }
        ui.fileDialog = nil
        thumbnails.want([:])
        needsRedraw = true
    }

    func dialogLayout() -> FileDialogLayout {
        FileDialogLayout(bounds: windowBounds, isSaving: ui.fileDialog.map { $0.mode != .open } ?? false)
    }

    var dialogRowsHeight: Double { dialogLayout().rows.height }

    func existingFolder(_ path: String?) -> String? {
        path.flatMap { Folder.isFolder($0) ? $0 : nil }
    }

    func navigateDialog(to path: String, selecting name: String? = nil) {
        guard var dialog = ui.fileDialog else { return }
        let generation = dialog.go(to: FileURI.canonical(path), selecting: name)
        ui.fileDialog = dialog
        needsRedraw = true
        thumbnails.want([:])
        BackgroundListing.directory(dialog.directory, generation: generation, replyTo: wakePipe)
    }

    func goToParentFolder() {
        guard let parent = ui.fileDialog?.parent else { return }
        navigateDialog(to: parent.path, selecting: parent.child)
    }

    func receiveListing(_ listing: DirectoryListing) -> String {
        guard var dialog = ui.fileDialog, dialog.receive(listing) else { return "staleListing" }
        for entry in dialog.entries where entry.isImage {
            thumbnails.noteModified(dialog.path(of: entry), seconds: entry.modified)
        }
        if let selection = dialog.selection { dialog.scrollIntoView(selection, viewportHeight: dialogRowsHeight) }
        ui.fileDialog = dialog
        requestPreviewThumbnail()
        return "directoryListed"
    }

    /// The selected photo's thumbnail first, its neighbours next, so arrowing through a folder is quick.
    func requestPreviewThumbnail() {
        guard let dialog = ui.fileDialog, let selection = dialog.selection else {
            thumbnails.want([:])
            return
        }
        var wanted: [String: Int] = [:]
        for (offset, priority) in [(0, ThumbnailStore.Urgency.preview), (1, 150), (-1, 150), (2, 120)] {
            let index = selection + offset
            guard dialog.entries.indices.contains(index), dialog.entries[index].isImage else { continue }
            wanted[dialog.path(of: dialog.entries[index])] = priority
        }
        thumbnails.want(wanted)
    }

    // MARK: Choosing

    /// Enter in the list, a double-click, the Open/Save button: a folder is entered, a photo opened (or, when
    /// saving, its name taken for the crop).
    func activateDialogSelection() {
        guard var dialog = ui.fileDialog else { return }
        guard let entry = dialog.selectedEntry else {
            if case .save = dialog.mode { submitDialogName() }
            return
        }
        if entry.isDirectory {
            navigateDialog(to: dialog.path(of: entry))
            return
        }
        switch dialog.mode {
        case .open:
            openFromDialog(dialog.path(of: entry))
        case .save:
            dialog.nameField.setText(entry.name)
            ui.fileDialog = dialog
            submitDialogName()
        }
    }

    func confirmDialog() {
        guard let dialog = ui.fileDialog else { return }
        if case .save = dialog.mode, dialog.focus != .list || dialog.selectedEntry?.isDirectory != true {
            submitDialogName()
        } else if dialog.focus == .pathBar {
            submitDialogPath()
        } else {
            activateDialogSelection()
        }
    }

    func openFromDialog(_ path: String) {
        rememberDialogFolder(FileURI.canonical(path + "/.."))
        openPhoto(path)
    }

    /// Enter in the path bar: a folder is shown, a file opened (or saved to).
    func submitDialogPath() {
        guard var dialog = ui.fileDialog else { return }
        let typed = dialog.pathField.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return }
        let path = dialog.resolve(typed)
        if existingFolder(path) != nil {
            navigateDialog(to: path)
            return
        }
        switch dialog.mode {
        case .open:
            switch SavePaths.checkReadable(path) {
            case let .success(readable):
                openFromDialog(readable)
            case let .failure(problem):
                dialog.message = problem.message
                dialog.isError = true
                ui.fileDialog = dialog
            }
        case .save:
            submitSave(to: path)
        }
    }

    /// Enter in the name field (Save As): the crop is written to the named file in the folder shown.
    func submitDialogName() {
        guard var dialog = ui.fileDialog else { return }
        let name = dialog.nameField.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            dialog.message = "Type a name for the cropped photo"
            dialog.isError = true
            dialog.focus = .nameField
            ui.fileDialog = dialog
            return
        }
        let path = dialog.resolve(name)
        if existingFolder(path) != nil {
            navigateDialog(to: path)
            return
        }
        submitSave(to: path)
    }

    private func submitSave(to typedPath: String) {
        guard var dialog = ui.fileDialog, case let .save(source) = dialog.mode else { return }
        let path = SavePaths.withDefaultExtension(typedPath, source: source)
        switch SavePaths.checkSaveTarget(path, source: source) {
        case let .failure(problem):
            dialog.message = problem.message
            dialog.isError = true
            ui.fileDialog = dialog
        case let .success(target):
            if target.exists {
                dialog.replacing = target.path
                dialog.replaceHovered = nil
                ui.fileDialog = dialog
            } else {
                startDialogSave(to: target.path, overwrite: false)
            }
        }
    }

    func answerReplace(_ choice: ReplaceConfirmation.Choice) {
        guard var dialog = ui.fileDialog, let path = dialog.replacing else { return }
        needsRedraw = true
        switch choice {
        case .cancel:
            dialog.replacing = nil
            dialog.replaceHovered = nil
            ui.fileDialog = dialog
        case .replace:
            startDialogSave(to: path, overwrite: true)
        }
    }

    private func startDialogSave(to path: String, overwrite: Bool) {
        ui.lastSaveFolder = FileURI.canonical(path + "/..")
        closeFileDialog()
        save(to: path, pickFreeName: false, overwrite: overwrite)
    }
}
