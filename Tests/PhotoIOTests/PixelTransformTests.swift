import XCTest
@testable import PhotoIO

final class PixelTransformTests: XCTestCase {
    let size = PixelSize(width: 7, height: 4)

    func testTheEightTransformsFormAGroup() {
        for a in PixelTransform.all {
            XCTAssertEqual(a.then(a.inverse), .identity)
            for b in PixelTransform.all {
                XCTAssertTrue(PixelTransform.all.contains(a.then(b)))
            }
        }
        XCTAssertEqual(Set(PixelTransform.all).count, 8)
        XCTAssertEqual(PixelTransform.rotate90.then(.rotate90), .rotate180)
        XCTAssertEqual(PixelTransform.rotate90.then(.rotate180), .rotate270)
        XCTAssertEqual(PixelTransform.flipHorizontal.then(.rotate270), .transpose)
        XCTAssertEqual(PixelTransform.flipHorizontal.then(.rotate90), .transverse)
        XCTAssertEqual(PixelTransform.flipHorizontal.then(.flipVertical), .rotate180)
    }

    func testQuarterTurnClockwiseMovesTopLeftToTopRight() {
        XCTAssertTrue(PixelTransform.rotate90.map(x: 0, y: 0, in: size) == (3, 0))
        XCTAssertTrue(PixelTransform.rotate90.map(x: 6, y: 0, in: size) == (3, 6))
        XCTAssertTrue(PixelTransform.rotate270.map(x: 0, y: 0, in: size) == (0, 6))
        XCTAssertTrue(PixelTransform.transpose.map(x: 5, y: 1, in: size) == (1, 5))
        XCTAssertTrue(PixelTransform.transverse.map(x: 0, y: 0, in: size) == (3, 6))
        XCTAssertTrue(PixelTransform.flipHorizontal.map(x: 1, y: 2, in: size) == (5, 2))
    }

    func testRectsMapOntoTheSamePixelsAsTheirCorners() {
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 2)
        for t in PixelTransform.all {
            let mapped = t.map(rect, in: size)
            XCTAssertEqual(mapped.width * mapped.height, 6)
            XCTAssertTrue(mapped.isInside(t.outputSize(for: size)))
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let p = t.map(x: x, y: y, in: size)
                    XCTAssertTrue(p.x >= mapped.x && p.x < mapped.maxX && p.y >= mapped.y && p.y < mapped.maxY, "\(t)")
                }
            }
            XCTAssertEqual(t.inverse.map(mapped, in: t.outputSize(for: size)), rect)
        }
    }

    func testOrientationValuesOutsideOneToEightMeanNormal() {
        XCTAssertEqual(ExifOrientation(exifValue: nil), .normal)
        XCTAssertEqual(ExifOrientation(exifValue: 0), .normal)
        XCTAssertEqual(ExifOrientation(exifValue: 9), .normal)
        XCTAssertEqual(ExifOrientation(exifValue: 6), .rotate90)
        XCTAssertEqual(ExifOrientation.rotate90.displayedSize(forStored: size), PixelSize(width: 4, height: 7))
    }

    func testUserRotationThenFlip() throws {
        XCTAssertEqual(try CropExport(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), rotation: 90,
                                      flipHorizontal: true).userTransform(), .transpose)
        XCTAssertEqual(try CropExport(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), rotation: 270,
                                      flipVertical: true).userTransform(), .transpose)
        XCTAssertThrowsError(try CropExport(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), rotation: 45)
            .userTransform())
    }
}
