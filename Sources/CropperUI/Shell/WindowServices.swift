import PhotoIO
import PhotoLibrary
import X11Platform

/// What the shell uses to carry effects out: the background workers' pipe, caches, settings on disk, the
/// recently-used list, text, the clock and the logs. Components never see this; they read the
/// parts they need through `WindowContext`.
final class WindowServices {
    let wakePipe = WakePipe<BackgroundMessage>()
    let imageCache: DisplayImageCache
    let animationFrames: AnimationFrameStore
    let prefetcher = PreviewPrefetcher()
    let folders = FolderFollower()
    let settings: SettingsStore
    let recentFiles = RecentFiles()
    /// The grid's saves of many photos.
    let batches = BatchSaver()
    /// The first photo's preview, started before the window (handed to the first load).
    var earlyDecode: EarlyPreviewDecode?
    let text: TextRenderer
    let library = XDGEnvironment.current()
    let version: String
    /// Device pixels per interface pixel.
    let scale: Double
    /// The window's clock: CLOCK_MONOTONIC seconds unless a test injects another.
    let clock: () -> Double
    let stateLog: StateLog?
    let frameStats: FrameStats?
    /// What photos are converted to for showing: the display's profile, or sRGB.
    let displayProfile: DisplayProfile
    /// Thumbnails big enough for the strip's widest usual photo (3:2, 192 interface pixels) at the scale.
    private(set) lazy var thumbnails: ThumbnailStore = {
        let store = ThumbnailStore(environment: library, version: version, minimumPixels: Int((192 * scale).rounded()),
                                   pipe: wakePipe)
        store.display = displayProfile
        return store
    }()

    init(window: X11Window, settings: SettingsStore, version: String, environment: [String: String],
         earlyDecode: EarlyPreviewDecode? = nil, clock: @escaping () -> Double = MonotonicClock.now) {
        self.settings = settings
        self.earlyDecode = earlyDecode
        self.version = version
        self.clock = clock
        scale = window.scale
        imageCache = DisplayImageCache(replyTo: wakePipe)
        animationFrames = AnimationFrameStore(replyTo: wakePipe)
        text = TextRenderer(scale: window.scale)
        stateLog = environment["CROPPER_STATE_LOG"].flatMap { StateLog(path: $0) }
        text.checksFit = stateLog != nil
        frameStats = environment["CROPPER_FRAME_STATS"].flatMap { FrameStats(path: $0) }
        displayProfile = DisplayProfile.shown(onScreenWith: window.displayProfileBytes())
    }
}
