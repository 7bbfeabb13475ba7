import EditorState
@testable import PhotoIO

/// HEIF/AVIF, WebP and TIFF through their libraries: the header (sizes, codec, frames, metadata blocks), info,
/// the damage rules, and a crop into the file's own format (HEIF into JPEG: an x265 encoder per input is too slow
/// for fuzzing) whose output must parse, be upright and decode.
enum ContainerFuzzTarget {
    static func run(_ input: [UInt8], as format: PhotoFormat) throws {
        guard let source = try? PhotoSource(bytes: input, path: "fuzz"), source.format == format else { return }
        _ = PhotoInfo(source: source)
        guard FuzzInput.smallEnough(source.storedSize) else { return }
        try DamageRules.check(source)
        let export = FuzzInput.request(in: source.displayedSize, digest: FuzzInput.digest(input))
        let target: PhotoFormat = format == .heic || format == .avif ? .jpeg : format
        if let crop = try? CropExporter.render(source, export, as: target) {
            try checkOutput(crop, stripGPS: export.stripGPS, what: "crop of a \(format.rawValue) as \(target.rawValue)")
        }
    }
}

enum HEIFFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        try ContainerFuzzTarget.run(input, as: PhotoFormat(signature: input) == .avif ? .avif : .heic)
    }
}
