import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// What saving's rules read of the other parts: the open photo and its editor, the settings, and the user's
/// folders (where the Trash is).
struct SaveContext {
    let session: Session
    let settings: Settings
    let library: XDGEnvironment
}

/// Saving's rules: one plan from the photo's facts, the editor and the settings; the question before the first
/// save over a photo; what a save's outcome shows and lets go on.
extension SaveProgress {
    /// Starts a save to `target`: the job for the writer, or nothing while another save runs or there is no box
    /// to save. `allowDamaged`: the user chose "Save anyway" for a box that reaches into a damaged photo's
    /// unreadable part.
    mutating func save(to target: SaveTarget, allowDamaged: Bool = false, in context: SaveContext) -> PartAnswer {
        let editor = context.session.editor, settings = context.settings
        guard !isSaving, let document = context.session.document, let geometry = editor.exportRequest else {
            return PartAnswer()
        }
        let lossless = editor.isLossless
        var plan = SavePlan(generation: document.generation, edit: editor.edit, target: target, lossless: lossless)
        // Lossless goes the command line's `--lossless` way: the same blocks, the same metadata policy.
        var export = CropExport(geometry, quality: settings.jpegQuality, lossless: lossless, allowDamaged: allowDamaged)
        let keepsAnimation = document.animation != nil && Self.keepsAnimation(document, target)
        // Every frame is cut alike and never resampled: an animation saved as one keeps the crop's own size.
        if !lossless && !keepsAnimation {
            export.outputSize = settings.exportSize
            plan.exportSize = export.outputSize?.label
        }
        if let playback = document.animation?.playback, !keepsAnimation {
            export.frame = playback.frame
            plan.stillFrame = playback.frame
        }
        guard begin(plan) else { return PartAnswer(banner: .hide) }
        var request = SaveRequest(sourcePath: document.path, export: export, plan: plan)
        if target == .overOriginal { request.trash = Trash(environment: context.library) }
        return PartAnswer(banner: .hide, jobs: [.save(request, generation: document.generation)])
    }

    /// Whether the file written is animated: beside the photo and over it, in the photo's own format; a chosen
    /// name, by its extension.
    private static func keepsAnimation(_ document: Document, _ target: SaveTarget) -> Bool {
        guard let format = document.facts?.format else { return false }
        guard case let .exactly(path, _) = target else { return true }
        return PhotoFormat(pathExtensionOf: path)?.keepsAnimation(from: format) ?? false
    }

    /// Saving over the photo: the first time, the question says what will happen (nil once it was agreed to,
    /// and the save goes ahead); a photo gone from its folder says why it cannot be.
    static func replaceQuestion(available: Bool, in context: SaveContext) -> PartAnswer? {
        guard available, let document = context.session.document else {
            guard context.session.documents?.currentIsGone == true else { return PartAnswer() }
            return PartAnswer(notice: tr("Cannot save over it: %s", tr("the photo is no longer in its folder")))
        }
        guard context.settings.replaceConfirmed else {
            return PartAnswer(question: .replaceOriginal(fileName: PathNames.shown(document.name),
                                                         exportSize: context.settings.exportSize?.label))
        }
        return nil
    }

    /// The writer's outcome: the open photo marked saved if it still shows what was saved, the notice, and what
    /// waited for the save; a photo replaced by its crop opens again. A box reaching into damage asks; any other
    /// failure says why, the edits kept.
    mutating func finish(_ outcome: SaveOutcome, in context: SaveContext) -> PartAnswer {
        let plan = outcome.plan
        let continuation = finish()
        switch outcome.result {
        case let .success(savedCrop):
            let path = savedCrop.path
            var answer = PartAnswer(jobs: [.forgetThumbnail(path), .recordRecent(path, format: nil)])
            var editor = context.session.editor
            let isOpen = outcome.generation == context.session.document?.generation
            if isOpen {
                wrote(path)
                if editor.edit == plan.edit {
                    answer.edits = [.markSaved]
                    editor.apply(.markSaved)
                }
            }
            if plan.target == .overOriginal {
                answer.name = "replaced"
                let name = PathNames.shown(PathNames.name(of: path))
                answer.notice = plan.exportSize.map {
                    tr("Replaced %1$s with the crop at %2$s — the original is in the Trash", name, $0)
                } ?? tr("Replaced %s with the crop — the original is in the Trash", name)
                // The photo on disk is now the crop: it opens again, so what is shown is what was saved.
                if continuation == nil, isOpen, !editor.isDirty { answer.reopen = Reopening(path: path) }
            } else {
                answer.name = "saved"
                let saved = plan.stillFrame.map { tr("Saved frame %1$d as a still picture to %2$s", $0 + 1, path) }
                    ?? (plan.lossless || savedCrop.lossless ? tr("Saved losslessly to %s", path)
                        : plan.exportSize.map { tr("Saved to %1$s at %2$s", path, $0) } ?? tr("Saved to %s", path))
                answer.notice = saved + (savedCrop.damageNote.map { " — " + $0 } ?? "")
            }
            answer.then = continuation
            return answer
        case let .failure(failure):
            if let region = failure.reachesDamage {
                return PartAnswer(name: "saveReachesDamage",
                                  question: .damagedSave(region, retry: SaveRetry(destination: plan.target)))
            }
            let name = PathNames.shown(PathNames.name(of: failure.destination))
            return PartAnswer(name: "saveFailed",
                              banner: .show(tr("Could not save %1$s: %2$s. Your edits are still here.", name, failure.reason)))
        }
    }
}
