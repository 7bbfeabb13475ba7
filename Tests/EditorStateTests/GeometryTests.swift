import XCTest
@testable import EditorState

final class GeometryTests: XCTestCase {
    func testRectFromCornersInAnyOrder() {
        XCTAssertEqual(Rect(corner: pt(10, 40), corner: pt(4, 2)), Rect(x: 4, y: 2, width: 6, height: 38))
        XCTAssertEqual(Rect(x: 1, y: 2, width: 3, height: 4).center, pt(2.5, 4))
    }

    func testPixelRectIntersection() {
        let image = PixelRect(size: PixelSize(width: 6000, height: 4000))
        XCTAssertEqual(px(5000, 3000, 2000, 2000).intersection(image), px(5000, 3000, 1000, 1000))
        XCTAssertEqual(px(-10, -20, 30, 40).intersection(image), px(0, 0, 20, 20))
        XCTAssertNil(px(6000, 0, 10, 10).intersection(image))
    }

    func testPixelRectInsideAnImage() {
        let image = PixelSize(width: 1800, height: 1200)
        XCTAssertTrue(px(0, 0, 1800, 1200).isInside(image))
        XCTAssertTrue(px(1700, 1100, 100, 100).isInside(image))
        XCTAssertFalse(px(1700, 1100, 101, 100).isInside(image))
        XCTAssertFalse(px(-1, 0, 5, 5).isInside(image))
        XCTAssertFalse(px(10, 10, 0, 5).isInside(image), "an empty rect holds no pixels")
    }

    func testPixelValuesPrintTheWayTheCommandLineWritesThem() {
        XCTAssertEqual(PixelSize(width: 1800, height: 1200).description, "1800x1200")
        XCTAssertEqual(px(-3, 4, 50, 60).description, "-3,4,50,60")
    }

    func testRoundingHelpersNeverTrapOnBadInput() {
        XCTAssertEqual(roundedInt(.nan), 0)
        XCTAssertEqual(roundedInt(2.5), 3)
        XCTAssertEqual(roundedInt(-2.5), -3)
        XCTAssertGreaterThan(roundedInt(.infinity), 1 << 60)
        XCTAssertEqual(ceilInt(181.81), 182)
        XCTAssertEqual(floorInt(-0.5), -1)
    }
}
