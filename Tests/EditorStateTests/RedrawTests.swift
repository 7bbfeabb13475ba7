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

    func testAStraightenDragsStepChangesOnlyThePhotoAsTurnedBeforeAndAfterAndTheBoxes() {
        var state = makeState()
        state.apply(.dragStraighten(StraightenAngle(tenths: 25)))
        let before = state
        state.apply(.dragStraighten(StraightenAngle(tenths: 30)))
        // The photo (shown 1056 × 704 about (640, 376)) turned 3° reaches 528·cos 3° + 352·sin 3° = 545.70 px
        // across and 528·sin 3° + 352·cos 3° = 379.15 px down from its centre; 2.5° reaches less. A pixel more
        // each way; the boxes, 9 px around, lie inside.
        let area = try! XCTUnwrap(state.turnedArea(from: before, reach: 9))
        XCTAssertEqual(area.minX, 640 - 545.70 - 1, accuracy: 0.01)
        XCTAssertEqual(area.maxX, 640 + 545.70 + 1, accuracy: 0.01)
        XCTAssertEqual(area.minY, 376 - 379.15 - 1, accuracy: 0.01)
        XCTAssertEqual(area.maxY, 376 + 379.15 + 1, accuracy: 0.01)
        let box = try! XCTUnwrap(state.cropFrameInView)
        XCTAssertTrue(area.minX < box.minX - 9 && area.maxX > box.maxX + 9 && area.minY < box.minY - 9
                      && area.maxY > box.maxY + 9)
    }

    func testADragStepThroughTheSavedAngleIsStillOnlyATurn() {
        var state = boxed()
        state.apply(.markSaved)
        state.apply(.dragStraighten(StraightenAngle(tenths: 3)))
        let turned = state
        state.apply(.dragStraighten(StraightenAngle(tenths: 0)))
        XCTAssertFalse(state.isDirty)
        XCTAssertTrue(turned.isDirty)
        XCTAssertTrue(state.differsOnlyInWarp(from: turned), "the window adds the toolbar (Reset) to the repaint")
        XCTAssertNotNil(state.turnedArea(from: turned, reach: 9), "at zero the photo is drawn as turned by nothing")
    }

    func testADragStepThatMakesOrDropsTheBoxSaysNothing() {
        // No box: turning makes one inside the turned photo, and back at zero it goes with its mask.
        var state = makeState()
        state.apply(.dragStraighten(StraightenAngle(tenths: 3)))
        let turned = state
        state.apply(.dragStraighten(StraightenAngle(tenths: 0)))
        XCTAssertNotNil(turned.mask)
        XCTAssertNil(state.mask)
        XCTAssertNil(state.turnedArea(from: turned, reach: 9), "the mask leaves all of the canvas")
        var again = state
        again.apply(.dragStraighten(StraightenAngle(tenths: -2)))
        XCTAssertNil(again.turnedArea(from: state, reach: 9), "the mask comes over all of the canvas")
    }

    func testATurnThatChangesTheLookOrTheCameraSaysNothing() {
        let resting = makeState()
        var state = resting
        state.apply(.dragStraighten(StraightenAngle(tenths: 5)))
        XCTAssertNil(state.turnedArea(from: resting, reach: 9), "the drag's first step: the mask lightens everywhere")
        let dragging = state
        state.apply(.endStraightenDrag)
        XCTAssertNil(state.turnedArea(from: dragging, reach: 9), "the release: the mask darkens again")
        var tilted = dragging
        tilted.apply(.dragPerspective(PerspectiveAngles(vertical: 4, horizontal: 0)))
        XCTAssertNil(tilted.turnedArea(from: dragging, reach: 9), "a perspective turn")
    }
}
