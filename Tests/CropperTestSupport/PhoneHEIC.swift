import EditorState
import Foundation
import PhotoIO

/// Phone-style HEICs made at test time: the sample photo in Adobe RGB (its ICC profile embedded) with EXIF (camera,
/// GPS, pixel dimensions) and XMP added by exiftool, coded as a grid of HEVC tiles with a thumbnail by
/// HEIFGridAssembler (libheif's x265 encoder per tile; libheif 1.15 cannot write grids itself).
public enum PhoneHEIC {
    /// The coded tiles, thumbnail and metadata; assemble them with any crop and turn of the file's own.
    public static func picture(width: Int = 600, tile: Int = 128, format: PhotoFormat = .heic,
                               scratch: ScratchDirectory) throws -> HEIFGridAssembler.Picture {
        for tool in ["/usr/bin/convert", "exiftool"] where !tool.hasPrefix("/") { try Tools.require(tool) }
        let jpeg = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, width: width, as: "phone-source.jpg", scratch: scratch)
        let tagged = try Tools.run("exiftool", ["-overwrite_original", "-Make=Apple", "-Model=iPhone 13 Pro Max",
                                                "-ExifIFD:ExifImageWidth=\(width)", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
                                                "-XMP-dc:Title=Phone test", "-XMP-tiff:Orientation=1", jpeg])
        guard tagged.status == 0 else { throw PhotoIOError.cannotWrite("exiftool: " + tagged.stderr) }
        return try HEIFGridAssembler.picture(of: try PhotoSource.open(path: jpeg), tile: tile, quality: 80, thumbnailSide: 96,
                                                 format: format)
    }
}
