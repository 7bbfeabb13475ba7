import EditorState
import PhotoIO
import PhotoLibrary

/// Results of background work, delivered through the wake-up pipe.
enum BackgroundMessage: Sendable {
    case previewDecoded(generation: Int, DecodedPreview)
    case fullDecoded(generation: Int, bitmap: DisplayBitmap)
    /// The preview is in, but the full-resolution decode failed.
    case fullDecodeFailed(generation: Int, reason: String)
    case scaledCopy(ScaledCopy)
    /// A copied crop could not be rendered for a program that asked for it.
    case clipboardRenderFailed(reason: String)
    case loadFailed(generation: Int, reason: String)
    case saveFinished(SaveOutcome)
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
    /// Auto-level's answer for the photo of `generation` as turned by `orientation`: nil when not confident.
    case levelEstimated(generation: Int, orientation: Orientation, degrees: Double?, milliseconds: Double)
    /// A frame of the animation of `generation` is decoded for the screen (`AnimationFrameStore`), or could not be.
    case animationFrameDecoded(generation: Int, index: Int)
    case animationFrameFailed(generation: Int, index: Int, reason: String)
}
