import CX11

/// The X atoms the window speaks: window-manager protocols, UTF-8 names, window type, icon.
struct X11Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWMName: Atom
    let netWMPID: Atom
    let utf8String: Atom
    let netWMWindowType: Atom
    let netWMWindowTypeNormal: Atom
    let netWMIcon: Atom

    init(display: OpaquePointer) {
        func intern(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        wmProtocols = intern("WM_PROTOCOLS")
        wmDeleteWindow = intern("WM_DELETE_WINDOW")
        netWMName = intern("_NET_WM_NAME")
        netWMPID = intern("_NET_WM_PID")
        utf8String = intern("UTF8_STRING")
        netWMWindowType = intern("_NET_WM_WINDOW_TYPE")
        netWMWindowTypeNormal = intern("_NET_WM_WINDOW_TYPE_NORMAL")
        netWMIcon = intern("_NET_WM_ICON")
    }
}
