import EditorState
@testable import PhotoIO

/// A raw TIFF block as an EXIF APP1 carries it: the reader, then the patcher a crop runs.
enum ExifFuzzTarget {
    static func run(_ tiff: [UInt8]) throws {
        let (exif, _) = ExifReader.read(tiff: tiff)
        guard exif != nil, let segment = JPEGSegment(marker: 0xE1, payload: Array("Exif\0\0".utf8) + tiff) else {
            return
        }
        let stripGPS = tiff.count % 2 == 1
        let (patched, _) = ExifPatcher.patch(segment, outputSize: PixelSize(width: 1 + tiff.count, height: 65_536),
                                             stripGPS: stripGPS)
        guard let patched else { return }
        if patched.bytes.count != segment.bytes.count { throw FuzzFailure("patching changed the block's length") }
        let (reread, _) = ExifReader.read(tiff: Array(patched.payload.dropFirst(ExifPatcher.headerLength)))
        guard let reread else { throw FuzzFailure("the patched block no longer reads") }
        if let orientation = reread.orientation, orientation != 1 { throw FuzzFailure("orientation \(orientation) kept") }
        if reread.thumbnail != nil { throw FuzzFailure("thumbnail kept") }
        if stripGPS && reread.hasGPS { throw FuzzFailure("GPS kept") }
    }
}
