import Localization

extension CropExporter {
    /// A HEIC or AVIF crop that asks for no new pixels (no straightening or perspective, no new size, the same format) is written
    /// losslessly even when lossless mode was not asked for: it is faster and loses nothing. Its rect then snaps out
    /// to whole chroma samples (at most one pixel a side). When the file cannot be cut that way (an alpha plane, an
    /// unusual primary image), nil: the crop is re-encoded as before.
    static func losslessByDefault(_ source: PhotoSource, _ export: CropExport, format: PhotoFormat) throws -> RenderedCrop? {
        guard source.format == .heic || source.format == .avif, format == source.format, !export.isWarped,
              export.outputSize == nil else { return nil }
        do {
            return try renderLosslessHEIF(source, export, format: format)
        } catch {
            return nil
        }
    }

    /// A HEIF/AVIF crop, turn or flip written without decoding: see HEIFLosslessCrop.
    static func renderLosslessHEIF(_ source: PhotoSource, _ export: CropExport, format: PhotoFormat) throws -> RenderedCrop {
        guard format == source.format else {
            throw PhotoIOError.losslessImpossible(tr("a lossless crop of a %1$s is saved as %1$s, not %2$s",
                                                     source.format.rawValue, format.rawValue))
        }
        do {
            let (container, primary) = try source.heifPrimaryImage()
            let plan = try HEIFLosslessCrop.plan(primary, rect: export.rect, user: export.userTransform)
            let policy = MetadataPolicy(outputSize: plan.outputSize, stripGPS: export.stripGPS,
                                        stripMetadata: export.stripMetadata)
            let (bytes, notes) = try HEIFLosslessCrop.run(plan, container: container, primary: primary,
                                                         bytes: source.bytes, metadata: policy)
            return RenderedCrop(bytes: bytes, format: format, size: plan.outputSize, rect: plan.uprightRect,
                                warnings: source.warnings + notes, lossless: true)
        } catch let error as HEIFContainerError {
            throw error.photoIOError
        }
    }
}
