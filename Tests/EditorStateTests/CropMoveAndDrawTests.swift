import XCTest
@testable import EditorState

final class CropMoveAndDrawTests: XCTestCase {
    func stateWithCrop() -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testDraggingTheInteriorMovesTheBox() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(552, 376), now: 0))
        XCTAssertEqual(state.activity, .movingBox)
        state.apply(.pointerDragged(pt(596, 398)))
        XCTAssertEqual(state.crop, px(1250, 1125, 3000, 2000))
        state.apply(.pointerUp(pt(640, 420), now: 0))
        XCTAssertEqual(state.crop, px(1500, 1250, 3000, 2000))
        XCTAssertEqual(state.activity, .idle)
    }

    func testMovingStopsAtTheImageEdges() {
        var state = stateWithCrop()
        drag(&state, from: pt(552, 376), to: pt(2000, 2000))
        XCTAssertEqual(state.crop, px(3000, 2000, 3000, 2000))
        drag(&state, from: pt(900, 700), to: pt(-2000, -2000))
        XCTAssertEqual(state.crop, px(0, 0, 3000, 2000))
    }

    func testMoveDoesNotRecentre() {
        var state = stateWithCrop()
        state.apply(.setRecentersAfterDrag(true))
        drag(&state, from: pt(552, 376), to: pt(640, 420))
        XCTAssertNil(state.animation)
    }

    /// The press is at image point (2000, 2000) = view (464, 376); 88 × 44 view px = 500 × 250 image px.
    func drawn(by dx: Double, _ dy: Double, in state: EditorState = makeState()) -> (PixelRect?, EditorState) {
        var state = state
        state.apply(.pointerDown(pt(464, 376), now: 0))
        state.apply(.pointerDragged(pt(464 + dx / 2, 376 + dy / 2)))
        XCTAssertEqual(state.activity, .drawingBox)
        XCTAssertEqual(state.mask?.showsGrid, true)
        state.apply(.pointerUp(pt(464 + dx, 376 + dy), now: 0))
        return (state.crop, state)
    }

    func testDrawDownRight() { XCTAssertEqual(drawn(by: 88, 44).0, px(2000, 2000, 500, 250)) }
    func testDrawUpLeft() { XCTAssertEqual(drawn(by: -88, -44).0, px(1500, 1750, 500, 250)) }
    func testDrawUpRight() { XCTAssertEqual(drawn(by: 88, -44).0, px(2000, 1750, 500, 250)) }
    func testDrawDownLeft() { XCTAssertEqual(drawn(by: -88, 44).0, px(1500, 2000, 500, 250)) }

    func testDrawingOutsideAnExistingBoxReplacesIt() {
        var state = makeState()
        state.apply(.setCrop(px(4000, 100, 1000, 1000)))
        let (crop, after) = drawn(by: 88, 44, in: state)
        XCTAssertEqual(crop, px(2000, 2000, 500, 250))
        XCTAssertEqual(after.history.undoStack.count, 2, "the draw is one step")
    }

    func testDrawnBoxHasTheMinimumSize() {
        XCTAssertEqual(drawn(by: 10, -10).0, px(2000, 1818, 182, 182))
    }

    func testDrawingPastTheImageClampsToIt() {
        XCTAssertEqual(drawn(by: 2000, 2000).0, px(2000, 2000, 4000, 2000))
        XCTAssertEqual(drawn(by: -2000, -2000).0, px(0, 0, 2000, 2000))
    }

    func testDrawStartedInTheMarginAnchorsOnTheImageEdge() {
        var state = makeState()
        drag(&state, from: pt(50, 10), to: pt(200, 68))
        XCTAssertEqual(state.crop, px(0, 0, 500, 250))
    }

    func testDrawNearTheEdgeShiftsToKeepTheMinimum() {
        let box = CropBox.drawn(from: pt(5990, 100), to: pt(6000, 110), imageSize: largeImage,
                                minimum: PixelSize(width: 182, height: 182))
        XCTAssertEqual(box?.rect, px(5818, 100, 182, 182))
    }

    func testClickOutsideTheBoxClearsTheCrop() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(150, 100), now: 0))
        state.apply(.pointerDragged(pt(151, 102)))
        XCTAssertEqual(state.activity, .idle, "within the 3 px slop it is not a draw yet")
        state.apply(.pointerUp(pt(152, 102), now: 0))
        XCTAssertNil(state.crop)
        XCTAssertNil(state.mask)
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
    }

    func testClickInsideTheBoxKeepsIt() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(552, 376), now: 0))
        state.apply(.pointerUp(pt(553, 376), now: 0))
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
        XCTAssertEqual(state.history.undoStack.count, 1)
    }

    func testDragJustPastTheSlopDraws() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(150, 100), now: 0))
        state.apply(.pointerUp(pt(154, 100), now: 0))
        XCTAssertNotNil(state.crop)
        XCTAssertNotEqual(state.crop, px(1000, 1000, 3000, 2000))
    }

    func testDrawWithoutACropAnywhereOnTheImage() {
        let (crop, state) = drawn(by: 88, 44)
        XCTAssertEqual(crop, px(2000, 2000, 500, 250))
        XCTAssertTrue(state.canUndo)
        XCTAssertEqual(state.activity, .idle)
    }
}
