import EditorState
import PhotoLibrary

/// What the batch's rules read of the other parts: the photos (the open one and its editor), the settings saves
/// are made with, whether the grid is up, and the user's folders (where the Trash is).
struct BatchContext {
    let session: Session
    let settings: Settings
    let gridIsUp: Bool
    let library: XDGEnvironment

    var openPath: String? { session.document?.path }
}

/// The app state's part for many photos at once: the crop rule and where it was placed (`RulePlacement`), the
/// photos holding an unsaved crop of their own (with their undo steps), and the grid's save of many photos
/// (`BatchSave`). Its rules read the other parts through a `BatchContext` and answer a `PartAnswer`: keeping crops
/// and leaving with them (`BatchState+Pending`), saving them (`+Saving`); `AppState` only routes to them.
struct BatchState: Equatable {
    var rules = RulePlacement()
    /// Photos of the list with an unsaved crop, other than the open one while it is open (its edit is the editor's).
    var pending: [String: PendingCrop] = [:]
    /// The grid's save of many photos, running or last run.
    var run: BatchSave?

    var isSaving: Bool { run?.running == true }

    /// Photos with an unsaved crop: the pending ones, and the open photo while it has unsaved edits.
    func pendingPaths(_ session: Session) -> Set<String> {
        var paths = Set(pending.keys)
        if let document = session.document, session.editor.isDirty { paths.insert(document.path) }
        return paths
    }

    /// Photos that left the list take their crops and marks with them.
    mutating func keepOnly(_ paths: [String]) {
        guard !pending.isEmpty || !rules.misfits.isEmpty else { return }
        let present = Set(paths)
        pending = pending.filter { present.contains($0.key) }
        rules.misfits = rules.misfits.filter { present.contains($0.key) }
    }

    /// "Don't Save" on leaving: the kept crops are let go.
    mutating func dropPending() {
        pending = [:]
        rules.misfits = [:]
    }
}
