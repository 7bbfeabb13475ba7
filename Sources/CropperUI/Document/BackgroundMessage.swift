import EditorState
import PhotoIO
import PhotoLibrary

/// Results of background work, delivered through the wake-up pipe.
enum BackgroundMessage: Sendable {
    case previewDecoded(generation: Int, DecodedPreview)
    case fullDecoded(generation: Int, bitmap: DisplayBitmap)
    /// The full decode's rows so far (a JPEG's, top down), before it is done.
    case fullRowsDecoded(generation: Int, ArrivingRows)
    /// The preview is in, but the full-resolution decode failed.
    case fullDecodeFailed(generation: Int, reason: String)
    case scaledCopy(ScaledCopy)
    /// A copied crop could not be rendered for a program that asked for it.
    case clipboardRenderFailed(reason: String)
    case loadFailed(generation: Int, reason: String)
    case saveFinished(SaveOutcome)
    /// Another whole per cent of the save under way is done.
    case saveProgress(percent: Int)
    case recentPhotosLoaded([RecentPhoto])
    case thumbnailReady(ThumbnailResult)
    case directoryListed(DirectoryListing)
    /// The open photo's folder changed on disk (inotify), or its photos were listed.
    case folderChanged(folder: String)
    case folderListed(folder: String, photos: [String]?)
    /// A neighbour's preview decoded ahead, or the decode that failed.
    case previewPrefetched(PreviewPrefetcher.Prefetched)
    case previewPrefetchFailed(path: String)
    case placesLoaded([Place])
    /// Upright's answer (auto-level is its Level) for the photo and turn it was asked for.
    case uprightEstimated(UprightAnswer)
    /// A copied rule placed on one photo of the grid, or refused by it.
    case rulePlaced(RulePlaced)
    /// One photo of the grid's batch saved, or failed; then the batch's end.
    case batchItemSaved(BatchItemOutcome)
    case batchFinished(batch: Int, cancelled: Bool)
    /// A frame of the animation of `generation` is decoded for the screen (`AnimationFrameStore`), or could not be.
    case animationFrameDecoded(generation: Int, index: Int)
    case animationFrameFailed(generation: Int, index: Int, reason: String)
}

extension BackgroundMessage {
    /// Results that change nothing outside the app state: whether the window needs a frame, and how much of it,
    /// is the state's change to say (`WindowShell.update`). A photo of the grid's batch written, or the folder
    /// changing under it, would otherwise cost a repaint of the whole window each. A frame decoded ahead changes
    /// nothing on screen; the state says when one is shown. Nor does a neighbour's preview decoded ahead: it
    /// arrived in the middle of a straighten-dial drag (the drag started just after the photo opened) and made one
    /// of its frames repaint the whole window, a frame three times the others' cost.
    var feedsOnlyTheState: Bool {
        switch self {
        case .batchItemSaved, .batchFinished, .folderChanged, .animationFrameDecoded, .previewPrefetched,
             .previewPrefetchFailed:
            return true
        default: return false
        }
    }
}
