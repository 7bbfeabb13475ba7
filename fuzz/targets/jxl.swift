import EditorState
@testable import PhotoIO

/// JPEG XL through libjxl, codestream or container: basic info, colour, orientation, metadata boxes (`brob` too),
/// the decode (see ContainerFuzzTarget), the whole decode with the copy at fit reduced as the rows arrive (which
/// libjxl's threads report in any order), and the 1/8 decode from the DC that thumbnails use.
enum JXLFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        try ContainerFuzzTarget.run(input, as: .jxl)
        guard let source = try? PhotoSource(bytes: input, path: "fuzz"), source.format == .jxl,
              FuzzInput.smallEnough(source.storedSize) else { return }
        let quarter = PixelSize(width: max(1, source.storedSize.width / 4), height: max(1, source.storedSize.height / 4))
        if let whole = try? source.decodeWhole(fittedTo: quarter), let fitted = whole.fitted, fitted.size != quarter {
            throw FuzzFailure("a JPEG XL's copy reduced while decoding is \(fitted.size), not \(quarter)")
        }
        if let eighth = DecodeScale(denominator: 8), let preview = try? source.decode(scale: eighth) {
            guard preview.bitmap.size == eighth.scaled(source.storedSize) else {
                throw FuzzFailure("a 1/8 JPEG XL decode is \(preview.bitmap.size), not 1/8 of \(source.storedSize)")
            }
        }
    }
}
