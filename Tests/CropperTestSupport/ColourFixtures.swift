import Foundation
import PhotoIO

/// Photos in other colour spaces, made at test time by ImageMagick from the sample photo, and lcms2's own
/// `jpgicc` conversions of them (the reference the window's colours are held to).
public enum ColourFixtures {
    public static let profiles = "/usr/share/color/icc/colord"
    public static let adobeRGB = "\(profiles)/AdobeRGB1998.icc"
    public static let swapped = "\(profiles)/SwappedRedAndGreen.icc"
    public static let proPhoto = "\(profiles)/ProPhotoRGB.icc"
    public static let sRGB = "\(profiles)/sRGB.icc"
    public static let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    /// The sample photo at `width`, converted into `profile` (embedded) as a JPEG or PNG named `name`.
    public static func photo(in profile: String, width: Int = 600, as name: String,
                             scratch: ScratchDirectory) throws -> String {
        let path = scratch.file(name)
        try Tools.run("/usr/bin/convert", [samplePhoto, "-resize", "\(width)x", "-profile", sRGB, "-profile", profile,
                                           "-quality", "95", path])
        return path
    }

    /// The sample photo as ImageMagick's CMYK JPEG: without a profile (its simple ink conversion), or
    /// converted through `profile` and carrying it.
    public static func cmyk(profile: String? = nil, width: Int = 600, as name: String,
                            scratch: ScratchDirectory) throws -> String {
        let path = scratch.file(name)
        let conversion = profile.map { ["-profile", sRGB, "-profile", $0] } ?? ["-colorspace", "CMYK"]
        try Tools.run("/usr/bin/convert", [samplePhoto, "-resize", "\(width)x"] + conversion + ["-quality", "95", path])
        return path
    }

    /// `jpgicc` of `photo` through its embedded profile to `display` (sRGB by default), decoded.
    public static func jpgicc(_ photo: String, to display: String? = nil, scratch: ScratchDirectory) throws -> Bitmap {
        let out = scratch.file("jpgicc-\(UUID().uuidString).jpg")
        try Tools.run("jpgicc", ["-q", "100"] + (display.map { ["-o", $0] } ?? []) + [photo, out])
        return try PhotoSource.open(path: out).decodeFull()
    }

    static var samplePhoto: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/sample.jpg").path
    }

    /// The largest difference in any channel between two bitmaps of one size, over every `step`-th pixel.
    public static func largestDifference(_ a: Bitmap, _ b: Bitmap, step: Int = 3) -> Int {
        var worst = 0
        for y in stride(from: 0, to: min(a.height, b.height), by: step) {
            let ra = a.row(y), rb = b.row(y)
            for x in stride(from: 0, to: min(a.width, b.width), by: step) {
                let p = ra[x], q = rb[x]
                for shift in [0, 8, 16] as [UInt32] {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }
}
