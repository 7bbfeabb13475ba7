import EditorState
import X11Platform

/// What a component asks the shell to do beyond its own state. The shell carries effects out in order.
enum Effect: Equatable {
    /// Change the editor (the one way anything changes it).
    case edit(EditorAction)
    /// A command from the binding table or a button.
    case perform(Command)
    /// Open a photo chosen in a panel, asking first about unsaved edits.
    case openPhoto(String)
    /// The close question was answered: go on without saving, or save first and then go on.
    case proceed(ClosePurpose)
    case saveThen(ClosePurpose)
    /// Save As to a path the dialog checked; `overwrite` when the user agreed to replace a file there.
    case saveAs(path: String, overwrite: Bool)
    /// "Save anyway": the same save again, the damaged part written as decoded.
    case saveAnyway(SaveRetry)
    /// Save over the photo; `confirmed` when the user just agreed to it (not asked again).
    case replaceOriginal(confirmed: Bool)
    case close(ComponentKind)
    /// Put a question on top of everything (the dialog's "replace the file?").
    case ask(Question)
    case listDirectory(path: String, generation: Int)
    case listPlaces
    case listRecentPhotos
    /// The thumbnails wanted now, with their urgency; everything else may be dropped.
    case wantThumbnails([String: Int])
    /// A short notice that fades by itself.
    case notice(String)
    /// Where the Open dialog was left, for next time.
    case rememberOpenFolder(String)
    case rememberSaveFolder(String)
    /// Text copied or cut (CLIPBOARD), or selected (PRIMARY), for other programs to paste.
    case own(ClipboardSelection, text: String)
    /// Ctrl+V or a middle click in a field: the selection's text is wanted; it comes back as a paste.
    case requestPaste(ClipboardSelection)
    /// Nothing to show at start: the shipped sample photo.
    case openSample
    /// The crop rule panel's choice.
    case copyRule(CropRule.Kind)
    /// The grid's Ctrl+Shift+V and Ctrl+S on these photos (in the list's order); the batch bar's buttons.
    case applyRule([String])
    case saveBatch([String])
    case cancelBatch
    case retryFailedSaves
    /// The answers of the questions asked on leaving with crops unsaved or while saving many.
    case saveAllPending(then: ClosePurpose)
    case dropPending(then: ClosePurpose)
    case stopBatch(then: ClosePurpose)
}

/// Why the window is letting go of the open photo: the close question says which.
enum ClosePurpose: Equatable, Sendable {
    case quit
    case open(DocumentList)
}
