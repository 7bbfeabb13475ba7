import EditorState
import Glibc
@testable import PhotoIO

/// EXIF moved between TIFF directories and stand-alone blocks: extracted from a TIFF, attached to a small TIFF
/// libtiff wrote, and through MetadataBlocks' JPEG segments; every result reads back.
enum TIFFExifFuzzTarget {
    static let canvas: [UInt8] = {
        guard let bitmap = try? Bitmap(width: 4, height: 3) else { return [] }
        memset(bitmap.pixels, 0x40, bitmap.byteCount)
        return (try? TIFFCodec.encode(bitmap, compression: nil, quality: 90, metadata: MetadataBlocks())) ?? []
    }()

    static func run(_ input: [UInt8]) throws {
        for exif in [input, TIFFExif.extract(from: input)].compactMap({ $0 }) {
            let blocks = MetadataBlocks(exif: exif, xmp: nil, icc: nil)
            if blocks.exif != nil, exif.count < 65_000, MetadataBlocks(segments: blocks.segments).exif != blocks.exif {
                throw FuzzFailure("EXIF changed through its JPEG segment")
            }
            guard let source = try? PhotoSource(bytes: TIFFExif.attach(exif, to: canvas)) else {
                throw FuzzFailure("a TIFF with EXIF attached does not parse")
            }
            _ = try source.decodeFull()
        }
    }
}
