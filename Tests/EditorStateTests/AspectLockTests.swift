import XCTest
@testable import EditorState

/// Locked 3:2 on the crop (1000, 1000, 3000, 2000) of the large image; 88 view px = 500 image px.
final class AspectLockTests: XCTestCase {
    func lockedState(_ aspect: AspectRatio = .threeTwo) -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        state.apply(.setAspect(aspect))
        return state
    }

    func dragged(_ handle: Handle, by dx: Double, _ dy: Double, aspect: AspectRatio = .threeTwo) -> PixelRect? {
        var state = lockedState(aspect)
        let start = handle.position(on: state.cropFrameInView!)
        drag(&state, from: start, to: pt(start.x + dx, start.y + dy))
        return state.crop
    }

    func testSettingTheSameRatioKeepsAMatchingBox() {
        XCTAssertEqual(lockedState().crop, px(1000, 1000, 3000, 2000))
    }

    // Sides size the other axis about the box's centre.
    func testRightSide() { XCTAssertEqual(dragged(.right, by: 88, 0), px(1000, 834, 3500, 2333)) }
    func testLeftSide() { XCTAssertEqual(dragged(.left, by: -88, 0), px(500, 834, 3500, 2333)) }
    func testTopSide() { XCTAssertEqual(dragged(.top, by: 0, -88), px(625, 500, 3750, 2500)) }
    func testBottomSide() { XCTAssertEqual(dragged(.bottom, by: 0, 88), px(625, 1000, 3750, 2500)) }

    // Corners keep the opposite corner and follow the larger of the two drag directions.
    func testBottomRightCorner() { XCTAssertEqual(dragged(.bottomRight, by: 88, 44), px(1000, 1000, 3500, 2333)) }
    func testTopLeftCorner() { XCTAssertEqual(dragged(.topLeft, by: -88, -44), px(500, 667, 3500, 2333)) }
    func testTopRightCorner() { XCTAssertEqual(dragged(.topRight, by: 44, -88), px(1000, 500, 3750, 2500)) }
    func testBottomLeftCorner() { XCTAssertEqual(dragged(.bottomLeft, by: -44, 88), px(250, 1000, 3750, 2500)) }

    func testCornerClampShrinksRatherThanBreaksTheRatio() {
        // Room 5000 × 3000 from the fixed corner: 3:2 fits 4500 × 3000.
        XCTAssertEqual(dragged(.bottomRight, by: 2000, 2000), px(1000, 1000, 4500, 3000))
        XCTAssertEqual(dragged(.topLeft, by: -2000, -2000), px(0, 333, 4000, 2667))
    }

    func testSideClampAtTheImageEdge() {
        XCTAssertEqual(dragged(.right, by: 2000, 0), px(1000, 334, 5000, 3333))
        XCTAssertEqual(dragged(.bottom, by: 0, 2000), px(250, 1000, 4500, 3000))
    }

    func testLockedMinimumKeepsTheRatio() {
        // The 182 px minimum applies to the shorter side: 273 × 182.
        XCTAssertEqual(dragged(.bottomRight, by: -2000, -2000), px(1000, 1000, 273, 182))
        XCTAssertEqual(dragged(.left, by: 2000, 0), px(3727, 1909, 273, 182))
    }

    func testEveryHandleHoldsSixteenNineWithinAPixel() {
        let ratio = 16.0 / 9.0
        XCTAssertEqual(lockedState(.sixteenNine).crop, px(1000, 1156, 3000, 1688))
        let deltas = [pt(13, 7), pt(-29, 41), pt(57, -3), pt(-101, -77), pt(333, 211), pt(-7, 0), pt(0, 19), pt(1, 1)]
        for handle in Handle.all {
            for delta in deltas {
                let crop = dragged(handle, by: delta.x, delta.y, aspect: .sixteenNine)
                assertRatio(crop, ratio)
                XCTAssertTrue(PixelRect(size: largeImage).contains(crop!), "\(handle) \(delta) \(crop!)")
            }
        }
    }

    func testDrawingALockedBoxInAllFourDirections() {
        for (dx, dy, expected) in [(88.0, 44.0, px(2000, 2000, 500, 333)), (-88, -44, px(1500, 1667, 500, 333)),
                                   (44, -88, px(2000, 1500, 750, 500)), (-44, 88, px(1250, 2000, 750, 500))] {
            var state = makeState()
            state.apply(.setAspect(.threeTwo))
            state.apply(.setCrop(nil))
            XCTAssertEqual(state.aspect, .threeTwo)
            drag(&state, from: pt(464, 376), to: pt(464 + dx, 376 + dy))
            XCTAssertEqual(state.crop, expected)
        }
    }

    func testLockedDrawIsLimitedByTheRoomFromTheAnchor() {
        let box = CropBox.drawn(from: pt(5000, 3000), to: pt(9000, 9000), imageSize: largeImage,
                                minimum: PixelSize(width: 182, height: 182), ratio: 1.5)
        XCTAssertEqual(box?.rect, px(5000, 3000, 1000, 667))
    }
}
