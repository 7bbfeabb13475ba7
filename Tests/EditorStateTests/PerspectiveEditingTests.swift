import XCTest
@testable import EditorState

final class PerspectiveEditingTests: XCTestCase {
    let tilt = PerspectiveAngles(verticalTenths: 150, horizontalTenths: -50)

    func testWithNoCropTheLargestBoxAppearsAndGoesAtZero() {
        var state = makeState()
        state.apply(.setPerspective(tilt))
        let photo = state.warpedPhoto!
        XCTAssertEqual(state.crop, photo.largestBoxOfItsShape)
        XCTAssertTrue(photo.contains(state.crop!))
        XCTAssertEqual(state.perspective, tilt)
        state.apply(.setPerspective(.zero))
        XCTAssertNil(state.crop)
        XCTAssertEqual(state.history.undoStack.count, 2)
    }

    func testReturningToZeroGivesTheUsersBoxBack() {
        var state = makeState()
        state.apply(.setCrop(px(100, 100, 5800, 3800)))
        state.apply(.dragPerspective(PerspectiveAngles(verticalTenths: 100, horizontalTenths: 0)))
        state.apply(.dragPerspective(tilt))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        XCTAssertNotEqual(state.crop, px(100, 100, 5800, 3800))
        XCTAssertEqual(state.activity, .straightening)
        state.apply(.dragPerspective(.zero))
        state.apply(.endStraightenDrag)
        XCTAssertEqual(state.crop, px(100, 100, 5800, 3800))
        XCTAssertEqual(state.activity, .idle)
        // The whole drag is one undo step, and it changed nothing in the end.
        XCTAssertEqual(state.history.undoStack.count, 1)
    }

    func testADragIsOneUndoStep() {
        var state = makeState()
        for tenths in stride(from: 10, through: 120, by: 10) {
            state.apply(.dragPerspective(PerspectiveAngles(verticalTenths: tenths, horizontalTenths: 0)))
        }
        state.apply(.endStraightenDrag)
        XCTAssertEqual(state.history.undoStack.count, 1)
        state.apply(.undo)
        XCTAssertEqual(state.perspective, .zero)
        XCTAssertNil(state.crop)
    }

    func testKeysMakeOneUndoStepPerBurst() {
        var state = makeState()
        for _ in 0..<5 { state.apply(.turnPerspective(vertical: 1, horizontal: 0)) }
        state.apply(.turnPerspective(vertical: 0, horizontal: -10))
        XCTAssertEqual(state.perspective, PerspectiveAngles(verticalTenths: 5, horizontalTenths: -10))
        XCTAssertEqual(state.history.undoStack.count, 1)
        state.apply(.nudge(dx: 5, dy: 0))
        state.apply(.turnPerspective(vertical: -10, horizontal: 0))
        XCTAssertEqual(state.history.undoStack.count, 3)
        state.apply(.undo)
        state.apply(.undo)
        state.apply(.undo)
        XCTAssertEqual(state.perspective, .zero)
    }

    func testEveryEditKeepsTheBoxOnTheWarpedPhoto() {
        var state = makeState()
        state.apply(.setPerspective(tilt))
        state.apply(.setCrop(px(0, 0, 6000, 4000)))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "typed")
        for _ in 0..<40 { state.apply(.nudge(dx: -50, dy: -50)) }
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "nudged")
        state.apply(.setAspect(.square))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "square")
        state.apply(.resizeCrop(dw: 4000, dh: 4000))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "resized")
        state.apply(.rotateRight)
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "turned")
        state.apply(.flipHorizontal)
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "flipped")
    }

    func testARotationCarriesThePerspectiveWithThePicture() {
        var state = makeState()
        state.apply(.setPerspective(tilt))
        state.apply(.rotateRight)
        XCTAssertEqual(state.perspective, tilt.transformed(by: .rotate90CW))
        // The vertical correction of the photo as shot is now across the screen.
        XCTAssertEqual(state.perspective.horizontalTenths, -150)
        XCTAssertEqual(state.exportRequest?.perspective, tilt)
        state.apply(.flipHorizontal)
        XCTAssertEqual(state.exportRequest?.perspective, tilt)
    }

    func testTheLensIsNotAnEdit() {
        var state = makeState()
        state.apply(.setLensFocalLength(50))
        XCTAssertEqual(state.focal35mm, 50)
        XCTAssertFalse(state.canUndo)
        state.apply(.setPerspective(tilt))
        XCTAssertEqual(state.crop, WarpedPhoto(size: largeImage, angle: .zero, perspective: tilt, focal35mm: 50).largestBoxOfItsShape)
        XCTAssertEqual(state.exportRequest?.focal35mm, 50)
        state.apply(.loadImage(storedSize: largeImage, orientation: .normal))
        XCTAssertEqual(state.focal35mm, 28)
    }

    func testALosslessCropIsNotOfferedWithPerspective() {
        var state = makeState()
        state.apply(.setPerspective(tilt))
        guard case .unavailable = state.losslessAvailability else { return XCTFail("lossless offered") }
    }
}
