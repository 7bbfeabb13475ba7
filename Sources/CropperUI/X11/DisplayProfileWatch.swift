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
        guard let property = WindowProperty.read(display, window: root, property: atom, maxBytes: 1 << 24),
              property.format == 8, property.remaining == 0, !property.bytes.isEmpty else { return .sRGB }
        let profile = DisplayProfile(data: property.bytes)
        return profile.isUsable && !profile.isSRGBEquivalent ? profile : .sRGB
    }

    /// Whether a PropertyNotify is about the profile.
    func isChange(_ event: XPropertyEvent) -> Bool { event.window == root && event.atom == atom }
}
