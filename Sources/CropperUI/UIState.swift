import EditorState
import PhotoIO
import PhotoLibrary

/// Window-only state that EditorState does not (and should not) know: hover, pressed buttons,
/// open overlays, notices and text being typed.
struct UIState {
    var hoveredButton: Command?
    var pressedButton: Command?
    var hoverStartedAt = 0.0
    var hoveringEditableStatus = false
    var hoveringBannerDismiss = false

    var confirm: ConfirmOverlay?
    var confirmHovered: ConfirmOverlay.Choice?
    var showsShortcuts = false
    var numeric: NumericEntry?
    var picker: PickerPanel?
    var fileDialog: FileDialog?

    /// Known this session: the last recent photos found, the dialog's places, the folders last used.
    var recentPhotos: [RecentPhoto]?
    var places: [Place] = []
    var lastOpenFolder: String?
    var lastSaveFolder: String?

    var toast: Toast?
    var banner: Banner?

    /// The photos given together and which one is open; nil before any photo was asked for.
    var documents: DocumentList?
    /// Photos are being dragged over the window and a drop would be taken.
    var dropHovering = false

    static let tooltipDelay = 0.45

    func tooltipDue(at now: Double) -> Bool {
        hoveredButton != nil && pressedButton == nil && now - hoverStartedAt >= Self.tooltipDelay
    }

    /// True while an overlay takes every key and click (nothing reaches the canvas).
    var isModal: Bool { confirm != nil || showsShortcuts }
}

/// The photo being edited, as far as the window knows it.
struct Document {
    let path: String
    let generation: Int
    var preview: DisplayBitmap?
    var full: DisplayBitmap?
    var loadError: String?

    var name: String { PathNames.name(of: path) }
    var directory: String { PathNames.folder(of: path) }
    /// The best pixels available: the full decode once it is in, the preview before.
    var bitmap: DisplayBitmap? { full ?? preview }
    /// Every decode there is, smallest first: the canvas scales from the smallest that is big enough.
    var displaySources: [DisplayBitmap] { [preview, full].compactMap { $0 } }
    var isLoading: Bool { loadError == nil && bitmap == nil }
}

/// What a pointer press started, so motion and release go to the same place.
enum PointerDrag: Equatable {
    case none
    case crop
    case pan
    case toolbar(Command)
    /// A press in the picker: a click on what it started on, or a drag that scrolls the strip.
    case picker
    /// A press that was used up (an overlay, a status-bar click): its release does nothing.
    case consumed
}

/// Results of background work, delivered through the wake-up pipe.
enum BackgroundMessage: Sendable {
    case previewDecoded(generation: Int, storedSize: PixelSize, orientation: Orientation, format: PhotoFormat,
                        bitmap: DisplayBitmap, isFullResolution: Bool)
    case fullDecoded(generation: Int, bitmap: DisplayBitmap)
    case scaledCopy(ScaledCopy)
    case loadFailed(generation: Int, reason: String)
    case saveFinished(SaveOutcome)
    case recentPhotosLoaded([RecentPhoto])
    case thumbnailReady(ThumbnailResult)
    case directoryListed(DirectoryListing)
    case placesLoaded([Place])
}
