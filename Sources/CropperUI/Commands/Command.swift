import EditorState
import Localization

/// Everything the user can ask for by key, toolbar button or menu-like overlay. Each command is declared once,
/// with its title, section, availability and keys, in `CommandTable`.
enum Command: Hashable, Sendable {
    case open, photos, save, saveAs, quit
    /// Save a new file beside the photo / replace the photo (the original to the trash); each becomes what Save does.
    case saveBeside, saveOverOriginal
    /// Step through the export sizes (full size, long edges, exact sizes).
    case cycleExportSize
    /// Ctrl+C: the crop, at full resolution, onto the CLIPBOARD for other programs to paste.
    case copyCrop
    /// Ctrl+Shift+C: the crop as a rule for other photos; Ctrl+Shift+V in the grid puts it on the selected ones.
    case copyCropRule, applyCropRule
    /// Ctrl+S in the grid: every selected photo with a crop, saved in the background.
    case saveSelected
    /// Esc in the grid while its photos are saved: the progress bar's Cancel.
    case stopSavingSelected
    /// The toolbar's overflow button: the commands a narrow window has no room for.
    case moreCommands
    case nextPhoto, previousPhoto, firstPhoto, lastPhoto
    case rotateLeft, rotateRight, flipHorizontal, flipVertical
    case cycleAspect, swapAspectOrientation
    case undo, redo, reset
    case zoomIn, zoomOut, zoomToFit, zoomToActualSize
    /// F11: the window covers the screen (EWMH full screen); Esc leaves it.
    case toggleFullScreen, leaveFullScreen
    case nudge(dx: Int, dy: Int)
    case resizeCrop(dw: Int, dh: Int)
    case editNumbers
    case cancel
    case showShortcuts
    case toggleRecentring, jpegQualityUp, jpegQualityDown
    case toggleLossless
    /// `.` `,` `>` `<`: turn the straighten angle by tenths of a degree; `/` and a double-click on the dial reset it.
    case straighten(tenths: Int)
    case resetStraighten
    /// `'` `;` (`"` `:` by 1°): vertical perspective; the same with Alt: horizontal; `\` resets both.
    case perspective(vertical: Int, horizontal: Int)
    case resetPerspective
    /// Shift+G: guided perspective, guide lines drawn on the photo.
    case toggleGuides
    /// Upright, off the event loop from the preview: L levels the photo by its long straight edges (auto-level),
    /// U makes the verticals upright and parallel, Shift+U the horizontals level and parallel too.
    case upright(UprightMode)
    /// K: an animation plays or pauses; Ctrl+← Ctrl+→ step a frame back or on (and pause it).
    case playPause
    case stepFrame(Int)
    /// G: the grid of the list's photos, or back to the editor from it.
    case photoGrid
    /// In the grid: a row up or down; Space in or out of the selection; Ctrl+A all; Shift with a move extends.
    case selectAbove, selectBelow, toggleSelected, selectAll
    case extendSelection(GridStep)
    /// In the picker strip and the file dialog's list.
    case selectPrevious, selectNext, selectFirst, selectLast, selectPageUp, selectPageDown, openSelected
    /// In the file dialog.
    case parentFolder, focusPathBar, completePath, toggleHiddenFiles
    /// `/` or `~` in the file dialog's list: the path bar takes the keys, starting with that text.
    case typePath(String)
    /// Space on the canvas: a drag pans while it is held.
    case holdToPan
    /// An answer to the save question or the replace question.
    case answer(QuestionAnswer)
    /// Editing in a text field (the numbers, the path bar, the name field).
    case editText(TextEdit)
}

/// The buttons of the save question and the replace question.
enum QuestionAnswer: Hashable, Sendable {
    case save, discard, cancel, replace
    /// The crop rule panel: how the box is carried over.
    case rule(CropRule.Kind)

    var title: String {
        switch self {
        case .save: tr("Save")
        case .discard: tr("Don’t Save")
        case .cancel: tr("Cancel")
        case .replace: tr("Replace")
        case let .rule(kind): CopiedRule.label(kind)
        }
    }
}

/// A move of the grid's cursor that Shift turns into extending the selection.
enum GridStep: Hashable, Sendable {
    case previous, next, above, below, pageUp, pageDown, first, last
}
