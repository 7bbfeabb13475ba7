import CX11

/// The window-manager states of the window (EWMH `_NET_WM_STATE`): asked for with a client message to the root
/// window, as the specification says a mapped window must; the window manager sets the property, and its change
/// comes back as `WindowEvent.windowStates`.
extension X11Window {
    /// Asks the window manager to add or remove a state, by its name (`_NET_WM_STATE_FULLSCREEN`).
    public func setWindowState(_ name: String, on: Bool) {
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.display = display
        message.xclient.window = window
        message.xclient.message_type = atoms.netWMState
        message.xclient.format = 32
        let state = XInternAtom(display, name, 0)
        // _NET_WM_STATE_REMOVE 0, _NET_WM_STATE_ADD 1; source indication 1: a normal application.
        message.xclient.data.l = (on ? 1 : 0, Int(bitPattern: UInt(state)), 0, 1, 0)
        let mask = SubstructureRedirectMask | SubstructureNotifyMask
        XSendEvent(display, XRootWindow(display, screen), 0, mask, &message)
        XFlush(display)
    }

    /// The states the window manager has set on the window now, by name.
    func windowStates() -> Set<String> {
        guard let states = WindowProperty.read(display, window: window, property: atoms.netWMState, maxBytes: 4096),
              states.format == 32 else { return [] }
        return Set(states.items32.compactMap { atom in
            guard let name = XGetAtomName(display, Atom(atom)) else { return nil }
            defer { XFree(name) }
            return String(cString: name)
        })
    }
}
