import CX11
import PhotoIO

/// The display's colour profile as the "ICC Profiles in X" convention publishes it: the bytes of the root
/// window's `_ICC_PROFILE` (`_ICC_PROFILE_n` for screen n), set by colour managers such as colord. The root
/// window's property changes are watched, so a new profile is seen while Cropper runs.
struct DisplayProfileWatch {
    let atom: Atom
    let root: Window

    init(window: X11Window) {
        let screen = window.screen
        atom = XInternAtom(window.display, screen == 0 ? "_ICC_PROFILE" : "_ICC_PROFILE_\(screen)", 0)
        root = XRootWindow(window.display, screen)
        XSelectInput(window.display, root, PropertyChangeMask)
    }

    /// The profile now set; sRGB when there is none or it is not an RGB display profile lcms2 can read.
    func read(on display: OpaquePointer) -> DisplayProfile {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, root, atom, 0, 1 << 22, 0, Atom(AnyPropertyType), &type, &format,
                                        &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, remaining == 0, let data, count > 0 else { return .sRGB }
        let profile = DisplayProfile(data: Array(UnsafeBufferPointer(start: data, count: Int(count))))
        return profile.isUsable && !profile.isSRGBEquivalent ? profile : .sRGB
    }

    /// Whether a PropertyNotify is about the profile.
    func isChange(_ event: XPropertyEvent) -> Bool { event.window == root && event.atom == atom }
}
