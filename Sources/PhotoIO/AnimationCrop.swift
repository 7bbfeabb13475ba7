import CGIF
import CWebP
import EditorState
import Localization

/// Crops an animation (a GIF, an animated WebP, an APNG) into an animated format chosen by the output's extension
/// (.gif, .webp, .apng, or .png for an APNG), every frame cut, turned and flipped alike: GIF into GIF index by index
/// (GIFAnimationCrop); everything else played a canvas at a time and written frame by frame. Straightening and
/// resizing would resample every frame; they are refused, so an animation's crop is always exact. A still format
/// gets one frame (`CropExport.frame`, the first unless asked) through the ordinary path, with a notice.
enum AnimationCrop {
    static func isAnimated(_ source: PhotoSource) -> Bool {
        source.format == .gif || source.format == .apng || source.container?.animation != nil
    }

    /// The format an animated crop is written in, nil when `format` holds stills only.
    static func animatedFormat(_ source: PhotoSource, _ format: PhotoFormat) -> PhotoFormat? {
        guard format.keepsAnimation(from: source.format) else { return nil }
        return format == .png ? .apng : format
    }

    /// nil when this is not an animation saved as one. With a `sink` the file goes there as it is made (a GIF's and a
    /// WebP's frame by frame; an APNG is assembled first) and the crop's bytes are empty.
    static func render(_ source: PhotoSource, _ export: CropExport, as requested: PhotoFormat,
                       into sink: AtomicFileSink? = nil) throws -> RenderedCrop? {
        guard isAnimated(source), let format = animatedFormat(source, requested) else { return nil }
        if !export.straighten.isZero || export.outputSize != nil {
            throw PhotoIOError.invalidRequest(tr("an animation is cropped, turned and flipped frame by frame; straightening or resizing would resample every frame, so they are not done"))
        }
        if export.lossless && !(source.format == .gif && format == .gif) {
            throw PhotoIOError.losslessImpossible(tr("only a GIF cropped into a GIF is lossless (and it always is)"))
        }
        try FormatLibrary.require(for: source.format)
        try FormatLibrary.require(for: format)
        let stored = source.orientation.storedRect(fromDisplayed: export.rect, storedSize: source.storedSize)
        let transform = source.orientation.followed(by: export.userTransform)
        let size = transform.displayedSize(forStored: stored.size)
        var warnings = source.warnings
        let bytes: [UInt8]
        switch format {
        case .gif where source.format == .gif:
            bytes = try GIFAnimationCrop.render(try GIFReader(source), rect: stored, transform: transform, into: sink)
            if !source.metadataSegments.isEmpty { warnings.append(tr("GIF output carries no metadata")) }
        case .webp:
            let writer = try AnimatedWebPWriter(canvas: size, loopCount: source.container?.animation?.plays ?? 0,
                                                metadata: source.format == .webp ? metadata(source, export, size: size)
                                                    : MetadataBlocks(), sink: sink)
            try AnimationPlayer.play(source) { canvas, timing in
                try writer.add(try canvas.transformed(by: transform, region: stored), duration: timing.milliseconds,
                               dispose: timing.dispose == .background ? WEBP_MUX_DISPOSE_BACKGROUND : WEBP_MUX_DISPOSE_NONE,
                               lossless: timing.lossless, quality: export.quality)
            }
            bytes = try writer.finish()
        case .apng:
            let writer = APNGWriter(canvas: size, frames: source.container?.imageCount ?? 1,
                                    plays: source.container?.animation?.plays ?? 0)
            try AnimationPlayer.play(source) { canvas, timing in
                try writer.add(try canvas.transformed(by: transform, region: stored), delayNumerator: timing.numerator,
                               delayDenominator: timing.denominator, dispose: timing.dispose.apngOperation)
            }
            bytes = try writer.finish()
            if !source.metadataSegments.isEmpty { warnings.append(tr("APNG output carries no metadata")) }
        default:
            throw PhotoIOError.cannotWrite(tr("an animated WebP or APNG is saved as WebP or APNG: GIF's 256-colour palettes are not made here"))
        }
        if let sink, !bytes.isEmpty { try sink.write(bytes) }
        return RenderedCrop(bytes: sink == nil ? bytes : [], format: format, size: size, rect: export.rect, warnings: warnings)
    }

    /// One frame of an animation as a still: the canvas at that frame, cut and turned.
    static func stillFrame(_ index: Int, of source: PhotoSource, stored: PixelRect, turnedBy transform: Orientation) throws -> CropPixels {
        let canvas = try AnimationFrameReader.canvas(at: index, of: source)
        return CropPixels(pixels: try canvas.transformed(by: transform, region: stored), warning: nil, damage: nil)
    }

    private static func metadata(_ source: PhotoSource, _ export: CropExport, size: PixelSize) -> MetadataBlocks {
        MetadataBlocks(segments: CropExporter.outputMetadata(source, export, size: size).0)
    }
}

extension PhotoFormat {
    /// Whether a crop of an animation in `source` format saved as this one stays animated (.png only for an APNG).
    public func keepsAnimation(from source: PhotoFormat) -> Bool {
        switch self {
        case .gif, .webp, .apng: true
        case .png: source == .apng
        default: false
        }
    }
}

/// How long a frame shows and what becomes of it, in the terms every animated format shares.
public struct FrameTiming: Sendable, Equatable {
    public enum Disposal: Sendable { case keep, background, previous }

    let numerator: Int
    let denominator: Int
    public let dispose: Disposal
    /// Coded without loss (GIF and APNG always; a WebP frame when VP8L).
    let lossless: Bool

    public var milliseconds: Int { numerator * 1000 / max(denominator, 1) }
}

extension FrameTiming.Disposal {
    var apngOperation: UInt8 {
        switch self {
        case .keep: 0
        case .background: 1
        case .previous: 2
        }
    }
}

/// Plays any animation Cropper reads one canvas at a time, with each frame's timing.
enum AnimationPlayer {
    static func play(_ source: PhotoSource, _ body: (Bitmap, FrameTiming) throws -> Void) throws {
        let reader = try AnimationFrameReader(source)
        while let (canvas, timing) = try reader.next() { try body(canvas, timing) }
    }
}
