import XCTest
@testable import EditorState

/// Handle drags on the large image with the crop (1000, 1000, 3000, 2000), shown at (288, 200)–(816, 552).
/// 88 view px = 500 image px at the fitted zoom of 0.176; the drag minimum is ⌈32 / 0.176⌉ = 182 px.
final class CropResizeTests: XCTestCase {
    func stateWithCrop() -> EditorState {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func dragged(from: Point, by dx: Double, _ dy: Double) -> PixelRect? {
        var state = stateWithCrop()
        drag(&state, from: from, to: pt(from.x + dx, from.y + dy))
        return state.crop
    }

    func testRightHandle() { XCTAssertEqual(dragged(from: pt(816, 376), by: 88, 0), px(1000, 1000, 3500, 2000)) }
    func testLeftHandle() { XCTAssertEqual(dragged(from: pt(288, 376), by: -88, 0), px(500, 1000, 3500, 2000)) }
    func testTopHandle() { XCTAssertEqual(dragged(from: pt(552, 200), by: 0, -88), px(1000, 500, 3000, 2500)) }
    func testBottomHandle() { XCTAssertEqual(dragged(from: pt(552, 552), by: 0, 88), px(1000, 1000, 3000, 2500)) }
    func testTopLeftHandle() { XCTAssertEqual(dragged(from: pt(288, 200), by: 88, 88), px(1500, 1500, 2500, 1500)) }
    func testTopRightHandle() { XCTAssertEqual(dragged(from: pt(816, 200), by: 88, -88), px(1000, 500, 3500, 2500)) }
    func testBottomRightHandle() { XCTAssertEqual(dragged(from: pt(816, 552), by: -88, -88), px(1000, 1000, 2500, 1500)) }
    func testBottomLeftHandle() { XCTAssertEqual(dragged(from: pt(288, 552), by: -88, 88), px(500, 1000, 3500, 2500)) }

    func testSideHandleMovesOnlyItsOwnEdge() {
        // Vertical motion of the right handle changes nothing vertical.
        XCTAssertEqual(dragged(from: pt(816, 376), by: 44, 200), px(1000, 1000, 3250, 2000))
    }

    func testGrabOffsetDoesNotJump() {
        // Pressing 10 px inside the right edge and dragging 88 moves the edge by exactly 500.
        XCTAssertEqual(dragged(from: pt(806, 376), by: 88, 0), px(1000, 1000, 3500, 2000))
    }

    func testMinimumSizeStopsTheSides() {
        XCTAssertEqual(dragged(from: pt(816, 376), by: -2000, 0), px(1000, 1000, 182, 2000))
        XCTAssertEqual(dragged(from: pt(552, 200), by: 0, 2000), px(1000, 2818, 3000, 182))
    }

    func testMinimumSizeStopsTheCorners() {
        XCTAssertEqual(dragged(from: pt(288, 200), by: 2000, 2000), px(3818, 2818, 182, 182))
        XCTAssertEqual(dragged(from: pt(816, 552), by: -2000, -2000), px(1000, 1000, 182, 182))
    }

    func testMinimumSizeFollowsTheZoom() {
        var state = stateWithCrop()
        state.apply(.zoom(factor: 4, at: pt(552, 376)))  // zoom 0.704: minimum ⌈32 / 0.704⌉ = 46
        XCTAssertEqual(state.minimumCropSize, PixelSize(width: 46, height: 46))
        let right = state.viewport.viewPoint(fromImage: pt(4000, 2000))
        drag(&state, from: right, to: pt(right.x - 5000, right.y))
        XCTAssertEqual(state.crop, px(1000, 1000, 46, 2000))
    }

    func testImageEdgesClampEveryHandle() {
        XCTAssertEqual(dragged(from: pt(816, 552), by: 2000, 2000), px(1000, 1000, 5000, 3000))
        XCTAssertEqual(dragged(from: pt(288, 200), by: -2000, -2000), px(0, 0, 4000, 3000))
        XCTAssertEqual(dragged(from: pt(816, 200), by: 2000, -2000), px(1000, 0, 5000, 3000))
        XCTAssertEqual(dragged(from: pt(288, 552), by: -2000, 2000), px(0, 1000, 4000, 3000))
    }

    func testDraggingAHandleOfTheWholeImageFrameCreatesACrop() {
        var state = makeState()
        XCTAssertNil(state.crop)
        drag(&state, from: pt(1168, 376), to: pt(1080, 376))
        XCTAssertEqual(state.crop, px(0, 0, 5500, 4000))
        XCTAssertTrue(state.canUndo)
    }

    func testPressAndReleaseOnAWholeImageHandleLeavesNoCrop() {
        var state = makeState()
        state.apply(.pointerDown(pt(1168, 376), now: 0))
        XCTAssertEqual(state.activity, .draggingHandle(.right))
        state.apply(.pointerUp(pt(1168, 376), now: 0))
        XCTAssertNil(state.crop)
        XCTAssertFalse(state.canUndo)
        XCTAssertEqual(state.activity, .idle)
    }

    func testBoxSmallerThanTheMinimumKeepsItsSizeAsTheFloor() {
        let box = CropBox(rect: px(100, 100, 50, 50), imageSize: largeImage)
        XCTAssertEqual(box.resized(.right, by: pt(-40, 0), minimum: PixelSize(width: 182, height: 182)).rect,
                       px(100, 100, 50, 50))
        XCTAssertEqual(box.resized(.right, by: pt(40, 0), minimum: PixelSize(width: 182, height: 182)).rect,
                       px(100, 100, 90, 50))
    }

    func testMinimumSizeNeverExceedsTheImage() {
        XCTAssertEqual(CropBox.minimumSize(zoom: 0.176, imageSize: largeImage), PixelSize(width: 182, height: 182))
        XCTAssertEqual(CropBox.minimumSize(zoom: 0.01, imageSize: PixelSize(width: 3000, height: 100)),
                       PixelSize(width: 3000, height: 100))
        XCTAssertEqual(CropBox.minimumSize(zoom: 64, imageSize: largeImage), PixelSize(width: 1, height: 1))
    }
}
