import EditorState
import PhotoIO

/// A save in progress: which photo, which edit, where to.
struct SaveJob {
    let generation: Int
    let edit: CropEdit
    let destination: String
}

/// What the writer thread reports back.
struct SaveOutcome: Sendable {
    let generation: Int
    /// The path written, or the reason it could not be.
    let result: Result<String, SaveFailure>
}

struct SaveFailure: Error, Sendable {
    let destination: String
    let reason: String
}

/// Everything the writer thread needs: which photo, what to cut and turn, where to.
struct SaveRequest: Sendable {
    let sourcePath: String
    let destination: String
    let export: CropExport
    /// Automatic names step on to `-2`, `-3`, … if the name was taken meanwhile.
    let pickFreeName: Bool
    /// The user agreed to replace an existing file of that name (never the photo itself).
    var overwrite = false
}

/// Saving the crop: beside the photo under a free name, or under a typed name; always on a background thread.
extension EditorApp {
    func saveBesideSource() {
        guard let document else { return }
        save(to: OutputName.firstFree(document.path, format: PhotoFormat(contentsOf: document.path)), pickFreeName: true)
    }

    func save(to destination: String, pickFreeName: Bool, overwrite: Bool = false) {
        guard saving == nil, let document, let geometry = state.exportRequest else { return }
        saving = SaveJob(generation: document.generation, edit: state.edit, destination: destination)
        ui.banner = nil
        needsRedraw = true
        let export = CropExport(geometry, quality: settings.settings.jpegQuality)
        let request = SaveRequest(sourcePath: document.path, destination: destination, export: export,
                                  pickFreeName: pickFreeName, overwrite: overwrite)
        PhotoWriter.write(request, generation: document.generation, replyTo: wakePipe)
    }

    func finishSave(_ outcome: SaveOutcome) -> String {
        let job = saving
        saving = nil
        let continuation = afterSave
        afterSave = nil
        switch outcome.result {
        case let .success(path):
            thumbnails.forget(path)
            if outcome.generation == document?.generation {
                lastSaved = path
                if state.edit == job?.edit { apply(.markSaved) }
            }
            ui.toast = Toast(text: "Saved to \(path)", shownAt: MonotonicClock.now())
            recentFiles.record(path, format: nil)
            if let continuation { proceed(with: continuation) }
            return "saved"
        case let .failure(failure):
            let name = PathNames.shown(PathNames.name(of: failure.destination))
            ui.banner = Banner(text: "Could not save \(name): \(failure.reason). Your edits are still here.")
            return "saveFailed"
        }
    }
}
