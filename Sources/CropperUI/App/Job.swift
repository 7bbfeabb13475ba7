import EditorState
import PhotoIO
import PhotoLibrary
import X11Platform

/// Work the app state asks for and does not do itself: threads, the disk, the clipboard, X. The runner
/// (`WindowShell+Jobs`) carries each out; what comes back comes back as an `AppEvent`.
enum Job {
    /// Decode a photo for showing (the runner drops the previous photo's display copies, takes a preview
    /// decoded ahead when there is one, and answers `.photoOpening`).
    case openPhoto(path: String, generation: Int, fit: PreviewPrefetcher.Fit, editor: EditorState)
    /// Decode the open photo again (a new display profile); its edits stay.
    case redecode(path: String, generation: Int, fit: PreviewPrefetcher.Fit, editor: EditorState)
    /// Show a copy already scaled to the fit (from a preview decoded ahead or early).
    case seedDisplayCopy(ScaledCopy)
    /// Keep the scaled copy made ahead for the photo as it is now shown.
    case adoptCopyMadeAhead([DisplayBitmap], orientation: Orientation, frame: Rect)
    /// The canvas's copies made from the first bitmap are copies of the second, the same pixels converted.
    case replaceDisplaySource(DisplayBitmap, with: DisplayBitmap)
    case prefetchNeighbours(of: DocumentList, fit: PreviewPrefetcher.Fit, editor: EditorState)
    /// Decode an animation's frames for the screen, ahead of the one shown (`AnimationFrameStore`).
    case playAnimation(PhotoSource, frames: Int, generation: Int, display: DisplayProfile)
    /// The animation's frame on screen moved: the decoding follows it.
    case showAnimationFrame(Int, generation: Int)
    /// Write a crop on the writer's thread.
    case save(SaveRequest, generation: Int)
    /// Watch the list's folder (or stop watching, for a list of given photos).
    case followFolder(DocumentList)
    case listFolderPhotos(String)
    case listDirectory(path: String, generation: Int)
    case listPlaces
    case listRecentPhotos
    /// The thumbnails wanted now, with their urgency; everything else may be dropped.
    case wantThumbnails([String: Int])
    /// A file changed on disk: its cached thumbnail is stale.
    case forgetThumbnail(String)
    case displayProfileForThumbnails(DisplayProfile)
    case recordRecent(String, format: PhotoFormat?)
    case estimateUpright(Document, UprightRequest)
    /// Text on a selection for other programs.
    case ownText(ClipboardSelection, String)
    /// The crop on the CLIPBOARD, rendered when a program asks (the runner answers `.cropOffered`).
    case offerCrop(CopiedCrop)
    case requestPaste(ClipboardSelection)
    /// Look at dropped files: the runner answers `.dropped(photos:)` with those that are photos.
    case findPhotos(among: [String])
    /// Tell a drag's source whether its drop was taken.
    case finishDrop(accepted: Bool)
    /// Ask the window manager to add or remove a state of the window (`_NET_WM_STATE_FULLSCREEN`).
    case setWindowState(String, on: Bool)
    /// Place a copied rule on photos of the grid (each answers `.rulePlaced`).
    case applyRule(CopiedRule, paths: [String], application: Int)
    /// Save photos of the grid on the batch's workers (each answers `.batchItemSaved`, then `.batchFinished`).
    case saveBatch([SaveRequest], batch: Int)
    /// Start no more saves of that batch.
    case cancelBatch(Int)
    /// Close the window (the clipboard manager may take the copied crop first).
    case quit
}
