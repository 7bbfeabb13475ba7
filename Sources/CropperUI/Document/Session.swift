import EditorState
import PhotoIO
import PhotoLibrary

/// What the window knows of the user's photos this run: the list, the open photo and its edit, saving, and
/// what the panels found (recent photos, places, the folders last used).
struct Session {
    var editor = EditorState()
    /// The photos given together, or the open photo's folder, and which one is open; nil before any photo was asked for.
    var documents: DocumentList?
    /// Keeps a folder list following its folder.
    var document: Document?
    /// Bumped for every photo opened, so late results for an earlier one are ignored.
    var generation = 0
    var saving: SavePlan?
    /// What to do once the save under way has finished (the close question's "Save").
    var afterSave: ClosePurpose?
    var lastSaved: String?
    /// How long the last auto-level estimate took off the event loop (the state log's `autoLevelMs`).
    var autoLevelMilliseconds: Double?
    var recentPhotos: [RecentPhoto]?
    var places: [Place] = []
    var lastOpenFolder: String?
    var lastSaveFolder: String?
    /// The window manager's states of the window (`_NET_WM_STATE_FULLSCREEN`, …), as it last reported them.
    var windowStates: Set<String> = []
    /// Photos are being dragged over the window and a drop would be taken.
    var dropHovering = false
    /// The title the window carries; empty until the first is set, so that "Cropper" alone is set too.
    var title = ""
    /// The shipped sample photo, opened when there is nothing else; never remembered as the user's folder.
    var samplePath: String?

    /// Everything of the session that shows on screen, to tell whether a frame is needed.
    var look: SessionLook {
        SessionLook(documents: documents, path: document?.path, generation: document?.generation,
                    hasPreview: document?.preview != nil, hasFull: document?.full != nil, loadError: document?.loadError,
                    fullDecodeError: document?.fullDecodeError,
                    damage: document?.damage,
                    isSaving: saving != nil, places: places, dropHovering: dropHovering, title: title,
                    windowStates: windowStates, animation: document?.animation?.look)
    }

    /// The photos given together that lead the picker's strip; empty while there is only one, or for a folder.
    var givenPhotos: [String] {
        guard let documents, documents.count > 1, !documents.isFolder else { return [] }
        return documents.paths
    }
}

struct SessionLook: Equatable {
    let documents: DocumentList?
    let path: String?
    let generation: Int?
    let hasPreview: Bool
    let hasFull: Bool
    let loadError: String?
    let fullDecodeError: String?
    let damage: Damage?
    let isSaving: Bool
    let places: [Place]
    let dropHovering: Bool
    let title: String
    let windowStates: Set<String>
    let animation: AnimationLook?
}

/// The photo being edited, as far as the window knows it.
struct Document {
    let path: String
    var generation: Int
    /// The photo is being decoded again (for a new display profile): its edits stay.
    var keepsEdits = false
    var preview: DisplayBitmap?
    var full: DisplayBitmap?
    /// The photo's embedded thumbnail, shown until its own pixels are in; never sharp.
    var standIn: DisplayBitmap?
    var loadError: String?
    /// Why the full-resolution decode failed, when it did (the preview is shown).
    var fullDecodeError: String?
    /// What the decoder could not read, in stored rows; nil for an intact photo.
    var damage: Damage? { facts?.damage }
    /// Recorded when its first decode came in.
    var facts: PhotoFacts?
    /// Its preview was decoded ahead, while the photo before it was open.
    var previewWasDecodedAhead = false
    /// The preview was decoded while the window was being set up (EarlyPreviewDecode).
    var previewWasDecodedEarly = false

    var name: String { PathNames.name(of: path) }
    var directory: String { PathNames.folder(of: path) }
    /// The best pixels available: the full decode once it is in, the preview before.
    var bitmap: DisplayBitmap? { full ?? preview ?? standIn }
    /// An animation's playing, nil for a still photo.
    var animation: DocumentAnimation?
    /// Every decode there is, smallest first: the canvas scales from the smallest that is big enough. The stand-in
    /// only until the first decode of the photo itself; an animation's frame on screen once the first is decoded
    /// for playing.
    var displaySources: [DisplayBitmap] {
        if let frame = animation?.onScreen { return [frame] }
        return decodedSources.isEmpty ? [standIn].compactMap { $0 } : decodedSources
    }
    /// The photo's own decodes, smallest first.
    var decodedSources: [DisplayBitmap] { [preview, full].compactMap { $0 } }
    /// Only the embedded thumbnail is in.
    var showsStandIn: Bool { standIn != nil && decodedSources.isEmpty }
    var isLoading: Bool { loadError == nil && bitmap == nil }
}

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
