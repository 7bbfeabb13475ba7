import EditorState
@testable import PhotoIO

/// GIF through giflib: the screen, every frame's descriptor, palettes, graphic control and loop extensions, the
/// first frame's decode (see ContainerFuzzTarget), then the frame-by-frame crop into a GIF and into a WebP, whose
/// outputs must parse and keep the frame count.
enum GIFFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        try ContainerFuzzTarget.run(input, as: .gif)
        guard let source = try? PhotoSource(bytes: input, path: "fuzz"), source.format == .gif,
              FuzzInput.smallEnough(source.storedSize) else { return }
        let export = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(input))
        for target in [PhotoFormat.gif, .webp] {
            guard let crop = try? CropExporter.render(source, export, as: target) else { continue }
            guard let output = try? PhotoSource(bytes: crop.bytes) else {
                throw FuzzFailure("a GIF cropped into \(target.rawValue) does not parse")
            }
            guard output.displayedSize == crop.size else {
                throw FuzzFailure("a GIF cropped into \(target.rawValue) is \(output.displayedSize), reported \(crop.size)")
            }
            let frames = source.container?.imageCount ?? 1
            guard (output.container?.imageCount ?? 1) == frames else {
                throw FuzzFailure("a GIF of \(frames) frames cropped into \(target.rawValue) has \(output.container?.imageCount ?? 1)")
            }
        }
    }
}
