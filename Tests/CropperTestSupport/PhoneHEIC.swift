import EditorState
import Foundation
import PhotoIO
import Synchronization

/// Phone-style HEICs made at test time: the sample photo in Adobe RGB (its ICC profile embedded) with EXIF (camera,
/// GPS, pixel dimensions) and XMP added by exiftool, coded as a grid of HEVC tiles with a thumbnail by
/// HEIFGridAssembler (libheif's x265 encoder per tile; libheif 1.15 cannot write grids itself).
public enum PhoneHEIC {
    private struct Recipe: Hashable {
        let width: Int, tile: Int, format: PhotoFormat
    }

    private static let made = Mutex<[Recipe: HEIFGridAssembler.Picture]>([:])

    /// The coded tiles, thumbnail and metadata; assemble them with any crop and turn of the file's own. Coded once
    /// per process for each recipe, at the preset Cropper codes with: the tests read the tiles back, they do not
    /// measure the coding, and libheif's default preset takes seven times the CPU.
    public static func picture(width: Int = 600, tile: Int = 128, format: PhotoFormat = .heic,
                               scratch: ScratchDirectory) throws -> HEIFGridAssembler.Picture {
        let recipe = Recipe(width: width, tile: tile, format: format)
        if let picture = made.withLock({ $0[recipe] }) { return picture }
        for tool in ["/usr/bin/convert", "exiftool"] where !tool.hasPrefix("/") { try Tools.require(tool) }
        let jpeg = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, width: width, as: "phone-source.jpg", scratch: scratch)
        let tagged = try Tools.run("exiftool", ["-overwrite_original", "-Make=Apple", "-Model=iPhone 13 Pro Max",
                                                "-ExifIFD:ExifImageWidth=\(width)", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
                                                "-XMP-dc:Title=Phone test", "-XMP-tiff:Orientation=1", jpeg])
        guard tagged.status == 0 else { throw PhotoIOError.cannotWrite("exiftool: " + tagged.stderr) }
        let picture = try HEIFGridAssembler.picture(of: try PhotoSource.open(path: jpeg), tile: tile, quality: 80,
                                                    thumbnailSide: 96, format: format,
                                                    preset: format == .heic ? "ultrafast" : nil)
        made.withLock { $0[recipe] = picture }
        return picture
    }
}
