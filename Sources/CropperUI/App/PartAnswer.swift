import EditorState

/// What a part's rule answers besides changing its own fields. The parts decide; `AppState.take` carries the
/// answer out in this order: the editor's changes, what other parts remember (the file written for the open
/// photo, the folder the Open dialog starts in, a kept crop taken up), the words (banner, notice), the jobs, the
/// panels closed, a question on top, the photo opened again, and leaving — gone on with, or asked for. A part's
/// rules are tested on what they answer, without an `AppState`.
struct PartAnswer {
    /// The state log's event name, when the rule answers an event.
    var name = ""
    var edits: [EditorAction] = []
    /// A crop of the open photo was written here (`SaveProgress.lastSaved`).
    var wroteOpenPhoto: String?
    /// The folder the Open dialog starts in next time (`Settings.lastFolder`).
    var rememberedFolder: String?
    /// The open photo took up the crop kept for it: the batch lets it go.
    var tookKeptCrop: String?
    var banner: BannerChange?
    var notice: String?
    var jobs: [Job] = []
    /// Panels and sheets closed (not questions: a question waits for its answer).
    var closes: [ComponentKind] = []
    /// A question put on top of everything (the numbers panel closes under it).
    var question: Question?
    /// The photo on disk changed: it opens again.
    var reopen: Reopening?
    /// Leaving (quitting or opening another photo) goes on now.
    var then: ClosePurpose?
    /// Leaving is asked for: the close question decides whether to ask first (`Leaving`).
    var leave: ClosePurpose?
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
