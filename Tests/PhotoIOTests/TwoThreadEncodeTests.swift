import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// A large crop is encoded on two threads, its top half and its bottom joined at a restart marker: the file decodes
/// to exactly the pixels of TurboJPEG's one-thread encode, for every sampling and for sizes off the MCU grid.
final class TwoThreadEncodeTests: XCTestCase {
    /// Gradients with a pattern at every scale, so that every block has AC terms and chroma.
    private func picture(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                let r = UInt32((x * 255) / width), g = UInt32((y * 255) / height), b = UInt32((x ^ y) & 0xFF)
                row[x] = r << 16 | g << 8 | b
            }
        }
        return bitmap
    }

    private func decoded(_ jpeg: [UInt8]) throws -> PixelGrid {
        PixelGrid(try PhotoSource(bytes: jpeg).decodeUndamaged(scale: .full))
    }

    func testBothHalvesDecodeToTheOneThreadEncodesPixels() throws {
        for (width, height) in [(1250, 900), (1251, 901), (1000, 1017)] {
            let bitmap = try picture(width: width, height: height)
            for subsampling: ChromaSubsampling in [.s420, .s422, .s444, .s440, .s411, .grey] {
                let encoding = JPEGEncoding(quality: 92, subsampling: subsampling, progressive: false)
                let joined = try XCTUnwrap(JPEGEncoder.encodeOnTwoThreads(bitmap, as: encoding), "\(width)×\(height)").jpeg
                let whole = try JPEGEncoder.encode(bitmap, as: encoding)
                XCTAssertEqual(try decoded(joined), try decoded(whole), "\(width)×\(height) \(subsampling)")
                let structure = try JPEGStructure.parse(joined)
                XCTAssertEqual(structure.frame.size, PixelSize(width: width, height: height))
                XCTAssertEqual(structure.segments.filter { $0.marker == 0xDD }.count, 1, "one restart interval")
                let data = joined[structure.firstScanOffset...]
                XCTAssertEqual(zip(data, data.dropFirst()).filter { $0 == 0xFF && $1 == 0xD0 }.count, 1, "one restart")
            }
        }
    }

    func testSmallProgressiveOrCMYKPicturesAreLeftToTheOneThreadEncode() throws {
        let small = try picture(width: 999, height: 1000)
        XCTAssertNil(try JPEGEncoder.encodeOnTwoThreads(small, as: JPEGEncoding(quality: 92, subsampling: .s420,
                                                                               progressive: false)))
        let large = try picture(width: 1250, height: 900)
        XCTAssertNil(try JPEGEncoder.encodeOnTwoThreads(large, as: JPEGEncoding(quality: 92, subsampling: .s420,
                                                                               progressive: true)))
        XCTAssertNil(try JPEGEncoder.encodeOnTwoThreads(large, as: JPEGEncoding(quality: 92, subsampling: .s444,
                                                                               progressive: false, cmyk: true)))
    }

    /// The turned crop of a camera photo (Orientation 6) goes through the two-thread encode and keeps its pixels.
    func testATurnedCropIsEncodedOnTwoThreadsWithTheSamePixels() throws {
        let scratch = try ScratchDirectory()
        let photo = scratch.file("turned.jpg")
        try Tools.run("/usr/bin/convert", ["-size", "1600x1200", "gradient:#204060-#e0c080", "-attenuate", "0.2",
                                           "+noise", "Gaussian", "-sampling-factor", "2x2", "-quality", "92", photo])
        try Tools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", photo])
        let source = try PhotoSource.open(path: photo)
        XCTAssertEqual(source.orientation, .rotate90CW)
        let rect = PixelRect(x: 0, y: 0, width: 1200, height: 1600)
        let saved = try CropExporter.render(source, CropExport(rect: rect), as: .jpeg)
        XCTAssertEqual(try JPEGStructure.parse(saved.bytes).segments.filter { $0.marker == 0xDD }.count, 1,
                       "encoded in two halves")
        let pixels = try XCTUnwrap(saved.pixels)
        let frame = try XCTUnwrap(source.jpeg?.frame)
        let whole = try JPEGEncoder.encode(pixels, as: JPEGEncoding(quality: 92, subsampling: frame.subsampling.transposed,
                                                                    progressive: false))
        XCTAssertEqual(try decoded(saved.bytes), try decoded(whole))
    }
}
