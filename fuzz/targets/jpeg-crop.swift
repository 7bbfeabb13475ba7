import EditorState
@testable import PhotoIO

/// Decoding and cropping a small JPEG the way the window and `cropper crop` do:
/// preview, full decode, re-encoded and lossless crops with an input-chosen rect,
/// turn and options. Whatever is written must read back as a valid upright photo.
enum JPEGCropFuzzTarget {
    static func run(_ bytes: [UInt8]) throws {
        guard let source = try? PhotoSource(bytes: bytes, path: "fuzz.jpg"), source.format == .jpeg,
              FuzzInput.smallEnough(source.storedSize) else { return }
        _ = try? source.decodePreview(maxWidth: 1 + bytes.count % 97, maxHeight: 1 + bytes.count % 89)
        try DamageRules.check(source)

        let request = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(bytes))
        if let crop = try? CropExporter.render(source, request, as: .jpeg) {
            try checkOutput(crop, stripGPS: request.stripGPS || request.stripMetadata, what: "JPEG crop")
        }
        if !request.lossless, let crop = try? CropExporter.render(source, request, as: .png) {
            try checkOutput(crop, stripGPS: true, what: "PNG crop")
        }
    }
}
