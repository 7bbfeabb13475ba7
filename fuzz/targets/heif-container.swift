import EditorState
@testable import PhotoIO

/// The HEIF box parser and the container writer: the parsed boxes of a hostile file, a lossless crop planned and
/// written from them (the writer's input), and the written file parsed back. No pixel is decoded, so every input
/// reaches the writer quickly.
enum HEIFContainerFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        guard let container = try? HEIFContainer.parse(input),
              let primary = try? HEIFPrimaryImage(container, bytes: input) else { return }
        let shown = primary.shownSize
        guard shown.width > 0, shown.height > 0, shown.width <= 1 << 16, shown.height <= 1 << 16 else { return }
        let request = FuzzInput.request(in: shown, digest: FuzzInput.digest(input))
        guard let plan = try? HEIFLosslessCrop.plan(primary, rect: request.rect, user: request.userTransform) else { return }
        if !plan.uprightRect.isInside(shown) { throw FuzzFailure("the snapped rect \(plan.uprightRect) leaves the picture \(shown)") }
        let policy = MetadataPolicy(outputSize: plan.outputSize, stripGPS: request.stripGPS, stripMetadata: request.stripMetadata)
        guard let (output, _) = try? HEIFLosslessCrop.run(plan, container: container, primary: primary, bytes: input,
                                                           metadata: policy) else { return }
        let written: HEIFContainer, writtenPrimary: HEIFPrimaryImage
        do {
            written = try HEIFContainer.parse(output)
            writtenPrimary = try HEIFPrimaryImage(written, bytes: output)
        } catch {
            throw FuzzFailure("the written file does not parse back: \(error)")
        }
        if writtenPrimary.shownSize != plan.outputSize {
            throw FuzzFailure("the written file shows \(writtenPrimary.shownSize), the plan said \(plan.outputSize)")
        }
        if writtenPrimary.chromaStep != primary.chromaStep { throw FuzzFailure("the chroma step changed") }
    }
}
