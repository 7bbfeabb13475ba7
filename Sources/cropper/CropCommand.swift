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
            The output format follows the output name's extension (.jpg, .png, .webp, .heic, .avif or .tif); without -o the crop keeps the source's format.
            """)

    @Argument(help: "A JPEG, PNG, HEIC, AVIF, WebP or TIFF file.")
    var file: String

    @Option(help: ArgumentHelp("The crop in displayed pixels.", valueName: "X,Y,W,H"))
    var rect: RectArgument

    @Option(help: "Rotate the crop clockwise by 90, 180 or 270 degrees.")
    var rotate: Int = 0

    @Option(help: "Mirror the crop horizontally (h) or vertically (v), after rotating. May be repeated.")
    var flip: [FlipArgument] = []

    @Flag(help: "Crop JPEG blocks without re-encoding; the rect snaps outwards to the iMCU grid.")
    var lossless = false

    @Option(help: "Quality for JPEG, lossy WebP, HEIC and AVIF, \(JPEGQuality.range.lowerBound)–\(JPEGQuality.range.upperBound).")
    var quality: Int = JPEGQuality.standard

    @Flag(help: "Remove GPS location from EXIF and XMP.")
    var stripGPS = false

    @Flag(help: "Remove all metadata (APPn segments except JFIF, and comments).")
    var stripMetadata = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "Output path (default: NAME-cropped.EXT beside FILE, in FILE's format).")
    var output: String?

    @Flag(help: "Overwrite an existing output file.")
    var force = false

    @Flag(help: "Save a crop that reaches into a damaged photo's unreadable part, pixels as decoded.")
    var allowDamaged = false

    func validate() throws {
        guard Orientation(rotate: rotate, flips: flip) != nil else {
            throw ValidationError("--rotate must be 90, 180 or 270")
        }
        guard JPEGQuality.range.contains(quality) else {
            throw ValidationError("--quality must be \(JPEGQuality.rangeText)")
        }
    }

    func run() throws {
        guard let turn = Orientation(rotate: rotate, flips: flip) else {
            throw ValidationError("--rotate must be 90, 180 or 270")
        }
        let source: PhotoSource
        do {
            source = try PhotoSource.open(path: file)
        } catch {
            throw reportFailure(error, input: file)
        }
        let destination = output ?? OutputName.cropped(file, format: source.format)
        let export = CropExport(rect: rect.rect, userTransform: turn, quality: quality, stripGPS: stripGPS,
                                stripMetadata: stripMetadata, lossless: lossless, allowDamaged: allowDamaged)
        do {
            let result = try CropExporter.export(source, export, to: destination, overwrite: force)
            printWarnings(result.warnings, for: file)
            print("\(result.path) \(result.size)")
            if result.lossless {
                print("lossless rect \(result.rect)" + (result.wasSnapped ? " (snapped from \(export.rect))" : ""))
            }
        } catch PhotoIOError.reachesDamage(let region) {
            throw reportFailure(PhotoIOError.reachesDamage(region), input: file, hint: "or pass --allow-damaged "
                + "to write the decoded pixels as they are")
        } catch {
            throw reportFailure(error, input: file, output: destination)
        }
    }
}
