import EditorState
import PhotoIO
import PhotoLibrary

/// Saving over the photo (the original to the trash) and the export size every save is scaled to.
extension WindowShell {
    /// The first time, the question says what will happen; after that the save goes ahead.
    func askToReplaceOriginal() {
        guard Command.saveOverOriginal.availability(context.commandFacts).isAvailable, let document = session.document else {
            if let why = session.documents?.currentIsGone == true ? "the photo is no longer in its folder" : nil {
                showNotice("Cannot save over it: \(why)")
            }
            return
        }
        guard services.settings.settings.replaceConfirmed else {
            stack.remove(.numericEntry)
            stack.push(ReplaceOriginalComponent(fileName: PathNames.shown(document.name),
                                                exportSize: services.settings.settings.exportSize?.label))
            return
        }
        saveOverOriginal()
    }

    /// Replaces the photo; from now on Save does this (until "Save beside the photo" is chosen).
    func saveOverOriginal() {
        guard let document = session.document else { return }
        rememberSaveMode(.overOriginal)
        save(to: document.path, pickFreeName: false, inPlace: true)
    }

    /// The photo on disk is now the crop: it opens again, so what is shown is what was saved.
    func finishReplacing(_ path: String, generation: Int, exportSize: String?, continuation: ClosePurpose?) -> String {
        services.recentFiles.record(path, format: nil)
        showNotice("Replaced \(PathNames.shown(PathNames.name(of: path))) with the crop" + (exportSize.map { " at \($0)" } ?? "")
            + " — the original is in the Trash")
        if let continuation {
            proceed(with: continuation)
        } else if generation == session.document?.generation, !session.editor.isDirty {
            load(path: path)
        }
        return "replaced"
    }

    func rememberSaveMode(_ mode: SaveMode) {
        guard services.settings.settings.saveMode != mode else { return }
        services.settings.update(now: services.clock()) { $0.saveMode = mode }
    }

    /// The next export size; an exact size locks the box to its shape.
    func cycleExportSize() {
        let size = ExportSizes.after(services.settings.settings.exportSize)
        services.settings.update(now: services.clock()) { $0.exportSize = size }
        if let (width, height) = size?.aspect {
            let divisor = greatestCommonDivisor(width, height)
            apply(.setAspect(.custom(width: width / divisor, height: height / divisor)))
        }
        guard let size else {
            showNotice("Saves keep the crop’s full size")
            return
        }
        let lossless = session.editor.isLossless ? " (not lossless crops: they keep their size)" : ""
        showNotice("Saves are scaled to \(size.label)\(lossless); Cropper never enlarges a crop")
    }

    private func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int { b == 0 ? max(1, a) : greatestCommonDivisor(b, a % b) }
}
