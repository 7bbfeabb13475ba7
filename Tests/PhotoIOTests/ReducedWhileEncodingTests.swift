import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// The reduced copy a JPEG encoder sums from the rows it reads (the thumbnail of a crop being saved) is, pixel for
/// pixel, the sampled box filter over the finished pixels: encoded while decoded, encoded on two threads with the
/// split inside a row of the copy, and left to the caller when the encode cannot make it.
final class ReducedWhileEncodingTests: XCTestCase {
    private let thumbnail = ReducedCopy(within: 256, samplesPerSide: 4)

    private func sampledBoxFilter(_ pixels: Bitmap, _ wanted: ReducedCopy) throws -> PixelGrid {
        PixelGrid(try BoxScaler.fit(pixels, within: wanted.within, samplesPerSide: wanted.samplesPerSide))
    }

    private func picture(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                row[x] = UInt32((x * 255) / width) << 16 | UInt32((y * 255) / height) << 8 | UInt32((x * 7 ^ y * 3) & 0xFF)
            }
        }
        return bitmap
    }

    func testARegionEncodedWhileDecodedComesWithItsSampledReduction() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let encoding = JPEGEncoding(quality: 92, subsampling: try XCTUnwrap(source.jpeg).frame.subsampling,
                                    progressive: false)
        let size = source.storedSize
        for rect in [PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                     PixelRect(x: 37, y: 21, width: 1001, height: 767), PixelRect(x: 5, y: 3, width: 300, height: 1100)] {
            let crop = try source.cropPixels(rect, turnedBy: .normal, encodedAs: encoding, reduced: thumbnail)
            XCTAssertNotNil(crop.encoded, "\(rect)")
            let reduced = try XCTUnwrap(crop.reduced, "\(rect)")
            XCTAssertEqual(PixelGrid(reduced), try sampledBoxFilter(crop.pixels, thumbnail), "\(rect)")
        }
    }

    func testTwoEncodingThreadsSumTheirHalvesIntoOneReduction() throws {
        // 901 rows of 4:2:0 are split at row 464 (after 29 MCU rows), inside the copy's row 94, which samples rows
        // 460–464: both halves add to it.
        for (width, height, wanted) in [(1251, 901, thumbnail), (1000, 1017, thumbnail),
                                        (2400, 3200, thumbnail), (1250, 900, ReducedCopy(within: 100, samplesPerSide: 3)),
                                        (1250, 900, ReducedCopy(within: 16, samplesPerSide: 100))] {
            let bitmap = try picture(width: width, height: height)
            let encoding = JPEGEncoding(quality: 92, subsampling: .s420, progressive: false)
            let encoded = try XCTUnwrap(JPEGEncoder.encodeOnTwoThreads(bitmap, as: encoding, reduced: wanted))
            let reduced = try XCTUnwrap(encoded.reduced, "\(width)×\(height)")
            XCTAssertEqual(PixelGrid(reduced), try sampledBoxFilter(bitmap, wanted), "\(width)×\(height)")
        }
    }

    func testNoReductionWhereTheEncoderCannotMakeOneOrNoneIsNeeded() throws {
        let bitmap = try picture(width: 1250, height: 900)
        let progressive = JPEGEncoding(quality: 92, subsampling: .s420, progressive: true)
        XCTAssertNil(try JPEGEncoder.encodeOnTwoThreads(bitmap, as: progressive, reduced: thumbnail),
                     "a progressive JPEG is encoded by TurboJPEG in one piece")
        let baseline = JPEGEncoding(quality: 92, subsampling: .s420, progressive: false)
        let fits = try XCTUnwrap(JPEGEncoder.encodeOnTwoThreads(bitmap, as: baseline, reduced: ReducedCopy(within: 1250, samplesPerSide: 4)))
        XCTAssertNil(fits.reduced, "a picture that fits already is its own reduction")

        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        var export = CropExport(rect: PixelRect(x: 0, y: 0, width: 1200, height: 800), quality: 90)
        export.userTransform = .normal
        XCTAssertNotNil(try CropExporter.render(source, export, as: .jpeg, reducing: thumbnail).reduced)
        XCTAssertNil(try CropExporter.render(source, export, as: .png, reducing: thumbnail).reduced,
                     "only the JPEG encoders sum a reduction")
        XCTAssertNil(try CropExporter.render(source, export, as: .jpeg).reduced, "none unless asked for")
    }
}
