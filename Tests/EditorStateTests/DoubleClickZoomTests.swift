import XCTest
@testable import EditorState

final class DoubleClickZoomTests: XCTestCase {
    func testLargeImageZoomsTwiceAboutTheClickedPoint() {
        var state = makeState()
        let anchor = state.viewport.imagePoint(fromView: pt(400, 300))
        state.apply(.doubleClick(at: pt(400, 300), now: 0))
        XCTAssertEqual(state.activity, .animating)
        XCTAssertEqual(state.viewport.zoomScale, 0.176, accuracy: 1e-12, "the first frame is the start")
        state.apply(.tick(now: 0.18))
        XCTAssertNil(state.animation)
        XCTAssertEqual(state.activity, .idle)
        XCTAssertEqual(state.viewport.zoomScale, 0.352, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, 176, 252)
        assertPoint(state.viewport.imagePoint(fromView: pt(400, 300)), anchor.x, anchor.y)
    }

    func testLargeImageClickNearTheCornerEndsAsCloseAsTheClampsAllow() {
        var state = makeState()
        state.apply(.doubleClick(at: pt(1200, 740), now: 0))
        state.apply(.tick(now: 1))
        XCTAssertEqual(state.viewport.zoomScale, 0.352, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, 856, 680)
    }

    func testSecondDoubleClickReturnsToMinimumZoomCentred() {
        var state = makeState()
        state.apply(.doubleClick(at: pt(400, 300), now: 0))
        state.apply(.tick(now: 0.18))
        state.apply(.doubleClick(at: pt(900, 100), now: 1))
        state.apply(.tick(now: 1.18))
        XCTAssertEqual(state.viewport.zoomScale, 0.176, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, -112, -24)
    }

    func testSmallImageStaysCentredWhileItStillFits() {
        var state = makeState(stored: PixelSize(width: 400, height: 300))
        XCTAssertEqual(state.viewport.zoomScale, 1)
        state.apply(.doubleClick(at: pt(500, 300), now: 0))
        state.apply(.tick(now: 0.18))
        XCTAssertEqual(state.viewport.zoomScale, 2)
        assertPoint(state.viewport.contentOffset, -240, -76)
        state.apply(.doubleClick(at: pt(500, 300), now: 1))
        state.apply(.tick(now: 1.18))
        XCTAssertEqual(state.viewport.zoomScale, 1)
        assertPoint(state.viewport.contentOffset, -440, -226)
    }

    func testMediumImageKeepsTheClickedPointOnTheAxisThatScrolls() {
        // 640×480 opens at 1:1 centred (offset −320, −136); at 2× it is 1280×960.
        var state = makeState(stored: PixelSize(width: 640, height: 480))
        assertPoint(state.viewport.contentOffset, -320, -136)
        state.apply(.doubleClick(at: pt(500, 300), now: 0))
        state.apply(.tick(now: 0.18))
        XCTAssertEqual(state.viewport.zoomScale, 2)
        // Image point (180, 164): y stays under the cursor (164·2 − 300 = 28); x is held at the inset.
        assertPoint(state.viewport.contentOffset, -24, 28)
        XCTAssertEqual(state.viewport.viewPoint(fromImage: pt(180, 164)).y, 300, accuracy: 1e-9)
    }

    func testEveryAnimationFrameKeepsTheAnchorUnderTheCursor() {
        var state = makeState()
        let anchor = state.viewport.imagePoint(fromView: pt(400, 300))
        state.apply(.doubleClick(at: pt(400, 300), now: 10))
        for now in [10.03, 10.06, 10.09, 10.12, 10.15] {
            state.apply(.tick(now: now))
            XCTAssertEqual(state.activity, .animating)
            assertPoint(state.viewport.imagePoint(fromView: pt(400, 300)), anchor.x, anchor.y, accuracy: 1e-6)
        }
        state.apply(.tick(now: 10.18))
        XCTAssertNil(state.animation)
    }

    func testHalfwayFrameFollowsEaseOutCubic() {
        var state = makeState()
        state.apply(.doubleClick(at: pt(400, 300), now: 0))
        state.apply(.tick(now: 0.09))
        // t = 0.5 → eased 1 − 0.5³ = 0.875 of the way from 0.176 to 0.352.
        XCTAssertEqual(state.viewport.zoomScale, 0.176 + 0.875 * 0.176, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, -112 + 0.875 * 288, -24 + 0.875 * 276)
    }

    func testAnotherActionLandsTheAnimationOnItsTarget() {
        var state = makeState()
        state.apply(.doubleClick(at: pt(400, 300), now: 0))
        state.apply(.tick(now: 0.05))
        state.apply(.pan(dx: 24, dy: -2))
        XCTAssertNil(state.animation)
        XCTAssertEqual(state.activity, .idle)
        assertPoint(state.viewport.contentOffset, 152, 254)
    }

    func testZoomKeysAndActualSize() {
        var state = makeState()
        state.apply(.zoomToActualSize(at: nil))
        XCTAssertEqual(state.viewport.zoomScale, 1)
        // The image point at the centre of the available area, (3000, 2000), stays there.
        assertPoint(state.viewport.contentOffset, 2360, 1624)
        state.apply(.zoomToFit)
        XCTAssertEqual(state.viewport.zoomScale, 0.176, accuracy: 1e-12)
        state.apply(.zoom(factor: 2, at: pt(400, 300)))
        assertPoint(state.viewport.contentOffset, 176, 252)
    }

    func testPanGestureMovesByTheDragAndIsClamped() {
        var state = makeState()
        state.apply(.zoom(factor: 2, at: pt(400, 300)))
        state.apply(.panBegan(pt(500, 500)))
        XCTAssertEqual(state.activity, .panning)
        state.apply(.panDragged(pt(524, 498)))
        assertPoint(state.viewport.contentOffset, 152, 254)
        state.apply(.panDragged(pt(5000, 5000)))
        assertPoint(state.viewport.contentOffset, -24, -24)
        state.apply(.panEnded)
        XCTAssertEqual(state.activity, .idle)
        XCTAssertFalse(state.canUndo, "viewport changes are not undoable")
    }
}

final class DoubleClickIsNotAClickTests: XCTestCase {
    func stateWithCrop() -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testTheFirstClickOfADoubleClickDoesNotClearTheCrop() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(150, 100), now: 0))
        state.apply(.pointerUp(pt(150, 100), now: 0.05))
        XCTAssertNil(state.crop)
        state.apply(.tick(now: 0.1))
        state.apply(.pointerDown(pt(150, 100), now: 0.2))
        state.apply(.doubleClick(at: pt(150, 100), now: 0.2))
        state.apply(.pointerUp(pt(150, 100), now: 0.25))
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
        XCTAssertEqual(state.history.undoStack.count, 1, "the clear left no undo step")
        XCTAssertFalse(state.canRedo)
        XCTAssertEqual(state.activity, .animating)
    }

    func testAClickThenSomethingElseThenADoubleClickKeepsTheClear() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(150, 100), now: 0))
        state.apply(.pointerUp(pt(150, 100), now: 0))
        state.apply(.zoom(factor: 1.1, at: pt(600, 400)))
        state.apply(.doubleClick(at: pt(150, 100), now: 1))
        XCTAssertNil(state.crop)
        XCTAssertTrue(state.canUndo)
    }
}
