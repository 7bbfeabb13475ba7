import Foundation
import PhotoIO

/// JPEG XL stills made at test time by cjxl (libjxl-tools), covering what the format holds: the eight orientations
/// (a JPEG with EXIF and XMP recompressed, which stores them in Brotli-compressed `brob` boxes and the orientation
/// in the codestream), lossless and lossy pixels, 16 bits, alpha, an ICC profile and grey.
public struct JXLPhotos {
    public static let make = "JXLMake"
    public static let title = "Cropper JPEG XL test"

    /// Orientation n (1…8) → a recompressed JPEG whose codestream says n; `uprightOf[n]` is the picture it shows.
    public let oriented: [Int: String]
    public let uprightOf: [Int: String]
    /// The picture every still below shows, as a PNG, and its 16-bit twin.
    public let picture: String
    public let lossless: String
    public let lossy: String
    /// A lossy picture big enough for a DC of several groups (320×240), and what it was made from.
    public let largeLossy: String
    public let largePicture: String
    public let deep: String
    public let deepPicture: String
    public let alpha: String
    public let alphaPicture: String
    public let grey: String
    public let greyPicture: String
    public let icc: String
    public let iccLossy: String
    /// colord's Adobe RGB: a profile libjxl cannot turn into an encoded colour space, so the file carries it.
    public static let iccPath = "/usr/share/color/icc/colord/AdobeRGB1998.icc"
    public static let iccDescription = "Compatible with Adobe RGB (1998)"

    public static func make(in scratch: ScratchDirectory) throws -> JXLPhotos {
        for tool in ["convert", "exiftool", "cjxl"] { try Tools.require(tool) }
        var oriented: [Int: String] = [:], upright: [Int: String] = [:]
        for n in 1...8 {
            let jpeg = scratch.file("o\(n).jpg")
            try check(Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", n), "-resize", "96x96", "-quality", "95", jpeg]))
            try check(Tools.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=\(n)", "-Make=\(make)",
                                             "-Model=JXL", "-XMP-dc:Title=\(title)", jpeg]))
            upright[n] = scratch.file("o\(n)-upright.png")
            try check(Tools.run("/usr/bin/convert", [jpeg, "-auto-orient", upright[n]!]))
            oriented[n] = scratch.file("o\(n).jxl")
            try check(Tools.run("cjxl", [jpeg, oriented[n]!]))
        }
        let picture = scratch.file("picture.png")
        try check(Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), "-resize", "80x60!", "-strip", picture]))
        let largePicture = scratch.file("large.png")
        try check(Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), "-resize", "320x240!", "-strip", largePicture]))
        let deepPicture = scratch.file("deep.png")
        try check(Tools.run("/usr/bin/convert", ["-size", "80x60", "gradient:red-blue", "-depth", "16", deepPicture]))
        let alphaPicture = scratch.file("alpha.png")
        try check(Tools.run("/usr/bin/convert", [picture, "-alpha", "set", "-channel", "A", "-fx", "i/w", "+channel",
                                                 alphaPicture]))
        let greyPicture = scratch.file("grey.png")
        try check(Tools.run("/usr/bin/convert", [picture, "-colorspace", "Gray", greyPicture]))
        let iccPicture = scratch.file("icc.png")
        try check(Tools.run("/usr/bin/convert", [picture, iccPicture]))
        try check(Tools.run("exiftool", ["-q", "-overwrite_original", "-ICC_Profile<=\(iccPath)", iccPicture]))

        func cjxl(_ input: String, _ name: String, distance: String) throws -> String {
            let output = scratch.file(name)
            try check(Tools.run("cjxl", [input, output, "-d", distance]))
            return output
        }
        return JXLPhotos(oriented: oriented, uprightOf: upright, picture: picture,
                         lossless: try cjxl(picture, "lossless.jxl", distance: "0"),
                         lossy: try cjxl(picture, "lossy.jxl", distance: "1"),
                         largeLossy: try cjxl(largePicture, "large.jxl", distance: "1"), largePicture: largePicture,
                         deep: try cjxl(deepPicture, "deep.jxl", distance: "0"), deepPicture: deepPicture,
                         alpha: try cjxl(alphaPicture, "alpha.jxl", distance: "0"), alphaPicture: alphaPicture,
                         grey: try cjxl(greyPicture, "grey.jxl", distance: "0"), greyPicture: greyPicture,
                         icc: try cjxl(iccPicture, "icc.jxl", distance: "0"),
                         iccLossy: try cjxl(iccPicture, "icc-lossy.jxl", distance: "1"))
    }

    private static func check(_ result: ToolResult) throws {
        guard result.status == 0 else { throw PhotoIOError.cannotWrite("fixture tool failed: \(result.stderr)") }
    }
}
