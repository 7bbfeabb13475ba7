import ArgumentParser
import EditorState
import PhotoIO

struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crop",
        abstract: "Crop a photo at full resolution, keeping its metadata.",
        discussion: """
            The rect is in the picture's displayed pixels (upright, EXIF orientation applied). \
            The crop is then rotated clockwise, then flipped. The output is upright with \
            Orientation 1; EXIF, XMP, ICC, IPTC and comments are kept, the EXIF thumbnail is removed. \
            The output format follows the output name's extension (.jpg/.jpeg or .png).
            """)

    @Argument(help: "A JPEG or PNG file.")
    var file: String

    @Option(help: ArgumentHelp("The crop in displayed pixels.", valueName: "X,Y,W,H"))
    var rect: RectArgument

    @Option(help: "Rotate the crop clockwise by 90, 180 or 270 degrees.")
    var rotate: Int = 0

    @Option(help: "Mirror the crop horizontally (h) or vertically (v), after rotating. May be repeated.")
    var flip: [FlipArgument] = []

    @Flag(help: "Crop JPEG blocks without re-encoding; the rect snaps outwards to the iMCU grid.")
    var lossless = false

    @Option(help: "JPEG quality, 1–100.")
    var quality: Int = JPEGEncoder.defaultQuality

    @Flag(help: "Remove GPS location from EXIF and XMP.")
    var stripGPS = false

    @Flag(help: "Remove all metadata (APPn segments except JFIF, and comments).")
    var stripMetadata = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "Output path (default: NAME-cropped.EXT beside FILE).")
    var output: String?

    @Flag(help: "Overwrite an existing output file.")
    var force = false

    func validate() throws {
        guard Orientation(rotate: rotate, flips: flip) != nil else {
            throw ValidationError("--rotate must be 90, 180 or 270")
        }
        guard (1...100).contains(quality) else {
            throw ValidationError("--quality must be between 1 and 100")
        }
    }

    func run() throws {
        guard let turn = Orientation(rotate: rotate, flips: flip) else {
            throw ValidationError("--rotate must be 90, 180 or 270")
        }
        let destination = output ?? CropExporter.defaultOutputPath(for: file)
        let export = CropExport(rect: rect.rect, userTransform: turn, quality: quality, stripGPS: stripGPS,
                                stripMetadata: stripMetadata, lossless: lossless)
        do {
            let source = try PhotoSource.open(path: file)
            let result = try CropExporter.export(source, export, to: destination, overwrite: force)
            printWarnings(result.warnings, for: file)
            print("\(result.path) \(result.size)")
            if result.lossless {
                print("lossless rect \(result.rect)" + (result.wasSnapped ? " (snapped from \(export.rect))" : ""))
            }
        } catch {
            throw reportFailure(error, input: file, output: destination)
        }
    }
}
