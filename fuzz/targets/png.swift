import EditorState
@testable import PhotoIO

/// The PNG path: header walk, libpng decode (strict and tolerant of truncation), info, and a crop.
enum PNGFuzzTarget {
    static func run(_ bytes: [UInt8]) throws {
        guard let source = try? PhotoSource(bytes: bytes, path: "fuzz.png"), source.format == .png else { return }
        _ = PhotoInfo(source: source)
        guard FuzzInput.smallEnough(source.storedSize) else { return }
        _ = try? PNGCodec.decode(bytes, allowTruncated: bytes.count % 2 == 0)
        let request = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(bytes))
        let export = CropExport(rect: request.rect, userTransform: request.userTransform)
        if let crop = try? CropExporter.render(source, export, as: bytes.count % 3 == 0 ? .jpeg : .png) {
            try checkOutput(crop, stripGPS: true, what: "crop of a PNG")
        }
    }
}
