import EditorState

/// What a part's rule answers besides changing its own fields. The parts decide; `AppState.take` carries the
/// answer out in this order: the editor's changes, what other parts remember (the file written for the open
/// photo, a new photo opened, the folder the Open dialog starts in, the window's size, a kept crop taken up, the
/// photos the list now holds), the
/// words (banner, notice), the jobs, the panels closed, the start's picker opened, a question on top, the photo
/// opened again, and leaving — gone on with, or asked for. A part's rules are tested on what they answer, without
/// an `AppState`.
struct PartAnswer {
    /// The state log's event name, when the rule answers an event.
    var name = ""
    var edits: [EditorAction] = []
    /// A crop of the open photo was written here (`SaveProgress.lastSaved`).
    var wroteOpenPhoto: String?
    /// Another photo (or the same one again) opened: saving starts afresh (`SaveProgress.photoChanged`).
    var openedPhoto = false
    /// The folder the Open dialog starts in next time (`Settings.lastFolder`).
    var rememberedFolder: String?
    /// The window's size, remembered for the next run (`Settings.windowWidth`, `windowHeight`).
    var rememberedWindowSize: WindowSize?
    /// The open photo took up the crop kept for it: the batch lets it go.
    var tookKeptCrop: String?
    /// The list as it now is: photos that left it take their kept crops with them (`BatchState.keepOnly`).
    var listedPhotos: [String]?
    var banner: BannerChange?
    var notice: String?
    var jobs: [Job] = []
    /// Panels and sheets closed (not questions: a question waits for its answer).
    var closes: [ComponentKind] = []
    /// Nothing to open at the start: the picker opens (`ComponentStack.openPicker(isStartup:)`).
    var opensStartPicker = false
    /// A question put on top of everything (the numbers panel closes under it).
    var question: Question?
    /// The photo on disk changed: it opens again.
    var reopen: Reopening?
    /// Leaving (quitting or opening another photo) goes on now.
    var then: ClosePurpose?
    /// Leaving is asked for: the close question decides whether to ask first (`Leaving`).
    var leave: ClosePurpose?
}

/// A window's size in device pixels.
struct WindowSize: Equatable {
    let width: Int
    let height: Int
}

/// The chrome's banner: shown with these words, or taken down.
enum BannerChange: Equatable {
    case show(String)
    case hide
}

/// The open photo opens again from disk; `keepingPanels`: under the grid, which stays up.
struct Reopening: Equatable {
    let path: String
    var keepingPanels = false
}
