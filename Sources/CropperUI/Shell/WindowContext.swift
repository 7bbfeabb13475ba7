import EditorState
import Localization
import PhotoLibrary
import X11Platform

/// What every component may read about the window when it handles input or draws: the layout, the editor, the
/// app state's parts and the services' read-only faces, and the time. Built by the shell for each call; never stored.
struct WindowContext {
    let layout: WindowLayout
    let editor: EditorState
    let session: Session
    let saving: SaveProgress
    let chrome: WindowChrome
    let found: PanelFindings
    /// Many photos at once (the copied rule, the pending crops, the batch's save); empty where a test has none.
    var batch = BatchState()
    /// The last Upright asked for (the dial strip lights its button while it runs).
    var upright = UprightProgress()
    let configuration: AppConfiguration
    let settings: Settings
    let text: TextRenderer
    let thumbnails: ThumbnailStore
    let imageCache: DisplayImageCache
    let library: XDGEnvironment
    /// Seconds on the window's clock (injected: tests pass their own).
    let now: Double

    /// A window point (interface pixels) in canvas coordinates (device pixels, the ones EditorState uses).
    func canvasPoint(_ point: WindowPoint) -> Point {
        Point(x: point.x * layout.scale - layout.deviceCanvas.x, y: point.y * layout.scale - layout.deviceCanvas.y)
    }

    /// What a command needs to be available: one rule for the toolbar, the keys and the shell.
    var commandFacts: CommandFacts {
        CommandFacts(hasImage: editor.imageSize != nil, canUndo: editor.canUndo, canRedo: editor.canRedo,
                     isDirty: editor.isDirty, isSaving: saving.isSaving, losslessUnavailable: losslessUnavailable,
                     replaceUnavailable: replaceUnavailable,
                     windowStates: chrome.windowStates, hasList: session.documents != nil,
                     isAnimation: session.document?.animation != nil, isBatchSaving: batch.isSaving)
    }

    private var replaceUnavailable: String? {
        if session.document?.path == configuration.samplePath { return tr("the sample photo is not yours to replace") }
        if session.documents?.currentIsGone == true { return tr("the photo is no longer in its folder") }
        return nil
    }

    private var losslessUnavailable: String? {
        if case let .unavailable(reason) = editor.losslessAvailability { return EditorWords.losslessReason(reason) }
        return nil
    }

    /// `~/Pictures` rather than `/home/ana/Pictures`.
    func abbreviated(_ path: String) -> String {
        let home = library.home
        guard home != "/", path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
