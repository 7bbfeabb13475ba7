import CX11

/// The X atoms the window speaks: window-manager protocols, UTF-8 names, window type, icon, drag and drop.
struct X11Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWMName: Atom
    let netWMPID: Atom
    let utf8String: Atom
    let netWMWindowType: Atom
    let netWMWindowTypeNormal: Atom
    let netWMIcon: Atom
    /// The window-manager states of the window (EWMH): full screen, maximized, …
    let netWMState: Atom
    /// A test's barrier: handled in order after every input sent before it.
    let cropperSync: Atom
    let xdnd: XdndAtoms

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
        netWMState = intern("_NET_WM_STATE")
        cropperSync = intern("_CROPPER_SYNC")
        xdnd = XdndAtoms(intern: intern)
    }
}

/// The atoms of the XDND protocol (freedesktop.org drag and drop, versions 3 to 5).
struct XdndAtoms {
    let aware, enter, position, status, leave, drop, finished: Atom
    let selection, typeList, actionCopy: Atom
    let uriList: Atom
    /// Where the dropped data is delivered on our window.
    let dropProperty: Atom

    init(intern: (String) -> Atom) {
        aware = intern("XdndAware")
        enter = intern("XdndEnter")
        position = intern("XdndPosition")
        status = intern("XdndStatus")
        leave = intern("XdndLeave")
        drop = intern("XdndDrop")
        finished = intern("XdndFinished")
        selection = intern("XdndSelection")
        typeList = intern("XdndTypeList")
        actionCopy = intern("XdndActionCopy")
        uriList = intern("text/uri-list")
        dropProperty = intern("CROPPER_DROP")
    }
}
