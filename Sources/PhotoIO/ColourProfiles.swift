import CLCMS2
import Glibc
import Synchronization

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

extension ColourProfiles {
    private static let sRGBVerdicts = Mutex<[[UInt8]: Bool]>([:])

    /// Whether a profile describes sRGB: the same primaries and white as lcms2's own sRGB and the same tone
    /// curves, whatever its bytes (cameras and editors embed many copies). Showing such a photo on an sRGB
    /// display needs no transform at all.
    static func isSRGB(_ data: [UInt8]) -> Bool {
        if let known = sRGBVerdicts.withLock({ $0[data] }) { return known }
        let verdict = compareWithSRGB(data)
        sRGBVerdicts.withLock { verdicts in
            if verdicts.count > 32 { verdicts.removeAll() }
            verdicts[data] = verdict
        }
        return verdict
    }

    private static func compareWithSRGB(_ data: [UInt8]) -> Bool {
        guard let profile = data.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }),
              let reference = cmsCreate_sRGBProfile() else { return false }
        defer {
            cmsCloseProfile(profile)
            cmsCloseProfile(reference)
        }
        guard cmsGetColorSpace(profile) == cmsSigRgbData, cmsIsMatrixShaper(profile) != 0 else { return false }
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let mine = cmsReadTag(profile, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  let theirs = cmsReadTag(reference, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  abs(mine.X - theirs.X) < 0.003, abs(mine.Y - theirs.Y) < 0.003, abs(mine.Z - theirs.Z) < 0.003
            else { return false }
        }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let mine = cmsReadTag(profile, tag).map(OpaquePointer.init),
                  let theirs = cmsReadTag(reference, tag).map(OpaquePointer.init) else { return false }
            for step in 0...16 {
                let x = Float(step) / 16
                if abs(cmsEvalToneCurveFloat(mine, x) - cmsEvalToneCurveFloat(theirs, x)) > 0.004 { return false }
            }
        }
        return true
    }
}
