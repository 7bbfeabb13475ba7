import XCTest
@testable import EditorState

final class ExportGeometryTests: XCTestCase {
    func testNothingToExportBeforeAPhoto() {
        XCTAssertNil(EditorState().exportRequest)
    }

    func testUntouchedPhotoExportsWhole() {
        let export = makeState().exportRequest
        XCTAssertEqual(export?.rectInUpright, px(0, 0, 6000, 4000))
        XCTAssertEqual(export?.userTransform, .normal)
        XCTAssertEqual(export?.isIdentity(uprightSize: largeImage), true)
    }

    func testCropOnAnExifRotatedPhoto() {
        var state = makeState(orientation: .rotate90CW)
        state.apply(.setCrop(px(100, 200, 1000, 2000)))
        let export = state.exportRequest
        XCTAssertEqual(state.uprightSize, PixelSize(width: 4000, height: 6000))
        XCTAssertEqual(export?.rectInUpright, px(100, 200, 1000, 2000))
        XCTAssertEqual(export?.rectInStored(sourceOrientation: .rotate90CW, storedSize: largeImage),
                       px(200, 2900, 2000, 1000))
        XCTAssertEqual(export?.outputSize, PixelSize(width: 1000, height: 2000))
        XCTAssertEqual(export?.isIdentity(uprightSize: state.uprightSize!), false)
    }

    func testUserRotationIsAppliedAfterTheCrop() {
        var state = makeState(orientation: .mirrorHorizontal)
        state.apply(.setCrop(px(100, 200, 1000, 2000)))
        state.apply(.rotateLeft)
        let export = state.exportRequest
        XCTAssertEqual(export?.rectInUpright, px(100, 200, 1000, 2000))
        XCTAssertEqual(export?.userTransform, .rotate270CW)
        XCTAssertEqual(state.displayOrientation, .transpose)
        XCTAssertEqual(export?.outputSize, PixelSize(width: 2000, height: 1000))
        XCTAssertEqual(export?.rectInStored(sourceOrientation: .mirrorHorizontal, storedSize: largeImage),
                       px(4900, 200, 1000, 2000))
    }
}

final class RobustnessTests: XCTestCase {
    func testActionsBeforeAPhotoDoNothing() {
        var state = EditorState()
        let actions: [EditorAction] = [
            .zoom(factor: 2, at: pt(1, 1)), .zoomToFit, .zoomToActualSize(at: nil), .pan(dx: 5, dy: 5),
            .doubleClick(at: pt(1, 1), now: 0), .tick(now: 1), .pointerDown(pt(1, 1), now: 0),
            .pointerDragged(pt(50, 50)), .pointerUp(pt(50, 50), now: 0), .nudge(dx: 1, dy: 1),
            .resizeCrop(dw: 1, dh: 1), .setCrop(px(0, 0, 5, 5)), .rotateLeft, .flipVertical,
            .setAspect(.square), .cycleAspect, .swapAspectOrientation, .undo, .redo, .reset,
        ]
        for action in actions { state.apply(action) }
        XCTAssertNil(state.imageSize)
        XCTAssertNil(state.crop)
        XCTAssertFalse(state.canUndo)
        XCTAssertEqual(state.activity, .idle)
    }

    func testEmptyImageAndNonFiniteInputAreIgnored() {
        var state = makeState()
        let before = state
        state.apply(.loadImage(storedSize: PixelSize(width: 0, height: 10), orientation: .normal))
        state.apply(.zoom(factor: .infinity, at: pt(1, 1)))
        state.apply(.zoom(factor: 2, at: pt(.nan, 1)))
        state.apply(.pan(dx: .nan, dy: 0))
        state.apply(.pointerDown(pt(.nan, .nan), now: 0))
        state.apply(.doubleClick(at: pt(.infinity, 0), now: 0))
        state.apply(.resizeView(Size(width: .nan, height: 100)))
        XCTAssertEqual(state, before)
    }

    func testDegenerateCanvasStillGivesFiniteNumbers() {
        var state = makeState(view: Size(width: 10, height: 10))
        XCTAssertEqual(state.viewport.availableSize, Size(width: 1, height: 1))
        XCTAssertTrue(state.viewport.zoomScale > 0 && state.viewport.zoomScale.isFinite)
        drag(&state, from: pt(5, 5), to: pt(9, 9))
        XCTAssertNotNil(state.crop)
        XCTAssertTrue(PixelRect(size: largeImage).contains(state.crop!))
    }
}
