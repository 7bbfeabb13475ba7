import PhotoIO
import X11Platform

/// Everything that can happen to the window, as the app state takes it: input the platform reported, and what
/// the runner's jobs came back with. `AppState.apply` is the only thing that handles these.
enum AppEvent {
    /// The window opened with these photos (none: the picker, or the sample).
    case start(files: [String])
    /// A key, a press, a drag, a wheel click, a pinch, pasted text: routed through the components, top down.
    case input(WindowInput)
    /// The window's size changed (device pixels).
    case resized(width: Int, height: Int)
    /// The keyboard went elsewhere: a Space held down will never be seen going up.
    case focusLost
    /// The window manager's close button.
    case closeRequested
    case drag(DragEvent)
    /// The window manager set these states on the window (full screen, maximized, …).
    case windowStatesChanged(Set<String>)
    /// Files dropped on the window: the `text/uri-list` the drag's source gave.
    case droppedURIs(String)
    /// Of the dropped files, those that are photos (the runner looked at them: `Job.findPhotos`).
    case dropped(photos: [String])
    /// The display's colour profile changed to this one.
    case displayProfileChanged(DisplayProfile)
    /// A photo's decode started; `decodedAhead` when its preview was ready from the prefetcher.
    case photoOpening(generation: Int, decodedAhead: Bool)
    /// Ctrl+C: the crop went on the CLIPBOARD, or another program kept it.
    case cropOffered(CopiedCrop, taken: Bool)
    /// A result of background work.
    case background(BackgroundMessage)
    /// Time passed (animations, notices that fade).
    case tick
    /// The window is closing: what is remembered of it is taken now.
    case closing
}
