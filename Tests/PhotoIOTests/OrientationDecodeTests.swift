import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

final class OrientationDecodeTests: XCTestCase {
    func testEveryFixtureDecodesUprightLikeOrientationOne() throws {
        for set in Fixtures.sets {
            let reference = try PhotoSource.open(path: Fixtures.path(set, 1)).decodeFull()
            for orientation in 0...8 {
                let source = try PhotoSource.open(path: Fixtures.path(set, orientation))
                XCTAssertEqual(source.orientation.rawValue, max(orientation, 1), "\(set)_\(orientation)")
                XCTAssertEqual(source.displayedSize, reference.size, "\(set)_\(orientation)")
                let upright = try source.decodeFull().transformed(by: source.orientation)
                XCTAssertEqual(upright.size, reference.size)
                // Each fixture was encoded on its own; the quarter-turned ones subsample chroma
                // along the other axis, so they differ from _1 by ~3.7 per channel (ImageMagick's
                // -auto-orient measures the same). A one-pixel misregistration measures ~7.7.
                XCTAssertLessThan(meanAbsoluteDifference(upright, reference), 4, "\(set)_\(orientation)")
            }
        }
    }

    func testOrientedMatchesTheTagDefinitionPixelForPixel() throws {
        let stored = try PhotoSource.open(path: Fixtures.path("Landscape", 6)).decodeFull()
        let small = try stored.cropped(to: PixelRect(x: 37, y: 51, width: 23, height: 17))
        for orientation in Orientation.allCases {
            let expected = PixelGrid(width: orientation.rawValue >= 5 ? 17 : 23,
                                     height: orientation.rawValue >= 5 ? 23 : 17) { x, y in
                uprightPixel(small, orientation: orientation.rawValue, x: x, y: y)
            }
            XCTAssertEqual(PixelGrid(try small.transformed(by: orientation)), expected, "\(orientation)")
        }
    }

    func testCroppedCopiesExactlyTheRect() throws {
        let full = try PhotoSource.open(path: Fixtures.path("Portrait", 1)).decodeFull()
        let rect = PixelRect(x: 101, y: 7, width: 64, height: 33)
        let expected = PixelGrid(width: 64, height: 33) { full.pixel(x: 101 + $0, y: 7 + $1) }
        XCTAssertEqual(PixelGrid(try full.cropped(to: rect)), expected)
        XCTAssertThrowsError(try full.cropped(to: PixelRect(x: 1190, y: 0, width: 20, height: 5)))
    }

    func testPreviewUsesTheSmallestDCTScaleThatCoversTheBox() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))  // 1800x1200
        XCTAssertEqual(source.previewScale(maxWidth: 450, maxHeight: 300), DecodeScale(denominator: 4))
        XCTAssertEqual(source.previewScale(maxWidth: 451, maxHeight: 301), DecodeScale(denominator: 2))
        XCTAssertEqual(source.previewScale(maxWidth: 451, maxHeight: 300), DecodeScale(denominator: 4))
        XCTAssertEqual(source.previewScale(maxWidth: 200, maxHeight: 1000), DecodeScale(denominator: 8))
        XCTAssertEqual(source.previewScale(maxWidth: 4000, maxHeight: 4000), .full)
        let preview = try source.decodePreview(maxWidth: 450, maxHeight: 300)
        XCTAssertEqual(preview.size, PixelSize(width: 450, height: 300))

        // Orientation 6 is stored portrait but shown landscape: the box applies to the displayed picture.
        let turned = try PhotoSource.open(path: Fixtures.path("Landscape", 6))
        XCTAssertEqual(turned.previewScale(maxWidth: 450, maxHeight: 300), DecodeScale(denominator: 4))
        XCTAssertEqual(try turned.decodePreview(maxWidth: 450, maxHeight: 300).size,
                       PixelSize(width: 300, height: 450))

        let full = try source.decodeFull()
        let expected = try full.transformed(by: .normal)
        XCTAssertLessThan(meanAbsoluteDifference(try preview.transformed(by: .normal),
                                                 try downscale(expected, by: 4)), 4)
    }

    private func downscale(_ bitmap: Bitmap, by factor: Int) throws -> Bitmap {
        let out = try Bitmap(width: bitmap.width / factor, height: bitmap.height / factor)
        for y in 0..<out.height {
            for x in 0..<out.width {
                // Three plain sums, not an array per pixel: the tests are built unoptimised.
                var blue = 0, green = 0, red = 0
                for dy in 0..<factor {
                    let row = bitmap.row(y * factor + dy)
                    for dx in 0..<factor {
                        let p = row[x * factor + dx]
                        blue += Int(p & 0xFF)
                        green += Int((p >> 8) & 0xFF)
                        red += Int((p >> 16) & 0xFF)
                    }
                }
                let n = factor * factor
                out.row(y)[x] = UInt32(blue / n) | UInt32(green / n) << 8 | UInt32(red / n) << 16
            }
        }
        return out
    }
}
