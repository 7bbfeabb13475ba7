import XCTest
@testable import EditorState

final class KeyboardAndNumericTests: XCTestCase {
    func stateWithCrop() -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testNudgesMoveTheBoxAndABurstIsOneUndoStep() {
        var state = stateWithCrop()
        state.apply(.nudge(dx: 10, dy: -5))
        state.apply(.nudge(dx: 10, dy: -5))
        state.apply(.tick(now: 1))
        state.apply(.nudge(dx: 1, dy: 0))
        XCTAssertEqual(state.crop, px(1021, 990, 3000, 2000))
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
    }

    func testAnotherActionEndsTheBurst() {
        var state = stateWithCrop()
        state.apply(.nudge(dx: 1, dy: 0))
        state.apply(.zoom(factor: 2, at: pt(500, 500)))
        state.apply(.nudge(dx: 1, dy: 0))
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1001, 1000, 3000, 2000))
    }

    func testNudgesStopAtTheImageEdges() {
        var state = stateWithCrop()
        state.apply(.nudge(dx: 10_000, dy: -10_000))
        XCTAssertEqual(state.crop, px(3000, 0, 3000, 2000))
    }

    func testNudgeWithoutACropDoesNothing() {
        var state = makeState()
        state.apply(.nudge(dx: 5, dy: 5))
        XCTAssertNil(state.crop)
        XCTAssertFalse(state.canUndo)
    }

    func testFreeKeyboardResizeKeepsTheTopLeft() {
        var state = stateWithCrop()
        state.apply(.resizeCrop(dw: -10, dh: 0))
        state.apply(.resizeCrop(dw: 0, dh: 7))
        XCTAssertEqual(state.crop, px(1000, 1000, 2990, 2007))
        state.apply(.resizeCrop(dw: 10_000, dh: -10_000))
        XCTAssertEqual(state.crop, px(1000, 1000, 5000, 1))
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000), "one burst, one step")
    }

    func testLockedKeyboardResizeFollowsTheRatio() {
        var state = stateWithCrop()
        state.apply(.setAspect(.threeTwo))
        state.apply(.resizeCrop(dw: 3, dh: 0))
        XCTAssertEqual(state.crop, px(1000, 1000, 3003, 2002))
        state.apply(.resizeCrop(dw: 0, dh: -3))
        XCTAssertEqual(state.crop, px(1000, 1000, 2999, 1999))
        state.apply(.resizeCrop(dw: 99_999, dh: 0))
        XCTAssertEqual(state.crop, px(1000, 1000, 4500, 3000))
    }

    func testKeyboardResizeWithoutACropStartsFromTheWholeImage() {
        var state = makeState()
        state.apply(.resizeCrop(dw: -1, dh: 0))
        XCTAssertEqual(state.crop, px(0, 0, 5999, 4000))
        var grow = makeState()
        grow.apply(.resizeCrop(dw: 1, dh: 1))
        XCTAssertNil(grow.crop, "growing the whole image changes nothing")
    }

    func testNumericEntryIsClippedToTheImage() {
        var state = makeState()
        state.apply(.setCrop(px(5000, 3000, 2000, 2000)))
        XCTAssertEqual(state.crop, px(5000, 3000, 1000, 1000))
        state.apply(.setCrop(px(7000, 0, 10, 10)))
        XCTAssertEqual(state.crop, px(5000, 3000, 1000, 1000), "a rectangle off the image is ignored")
        state.apply(.setCrop(px(10, 10, 0, 5)))
        XCTAssertEqual(state.crop, px(5000, 3000, 1000, 1000), "an empty rectangle is ignored")
        state.apply(.setCrop(nil))
        XCTAssertNil(state.crop)
        XCTAssertEqual(state.history.undoStack.count, 2)
    }

    func testNumericEntryThatBreaksTheLockUnlocksIt() {
        var state = stateWithCrop()
        state.apply(.setAspect(.threeTwo))
        state.apply(.setCrop(px(0, 0, 301, 200)))
        XCTAssertEqual(state.aspect, .threeTwo, "within a pixel the lock holds")
        state.apply(.setCrop(px(0, 0, 400, 200)))
        XCTAssertEqual(state.aspect, .free)
        state.apply(.undo)
        XCTAssertEqual(state.aspect, .threeTwo)
    }
}
