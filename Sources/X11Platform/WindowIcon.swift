import CX11

extension X11Window {
    /// `_NET_WM_ICON`: for each icon, width, height, then width × height pixels as 0xAARRGGBB (straight alpha),
    /// row by row, one CARDINAL each.
    public func setIcon(_ cardinals: [UInt]) {
        var cardinals = cardinals
        let count = Int32(cardinals.count)
        guard count > 0 else { return }
        cardinals.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, window, atoms.netWMIcon, XA_CARDINAL, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
        }
    }
}
