import EditorState
import XCTest

final class RectFitTests: XCTestCase {
    private let image = PixelSize(width: 1800, height: 1200)

    private func problem(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> String? {
        PixelRect(x: x, y: y, width: w, height: h).fitProblem(in: image)?.message
    }

    func testRectanglesInsideTheImageFit() {
        XCTAssertNil(problem(0, 0, 1800, 1200))
        XCTAssertNil(problem(1799, 1199, 1, 1))
        XCTAssertNil(problem(1700, 1100, 100, 100))
        XCTAssertTrue(PixelRect(x: 1700, y: 1100, width: 100, height: 100).isInside(image))
    }

    func testTheFirstValueOutOfRangeIsNamedWithItsRange() {
        XCTAssertEqual(problem(-1, 0, 5, 5), "X must be from 0 to 1799")
        XCTAssertEqual(problem(1800, 0, 5, 5), "X must be from 0 to 1799")
        XCTAssertEqual(problem(0, 1200, 5, 5), "Y must be from 0 to 1199")
        XCTAssertEqual(problem(1700, 0, 200, 10), "W must be from 1 to 100")
        XCTAssertEqual(problem(0, 0, 0, 5), "W must be from 1 to 1800")
        XCTAssertEqual(problem(0, 1199, 5, 2), "H must be from 1 to 1")
        XCTAssertEqual(problem(-5, -5, 0, 0), "X must be from 0 to 1799")
        XCTAssertFalse(PixelRect(x: 1700, y: 1100, width: 101, height: 100).isInside(image))
    }

    func testAnEmptyImageFitsNothing() {
        let none = PixelRect(x: 0, y: 0, width: 1, height: 1).fitProblem(in: PixelSize(width: 0, height: 10))
        XCTAssertEqual(none?.value, .x)
        XCTAssertEqual(none?.allowed, 0...0)
    }
}
