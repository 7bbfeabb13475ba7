import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Saving: beside the photo, as a chosen file, or over the photo (asked the first time); what the outcome shows.
extension AppState {
    mutating func saveBesideSource() {
        save(to: .besideSource)
    }

    /// One plan from the photo's facts, the editor and the settings. `allowDamaged`: the user chose "Save anyway"
    /// for a box that reaches into a damaged photo's unreadable part.
    mutating func save(to target: SaveTarget, allowDamaged: Bool = false) {
        guard !saving.isSaving, let document = session.document, let geometry = session.editor.exportRequest else { return }
        let lossless = session.editor.isLossless
        var plan = SavePlan(generation: document.generation, edit: session.editor.edit, target: target, lossless: lossless)
        showBanner(nil)
        // Lossless goes the command line's `--lossless` way: the same blocks, the same metadata policy.
        var export = CropExport(geometry, quality: settings.jpegQuality, lossless: lossless, allowDamaged: allowDamaged)
        let keepsAnimation = document.animation != nil && keepsAnimation(document, target)
        // Every frame is cut alike and never resampled: an animation saved as one keeps the crop's own size.
        if !lossless && !keepsAnimation {
            export.outputSize = settings.exportSize
            plan.exportSize = export.outputSize?.label
        }
        if let playback = document.animation?.playback, !keepsAnimation {
            export.frame = playback.frame
            plan.stillFrame = playback.frame
        }
        guard saving.begin(plan) else { return }
        var request = SaveRequest(sourcePath: document.path, export: export, plan: plan)
        if target == .overOriginal { request.trash = Trash(environment: world.library) }
        run(.save(request, generation: document.generation))
    }

    /// Whether the file written is animated: beside the photo and over it, in the photo's own format; a chosen
    /// name, by its extension.
    private func keepsAnimation(_ document: Document, _ target: SaveTarget) -> Bool {
        guard let format = document.facts?.format else { return false }
        guard case let .exactly(path, _) = target else { return true }
        return PhotoFormat(pathExtensionOf: path)?.keepsAnimation(from: format) ?? false
    }

    /// The first time, the question says what will happen; after that the save goes ahead.
    mutating func askToReplaceOriginal() {
        guard Command.saveOverOriginal.availability(context.commandFacts).isAvailable, let document = session.document else {
            if session.documents?.currentIsGone == true {
                showNotice(tr("Cannot save over it: %s", tr("the photo is no longer in its folder")))
            }
            return
        }
        guard settings.replaceConfirmed else {
            stack.remove(.numericEntry)
            stack.push(QuestionComponent(.replaceOriginal(fileName: PathNames.shown(document.name),
                                                          exportSize: settings.exportSize?.label)))
            return
        }
        saveOverOriginal()
    }

    /// Replaces the photo; from now on Save does this (until "Save beside the photo" is chosen).
    mutating func saveOverOriginal() {
        rememberSaveMode(.overOriginal)
        save(to: .overOriginal)
    }

    mutating func finishSave(_ outcome: SaveOutcome) -> String {
        let plan = outcome.plan
        let continuation = saving.finish()
        switch outcome.result {
        case let .success(savedCrop):
            let path = savedCrop.path
            run(.forgetThumbnail(path))
            if outcome.generation == session.document?.generation {
                saving.wrote(path)
                if session.editor.edit == plan.edit { apply(.markSaved) }
            }
            if plan.target == .overOriginal {
                return finishReplacing(path, generation: outcome.generation, exportSize: plan.exportSize,
                                       continuation: continuation)
            }
            let saved = plan.stillFrame.map { tr("Saved frame %1$d as a still picture to %2$s", $0 + 1, path) }
                ?? (plan.lossless || savedCrop.lossless ? tr("Saved losslessly to %s", path)
                    : plan.exportSize.map { tr("Saved to %1$s at %2$s", path, $0) } ?? tr("Saved to %s", path))
            showNotice(saved + (savedCrop.damageNote.map { " — " + $0 } ?? ""))
            run(.recordRecent(path, format: nil))
            if let continuation { proceed(with: continuation) }
            return "saved"
        case let .failure(failure):
            if let region = failure.reachesDamage {
                stack.remove(.numericEntry)
                stack.push(QuestionComponent(.damagedSave(region, retry: SaveRetry(destination: plan.target))))
                return "saveReachesDamage"
            }
            let name = PathNames.shown(PathNames.name(of: failure.destination))
            showBanner(tr("Could not save %1$s: %2$s. Your edits are still here.", name, failure.reason))
            return "saveFailed"
        }
    }

    /// The photo on disk is now the crop: it opens again, so what is shown is what was saved.
    private mutating func finishReplacing(_ path: String, generation: Int, exportSize: String?,
                                          continuation: ClosePurpose?) -> String {
        run(.recordRecent(path, format: nil))
        let name = PathNames.shown(PathNames.name(of: path))
        showNotice(exportSize.map { tr("Replaced %1$s with the crop at %2$s — the original is in the Trash", name, $0) }
            ?? tr("Replaced %s with the crop — the original is in the Trash", name))
        if let continuation {
            proceed(with: continuation)
        } else if generation == session.document?.generation, !session.editor.isDirty {
            load(path: path)
        }
        return "replaced"
    }
}
