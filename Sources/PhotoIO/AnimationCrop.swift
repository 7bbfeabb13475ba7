import CGIF
import CWebP
import EditorState
import Localization

/// Crops an animation (a GIF, an animated WebP) into an animated format chosen by the output's extension, every
/// frame cut, turned and flipped alike: GIF into GIF index by index (GIFAnimationCrop), WebP into WebP and GIF into
/// WebP a played canvas at a time. Straightening and resizing would resample every frame; they are refused, so an
/// animation's crop is always exact. A still format gets the first frame through the ordinary path, with a notice.
enum AnimationCrop {
    static func isAnimated(_ source: PhotoSource) -> Bool {
        source.format == .gif || source.container?.animation != nil
    }

    /// nil when this is not an animation saved as one.
    static func render(_ source: PhotoSource, _ export: CropExport, as format: PhotoFormat) throws -> RenderedCrop? {
        guard isAnimated(source), format == .gif || format == .webp else { return nil }
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
        switch (source.format, format) {
        case (.gif, .gif):
            bytes = try GIFAnimationCrop.render(source.bytes, rect: stored, transform: transform)
            if !source.metadataSegments.isEmpty { warnings.append(tr("GIF output carries no metadata")) }
        case (.gif, .webp):
            bytes = try gifAsWebP(source, stored: stored, transform: transform, size: size, export: export)
        case (.webp, .webp):
            bytes = try webPAsWebP(source, stored: stored, transform: transform, size: size, export: export)
        default:
            throw PhotoIOError.cannotWrite(tr("an animated WebP is saved as WebP: GIF's 256-colour palettes are not made here"))
        }
        return RenderedCrop(bytes: bytes, format: format, size: size, rect: export.rect, warnings: warnings)
    }

    private static func webPAsWebP(_ source: PhotoSource, stored: PixelRect, transform: Orientation, size: PixelSize,
                                   export: CropExport) throws -> [UInt8] {
        let (frames, loopCount) = try demuxed(source.bytes)
        let writer = try AnimatedWebPWriter(canvas: size, loopCount: loopCount)
        try WebPAnimation.play(source.bytes, size: source.storedSize) { index, canvas in
            guard index < frames.count else { return }
            let frame = frames[index]
            try writer.add(try canvas.transformed(by: transform, region: stored), duration: frame.duration,
                           dispose: frame.dispose, lossless: frame.lossless, quality: export.quality)
        }
        return try writer.finish(metadata: metadata(source, export, size: size))
    }

    private static func gifAsWebP(_ source: PhotoSource, stored: PixelRect, transform: Orientation, size: PixelSize,
                                  export: CropExport) throws -> [UInt8] {
        let reader = try GIFReader(source.bytes)
        // The loop extension comes before the first frame; WebP counts plays where GIF counts repeats.
        var next = try reader.next(pixels: true)
        let writer = try AnimatedWebPWriter(canvas: size,
                                            loopCount: AnimationSummary.gifPlays(loopExtension: reader.loopCount))
        var compositor = try GIFCompositor(size: reader.canvas, globalMap: reader.globalMap)
        while let frame = next {
            compositor.draw(frame)
            let dispose = frame.control.DisposalMode == DISPOSE_BACKGROUND ? WEBP_MUX_DISPOSE_BACKGROUND
                                                                            : WEBP_MUX_DISPOSE_NONE
            try writer.add(try compositor.canvas.transformed(by: transform, region: stored),
                           duration: Int(frame.control.DelayTime) * 10, dispose: dispose, lossless: true,
                           quality: export.quality)
            next = try reader.next(pixels: true)
        }
        return try writer.finish(metadata: MetadataBlocks())
    }

    private static func demuxed(_ bytes: [UInt8]) throws -> ([WebPAnimation.Frame], Int) {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = WebPDemux(&data) else { throw PhotoIOError.corrupt("not a readable WebP") }
            defer { WebPDemuxDelete(demuxer) }
            return WebPAnimation.frames(demuxer)
        }
    }

    private static func metadata(_ source: PhotoSource, _ export: CropExport, size: PixelSize) -> MetadataBlocks {
        MetadataBlocks(segments: CropExporter.outputMetadata(source, export, size: size).0)
    }
}
