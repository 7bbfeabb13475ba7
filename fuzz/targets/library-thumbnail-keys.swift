#if canImport(PhotoLibrary)
@testable import PhotoLibrary

/// The text keys of a freedesktop thumbnail (Thumb::URI, Thumb::MTime) as the thumbnail cache reads
/// them, and written into the PNG again. Chunk CRCs are fixed up first so mutations reach the chunk
/// parser and zlib instead of stopping at the CRC check.
enum ThumbnailKeysFuzzTarget {
    static let uri = "file:///photos/%C3%BC%E2%82%AC.jpg€"

    static func run(_ input: [UInt8]) throws {
        let bytes = PNGFuzzTarget.withValidCRCs(input)
        _ = ThumbnailKeys.read(pngData: input)
        _ = ThumbnailKeys.read(pngData: bytes)
        guard let written = ThumbnailKeys.inserting([(key: "Thumb::URI", value: uri), (key: "Thumb::MTime", value: "17")],
                                                    into: bytes) else { return }
        let keys = ThumbnailKeys.read(pngData: written)
        if keys["Thumb::URI"] != uri || keys["Thumb::MTime"] != "17" {
            throw FuzzFailure("written keys read back as \(keys)")
        }
    }
}
#endif
