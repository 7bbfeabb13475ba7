import EditorState

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

/// Everything the writer thread needs, as plain values: the crop in the upright photo and the user's turn.
struct SaveRequest: Sendable {
    let sourcePath: String
    let destination: String
    let x: Int, y: Int, width: Int, height: Int
    let rotationDegrees: Int
    let flipHorizontal: Bool
    /// Automatic names step on to `-2`, `-3`, … if the name was taken meanwhile.
    let pickFreeName: Bool

    /// The user's transform as a clockwise rotation followed by an optional horizontal flip.
    init(geometry: ExportGeometry, sourcePath: String, destination: String, pickFreeName: Bool) {
        self.sourcePath = sourcePath
        self.destination = destination
        self.pickFreeName = pickFreeName
        let rect = geometry.rectInUpright
        (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        let turns: [(Orientation, Int)] = [(.normal, 0), (.rotate90CW, 90), (.rotate180, 180), (.rotate270CW, 270)]
        var found = (0, false)
        for (turn, degrees) in turns {
            if turn == geometry.userTransform { found = (degrees, false) }
            if turn.followed(by: .mirrorHorizontal) == geometry.userTransform { found = (degrees, true) }
        }
        (rotationDegrees, flipHorizontal) = found
    }
}

/// Saving the crop: beside the photo under a free name, or under a typed name; always on a background thread.
extension EditorApp {
    func saveBesideSource() {
        guard let document else { return }
        save(to: SavePaths.nextAvailable(for: document.path), pickFreeName: true)
    }

    func save(to destination: String, pickFreeName: Bool) {
        guard saving == nil, let document, let geometry = state.exportRequest else { return }
        saving = SaveJob(generation: document.generation, edit: state.edit, destination: destination)
        ui.banner = nil
        needsRedraw = true
        let request = SaveRequest(geometry: geometry, sourcePath: document.path, destination: destination,
                                  pickFreeName: pickFreeName)
        PhotoWriter.write(request, generation: document.generation, replyTo: wakePipe)
    }

    func finishSave(_ outcome: SaveOutcome) -> String {
        let job = saving
        saving = nil
        let continuation = afterSave
        afterSave = nil
        switch outcome.result {
        case let .success(path):
            if outcome.generation == document?.generation {
                lastSaved = path
                if state.edit == job?.edit { apply(.markSaved) }
            }
            ui.toast = Toast(text: "Saved to \(path)", shownAt: MonotonicClock.now())
            if let continuation { proceed(with: continuation) }
            return "saved"
        case let .failure(failure):
            let name = failure.destination.split(separator: "/").last.map(String.init) ?? failure.destination
            ui.banner = Banner(text: "Could not save \(name): \(failure.reason). Your edits are still here.")
            return "saveFailed"
        }
    }
}
