import Foundation
import PhotoIO

/// Small photos in every format Cropper reads, made at test time by the formats' own encoders, each
/// carrying EXIF (Orientation 6, camera, GPS), XMP and an ICC profile, and the upright picture they show.
public struct FormatPhotos {
    public static let title = "Cropper format test"
    public static let make = "FormatMake"

    /// The upright picture every file shows, as a PNG.
    public let upright: String
    /// JPEG with stored pixels sideways and EXIF Orientation 6.
    public let jpeg: String
    /// heif-enc of the upright pixels whose EXIF still says 6 (as a phone writes it after rotating).
    public let heic: String
    /// avifenc: the sideways pixels with an `irot` transformation and EXIF Orientation 6.
    public let avif: String
    /// cwebp -metadata all: sideways pixels, EXIF Orientation 6 to apply.
    public let webp: String
    /// ImageMagick: sideways LZW pixels with the TIFF Orientation tag 6, metadata added by exiftool.
    public let tiff: String

    public var all: [(PhotoFormat, String)] { [(.heic, heic), (.avif, avif), (.webp, webp), (.tiff, tiff), (.jpeg, jpeg)] }

    public static func make(in scratch: ScratchDirectory) throws -> FormatPhotos {
        for tool in ["convert", "exiftool", "heif-enc", "avifenc", "cwebp"] { try Tools.require(tool) }
        let icc = try scratch.write(ICCBuilder.profile(description: RichPhoto.iccDescription, version4: false), as: "fmt.icc")
        let tags = ["-q", "-overwrite_original", "-Make=\(make)", "-Model=Format", "-GPSLatitude=48.1",
                    "-GPSLatitudeRef=N", "-GPSLongitude=11.5", "-GPSLongitudeRef=E", "-XMP-dc:Title=\(title)",
                    "-ICC_Profile<=\(icc)", "-Orientation=6", "-n"]
        let jpeg = scratch.file("fmt.jpg")
        try check(Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 6), "-resize", "64x96", "-quality", "95", jpeg]))
        try check(Tools.run("exiftool", tags + [jpeg]))
        let upright = scratch.file("fmt-upright.png")
        try check(Tools.run("/usr/bin/convert", [jpeg, "-auto-orient", upright]))
        let uprightJPEG = scratch.file("fmt-upright.jpg")
        try check(Tools.run("/usr/bin/convert", [jpeg, "-auto-orient", "-quality", "95", uprightJPEG]))
        try check(Tools.run("exiftool", tags + [uprightJPEG]))

        let heic = scratch.file("fmt.heic"), avif = scratch.file("fmt.avif")
        let webp = scratch.file("fmt.webp"), tiff = scratch.file("fmt.tif")
        try check(Tools.run("heif-enc", ["-q", "90", uprightJPEG, "-o", heic]))
        try check(Tools.run("avifenc", ["-s", "8", "--min", "0", "--max", "10", jpeg, avif]))
        try check(Tools.run("cwebp", ["-quiet", "-q", "90", "-metadata", "all", jpeg, "-o", webp]))
        try check(Tools.run("/usr/bin/convert", [jpeg, "-compress", "LZW", tiff]))
        try check(Tools.run("exiftool", tags + [tiff]))
        return FormatPhotos(upright: upright, jpeg: jpeg, heic: heic, avif: avif, webp: webp, tiff: tiff)
    }

    private static func check(_ result: ToolResult) throws {
        guard result.status == 0 else { throw PhotoIOError.cannotWrite("fixture tool failed: \(result.stderr)") }
    }
}
