import PhotoIO

extension DisplayProfile {
    /// What photos are converted to for showing, from the profile the display publishes: sRGB when there is none
    /// or it is not an RGB display profile lcms2 can read.
    static func shown(onScreenWith bytes: [UInt8]?) -> DisplayProfile {
        guard let bytes, !bytes.isEmpty else { return .sRGB }
        let profile = DisplayProfile(data: bytes)
        return profile.isUsable && !profile.isSRGBEquivalent ? profile : .sRGB
    }
}
