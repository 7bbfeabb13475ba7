import EditorState
@testable import PhotoIO

/// APNG: the animation chunks read around libpng (acTL, fcTL, fdAT), every frame decoded as a PNG of its own and
/// played (see ContainerFuzzTarget), and the crop into an APNG, which must parse and keep the frame count.
enum APNGFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        try ContainerFuzzTarget.run(input, as: .apng)
        guard let source = try? PhotoSource(bytes: input, path: "fuzz"), source.format == .apng,
              FuzzInput.smallEnough(source.storedSize) else { return }
        let export = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(input))
        guard let crop = try? CropExporter.render(source, export, as: .apng) else { return }
        guard let output = try? PhotoSource(bytes: crop.bytes), output.format == .apng else {
            throw FuzzFailure("an APNG's crop is not an APNG")
        }
        guard output.container?.imageCount == source.container?.imageCount else {
            throw FuzzFailure("an APNG of \(source.container?.imageCount ?? 0) frames cropped has \(output.container?.imageCount ?? 0)")
        }
    }
}
