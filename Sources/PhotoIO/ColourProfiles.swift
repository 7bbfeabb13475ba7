import CLCMS2

/// Profiles Cropper makes itself rather than read from files.
enum ColourProfiles {
    /// Adobe RGB (1998) from its published numbers: D65 white, primaries (0.64, 0.33), (0.21, 0.71),
    /// (0.15, 0.06), and a pure gamma of 563/256.
    static func adobeRGB() -> cmsHPROFILE? {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1),
                                        Green: cmsCIExyY(x: 0.21, y: 0.71, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        guard let gamma = cmsBuildGamma(nil, 563.0 / 256.0) else { return nil }
        defer { cmsFreeToneCurve(gamma) }
        var curves: [OpaquePointer?] = [gamma, gamma, gamma]
        return cmsCreateRGBProfile(&white, &primaries, &curves)
    }
}
