import XCTest
@testable import EditorState

final class GuidedPerspectiveTests: XCTestCase {
    /// Two lines along a façade's edges that lean in towards the top: a building shot looking up.
    let leaning = [LineSegment(1000, 3600, 1300, 600), LineSegment(5000, 3600, 4700, 600)]

    func assertGuidesUpright(_ state: EditorState, file: StaticString = #filePath, line: UInt = #line) {
        let warped = state.warpedPhoto!
        for guide in state.guides.map({ $0.mapped(by: warped.forward) }) {
            // Plumb, or level once a quarter turn has laid them down.
            XCTAssertLessThan(min(guide.angleFromVertical, 90 - guide.angleFromVertical), 0.1, "\(guide)", file: file, line: line)
        }
    }

    func testTwoGuidesMakeTheirLinesUprightInOneUndoStep() {
        var state = makeState()
        state.apply(.setGuides([leaning[0]]))
        XCTAssertEqual(state.perspective, .zero, "one guide says nothing yet")
        state.apply(.setGuides(leaning))
        XCTAssertGreaterThan(state.perspective.verticalTenths, 0, "the top widens")
        XCTAssertEqual(state.perspective.horizontalTenths, 0)
        assertGuidesUpright(state)
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        XCTAssertEqual(state.history.undoStack.count, 2)
        state.apply(.undo)
        XCTAssertEqual(state.guides, [leaning[0]])
        XCTAssertEqual(state.perspective, .zero)
    }

    func testMovingAGuideIsLiveAndOneUndoStep() {
        var state = makeState()
        state.apply(.setGuides(leaning))
        let before = state.perspective
        for step in 1...5 {
            let moved = LineSegment(1000, 3600, 1300 + Double(step) * 40, 600)
            state.apply(.dragGuides([moved, leaning[1]]))
            assertGuidesUpright(state)
        }
        XCTAssertEqual(state.activity, .straightening)
        state.apply(.endStraightenDrag)
        XCTAssertNotEqual(state.perspective, before)
        XCTAssertEqual(state.history.undoStack.count, 2)
        state.apply(.undo)
        XCTAssertEqual(state.guides, leaning)
        XCTAssertEqual(state.perspective, before)
    }

    func testDeletingAGuideKeepsTheWarpAndTurningCarriesTheGuides() {
        var state = makeState()
        state.apply(.setGuides(leaning))
        let warp = state.perspective
        state.apply(.setGuides([leaning[1]]))
        XCTAssertEqual(state.perspective, warp, "too few guides to say anything: the warp stays")
        state.apply(.setGuides(leaning))
        state.apply(.rotateRight)
        XCTAssertEqual(state.guides.count, 2)
        XCTAssertFalse(state.guides[0].isNearerVertical, "the verticals lie across the turned picture")
        assertGuidesUpright(state)
        XCTAssertEqual(state.perspective, warp.transformed(by: .rotate90CW))
    }
}
