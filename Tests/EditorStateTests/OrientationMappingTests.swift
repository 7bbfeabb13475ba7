import XCTest
@testable import EditorState

final class OrientationMappingTests: XCTestCase {
    let stored = PixelSize(width: 6, height: 4)

    /// The rectangle x 1..<3, y 0..<1 of a 6×4 bitmap, as each orientation displays it.
    func testRectMappingForAllEight() {
        let r = px(1, 0, 2, 1)
        let expected: [Orientation: PixelRect] = [
            .normal: px(1, 0, 2, 1), .mirrorHorizontal: px(3, 0, 2, 1), .rotate180: px(3, 3, 2, 1),
            .mirrorVertical: px(1, 3, 2, 1), .transpose: px(0, 1, 1, 2), .rotate90CW: px(3, 1, 1, 2),
            .transverse: px(3, 3, 1, 2), .rotate270CW: px(0, 3, 1, 2),
        ]
        for o in Orientation.allCases {
            XCTAssertEqual(o.displayedRect(fromStored: r, storedSize: stored), expected[o], "\(o)")
        }
    }

    func testRectRoundTripsForAllEight() {
        let big = PixelSize(width: 6000, height: 4000)
        let rects = [px(0, 0, 6000, 4000), px(1000, 1000, 3000, 2000), px(1, 2, 3, 5), px(5999, 3999, 1, 1)]
        for o in Orientation.allCases {
            for r in rects {
                let shown = o.displayedRect(fromStored: r, storedSize: big)
                XCTAssertEqual(o.storedRect(fromDisplayed: shown, storedSize: big), r, "\(o) \(r)")
                XCTAssertTrue(PixelRect(size: o.displayedSize(forStored: big)).contains(shown))
            }
        }
    }

    func testPointRoundTripsForAllEight() {
        let big = PixelSize(width: 6000, height: 4000)
        let points = [pt(0, 0), pt(6000, 4000), pt(1234.5, 987.25), pt(10, 3990)]
        for o in Orientation.allCases {
            for p in points {
                let shown = o.displayedPoint(fromStored: p, storedSize: big)
                assertPoint(o.storedPoint(fromDisplayed: shown, storedSize: big), p.x, p.y)
            }
        }
    }

    func testPointMappingOfRotateNinetyClockwise() {
        // A stored point (x, y) of a W×H bitmap shows at (H − y, x).
        let big = PixelSize(width: 6000, height: 4000)
        assertPoint(Orientation.rotate90CW.displayedPoint(fromStored: pt(100, 200), storedSize: big), 3800, 100)
        assertPoint(Orientation.rotate270CW.displayedPoint(fromStored: pt(100, 200), storedSize: big), 200, 5900)
        assertPoint(Orientation.transpose.displayedPoint(fromStored: pt(100, 200), storedSize: big), 200, 100)
        assertPoint(Orientation.transverse.displayedPoint(fromStored: pt(100, 200), storedSize: big), 3800, 5900)
        assertPoint(Orientation.mirrorVertical.displayedPoint(fromStored: pt(100, 200), storedSize: big), 100, 3800)
    }

    func testStoredRectOfACropOnARotatedPhoto() {
        // Orientation 6, stored 6000×4000, displayed 4000×6000.
        let big = PixelSize(width: 6000, height: 4000)
        XCTAssertEqual(Orientation.rotate90CW.storedRect(fromDisplayed: px(100, 200, 1000, 2000), storedSize: big),
                       px(200, 2900, 2000, 1000))
        XCTAssertEqual(Orientation.rotate270CW.storedRect(fromDisplayed: px(100, 200, 1000, 2000), storedSize: big),
                       px(3800, 100, 2000, 1000))
    }

    func testMappingComposesLikeTheGroup() {
        let big = PixelSize(width: 6000, height: 4000)
        let r = px(1000, 500, 300, 700)
        for a in Orientation.allCases {
            for b in Orientation.allCases {
                let viaA = a.displayedRect(fromStored: r, storedSize: big)
                let twice = b.displayedRect(fromStored: viaA, storedSize: a.displayedSize(forStored: big))
                XCTAssertEqual(twice, a.followed(by: b).displayedRect(fromStored: r, storedSize: big), "\(a) then \(b)")
            }
        }
    }

    func testWholePixelsOfASevenByFourBitmap() {
        let small = PixelSize(width: 7, height: 4)
        XCTAssertTrue(Orientation.rotate90CW.displayedPixel(x: 0, y: 0, storedSize: small) == (3, 0))
        XCTAssertTrue(Orientation.rotate90CW.displayedPixel(x: 6, y: 0, storedSize: small) == (3, 6))
        XCTAssertTrue(Orientation.rotate270CW.displayedPixel(x: 0, y: 0, storedSize: small) == (0, 6))
        XCTAssertTrue(Orientation.transpose.displayedPixel(x: 5, y: 1, storedSize: small) == (1, 5))
        XCTAssertTrue(Orientation.transverse.displayedPixel(x: 0, y: 0, storedSize: small) == (3, 6))
        XCTAssertTrue(Orientation.mirrorHorizontal.displayedPixel(x: 1, y: 2, storedSize: small) == (5, 2))
        XCTAssertTrue(Orientation.normal.displayedPixel(x: 6, y: 3, storedSize: small) == (6, 3))
    }

    func testStepsOfEachOrientation() {
        XCTAssertTrue(Orientation.rotate90CW.displayedStep(dx: 1, dy: 0) == (0, 1))
        XCTAssertTrue(Orientation.rotate90CW.displayedStep(dx: 0, dy: 1) == (-1, 0))
        XCTAssertTrue(Orientation.mirrorHorizontal.displayedStep(dx: 1, dy: 0) == (-1, 0))
        XCTAssertTrue(Orientation.transverse.displayedStep(dx: 1, dy: 0) == (0, -1))
        XCTAssertTrue(Orientation.rotate180.displayedStep(dx: 2, dy: -3) == (-2, 3))
    }

    /// Every pixel of a rectangle lands inside the rectangle's image, one step from its neighbours.
    func testPixelsAndStepsAgreeWithRectMapping() {
        let small = PixelSize(width: 7, height: 4)
        let r = px(2, 1, 3, 2)
        for o in Orientation.allCases {
            let shown = o.displayedRect(fromStored: r, storedSize: small)
            let right = o.displayedStep(dx: 1, dy: 0), down = o.displayedStep(dx: 0, dy: 1)
            for y in r.minY..<r.maxY {
                for x in r.minX..<r.maxX {
                    let p = o.displayedPixel(x: x, y: y, storedSize: small)
                    XCTAssertTrue(shown.contains(PixelRect(x: p.x, y: p.y, width: 1, height: 1)), "\(o) \(x),\(y)")
                    let next = o.displayedPixel(x: x + 1, y: y, storedSize: small)
                    let below = o.displayedPixel(x: x, y: y + 1, storedSize: small)
                    XCTAssertTrue((next.x - p.x, next.y - p.y) == right, "\(o)")
                    XCTAssertTrue((below.x - p.x, below.y - p.y) == down, "\(o)")
                }
            }
        }
    }
}
