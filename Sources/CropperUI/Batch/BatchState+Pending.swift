import EditorState

/// A photo's crop kept with it while another is open or placed on it by the rule, and leaving (quitting, or
/// opening another photo) as the close question decides it (`Leaving`) with such crops unsaved.
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

    /// Leaving the open photo as the close question decides it: its edit kept with it and leaving goes on, the
    /// question put on top, or leaving goes on at once.
    mutating func leave(_ purpose: ClosePurpose, in context: BatchContext) -> PartAnswer {
        switch Leaving.decide(purpose, batch: self, in: context) {
        case .keepEditAndGo:
            keepOpenPhotoEdit(in: context)
            return PartAnswer(then: purpose)
        case let .ask(question):
            return PartAnswer(question: question)
        case .go:
            return PartAnswer(then: purpose)
        }
    }

    /// One photo's placing came back: its crop is kept with it (the open photo's goes to the editor as one undo
    /// step), or it is marked with why the rule does not fit.
    mutating func placed(_ placed: RulePlaced, in context: BatchContext) -> PartAnswer {
        guard placed.application == rules.application else { return PartAnswer(name: "staleRule") }
        let path = placed.path
        var answer: PartAnswer
        switch placed.result {
        case var .success(crop):
            answer = PartAnswer(name: "rulePlaced")
            answer.notice = rules.settle(path, misfit: nil)
            if path == context.openPath, context.session.editor.imageSize != nil {
                answer.edits = [.adoptEdit(crop.edit)]
                pending[path] = nil
            } else {
                if let earlier = pending[path] {
                    crop.history = earlier.history
                    crop.history.record(earlier.edit)
                }
                pending[path] = crop
            }
        case let .failure(refusal):
            answer = PartAnswer(name: "ruleRefused")
            answer.notice = rules.settle(path, misfit: refusal.reason)
        }
        return answer
    }
}
