import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Many photos at once: a crop copied as a rule (Ctrl+Shift+C), applied to the grid's selection
/// (Ctrl+Shift+V), each photo's crop kept with it until saved, and the selection saved in the background (Ctrl+S
/// in the grid) through the one save pipeline.
extension AppState {
    // MARK: Copying and applying a rule

    /// Ctrl+Shift+C: the panel that asks how the box is carried over.
    mutating func askForCropRule() {
        guard let copied = copiedRule(.sameShapeSamePlace) else {
            showNotice(tr("Draw a box first: the crop rule is made from it"))
            return
        }
        stack.remove(.numericEntry)
        stack.push(QuestionComponent(.cropRule(copied)))
    }

    /// The panel's answer: the rule is kept for the grid.
    mutating func copyRule(_ kind: CropRule.Kind) {
        guard let copied = copiedRule(kind) else { return }
        batch.copiedRule = copied
        showNotice(tr("Copied the crop rule (%s). In the grid, Ctrl+Shift+V applies it to the selected photos.",
                      CopiedRule.label(kind)))
    }

    private func copiedRule(_ kind: CropRule.Kind) -> CopiedRule? {
        guard let document = session.document,
              var copied = CopiedRule(editor: session.editor, fileName: PathNames.shown(document.name),
                                      exportSize: settings.exportSize, lossless: settings.lossless) else { return nil }
        copied.rule.kind = kind
        return copied
    }

    /// Ctrl+Shift+V in the grid: the rule placed on each selected photo, off the event loop.
    mutating func applyRule(to paths: [String]) {
        guard let copied = batch.copiedRule else {
            showNotice(tr("No crop rule copied yet: open a photo, draw a box and press Ctrl+Shift+C"))
            return
        }
        guard !paths.isEmpty else {
            showNotice(tr("Select the photos to apply the crop to first"))
            return
        }
        guard !batch.isSaving else {
            showNotice(tr("Wait until the photos being saved are written"))
            return
        }
        run(.applyRule(copied, paths: paths, application: batch.startPlacing(on: paths)))
    }

    mutating func rulePlaced(_ placed: RulePlaced) -> String {
        guard placed.application == batch.application else { return "staleRule" }
        let path = placed.path
        batch.placing.remove(path)
        switch placed.result {
        case var .success(crop):
            batch.misfits[path] = nil
            if path == session.document?.path, session.editor.imageSize != nil {
                // The open photo takes it in the editor, one undo step.
                apply(.adoptEdit(crop.edit))
                batch.pending[path] = nil
            } else {
                if let earlier = batch.pending[path] {
                    crop.history = earlier.history
                    crop.history.record(earlier.edit)
                }
                batch.pending[path] = crop
            }
            if batch.placing.isEmpty { finishPlacing() }
            return "rulePlaced"
        case let .failure(refusal):
            batch.misfits[path] = refusal.reason
            batch.refused += 1
            if batch.placing.isEmpty { finishPlacing() }
            return "ruleRefused"
        }
    }

    private mutating func finishPlacing() {
        let refused = batch.refused
        guard refused > 0 else {
            showNotice(tr("The crop is on the selected photos: open one to adjust it, Ctrl+S saves them"))
            return
        }
        showNotice(trn("%d photo does not take the crop; it is marked with the reason",
                       "%d photos do not take the crop; they are marked with the reason", refused, refused))
    }

    // MARK: A photo's crop kept while another is open

    /// Whether going to `list`'s photo keeps the open photo's edit with it instead of asking: inside the same
    /// list, while the grid is up or photos already hold crops of their own.
    func keepsEdits(goingTo list: DocumentList) -> Bool {
        guard let current = session.documents, stack.contains(.grid) || !batch.pending.isEmpty else { return false }
        return current.folder.map { $0 == list.folder } ?? (current.paths == list.paths)
    }

    /// The open photo's edit (and its undo steps) stays with it, pending, when another photo opens.
    mutating func keepOpenPhotoEdit() {
        guard let document = session.document, let storedSize = session.editor.storedSize else { return }
        let editor = session.editor
        guard editor.isDirty else {
            batch.pending[document.path] = nil
            return
        }
        batch.pending[document.path] = PendingCrop(storedSize: storedSize, orientation: editor.sourceOrientation,
                                                     edit: editor.edit, history: editor.history,
                                                     exportSize: settings.exportSize, focal35mm: editor.focal35mm,
                                                     lossless: editor.isLossless)
    }

    /// A photo with a kept crop opened: the editor takes up its edit and undo steps.
    mutating func resumeKeptEdit(of path: String) {
        guard let kept = batch.pending.removeValue(forKey: path), kept.storedSize == session.editor.storedSize else { return }
        apply(.resume(kept.edit, history: kept.history))
    }

    /// Leaving the list or quitting with crops of photos other than the open one unsaved.
    var othersPending: Int {
        batch.pending.keys.filter { $0 != session.document?.path }.count
    }

    // MARK: Saving many

    /// Ctrl+S in the grid: every photo of `paths` with a crop, saved in the background as a single save would be.
    mutating func saveBatch(of paths: [String]) {
        guard !batch.isSaving else { return }
        let pending = batch.pendingPaths(session)
        let targets = paths.filter { pending.contains($0) }
        guard !targets.isEmpty else {
            showNotice(tr("None of the selected photos has a crop to save"))
            return
        }
        let overOriginal = settings.saveMode == .overOriginal && settings.replaceConfirmed
        let trash = overOriginal ? Trash(environment: world.library) : nil
        var requests: [SaveRequest] = []
        for path in targets {
            let isOpen = path == session.document?.path
            guard let (edit, export) = isOpen ? openPhotoExport() : batch.pending[path].flatMap({ crop in
                crop.export(quality: settings.jpegQuality).map { (crop.edit, $0) }
            }) else { continue }
            let plan = SavePlan(generation: isOpen ? session.document?.generation ?? -1 : -1, edit: edit,
                                target: overOriginal ? .overOriginal : .besideSource, lossless: export.lossless)
            var request = SaveRequest(sourcePath: path, export: export, plan: plan)
            request.trash = trash
            requests.append(request)
        }
        let id = (batch.run?.id ?? 0) + 1
        batch.run = BatchSave(id: id, total: requests.count)
        run(.saveBatch(requests, batch: id))
    }

    private func openPhotoExport() -> (CropEdit, CropExport)? {
        guard let geometry = session.editor.exportRequest else { return nil }
        let lossless = session.editor.isLossless
        var export = CropExport(geometry, quality: settings.jpegQuality, lossless: lossless)
        if !lossless { export.outputSize = settings.exportSize }
        return (session.editor.edit, export)
    }

    /// The failed photos of the last batch, again.
    mutating func retryFailedSaves() {
        guard let saves = batch.run, !saves.running, !saves.failures.isEmpty else { return }
        saveBatch(of: saves.failures.map(\.path))
    }

    mutating func cancelBatch() {
        guard var saves = batch.run, saves.running else { return }
        saves.cancel()
        batch.run = saves
        run(.cancelBatch(saves.id))
    }

    mutating func batchItemSaved(_ outcome: BatchItemOutcome) -> String {
        guard var saves = batch.run, outcome.batch == saves.id else { return "staleBatch" }
        let path = outcome.request.sourcePath, plan = outcome.request.plan
        switch outcome.result {
        case let .success(saved):
            saves.recordSaved()
            batch.run = saves
            // Beside the photo, the photo is as it was: only a photo replaced by its crop needs a new thumbnail.
            if plan.target == .overOriginal { run(.forgetThumbnail(path)) }
            if batch.pending[path]?.edit == plan.edit { batch.pending[path] = nil }
            if path == session.document?.path, session.isCurrent(plan.generation), session.editor.edit == plan.edit {
                apply(.markSaved)
                saving.wrote(saved.path)
                // The photo on disk is now the crop: it opens again, so what is shown is what was saved.
                if plan.target == .overOriginal { load(path: path, keepingPanels: true) }
            }
            return "batchSaved"
        case let .failure(failure):
            saves.recordFailure(path, reason: failure.reason)
            batch.run = saves
            return "batchFailed"
        }
    }

    mutating func batchFinished(_ id: Int, cancelled: Bool) -> String {
        guard var saves = batch.run, saves.id == id else { return "staleBatch" }
        saves.end()
        batch.run = saves
        if cancelled {
            showNotice(tr("Stopped: %1$d of %2$d photos saved; the rest keep their crops", saves.saved, saves.total))
        } else if saves.failures.isEmpty {
            showNotice(trn("Saved %d photo", "Saved %d photos", saves.saved, saves.saved))
        } else {
            showNotice(trn("%d photo could not be saved; Retry tries again", "%d photos could not be saved; Retry tries again",
                           saves.failures.count, saves.failures.count))
        }
        if let purpose = batch.afterRun {
            batch.afterRun = nil
            if saves.failures.isEmpty || cancelled { proceed(with: purpose) }
        }
        return "batchFinished"
    }

    // MARK: Leaving with crops unsaved

    /// Quitting or leaving the list asks when photos other than the open one hold unsaved crops, or while a batch
    /// is being written; nil when the usual question (or none) is for it.
    func batchQuestion(for purpose: ClosePurpose) -> Question? {
        if let saves = batch.run, saves.running {
            return .quitWhileSaving(remaining: saves.total - saves.finished, purpose: purpose)
        }
        let count = othersPending + (session.editor.isDirty && session.document != nil ? 1 : 0)
        guard othersPending > 0 else { return nil }
        return .pendingCrops(count: count, purpose: purpose)
    }

    /// "Save" in the pending-crops question: every photo with a crop, then on.
    mutating func saveAllPending(then purpose: ClosePurpose) {
        let paths = session.documents?.paths ?? []
        let pending = batch.pendingPaths(session)
        saveBatch(of: paths.filter { pending.contains($0) } + pending.filter { !paths.contains($0) }.sorted())
        if batch.isSaving { batch.afterRun = purpose } else { proceed(with: purpose) }
    }

    /// "Don't Save": the kept crops are let go.
    mutating func dropPending(then purpose: ClosePurpose) {
        batch.dropPending()
        proceed(with: purpose)
    }

    /// "Stop and quit" while saving: nothing more starts; what is being written finishes, then the window goes on.
    mutating func stopBatch(then purpose: ClosePurpose) {
        batch.afterRun = purpose
        cancelBatch()
    }
}
