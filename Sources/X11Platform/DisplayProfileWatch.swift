import CX11

/// The display's colour profile as the "ICC Profiles in X" convention publishes it: the bytes of the root
/// window's `_ICC_PROFILE` (`_ICC_PROFILE_n` for screen n), set by colour managers such as colord. The root
/// window's property changes are watched, so a new profile is seen while Cropper runs.
struct DisplayProfileWatch {
    let atom: Atom
    let root: Window

    init(display: OpaquePointer, screen: Int32) {
        atom = XInternAtom(display, screen == 0 ? "_ICC_PROFILE" : "_ICC_PROFILE_\(screen)", 0)
        root = XRootWindow(display, screen)
        XSelectInput(display, root, PropertyChangeMask)
    }

    /// The profile's bytes now set; nil when there is none (or it is cut short).
    func read(on display: OpaquePointer) -> [UInt8]? {
        guard let property = WindowProperty.read(display, window: root, property: atom, maxBytes: 1 << 24),
              property.format == 8, property.remaining == 0, !property.bytes.isEmpty else { return nil }
        return property.bytes
    }

    /// Whether a PropertyNotify is about the profile.
    func isChange(_ event: XPropertyEvent) -> Bool { event.window == root && event.atom == atom }
}
