import EditorState

/// A photo's crop kept with it while another is open, and leaving with such crops unsaved.
extension BatchState {
    /// Whether going to `list`'s photo keeps the open photo's edit with it instead of asking: inside the same
    /// list, while the grid is up or photos already hold crops of their own.
    func keepsEdits(goingTo list: DocumentList, in context: BatchContext) -> Bool {
        guard let current = context.session.documents, context.gridIsUp || !pending.isEmpty else { return false }
        return current.folder.map { $0 == list.folder } ?? (current.paths == list.paths)
    }

    /// The open photo's edit (and its undo steps) stays with it, pending, when another photo opens.
    mutating func keepOpenPhotoEdit(in context: BatchContext) {
        let editor = context.session.editor
        guard let document = context.session.document, let storedSize = editor.storedSize else { return }
        guard editor.isDirty else {
            pending[document.path] = nil
            return
        }
        pending[document.path] = PendingCrop(storedSize: storedSize, orientation: editor.sourceOrientation,
                                             edit: editor.edit, history: editor.history,
                                             exportSize: context.settings.exportSize, focal35mm: editor.focal35mm,
                                             lossless: editor.isLossless)
    }

    /// The crop kept for the photo at `path`, which its editor takes up when it opens (`Session.previewArrived`).
    func keptCrop(of path: String?) -> PendingCrop? {
        path.flatMap { pending[$0] }
    }

    /// The photo opened: its kept crop is its editor's now (or was for pixels of another size, and is let go).
    mutating func letGoKeptCrop(of path: String) {
        pending[path] = nil
    }

    /// Photos other than the open one holding unsaved crops.
    func othersPending(openPath: String?) -> Int {
        pending.keys.filter { $0 != openPath }.count
    }

    /// Quitting or leaving the list asks when photos other than the open one hold unsaved crops, or while a batch
    /// is being written; nil when the usual question (or none) is for it.
    func question(for purpose: ClosePurpose, in context: BatchContext) -> Question? {
        if let saves = run, saves.running {
            return .quitWhileSaving(remaining: saves.total - saves.finished, purpose: purpose)
        }
        let others = othersPending(openPath: context.openPath)
        guard others > 0 else { return nil }
        let openIsDirty = context.session.editor.isDirty && context.session.document != nil
        return .pendingCrops(count: others + (openIsDirty ? 1 : 0), purpose: purpose)
    }

    /// "Don't Save": the kept crops are let go, and leaving goes on.
    mutating func dropPending(then purpose: ClosePurpose) -> PartAnswer {
        dropPending()
        return PartAnswer(then: purpose)
    }
}
