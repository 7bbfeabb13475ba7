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
        let crop = try? CropExporter.render(source, request, as: .jpeg)
        if let crop {
            try checkOutput(crop, stripGPS: request.stripGPS || request.stripMetadata, what: "JPEG crop")
        }
        // The command line's crop, made without holding the pixels (rows streamed from the decoder to the encoder),
        // must be the window's crop byte for byte, and refused exactly when that one is.
        let streamed = try? CropExporter.render(source, request, as: .jpeg, keepingPixels: false)
        if streamed?.bytes != crop?.bytes {
            throw FuzzFailure("JPEG crop without its pixels: \(streamed.map { "\($0.bytes.count) bytes" } ?? "refused") where the crop with them is \(crop.map { "\($0.bytes.count) bytes" } ?? "refused")")
        }
        if !request.lossless, let crop = try? CropExporter.render(source, request, as: .png) {
            try checkOutput(crop, stripGPS: true, what: "PNG crop")
        }
    }
}
