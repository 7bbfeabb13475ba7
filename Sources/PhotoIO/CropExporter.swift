import EditorState
import Glibc
import Localization

/// Crops a photo at full resolution and saves it with its metadata: the one
/// path by which both the command line and the editor window write files.
public enum CropExporter {
    /// Crops, encodes by the output path's extension and writes atomically.
    /// Refuses an existing output unless `overwrite`, and the source's own path always. `progress` hears how far a
    /// long encode (a re-encoded HEIC or AVIF) has come. `encoded` is handed the pixels the crop was encoded from,
    /// when it was, with the `reducing` copy of them when the encoder could make it as it went, and the complete
    /// temporary file, just before it takes its name: the window stores the new file's thumbnail made of them
    /// then, so that nothing showing the folder decodes the file again for one.
    public static func export(_ source: PhotoSource, _ export: CropExport, to path: String,
                              overwrite: Bool, progress: ExportProgress? = nil, reducing: ReducedCopy? = nil,
                              encoded: ((EncodedCrop) -> Void)? = nil) throws -> ExportResult {
        guard let format = PhotoFormat(pathExtensionOf: path) else {
            throw PhotoIOError.cannotWrite(tr("unknown output format; name it .jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng"))
        }
        if isSameFile(path, source.path) { throw PhotoIOError.outputIsSource }
        if !overwrite && AtomicFile.exists(path) { throw PhotoIOError.outputExists }
        let crop: RenderedCrop
        if AnimationCrop.isAnimated(source), AnimationCrop.animatedFormat(source, format) != nil {
            // An animation is written as its frames are cut: its crop is never whole in memory.
            try validate(source, export)
            var written: RenderedCrop?
            try AtomicFile.write(to: path, overwrite: overwrite) { sink in
                written = try AnimationCrop.render(source, export, as: format, into: sink)
            }
            guard let written else { throw PhotoIOError.encodeFailed("the animation was not written") }
            crop = written
        } else {
            // A caller that wants a reduced copy of what is written gets it from the encoder, pixels or not.
            crop = try render(source, export, as: format, progress: progress, reducing: reducing,
                              keepingPixels: encoded != nil && reducing == nil)
            try AtomicFile.write(crop.bytes, to: path, overwrite: overwrite) { temporary in
                if crop.pixels != nil || crop.reduced != nil {
                    encoded?(EncodedCrop(size: crop.size, pixels: crop.pixels, reduced: crop.reduced, temporary: temporary))
                }
            }
        }
        return ExportResult(path: path, format: crop.format, size: crop.size, rect: crop.rect, lossless: crop.lossless,
                            warnings: crop.warnings, damage: crop.damage, includesDamage: crop.includesDamage,
                            requestedRect: export.rect)
    }

    /// The encoded crop, in memory; with the `reducing` copy of its pixels when a JPEG encoder could make it as it
    /// read them. Without `keepingPixels` a plain JPEG crop of a JPEG is made without ever holding its pixels whole
    /// (the crop then carries none): a batch's workers each held a region of 31 MB they only encoded.
    public static func render(_ source: PhotoSource, _ export: CropExport, as format: PhotoFormat,
                              progress: ExportProgress? = nil, reducing: ReducedCopy? = nil,
                              keepingPixels: Bool = true) throws -> RenderedCrop {
        try validate(source, export)
        if let animation = try AnimationCrop.render(source, export, as: format) { return animation }
        if export.lossless {
            if export.outputSize != nil { throw PhotoIOError.losslessImpossible(tr("a lossless crop keeps its size")) }
            return try renderLossless(source, export, format: format)
        }
        if let crop = try losslessByDefault(source, export, format: format) { return crop }

        let orientation = source.orientation
        let storedRect = orientation.storedRect(fromDisplayed: readRect(source, export), storedSize: source.storedSize)
        let transform = orientation.followed(by: export.userTransform)
        // A straightened crop reads the upright region it turns; the user's turn comes after the resampling.
        let straight = export.isWarped
        let unsized = straight ? export.userTransform.displayedSize(forStored: export.rect.size)
            : transform.displayedSize(forStored: storedRect.size)
        let sized = try export.outputSize.map { try $0.check(crop: unsized, allowUpscale: export.allowUpscale) }
        let encoding = format == .jpeg ? jpegEncoding(source, export, transform: transform) : nil
        if !keepingPixels, !straight, sized == nil, !AnimationCrop.isAnimated(source), let encoding,
           let streamed = try source.encodedCrop(storedRect, turnedBy: transform, as: encoding, reduced: reducing) {
            return try assembledJPEG(streamed.jpeg, source, export, size: storedRect.size, warnings: source.warnings,
                                     damage: (nil, false), reduced: streamed.reduced)
        }
        let crop = export.frame > 0 && AnimationCrop.isAnimated(source)
            ? try AnimationCrop.stillFrame(export.frame, of: source, stored: storedRect, turnedBy: straight ? orientation : transform)
            : straight ? try source.cropPixels(storedRect, turnedBy: orientation)
            : try sized.flatMap { try sizedCrop(source, storedRect: storedRect, output: $0, transform: transform) }
                ?? source.cropPixels(storedRect, turnedBy: transform, encodedAs: sized == nil ? encoding : nil,
                                     reduced: reducing)
        let (region, includesDamage) = try DamageCheck.check(crop.damage, source: source, stored: storedRect,
                                                             blocks: false, allowed: export.allowDamaged)
        let turned = straight ? try straightened(crop.pixels, source, export) : crop.pixels
        let pixels = try sized.map { try Resampler.resize(turned, to: $0) } ?? turned
        var warnings = source.warnings + (crop.warning.map { source.warnings.contains($0) ? [] : [$0] } ?? [])
            + DamageCheck.notes(region, includesDamage: includesDamage)
        if let note = source.container?.bitDepthNote { warnings.append(note) }
        if AnimationCrop.isAnimated(source), let frames = source.container?.animation?.frames {
            warnings.append(export.frame == 0
                ? tr("an animation of %d frames: its first frame is saved as a still picture (save as .gif, .webp or .apng to keep it animated)", frames)
                : tr("an animation of %1$d frames: frame %2$d is saved as a still picture (save as .gif, .webp or .apng to keep it animated)", frames, export.frame + 1))
        }
        if pixels.alpha == .straight && !format.keepsTransparency {
            warnings.append(tr("%s output has no transparency; transparent parts are made white", format.rawValue))
        }

        switch format {
        case .heic, .avif, .webp, .tiff, .jxl, .gif, .apng:
            let (bytes, notes) = try encodeContainer(pixels, source: source, export: export, as: format,
                                                     progress: progress)
            return RenderedCrop(bytes: bytes, format: format, size: pixels.size, rect: export.rect,
                                warnings: warnings + notes, damage: region, includesDamage: includesDamage, pixels: pixels)
        case .png:
            if case .cmyk = source.pixelLayout {
                throw PhotoIOError.cannotWrite(tr("a CMYK photo is saved as JPEG (PNG has no CMYK); name the output .jpg"))
            }
            if !source.metadataSegments.filter({ !$0.isJFIF }).isEmpty {
                warnings.append(tr("PNG output carries no metadata; save as JPEG, WebP, HEIC, AVIF, TIFF or JPEG XL to keep it"))
            }
            return RenderedCrop(bytes: try PNGCodec.encode(pixels), format: .png, size: pixels.size,
                                rect: export.rect, warnings: warnings, damage: region, includesDamage: includesDamage,
                                pixels: pixels)
        case .jpeg:
            // The decode encoded the crop as it went when these are the pixels it made.
            let encoding = jpegEncoding(source, export, transform: transform)
            let encoded = pixels === crop.pixels ? crop.encoded.map { (jpeg: $0, reduced: crop.reduced) } : nil
            let (codestream, reduced) = try encoded ?? JPEGEncoder.encodeOnTwoThreads(pixels, as: encoding, reduced: reducing)
                ?? (JPEGEncoder.encode(pixels, as: encoding), nil)
            return try assembledJPEG(codestream, source, export, size: pixels.size, warnings: warnings,
                                     damage: (region, includesDamage), pixels: pixels, reduced: reduced)
        }
    }

    /// A JPEG crop's file: its codestream behind the metadata kept for it.
    private static func assembledJPEG(_ codestream: [UInt8], _ source: PhotoSource, _ export: CropExport,
                                      size: PixelSize, warnings: [String], damage: (DamagedRegion?, includesDamage: Bool),
                                      pixels: Bitmap? = nil, reduced: Bitmap? = nil) throws -> RenderedCrop {
        let (metadata, notes) = outputMetadata(source, export, size: size)
        let bytes = try JPEGAssembler.assemble(metadata: metadata, codestream: codestream)
        return RenderedCrop(bytes: bytes, format: .jpeg, size: size, rect: export.rect, warnings: warnings + notes,
                            damage: damage.0, includesDamage: damage.includesDamage, pixels: pixels, reduced: reduced)
    }

    /// A JPEG crop keeps the photo's chroma subsampling (turned with the picture) and whether it is progressive.
    private static func jpegEncoding(_ source: PhotoSource, _ export: CropExport, transform: Orientation) -> JPEGEncoding {
        let frame = source.jpeg?.frame
        return JPEGEncoding(quality: export.quality,
                            subsampling: frame.map { transform.swapsAxes ? $0.subsampling.transposed : $0.subsampling } ?? .s444,
                            progressive: frame?.isProgressive ?? false, cmyk: source.pixelLayout != .bgra)
    }

    /// What every crop checks before it reads a pixel: the quality, the straightening, the box inside the photo.
    private static func validate(_ source: PhotoSource, _ export: CropExport) throws {
        guard JPEGQuality.range.contains(export.quality) else {
            throw PhotoIOError.invalidRequest(tr("quality %1$d is not between %2$d and %3$d", export.quality, JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound))
        }
        try checkStraighten(source, export)
        guard export.rect.isInside(source.displayedSize) else {
            throw PhotoIOError.rectOutsideImage(rect: export.rect, image: source.displayedSize)
        }
    }

    private static func renderLossless(_ source: PhotoSource, _ export: CropExport,
                                       format: PhotoFormat) throws -> RenderedCrop {
        if source.format == .heic || source.format == .avif { return try renderLosslessHEIF(source, export, format: format) }
        guard let jpeg = source.jpeg else {
            throw PhotoIOError.losslessImpossible("the source is \(source.format.rawValue), not JPEG, HEIC or AVIF")
        }
        guard format == .jpeg else { throw PhotoIOError.losslessImpossible("the output is not JPEG") }
        try PixelLimits.check(jpeg.frame.size)
        let plan = try LosslessCrop.plan(frame: jpeg.frame, orientation: source.orientation, rect: export.rect,
                                         user: export.userTransform)
        // The transform copies blocks as they are; where the data is damaged, a decode says which.
        let damage = jpeg.isTruncated ? try source.findDamage() : nil
        let (region, includesDamage) = try DamageCheck.check(damage, source: source, stored: plan.storedRect,
                                                             blocks: true, allowed: export.allowDamaged)
        let (codestream, warning) = try LosslessCrop.run(plan, on: source.bytes, progressive: jpeg.frame.isProgressive)
        var found = (region, includesDamage)
        if warning != nil, damage == nil {
            found = try DamageCheck.check(try source.findDamage(), source: source, stored: plan.storedRect,
                                          blocks: true, allowed: export.allowDamaged)
        }
        let size = plan.outputRect.size
        let (metadata, notes) = outputMetadata(source, export, size: size)
        let bytes = try JPEGAssembler.assemble(metadata: metadata, codestream: codestream)
        return RenderedCrop(bytes: bytes, format: .jpeg, size: size, rect: plan.uprightRect,
                            warnings: source.warnings + (warning.map { [$0] } ?? []) + notes
                                + DamageCheck.notes(found.0, includesDamage: found.1),
                            damage: found.0, includesDamage: found.1, lossless: true)
    }

    static func outputMetadata(_ source: PhotoSource, _ export: CropExport,
                                       size: PixelSize) -> ([JPEGSegment], [String]) {
        let policy = MetadataPolicy(outputSize: size, stripGPS: export.stripGPS, stripMetadata: export.stripMetadata)
        return OutputMetadata.segments(from: source.jpeg?.segments ?? source.metadataSegments, policy: policy)
    }

    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard !b.isEmpty, stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
