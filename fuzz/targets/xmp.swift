import EditorState
@testable import PhotoIO

/// An XMP packet through the textual patcher a crop runs on it.
enum XMPFuzzTarget {
    static func run(_ text: [UInt8]) throws {
        guard let segment = JPEGSegment(marker: 0xE1, payload: SegmentSignature.xmp + text) else { return }
        let (patched, _) = XMPPatcher.patch(segment, outputSize: PixelSize(width: 12_345, height: 7),
                                            stripGPS: text.count % 2 == 0)
        if !patched.isXMP { throw FuzzFailure("the patched segment lost its XMP signature") }
    }
}
