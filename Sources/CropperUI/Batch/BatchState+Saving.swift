import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Saving the grid's photos in the background (Ctrl+S in the grid) through the one save pipeline, and what each
/// photo's outcome and the run's end show. The list's folder changes with every file written, so it is listed
/// again once, when the run is done.
extension BatchState {
    /// Every photo of `paths` with a crop, saved in the background as a single save would be.
    mutating func save(_ paths: [String], in context: BatchContext) -> PartAnswer {
        guard !isSaving else { return PartAnswer() }
        let session = context.session, settings = context.settings
        let pendingNow = pendingPaths(session)
        let targets = paths.filter { pendingNow.contains($0) }
        guard !targets.isEmpty else { return PartAnswer(notice: tr("None of the selected photos has a crop to save")) }
        let overOriginal = settings.saveMode == .overOriginal && settings.replaceConfirmed
        let trash = overOriginal ? Trash(environment: context.library) : nil
        var requests: [SaveRequest] = []
        for path in targets {
            let isOpen = path == session.document?.path
            guard let (edit, export) = isOpen ? Self.openPhotoExport(context) : pending[path].flatMap({ crop in
                crop.export(quality: settings.jpegQuality).map { (crop.edit, $0) }
            }) else { continue }
            let plan = SavePlan(generation: isOpen ? session.document?.generation ?? -1 : -1, edit: edit,
                                target: overOriginal ? .overOriginal : .besideSource, lossless: export.lossless)
            var request = SaveRequest(sourcePath: path, export: export, plan: plan)
            request.trash = trash
            requests.append(request)
        }
        let id = (run?.id ?? 0) + 1
        run = BatchSave(id: id, total: requests.count)
        return PartAnswer(jobs: [.saveBatch(requests, batch: id)])
    }

    private static func openPhotoExport(_ context: BatchContext) -> (CropEdit, CropExport)? {
        let editor = context.session.editor
        guard let geometry = editor.exportRequest else { return nil }
        let lossless = editor.isLossless
        var export = CropExport(geometry, quality: context.settings.jpegQuality, lossless: lossless)
        // A lossless crop keeps its size.
        if !lossless { export.outputSize = context.settings.exportSize }
        return (editor.edit, export)
    }

    /// The failed photos of the last batch, again.
    mutating func retryFailed(in context: BatchContext) -> PartAnswer {
        guard let saves = run, !saves.running, !saves.failures.isEmpty else { return PartAnswer() }
        return save(saves.failures.map(\.path), in: context)
    }

    mutating func cancel() -> PartAnswer {
        guard var saves = run, saves.running else { return PartAnswer() }
        saves.cancel()
        run = saves
        return PartAnswer(jobs: [.cancelBatch(saves.id)])
    }

    /// One photo of the run came back. The open photo saved with the edit it shows is marked saved; one replaced
    /// by its crop opens again under the grid, so what is shown is what was saved.
    mutating func itemSaved(_ outcome: BatchItemOutcome, in context: BatchContext) -> PartAnswer {
        guard var saves = run, outcome.batch == saves.id else { return PartAnswer(name: "staleBatch") }
        let path = outcome.request.sourcePath, plan = outcome.request.plan
        switch outcome.result {
        case let .success(saved):
            saves.recordSaved()
            run = saves
            var answer = PartAnswer(name: "batchSaved")
            // Beside the photo, the photo is as it was: only a photo replaced by its crop needs a new thumbnail.
            if plan.target == .overOriginal { answer.jobs = [.forgetThumbnail(path)] }
            if pending[path]?.edit == plan.edit { pending[path] = nil }
            let session = context.session
            if path == session.document?.path, session.isCurrent(plan.generation), session.editor.edit == plan.edit {
                answer.edits = [.markSaved]
                answer.wroteOpenPhoto = saved.path
                if plan.target == .overOriginal { answer.reopen = Reopening(path: path, keepingPanels: true) }
            }
            return answer
        case let .failure(failure):
            saves.recordFailure(path, reason: failure.reason)
            run = saves
            return PartAnswer(name: "batchFailed")
        }
    }

    /// The run ended: how it went, and leaving goes on if it was waiting and nothing failed (or it was stopped).
    mutating func finished(_ id: Int, cancelled: Bool) -> PartAnswer {
        guard var saves = run, saves.id == id else { return PartAnswer(name: "staleBatch") }
        saves.end()
        run = saves
        var answer = PartAnswer(name: "batchFinished")
        if cancelled {
            answer.notice = tr("Stopped: %1$d of %2$d photos saved; the rest keep their crops", saves.saved, saves.total)
        } else if saves.failures.isEmpty {
            answer.notice = trn("Saved %d photo", "Saved %d photos", saves.saved, saves.saved)
        } else {
            answer.notice = trn("%d photo could not be saved; Retry tries again", "%d photos could not be saved; Retry tries again",
                                saves.failures.count, saves.failures.count)
        }
        if let purpose = saves.afterwards {
            saves.afterwards = nil
            run = saves
            if saves.failures.isEmpty || cancelled { answer.then = purpose }
        }
        return answer
    }

    /// "Save" in the pending-crops question: every photo with a crop (the list's in its order, then the rest),
    /// then leaving goes on.
    mutating func saveAllPending(then purpose: ClosePurpose, in context: BatchContext) -> PartAnswer {
        let paths = context.session.documents?.paths ?? []
        let pendingNow = pendingPaths(context.session)
        var answer = save(paths.filter { pendingNow.contains($0) } + pendingNow.filter { !paths.contains($0) }.sorted(),
                          in: context)
        if isSaving { run?.afterwards = purpose } else { answer.then = purpose }
        return answer
    }

    /// "Stop and quit" while saving: nothing more starts; what is being written finishes, then the window goes on.
    mutating func stop(then purpose: ClosePurpose) -> PartAnswer {
        run?.afterwards = purpose
        return cancel()
    }

    /// The folder changed: listed again now, or held while a batch is being written.
    mutating func folderChanged(_ folder: String, in context: BatchContext) -> PartAnswer {
        guard folder == context.session.documents?.folder else { return PartAnswer(name: "staleFolder") }
        if isSaving {
            run?.folderChanged = true
            return PartAnswer(name: "folderChangeHeld")
        }
        return PartAnswer(name: "folderChanged", jobs: [.listFolderPhotos(folder)])
    }

    /// After a batch: the change held during it, listed now.
    mutating func listHeldFolderChange(in context: BatchContext) -> PartAnswer {
        guard !isSaving, run?.folderChanged == true else { return PartAnswer() }
        run?.folderChanged = false
        return PartAnswer(jobs: context.session.documents?.folder.map { [.listFolderPhotos($0)] } ?? [])
    }
}
