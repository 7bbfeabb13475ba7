import PhotoLibrary

/// The file dialog as a component, for Open (Ctrl+O) and Save As (Ctrl+Shift+S). It takes every key and press
/// while it is up. The model (`FileDialog`) holds what is shown; this adds the input and what it leads to:
/// folders listed in the background, thumbnails for the preview, photos opened, crops saved.
struct FileDialogComponent: Component, Equatable {
    let kind = ComponentKind.dialog
    var dialog: FileDialog
    var doubleClick = DoubleClickDetector()
    /// A press held in the path bar or the name field: drags select in it.
    var selectingIn: FileDialog.Focus?

    static func == (a: FileDialogComponent, b: FileDialogComponent) -> Bool { a.dialog == b.dialog }

    /// The dialog for Open, or for Save As of the open photo, and what it needs fetched.
    static func open(saving: Bool, in context: WindowContext) -> (FileDialogComponent, [Effect])? {
        let session = context.session
        let dialog: FileDialog
        if saving {
            guard let document = session.document else { return nil }
            let folder = existingFolder(context.found.lastSaveFolder) ?? document.directory
            dialog = FileDialog(mode: .save(source: document.path), directory: folder, generation: 1)
        } else {
            let folder = openFolder(context)
            dialog = FileDialog(mode: .open, directory: folder,
                                selecting: session.document?.directory == folder ? session.document?.name : nil, generation: 1)
        }
        return (FileDialogComponent(dialog: dialog),
                [.listDirectory(path: dialog.directory, generation: dialog.generation), .listPlaces])
    }

    /// Where Open starts: the folder it was last in this session, else the open photo's folder (not the sample's),
    /// else the last folder remembered, else Pictures or home.
    static func openFolder(_ context: WindowContext) -> String {
        let session = context.session
        return existingFolder(context.found.lastOpenFolder)
            ?? session.document.flatMap { $0.path == context.configuration.samplePath ? nil : existingFolder($0.directory) }
            ?? existingFolder(context.settings.lastFolder)
            ?? existingFolder(context.library.picturesDirectory) ?? existingFolder(context.library.home) ?? "/"
    }

    static func existingFolder(_ path: String?) -> String? {
        guard let path, Folder.isFolder(path) else { return nil }
        return path
    }

    func layout(_ context: WindowContext) -> FileDialogLayout {
        FileDialogLayout(bounds: context.layout.bounds, isSaving: dialog.mode != .open)
    }

    func rowsHeight(_ context: WindowContext) -> Double { layout(context).rows.height }

    /// The selected photo's thumbnail first, its neighbours next, so arrowing through a folder is quick.
    func wantedThumbnails() -> Effect {
        guard let selection = dialog.selection else { return .wantThumbnails([:]) }
        var wanted: [String: Int] = [:]
        for (offset, priority) in [(0, ThumbnailStore.Urgency.preview), (1, 150), (-1, 150), (2, 120)] {
            let index = selection + offset
            guard dialog.entries.indices.contains(index), dialog.entries[index].isImage else { continue }
            wanted[dialog.path(of: dialog.entries[index])] = priority
        }
        return .wantThumbnails(wanted)
    }

    /// Closing by Cancel or Esc: the folder shown is where Open starts next time.
    func closing() -> [Effect] {
        var effects: [Effect] = [.close(.dialog), .wantThumbnails([:])]
        if dialog.mode == .open { effects.insert(.rememberOpenFolder(dialog.directory), at: 0) }
        return effects
    }

    mutating func navigate(to path: String, selecting name: String? = nil) -> [Effect] {
        let generation = dialog.go(to: FileURI.canonical(path), selecting: name)
        return [.wantThumbnails([:]), .listDirectory(path: dialog.directory, generation: generation)]
    }

    mutating func goToParent() -> [Effect] {
        guard let parent = dialog.parent else { return [] }
        return navigate(to: parent.path, selecting: parent.child)
    }

    // MARK: Background results

    mutating func receive(_ message: BackgroundMessage, in context: WindowContext) -> Response {
        guard case let .directoryListed(listing) = message else { return .passed }
        guard dialog.receive(listing) else { return .took("staleListing") }
        if let selection = dialog.selection { dialog.scrollIntoView(selection, viewportHeight: rowsHeight(context)) }
        return .took("directoryListed", [wantedThumbnails()])
    }

    /// The preview shimmers while the selected photo's thumbnail is on its way.
    func nextChange(in context: WindowContext) -> Double? {
        guard let entry = dialog.selectedEntry, entry.isImage,
              context.thumbnails.isPending(dialog.path(of: entry)) else { return nil }
        return context.now + 1.0 / 30
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        FileDialogRenderer(dialog: dialog, layout: layout(context), places: context.found.places,
                           thumbnails: context.thumbnails, text: context.text, cr: cr).draw(in: context.layout.bounds, now: context.now)
    }
}
