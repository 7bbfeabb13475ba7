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
    /// L: level the photo by its long straight edges.
    case autoLevel
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
        case .open: "Open a photo"
        case .photos: "Recent photos"
        case .save: "Save (as last chosen)"
        case .saveBeside: "Save beside the photo"
        case .saveOverOriginal: "Save over the original"
        case .copyCrop: "Copy the crop"
        case .cycleExportSize: "Next export size"
        case .saveAs: "Save as…"
        case .quit: "Quit"
        case .moreCommands: "More commands"
        case .nextPhoto: "Next photo"
        case .previousPhoto: "Previous photo"
        case .firstPhoto: "First photo of the folder"
        case .lastPhoto: "Last photo of the folder"
        case .rotateLeft: "Rotate left"
        case .rotateRight: "Rotate right"
        case .flipHorizontal: "Flip horizontally"
        case .flipVertical: "Flip vertically"
        case .cycleAspect: "Next aspect ratio"
        case .swapAspectOrientation: "Portrait / landscape"
        case .undo: "Undo"
        case .redo: "Redo"
        case .reset: "Reset all edits"
        case .zoomIn: "Zoom in"
        case .zoomOut: "Zoom out"
        case .zoomToFit: "Fit to window"
        case .zoomToActualSize: "Actual size (100 %)"
        case .nudge(let dx, let dy): "Move \(max(abs(dx), abs(dy))) px"
        case .resizeCrop(let dw, let dh): "Resize \(max(abs(dw), abs(dh))) px"
        case .editNumbers: "Type position and size"
        case .cancel: "Clear the box / close"
        case .showShortcuts: "Keyboard shortcuts"
        case .selectPrevious: "Select the previous one"
        case .selectNext: "Select the next one"
        case .selectFirst: "Select the first"
        case .selectLast: "Select the last"
        case .selectPageUp, .selectPageDown: "Move a page up / down"
        case .openSelected: "Open the selected one"
        case .parentFolder: "Go to the parent folder"
        case .focusPathBar: "Type a path (also / or ~)"
        case .completePath: "Complete the typed path"
        case .toggleHiddenFiles: "Show / hide hidden files"
        case .toggleRecentring: "Re-centre after a drag"
        case .toggleLossless: "Lossless JPEG crop"
        case let .straighten(tenths): abs(tenths) < 10 ? "Straighten 0.1° (> < 1°)" : "Straighten 1°"
        case .resetStraighten: "Straighten back to 0°"
        case .autoLevel: "Auto-level"
        case .jpegQualityUp: "JPEG quality +5"
        case .jpegQualityDown: "JPEG quality −5"
        case .typePath: "Type a path"
        case .holdToPan: "Hold to pan with a drag"
        case let .answer(answer): answer.title
        case .editText: "Edit the text"
        }
    }

    /// How a key of `scope` is named on the shortcut sheet: the picker and the file dialog word some commands
    /// their own way.
    func title(in scope: BindingScope) -> String {
        switch (scope, self) {
        // Pairs share a row on the sheet: "← →  Previous / next photo".
        case (.picker, .selectPrevious), (.picker, .selectNext): "Previous / next photo"
        case (.editor, .nextPhoto), (.editor, .lastPhoto): "Next / last photo"
        case (.editor, .zoomIn), (.editor, .zoomOut): "Zoom in / out"
        case (.editor, .previousPhoto), (.editor, .firstPhoto): "Previous / first photo"
        case (.picker, .selectFirst), (.picker, .selectLast): "Newest / oldest photo"
        case (.picker, .openSelected): "Open the selected photo"
        case (.picker, .cancel), (.picker, .photos): "Close the picker"
        case (.dialog, .selectPrevious), (.dialog, .selectNext): "Previous / next entry"
        case (.dialog, .selectPageUp), (.dialog, .selectPageDown): "Move a page"
        case (.dialog, .selectFirst), (.dialog, .selectLast): "First / last entry"
        case (.dialog, .openSelected): "Open (a folder: enter it)"
        case (.dialog, .parentFolder): "Parent folder"
        case (.dialog, .cancel): "Cancel"
        // The sheet's transform section keeps room for straightening by pairing these.
        case (.editor, .rotateLeft), (.editor, .rotateRight): "Rotate left / right"
        case (.editor, .flipHorizontal), (.editor, .flipVertical): "Flip across / upside down"
        default: title
        }
    }

    /// The section of the shortcut sheet it is listed under.
    var section: ShortcutSection {
        switch self {
        case .open, .photos, .save, .saveAs, .saveBeside, .saveOverOriginal, .copyCrop, .quit, .nextPhoto, .previousPhoto, .firstPhoto, .lastPhoto, .moreCommands: .file
        case .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize: .view
        case .nudge, .resizeCrop, .cycleAspect, .swapAspectOrientation, .cancel, .editNumbers, .cycleExportSize: .crop
        case .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical, .straighten, .resetStraighten, .autoLevel: .transform
        case .undo, .redo, .reset, .showShortcuts: .history
        case .toggleRecentring, .jpegQualityUp, .jpegQualityDown, .toggleLossless: .settings
        case .selectPrevious, .selectNext, .selectFirst, .selectLast, .selectPageUp, .selectPageDown, .openSelected,
             .parentFolder, .focusPathBar, .completePath, .toggleHiddenFiles, .typePath, .answer, .editText: .dialog
        case .holdToPan: .view
        }
    }
}

enum ShortcutSection: Int, CaseIterable, Sendable {
    case file, view, crop, transform, history, settings, pointer, picker, dialog

    var title: String {
        switch self {
        case .file: "File"
        case .view: "View"
        case .crop: "Crop box"
        case .transform: "Rotate, flip & straighten"
        case .history: "History"
        case .settings: "Settings (remembered)"
        case .pointer: "Mouse"
        case .picker: "Photo picker"
        case .dialog: "File dialog"
        }
    }
}

/// The buttons of the save question and the replace question.
enum QuestionAnswer: Hashable, Sendable {
    case save, discard, cancel, replace

    var title: String {
        switch self {
        case .save: "Save"
        case .discard: "Don’t Save"
        case .cancel: "Cancel"
        case .replace: "Replace"
        }
    }
}
