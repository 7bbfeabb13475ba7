/// A window-manager state a command asks for (EWMH `_NET_WM_STATE_…`): set, cleared, or (nil) toggled. Such a
/// command needs nothing else: the app state asks the window manager, and one that clears a state is available
/// only while the window is in it.
struct WindowStateChange: Equatable, Sendable {
    let name: String
    let turnsOn: Bool?
}
