import XCTest
@testable import EditorState

/// Which changes leave everything but the box drawn as before (the window then repaints only around the box).
final class RedrawTests: XCTestCase {
    private func boxed() -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testAHandleDragsStepsDifferOnlyInTheBox() {
        var state = boxed()
        state.apply(.pointerDown(pt(816, 552), now: 0))
        state.apply(.pointerDragged(pt(800, 540)))
        let before = state
        state.apply(.pointerDragged(pt(760, 500)))
        XCTAssertNotEqual(state.crop, before.crop)
        XCTAssertTrue(state.differsOnlyInCrop(from: before))
    }

    func testTheDragsFirstStepChangesTheMaskToo() {
        let resting = boxed()
        var state = resting
        state.apply(.pointerDown(pt(816, 552), now: 0))
        state.apply(.pointerDragged(pt(760, 500)))
        XCTAssertFalse(state.differsOnlyInCrop(from: resting), "the activity (and the mask's strength) changed")
    }

    func testTheSameBoxAnotherViewOrNoBoxIsNotJustTheBox() {
        let state = boxed()
        XCTAssertFalse(state.differsOnlyInCrop(from: state), "nothing changed: a whole repaint (an Expose)")
        var zoomed = state
        zoomed.apply(.setCrop(px(1000, 1000, 2000, 2000)))
        zoomed.apply(.zoom(factor: 1.2, at: pt(400, 300)))
        XCTAssertFalse(zoomed.differsOnlyInCrop(from: state))
        var cleared = state
        cleared.apply(.setCrop(nil))
        XCTAssertFalse(cleared.differsOnlyInCrop(from: state), "without a box the mask goes")
    }
}
