import Localization

/// Everything the user can ask for by key, toolbar button or menu-like overlay.
enum Command: Hashable, Sendable {
    case open, photos, save, saveAs, quit
    /// Save a new file beside the photo / replace the photo (the original to the trash); each becomes what Save does.
    case saveBeside, saveOverOriginal
    /// Step through the export sizes (full size, long edges, exact sizes).
    case cycleExportSize
    /// Ctrl+C: the crop, at full resolution, onto the CLIPBOARD for other programs to paste.
    case copyCrop
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
    /// G: guided perspective, guide lines drawn on the photo.
    case toggleGuides
    /// L: level the photo by its long straight edges.
    case autoLevel
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

    /// How the command is named in tooltips and on the shortcut sheet.
    var title: String {
        switch self {
        case .open: tr("Open a photo")
        case .photos: tr("Recent photos")
        case .save: tr("Save (as last chosen)")
        case .saveBeside: tr("Save beside the photo")
        case .saveOverOriginal: tr("Save over the original")
        case .copyCrop: tr("Copy the crop")
        case .cycleExportSize: tr("Next export size")
        case .saveAs: tr("Save as…")
        case .quit: tr("Quit")
        case .moreCommands: tr("More commands")
        case .nextPhoto: tr("Next photo")
        case .previousPhoto: tr("Previous photo")
        case .firstPhoto: tr("First photo of the folder")
        case .lastPhoto: tr("Last photo of the folder")
        case .rotateLeft: tr("Rotate left")
        case .rotateRight: tr("Rotate right")
        case .flipHorizontal: tr("Flip horizontally")
        case .flipVertical: tr("Flip vertically")
        case .cycleAspect: tr("Next aspect ratio")
        case .swapAspectOrientation: tr("Portrait / landscape")
        case .undo: tr("Undo")
        case .redo: tr("Redo")
        case .reset: tr("Reset all edits")
        case .zoomIn: tr("Zoom in")
        case .zoomOut: tr("Zoom out")
        case .zoomToFit: tr("Fit to window")
        case .zoomToActualSize: tr("Actual size (100 %)")
        case .toggleFullScreen: tr("Full screen (Esc leaves it)")
        case .leaveFullScreen: tr("Leave full screen")
        case .nudge(let dx, let dy): tr("Move %d px", max(abs(dx), abs(dy)))
        case .resizeCrop(let dw, let dh): tr("Resize %d px", max(abs(dw), abs(dh)))
        case .editNumbers: tr("Type position and size")
        case .cancel: tr("Clear the box / close")
        case .showShortcuts: tr("Keyboard shortcuts")
        case .photoGrid: tr("Grid of the photos")
        case .selectAbove, .selectBelow: tr("Select a row up / down")
        case .toggleSelected: tr("Select or unselect")
        case .selectAll: tr("Select all")
        case .extendSelection: tr("Extend the selection")
        case .selectPrevious: tr("Select the previous one")
        case .selectNext: tr("Select the next one")
        case .selectFirst: tr("Select the first")
        case .selectLast: tr("Select the last")
        case .selectPageUp, .selectPageDown: tr("Move a page up / down")
        case .openSelected: tr("Open the selected one")
        case .parentFolder: tr("Go to the parent folder")
        case .focusPathBar: tr("Type a path (also / or ~)")
        case .completePath: tr("Complete the typed path")
        case .toggleHiddenFiles: tr("Show / hide hidden files")
        case .toggleRecentring: tr("Re-centre after a drag")
        case .toggleLossless: tr("Lossless crop")
        case let .straighten(tenths): abs(tenths) < 10 ? tr("Straighten 0.1° (> < 1°)") : tr("Straighten 1°")
        case .resetStraighten: tr("Straighten back to 0°")
        case .perspective: tr("Perspective 0.1°")
        case .resetPerspective: tr("Perspective back to 0°")
        case .toggleGuides: tr("Guided perspective: draw guide lines")
        case .autoLevel: tr("Auto-level")
        case .playPause: tr("Play / pause the animation")
        case let .stepFrame(count): count < 0 ? tr("Previous frame") : tr("Next frame")
        case .jpegQualityUp: tr("JPEG quality +5")
        case .jpegQualityDown: tr("JPEG quality −5")
        case .typePath: tr("Type a path")
        case .holdToPan: tr("Hold to pan with a drag")
        case let .answer(answer): answer.title
        case .editText: tr("Edit the text")
        }
    }

    /// How a key of `scope` is named on the shortcut sheet: the picker and the file dialog word some commands
    /// their own way.
    func title(in scope: BindingScope) -> String {
        switch (scope, self) {
        // Pairs share a row on the sheet: "← →  Previous / next photo".
        case (.picker, .selectPrevious), (.picker, .selectNext): tr("Previous / next photo")
        case (.editor, .nextPhoto), (.editor, .lastPhoto): tr("Next / last photo")
        // One row keeps the file section's length.
        case (.editor, .photos), (.editor, .photoGrid): tr("Recent photos / grid")
        case (.editor, .zoomIn), (.editor, .zoomOut): tr("Zoom in / out")
        // One row for both keeps room in the view section for full screen.
        case (.editor, .zoomToFit), (.editor, .zoomToActualSize): tr("Fit / actual size (100 %)")
        case (.editor, .previousPhoto), (.editor, .firstPhoto): tr("Previous / first photo")
        case (.picker, .selectFirst), (.picker, .selectLast): tr("Newest / oldest photo")
        case (.picker, .openSelected): tr("Open the selected photo")
        case (.picker, .cancel), (.picker, .photos): tr("Close the picker")
        case (.grid, .selectPrevious), (.grid, .selectNext), (.grid, .selectAbove), (.grid, .selectBelow),
             (.grid, .extendSelection): tr("Select, extend")
        case (.grid, .selectFirst), (.grid, .selectLast): tr("First / last photo")
        case (.grid, .openSelected): tr("Open in the editor")
        case (.grid, .cancel), (.grid, .photoGrid): tr("Back to the editor")
        case (.dialog, .selectPrevious), (.dialog, .selectNext): tr("Previous / next entry")
        case (.dialog, .selectPageUp), (.dialog, .selectPageDown): tr("Move a page")
        case (.dialog, .selectFirst), (.dialog, .selectLast): tr("First / last entry")
        case (.dialog, .openSelected): tr("Open (a folder: enter it)")
        case (.dialog, .parentFolder): tr("Parent folder")
        case (.dialog, .cancel): tr("Cancel")
        // The sheet's transform section keeps room for straightening by pairing these.
        case (.editor, .rotateLeft), (.editor, .rotateRight): tr("Rotate left / right")
        case (.editor, .flipHorizontal), (.editor, .flipVertical): tr("Flip across / upside down")
        // The sheet has no room for more rows: perspective shares straighten's rows, its keys beside theirs.
        case (.editor, .straighten(tenths: 1)), (.editor, .straighten(tenths: -1)), (.editor, .perspective):
            tr("Straighten, perspective 0.1°")
        case (.editor, .resetStraighten), (.editor, .resetPerspective): tr("Straighten, perspective to 0°")
        case (.editor, .autoLevel), (.editor, .toggleGuides): tr("Auto-level; guide lines")
        case (.editor, .playPause), (.editor, .stepFrame): tr("Animation: play / pause, step")
        // A row for both leaves the column room for the animation's keys.
        case (.editor, .cycleAspect), (.editor, .swapAspectOrientation): tr("Aspect ratio, portrait / landscape")
        default: title
        }
    }

    /// The window-manager state it changes, for a command that does only that (see `WindowStateChange`).
    var windowStateChange: WindowStateChange? {
        switch self {
        case .toggleFullScreen: WindowStateChange(name: "_NET_WM_STATE_FULLSCREEN", turnsOn: nil)
        case .leaveFullScreen: WindowStateChange(name: "_NET_WM_STATE_FULLSCREEN", turnsOn: false)
        default: nil
        }
    }

    /// The section of the shortcut sheet it is listed under.
    var section: ShortcutSection {
        switch self {
        case .open, .photos, .photoGrid, .save, .saveAs, .saveBeside, .saveOverOriginal, .copyCrop, .quit, .nextPhoto, .previousPhoto, .firstPhoto, .lastPhoto, .moreCommands: .file
        case .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize, .toggleFullScreen, .leaveFullScreen, .playPause, .stepFrame: .view
        case .nudge, .resizeCrop, .cycleAspect, .swapAspectOrientation, .cancel, .editNumbers, .cycleExportSize: .crop
        case .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical, .straighten, .resetStraighten, .autoLevel,
             .perspective, .resetPerspective, .toggleGuides: .transform
        case .undo, .redo, .reset, .showShortcuts: .history
        case .toggleRecentring, .jpegQualityUp, .jpegQualityDown, .toggleLossless: .settings
        case .selectPrevious, .selectNext, .selectFirst, .selectLast, .selectPageUp, .selectPageDown, .openSelected,
             .parentFolder, .focusPathBar, .completePath, .toggleHiddenFiles, .typePath, .answer, .editText: .dialog
        case .selectAbove, .selectBelow, .toggleSelected, .selectAll, .extendSelection: .grid
        case .holdToPan: .view
        }
    }
}

enum ShortcutSection: Int, CaseIterable, Sendable {
    case file, view, crop, transform, history, settings, pointer, picker, grid, dialog

    var title: String {
        switch self {
        case .file: tr("File")
        case .view: tr("View")
        case .crop: tr("Crop box")
        case .transform: tr("Rotate, flip & straighten")
        case .history: tr("History")
        case .settings: tr("Settings (remembered)")
        case .pointer: tr("Mouse")
        case .picker: tr("Photo picker")
        case .grid: tr("Photo grid")
        case .dialog: tr("File dialog")
        }
    }
}

/// The buttons of the save question and the replace question.
enum QuestionAnswer: Hashable, Sendable {
    case save, discard, cancel, replace

    var title: String {
        switch self {
        case .save: tr("Save")
        case .discard: tr("Don’t Save")
        case .cancel: tr("Cancel")
        case .replace: tr("Replace")
        }
    }
}

/// A move of the grid's cursor that Shift turns into extending the selection.
enum GridStep: Hashable, Sendable {
    case previous, next, above, below, pageUp, pageDown, first, last
}
