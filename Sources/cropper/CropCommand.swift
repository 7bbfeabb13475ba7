import ArgumentParser
import EditorState
import Localization
import PhotoIO

struct CropCommand: ParsableCommand {
    static let name = "crop"
    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: tr("Crop a photo at full resolution, keeping its metadata."),
        discussion: tr("The rect is in the picture's displayed pixels (upright, EXIF orientation applied; with "
            + "--straighten, that picture turned about its centre on a canvas of its own size, as "
            + "`convert -auto-orient -distort SRT DEG` does). The crop is then rotated clockwise, then flipped. The output is "
            + "upright with Orientation 1; EXIF, XMP, ICC, IPTC and comments are kept, the EXIF thumbnail is removed. "
            + "The output format follows the output name's extension (.jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng); without -o "
            + "the crop keeps the source's format.")
            + "\n\n" + tr("Many photos at once: give several FILEs or --from LIST, and --rect, --aspect (with --gravity) "
            + "or --trim to say what to crop. Each crop goes beside its photo as NAME-cropped.EXT, or into --output-dir, "
            + "named by --name; nothing is overwritten without --force. A photo that fails is named on stderr and the "
            + "others go on; the exit status is 0 only when every photo was cropped."))

    @Argument(help: ArgumentHelp(tr("The photos: JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF files."), valueName: "FILE"),
              completion: .photoFiles)
    var files: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("The crop in displayed pixels."), valueName: "X,Y,W,H"))
    var rect: RectArgument?

    @OptionGroup var placement: PlacementOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Rotate the crop clockwise by 90, 180 or 270 degrees.")))
    var rotate: Int = 0

    @Option(help: ArgumentHelp(tr("Mirror the crop horizontally (h) or vertically (v), after rotating. May be repeated.")))
    var flip: [FlipArgument] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Straighten: turn the picture clockwise by DEG degrees (−45 to 45, to 0.1°) before "
                                  + "the crop, resampled bicubic."), valueName: "DEG"))
    var straighten: Double?

    @Flag(help: ArgumentHelp(tr("Straighten by the angle that levels the photo's long straight edges (see `cropper info`).")))
    var autoLevel = false

    @OptionGroup var warp: PerspectiveOptions

    @Flag(help: ArgumentHelp(tr("Crop without re-encoding: a JPEG's blocks (the rect snaps outwards to the iMCU grid), a HEIC's or AVIF's tiles with a clean aperture (the rect snaps out to whole chroma samples; the default for HEIC and AVIF when nothing asks for new pixels).")))
    var lossless = false

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Quality for JPEG, lossy WebP, HEIC, AVIF and lossy JPEG XL, %1$d–%2$d.", JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound)))
    var quality: Int = JPEGQuality.standard

    @Flag(help: ArgumentHelp(tr("Remove GPS location from EXIF and XMP.")))
    var stripGPS = false

    @Flag(help: ArgumentHelp(tr("Remove all metadata (APPn segments except JFIF, and comments).")))
    var stripMetadata = false

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(tr("Output path (default: NAME-cropped.EXT beside FILE, in FILE's format).")), completion: .file())
    var output: String?

    @Flag(help: ArgumentHelp(tr("Overwrite an existing output file.")))
    var force = false

    @Flag(help: ArgumentHelp(tr("Save a crop that reaches into a damaged photo's unreadable part, pixels as decoded.")))
    var allowDamaged = false

    @Flag(help: ArgumentHelp(tr("Replace FILE with the crop; the original goes to the desktop's trash (restorable from any file manager).")))
    var inPlace = false

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Scale the crop to exactly this size (Lanczos-3)."), valueName: "WxH"))
    var resize: SizeArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Scale the crop so its longer side is N pixels."), valueName: "N"))
    var longEdge: Int?

    @Flag(help: ArgumentHelp(tr("Let --resize / --long-edge enlarge the crop (refused otherwise).")))
    var allowUpscale = false

    @OptionGroup var batch: BatchOptions

    func validate() throws {
        guard Orientation(rotate: rotate, flips: flip) != nil else {
            throw ValidationError(tr("--rotate must be 90, 180 or 270"))
        }
        guard JPEGQuality.range.contains(quality) else {
            throw ValidationError(tr("--quality must be between %1$d and %2$d", JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound))
        }
        try validateOutputChoices()
        try validateStraighten()
        try validatePerspective()
        // A correction with nothing to place crops the largest box of the photo's shape on the corrected photo.
        if !correctsWithoutABox { try placement.validate(rect: rect?.rect) }
        try validateBatch()
    }

    func run() throws {
        try batch.createOutputFolder()
        try CropRun(command: self, inputs: batch.inputs(files)).run()
    }

    /// Everything of one photo's crop but its rect (zero here; the placement gives it), and notes for the user.
    func export(for source: PhotoSource) throws -> (CropExport, [String]) {
        guard let turn = Orientation(rotate: rotate, flips: flip) else {
            throw ValidationError(tr("--rotate must be 90, 180 or 270"))
        }
        var export = CropExport(rect: PixelRect(x: 0, y: 0, width: 0, height: 0), userTransform: turn, quality: quality,
                                stripGPS: stripGPS, stripMetadata: stripMetadata, lossless: lossless,
                                allowDamaged: allowDamaged)
        export.outputSize = outputSize
        export.allowUpscale = allowUpscale
        let notes = try applyWarp(source, to: &export)
        return (export, notes)
    }
}
