import ArgumentParser
import EditorState
import Localization
import PhotoIO

struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crop",
        abstract: tr("Crop a photo at full resolution, keeping its metadata."),
        discussion: tr("The rect is in the picture's displayed pixels (upright, EXIF orientation applied; with "
            + "--straighten, that picture turned about its centre on a canvas of its own size, as "
            + "`convert -auto-orient -distort SRT DEG` does). The crop is then rotated clockwise, then flipped. The output is "
            + "upright with Orientation 1; EXIF, XMP, ICC, IPTC and comments are kept, the EXIF thumbnail is removed. "
            + "The output format follows the output name's extension (.jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng); without -o "
            + "the crop keeps the source's format."))

    @Argument(help: ArgumentHelp(tr("A JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF file.")))
    var file: String

    @Option(help: ArgumentHelp(tr("The crop in displayed pixels."), valueName: "X,Y,W,H"))
    var rect: RectArgument

    @Option(help: ArgumentHelp(tr("Rotate the crop clockwise by 90, 180 or 270 degrees.")))
    var rotate: Int = 0

    @Option(help: ArgumentHelp(tr("Mirror the crop horizontally (h) or vertically (v), after rotating. May be repeated.")))
    var flip: [FlipArgument] = []

    @Option(help: ArgumentHelp(tr("Straighten: turn the picture clockwise by DEG degrees (−45 to 45, to 0.1°) before "
                                  + "the crop, resampled bicubic."), valueName: "DEG"))
    var straighten: Double?

    @Flag(help: ArgumentHelp(tr("Straighten by the angle that levels the photo's long straight edges (see `cropper info`).")))
    var autoLevel = false

    @Flag(help: ArgumentHelp(tr("Crop JPEG blocks without re-encoding; the rect snaps outwards to the iMCU grid.")))
    var lossless = false

    @Option(help: ArgumentHelp(tr("Quality for JPEG, lossy WebP, HEIC, AVIF and lossy JPEG XL, %1$d–%2$d.", JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound)))
    var quality: Int = JPEGQuality.standard

    @Flag(help: ArgumentHelp(tr("Remove GPS location from EXIF and XMP.")))
    var stripGPS = false

    @Flag(help: ArgumentHelp(tr("Remove all metadata (APPn segments except JFIF, and comments).")))
    var stripMetadata = false

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(tr("Output path (default: NAME-cropped.EXT beside FILE, in FILE's format).")))
    var output: String?

    @Flag(help: ArgumentHelp(tr("Overwrite an existing output file.")))
    var force = false

    @Flag(help: ArgumentHelp(tr("Save a crop that reaches into a damaged photo's unreadable part, pixels as decoded.")))
    var allowDamaged = false

    @Flag(help: ArgumentHelp(tr("Replace FILE with the crop; the original goes to the desktop's trash (restorable from any file manager).")))
    var inPlace = false

    @Option(help: ArgumentHelp(tr("Scale the crop to exactly this size (Lanczos-3)."), valueName: "WxH"))
    var resize: SizeArgument?

    @Option(help: ArgumentHelp(tr("Scale the crop so its longer side is N pixels."), valueName: "N"))
    var longEdge: Int?

    @Flag(help: ArgumentHelp(tr("Let --resize / --long-edge enlarge the crop (refused otherwise).")))
    var allowUpscale = false

    func validate() throws {
        guard Orientation(rotate: rotate, flips: flip) != nil else {
            throw ValidationError(tr("--rotate must be 90, 180 or 270"))
        }
        guard JPEGQuality.range.contains(quality) else {
            throw ValidationError(tr("--quality must be between %1$d and %2$d", JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound))
        }
        try validateOutputChoices()
        try validateStraighten()
    }

    func run() throws {
        guard let turn = Orientation(rotate: rotate, flips: flip) else {
            throw ValidationError(tr("--rotate must be 90, 180 or 270"))
        }
        let source: PhotoSource
        do {
            source = try PhotoSource.open(path: file)
        } catch {
            throw reportFailure(error, input: file)
        }
        var export = CropExport(rect: rect.rect, userTransform: turn, quality: quality, stripGPS: stripGPS,
                                stripMetadata: stripMetadata, lossless: lossless, allowDamaged: allowDamaged)
        export.outputSize = outputSize
        export.allowUpscale = allowUpscale
        export.straighten = try straightenAngle(source)
        if inPlace { return try replaceInPlace(source, export) }
        let destination = OutputName.decide(for: file, format: source.format, requested: output, pickFree: false)
        do {
            let result = try CropExporter.export(source, export, to: destination, overwrite: force)
            printWarnings(result.warnings, for: file)
            print("\(result.path) \(result.size)")
            if result.lossless {
                print(result.wasSnapped ? tr("lossless rect %1$s (snapped from %2$s)", result.rect, export.rect) : tr("lossless rect %s", result.rect))
            }
        } catch let error as UpscaleRefused {
            throw reportFailure(error, input: file, hint: tr("pass --allow-upscale to allow it"))
        } catch PhotoIOError.reachesDamage(let region) {
            throw reportFailure(PhotoIOError.reachesDamage(region), input: file, hint: tr("or pass --allow-damaged to write the decoded pixels as they are"))
        } catch {
            throw reportFailure(error, input: file, output: destination)
        }
    }
}
