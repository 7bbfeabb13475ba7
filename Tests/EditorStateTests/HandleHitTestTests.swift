import XCTest
@testable import EditorState

final class HandleHitTestTests: XCTestCase {
    /// The crop (1000, 1000, 3000, 2000) of the large image, in view pixels.
    let frame = Rect(x: 288, y: 200, width: 528, height: 352)

    func testCornersSidesInteriorAndOutside() {
        let test = HandleHitTest(frame: frame)
        XCTAssertEqual(test.target(at: pt(288, 200)), .handle(.topLeft))
        XCTAssertEqual(test.target(at: pt(830, 190)), .handle(.topRight))
        XCTAssertEqual(test.target(at: pt(810, 560)), .handle(.bottomRight))
        XCTAssertEqual(test.target(at: pt(276, 565)), .handle(.bottomLeft))
        XCTAssertEqual(test.target(at: pt(552, 195)), .handle(.top))
        XCTAssertEqual(test.target(at: pt(820, 376)), .handle(.right))
        XCTAssertEqual(test.target(at: pt(552, 560)), .handle(.bottom))
        XCTAssertEqual(test.target(at: pt(280, 376)), .handle(.left))
        XCTAssertEqual(test.target(at: pt(552, 376)), .interior)
        XCTAssertEqual(test.target(at: pt(303, 376)), .interior, "just past the 14 px band")
        XCTAssertEqual(test.target(at: pt(273, 376)), .outside, "just past the 14 px band outside")
        XCTAssertEqual(test.target(at: pt(100, 100)), .outside)
    }

    func testEveryHandleIsFoundAtItsOwnPosition() {
        let test = HandleHitTest(frame: frame)
        for handle in Handle.all {
            XCTAssertEqual(test.target(at: handle.position(on: frame)), .handle(handle))
        }
    }

    func testSmallBoxKeepsAGrabbableMiddleAndCornersWin() {
        // 40×40: handles reach only 10 px inside, so the middle 20×20 moves the box.
        let test = HandleHitTest(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        XCTAssertEqual(test.target(at: pt(120, 120)), .interior)
        XCTAssertEqual(test.target(at: pt(111, 129)), .interior)
        XCTAssertEqual(test.target(at: pt(105, 105)), .handle(.topLeft))
        XCTAssertEqual(test.target(at: pt(120, 95)), .handle(.top))
        XCTAssertEqual(test.target(at: pt(109, 92)), .handle(.topLeft), "the corner wins where its band meets a side's")
        XCTAssertEqual(test.target(at: pt(150, 150)), .handle(.bottomRight))
        XCTAssertEqual(test.target(at: pt(140, 120)), .handle(.right))
    }

    func testDegenerateBoxPicksTheNearerEdge() {
        let test = HandleHitTest(frame: Rect(x: 100, y: 100, width: 0, height: 0))
        XCTAssertEqual(test.target(at: pt(99, 99)), .handle(.topLeft))
        XCTAssertEqual(test.target(at: pt(101, 101)), .handle(.bottomRight))
    }

    func testWithoutACropTheImageInsideDrawsANewBox() {
        let state = makeState()
        XCTAssertEqual(state.hitTest(pt(640, 376)), .outside)
        XCTAssertEqual(state.hitTest(pt(112, 24)), .handle(.topLeft), "the whole-image frame has handles at once")
        XCTAssertEqual(state.hitTest(pt(1168, 376)), .handle(.right))
        XCTAssertEqual(EditorState().hitTest(pt(10, 10)), .outside)
    }
}
