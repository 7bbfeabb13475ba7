import XCTest
@testable import EditorState

final class MaskAndRecentreTests: XCTestCase {
    func stateWithCrop(recenters: Bool = false) -> EditorState {
        var state = makeState(recenters: recenters)
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testNoCropNoMaskButAFrame() {
        let state = makeState()
        XCTAssertNil(state.mask)
        assertRect(state.cropFrameInView, 112, 24, 1056, 704)
        XCTAssertNil(EditorState().cropFrameInView)
    }

    func testMaskAtRest() {
        let mask = stateWithCrop().mask
        XCTAssertEqual(mask?.outer, Rect(x: 0, y: 0, width: 1280, height: 752))
        assertRect(mask?.hole, 288, 200, 528, 352)
        XCTAssertEqual(mask?.alpha, 0.8)
        XCTAssertEqual(mask?.showsGrid, false)
        XCTAssertEqual(mask?.gridXs ?? [], [464, 640])
        XCTAssertEqual(mask?.gridYs[0] ?? 0, 200 + 352.0 / 3, accuracy: 1e-9)
    }

    func testMaskWhileShapingTheBox() {
        var state = stateWithCrop()
        state.apply(.pointerDown(pt(816, 376), now: 0))
        state.apply(.pointerDragged(pt(850, 376)))
        XCTAssertEqual(state.activity, .draggingHandle(.right))
        XCTAssertEqual(state.mask?.alpha, 0.45)
        XCTAssertEqual(state.mask?.showsGrid, true)
        state.apply(.pointerUp(pt(850, 376), now: 0))
        XCTAssertEqual(state.mask?.alpha, 0.8)
        XCTAssertEqual(state.mask?.showsGrid, false)

        state.apply(.pointerDown(pt(552, 376), now: 0))
        XCTAssertEqual(state.activity, .movingBox)
        XCTAssertEqual(state.mask?.alpha, 0.45)
        XCTAssertEqual(state.mask?.showsGrid, true)
        state.apply(.pointerUp(pt(552, 376), now: 0))
    }

    func testMaskWhilePanningOrAnimatingStaysAtRest() {
        var state = stateWithCrop()
        state.apply(.panBegan(pt(10, 10)))
        XCTAssertEqual(state.mask?.alpha, 0.8)
        XCTAssertEqual(state.mask?.showsGrid, false)
        state.apply(.panEnded)
        state.apply(.doubleClick(at: pt(552, 376), now: 0))
        XCTAssertEqual(state.activity, .animating)
        XCTAssertEqual(state.mask?.alpha, 0.8)
    }

    func testHandleDragEndsWithARecentreAnimation() {
        var state = stateWithCrop(recenters: true)
        drag(&state, from: pt(816, 376), to: pt(904, 376), now: 5)
        XCTAssertEqual(state.crop, px(1000, 1000, 3500, 2000))
        XCTAssertEqual(state.activity, .animating)
        let animation = state.animation
        XCTAssertEqual(animation?.startTime, 5)
        XCTAssertEqual(animation?.duration, 0.18)
        // The 3500×2000 box fills 1232×704 at 0.352, centred on (640, 376).
        XCTAssertEqual(animation?.to.zoomScale ?? 0, 0.352, accuracy: 1e-12)
        assertPoint(animation?.to.contentOffset, 328, 328)
        state.apply(.tick(now: 5.18))
        XCTAssertEqual(state.viewport, animation?.to)
        XCTAssertNil(state.animation)
        XCTAssertEqual(state.activity, .idle)
        assertRect(state.cropFrameInView, 24, 24, 1232, 704)
    }

    func testDrawnBoxIsRecentredToo() {
        var state = makeState(recenters: true)
        drag(&state, from: pt(464, 376), to: pt(552, 420), now: 1)
        XCTAssertEqual(state.crop, px(2000, 2000, 500, 250))
        XCTAssertEqual(state.animation?.to.zoomScale ?? 0, 2.464, accuracy: 1e-12)
        assertPoint(state.animation?.to.contentOffset, 4904, 4860)
    }

    func testRecentreIsClampedToTheZoomLimits() {
        var state = makeState(recenters: true)
        state.apply(.setCrop(px(0, 0, 6000, 4000)))
        drag(&state, from: pt(1168, 376), to: pt(1300, 376), now: 0)
        XCTAssertNil(state.animation, "already fitted: nothing to animate")
    }

    func testNoRecentreWhenTheSettingIsOffOrAfterAClick() {
        var off = stateWithCrop(recenters: false)
        drag(&off, from: pt(816, 376), to: pt(904, 376))
        XCTAssertNil(off.animation)
        var click = stateWithCrop(recenters: true)
        click.apply(.pointerDown(pt(816, 376), now: 0))
        click.apply(.pointerUp(pt(816, 376), now: 0))
        XCTAssertNil(click.animation)
        click.apply(.setRecentersAfterDrag(false))
        XCTAssertFalse(click.recentersAfterDrag)
    }
}
