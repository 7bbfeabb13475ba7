import EditorState
@testable import PhotoIO

/// The JPEG container path of `cropper info` and of every crop: marker walk, frame
/// header, EXIF, ICC, IPTC, comments, and the metadata a crop writes back out.
enum JPEGInfoFuzzTarget {
    static func run(_ bytes: [UInt8]) throws {
        guard let source = try? PhotoSource(bytes: bytes, path: "fuzz.jpg") else { return }
        let info = PhotoInfo(source: source)
        if info.storedSize.width <= 0 || info.storedSize.height <= 0 {
            throw FuzzFailure("accepted a photo of \(info.storedSize)")
        }
        _ = source.previewScale(maxWidth: 1 + bytes.count % 2000, maxHeight: 1 + bytes.count % 1500)

        let stripGPS = bytes.count % 2 == 0
        let policy = MetadataPolicy(outputSize: PixelSize(width: 70_000, height: 1 + bytes.count % 300),
                                    stripGPS: stripGPS)
        let (segments, _) = OutputMetadata.segments(from: source.jpeg?.segments ?? [], policy: policy)
        let assembled: [UInt8]
        do {
            assembled = try JPEGAssembler.assemble(metadata: segments, codestream: TinyJPEG.codestream)
        } catch {
            throw FuzzFailure("assembling the kept metadata failed: \(error)")
        }
        guard let output = try? PhotoSource(bytes: assembled) else {
            throw FuzzFailure("the assembled file does not parse")
        }
        try checkMetadata(of: output, stripGPS: stripGPS, what: "assembled metadata")
    }
}
