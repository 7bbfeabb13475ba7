import EditorState
import Localization
import PhotoIO

/// The commands that change a remembered setting: each changes it, tells the editor when the editor keeps a copy,
/// and says in a notice what it now does.
extension Settings {
    mutating func toggleRecentring() -> PartAnswer {
        recentersAfterDrag.toggle()
        return PartAnswer(edits: [.setRecentersAfterDrag(recentersAfterDrag)],
                          notice: recentersAfterDrag ? tr("The view re-centres on the box after a drag")
                              : tr("The view stays put after a drag"))
    }

    /// Lossless crops on or off; on, the notice says which edges of the box snap to `editor`'s photo's blocks.
    mutating func toggleLossless(editor: EditorState) -> PartAnswer {
        lossless.toggle()
        var answer = PartAnswer(edits: [.setLossless(lossless)])
        var turned = editor
        turned.apply(.setLossless(lossless))
        guard lossless, let grid = turned.losslessGrid else {
            answer.notice = tr("Lossless crops off: saving re-encodes the JPEG")
            return answer
        }
        answer.notice = grid.snapsEveryEdge
            ? tr("Lossless crops: every edge of the box snaps to whole chroma samples (%1$d × %2$d px); the tiles are kept as coded",
                 grid.cell.width, grid.cell.height)
            : tr("Lossless crops: the box’s left and top edges snap to %1$d × %2$d px blocks", grid.cell.width, grid.cell.height)
        return answer
    }

    mutating func stepJPEGQuality(by steps: Int) -> PartAnswer {
        jpegQuality = JPEGQuality.stepped(jpegQuality, by: steps)
        return PartAnswer(notice: tr("JPEG quality %d for saving", jpegQuality))
    }

    /// The next export size; an exact size locks the box to its shape. `isLossless`: the editor makes lossless
    /// crops, which keep their size.
    mutating func cycleExportSize(isLossless: Bool) -> PartAnswer {
        let size = ExportSizes.after(exportSize)
        exportSize = size
        var answer = PartAnswer()
        if let (width, height) = size?.aspectInLowestTerms { answer.edits = [.setAspect(.custom(width: width, height: height))] }
        guard let size else {
            answer.notice = tr("Saves keep the crop’s full size")
            return answer
        }
        answer.notice = isLossless
            ? tr("Saves are scaled to %s (not lossless crops: they keep their size); Cropper never enlarges a crop", size.label)
            : tr("Saves are scaled to %s; Cropper never enlarges a crop", size.label)
        return answer
    }

    /// "Replace the original" agreed to (`confirmed`, the first time): from now on Save replaces the photo, until
    /// "Save beside the photo" is chosen.
    mutating func chooseSaveOverOriginal(confirmed: Bool = false) {
        if confirmed { replaceConfirmed = true }
        saveMode = .overOriginal
    }

    /// Save writes over the photo only once that was chosen and agreed to.
    var savesOverOriginal: Bool { saveMode == .overOriginal && replaceConfirmed }
}
