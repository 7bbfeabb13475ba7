import Localization

extension CropExporter {
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
                                warnings: source.warnings + notes)
        } catch let error as HEIFContainerError {
            throw error.photoIOError
        }
    }
}
