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

/// The app state's part for many photos at once: the crop rule copied, the photos holding an unsaved crop of
/// their own (with their undo steps), the photos a rule did not fit, the rule being placed, and the grid's save
/// of many photos. Its rules are its own mutating methods (`BatchState+Rule`, `+Pending`, `+Saving`), which read
/// the other parts through a `BatchContext` and answer a `PartAnswer`; `AppState` only routes to them.
struct BatchState: Equatable {
    /// Ctrl+Shift+C's crop rule, for the grid's Ctrl+Shift+V.
    var copiedRule: CopiedRule?
    /// Photos of the list with an unsaved crop, other than the open one while it is open (its edit is the editor's).
    var pending: [String: PendingCrop] = [:]
    /// Photos the rule did not fit, with the reason.
    var misfits: [String: String] = [:]
    /// Bumped for every Ctrl+Shift+V, so results of an earlier one are ignored.
    var application = 0
    /// Photos the rule is still being placed on, and how many of those placed so far did not take it.
    var placing: Set<String> = []
    var refused = 0
    /// The grid's save of many photos, running or last run.
    var run: BatchSave?
    /// What to do once the run has stopped (leaving was asked for during it).
    var afterRun: ClosePurpose?
    /// The folder changed while the run wrote into it: listed again once, when the run ends, rather than once per
    /// photo written (each listing reorders the grid under the user and costs the window a frame).
    var folderChangedDuringRun = false

    var isSaving: Bool { run?.running == true }

    /// Photos with an unsaved crop: the pending ones, and the open photo while it has unsaved edits.
    func pendingPaths(_ session: Session) -> Set<String> {
        var paths = Set(pending.keys)
        if let document = session.document, session.editor.isDirty { paths.insert(document.path) }
        return paths
    }

    /// A new Ctrl+Shift+V on `paths`: its number, what an earlier one left on them cleared.
    mutating func startPlacing(on paths: [String]) -> Int {
        application += 1
        for path in paths { misfits[path] = nil }
        placing = Set(paths)
        refused = 0
        return application
    }

    /// Photos that left the list take their crops and marks with them.
    mutating func keepOnly(_ paths: [String]) {
        guard !pending.isEmpty || !misfits.isEmpty else { return }
        let present = Set(paths)
        pending = pending.filter { present.contains($0.key) }
        misfits = misfits.filter { present.contains($0.key) }
    }

    /// "Don't Save" on leaving: the kept crops are let go.
    mutating func dropPending() {
        pending = [:]
        misfits = [:]
    }
}
