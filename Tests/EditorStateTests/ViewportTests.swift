import XCTest
@testable import EditorState

final class ViewportTests: XCTestCase {
    let large = Viewport(viewSize: canvas, contentSize: Size(width: 6000, height: 4000))
    let small = Viewport(viewSize: canvas, contentSize: Size(width: 400, height: 300))

    func testLargeImageOpensFittedAndCentred() {
        XCTAssertEqual(large.availableSize, Size(width: 1232, height: 704))
        XCTAssertEqual(large.fitScale, 0.176, accuracy: 1e-12)
        XCTAssertEqual(large.minZoomScale, 0.176, accuracy: 1e-12)
        XCTAssertEqual(large.maxZoomScale, 8)
        XCTAssertEqual(large.zoomScale, 0.176, accuracy: 1e-12)
        assertPoint(large.contentOffset, -112, -24)
        assertRect(large.contentFrame, 112, 24, 1056, 704)
    }

    func testSmallImageOpensAtActualSizeCentred() {
        XCTAssertEqual(small.fitScale, 704.0 / 300.0, accuracy: 1e-12)
        XCTAssertEqual(small.minZoomScale, 1)
        XCTAssertEqual(small.maxZoomScale, 8)
        XCTAssertEqual(small.zoomScale, 1)
        assertPoint(small.contentOffset, -440, -226)
        assertRect(small.contentFrame, 440, 226, 400, 300)
    }

    func testMaxZoomIsThreeTimesFitForTinyImages() {
        let tiny = Viewport(viewSize: canvas, contentSize: Size(width: 10, height: 10))
        XCTAssertEqual(tiny.fitScale, 70.4, accuracy: 1e-12)
        XCTAssertEqual(tiny.minZoomScale, 1)
        XCTAssertEqual(tiny.maxZoomScale, 211.2, accuracy: 1e-9)
    }

    func testViewImageTransformsAreInverse() {
        assertPoint(large.viewPoint(fromImage: pt(0, 0)), 112, 24)
        assertPoint(large.viewPoint(fromImage: pt(1000, 1000)), 288, 200)
        assertPoint(large.imagePoint(fromView: pt(1168, 728)), 6000, 4000)
        assertRect(large.viewRect(fromImage: px(1000, 1000, 3000, 2000)), 288, 200, 528, 352)
        assertRect(large.imageRect(fromView: Rect(x: 288, y: 200, width: 528, height: 352)), 1000, 1000, 3000, 2000)
    }

    func testZoomAtCursorKeepsTheImagePointUnderIt() {
        let cursor = pt(400, 300)
        let before = large.imagePoint(fromView: cursor)
        let zoomed = large.zoomed(by: 2, about: cursor)
        XCTAssertEqual(zoomed.zoomScale, 0.352, accuracy: 1e-12)
        assertPoint(zoomed.contentOffset, 176, 252)
        assertPoint(zoomed.imagePoint(fromView: cursor), before.x, before.y)
        let again = zoomed.zoomed(by: 1.5, about: pt(1000, 100))
        let anchor = zoomed.imagePoint(fromView: pt(1000, 100))
        assertPoint(again.imagePoint(fromView: pt(1000, 100)), anchor.x, anchor.y)
        XCTAssertEqual(again.zoomScale, 0.528, accuracy: 1e-12)
    }

    func testZoomIsClampedToItsLimits() {
        XCTAssertEqual(large.zoomed(by: 1000, about: pt(640, 376)).zoomScale, 8)
        XCTAssertEqual(large.zoomed(by: 0.01, about: pt(640, 376)).zoomScale, 0.176, accuracy: 1e-12)
        XCTAssertEqual(large.zoomed(by: .nan, about: pt(640, 376)), large)
        XCTAssertEqual(large.zoomed(by: -2, about: pt(640, 376)), large)
    }

    func testZoomOutNearTheEdgeIsPulledBackByTheClamp() {
        let zoomed = large.zoomed(to: 0.352, about: pt(640, 376))
        assertPoint(zoomed.contentOffset, 416, 328)
        // About (1270, 750) the left image edge would come in to x = 72.56, past the 24 px inset: x is clamped,
        // y keeps the anchor ((750 + 328) / 0.352 · 0.25 − 750 = 15.625).
        let out = zoomed.zoomed(to: 0.25, about: pt(1270, 750))
        XCTAssertEqual(out.zoomScale, 0.25, accuracy: 1e-12)
        assertPoint(out.contentOffset, -24, 15.625)
    }

    func testPanIsClampedSoTheImageEdgesStopAtTheInset() {
        let zoomed = large.zoomed(by: 2, about: pt(400, 300))
        assertPoint(zoomed.panned(dx: 10_000, dy: 10_000).contentOffset, -24, -24)
        assertPoint(zoomed.panned(dx: -10_000, dy: -10_000).contentOffset, 856, 680)
        assertPoint(zoomed.panned(dx: 24, dy: -2).contentOffset, 152, 254)
    }

    func testPanAtMinimumZoomKeepsTheImageCentred() {
        assertPoint(large.panned(dx: 300, dy: -300).contentOffset, -112, -24)
        assertPoint(small.panned(dx: 300, dy: -300).contentOffset, -440, -226)
    }

    func testPartlyLargerContentIsCentredOnOneAxisOnly() {
        // 640×480 at zoom 2 is 1280×960: wider than the 1232 available, so x spans [−24, 24]; taller too.
        let vp = Viewport(viewSize: canvas, contentSize: Size(width: 640, height: 480)).zoomed(to: 2, about: pt(640, 376))
        assertPoint(vp.clampedOffset(pt(-500, 10_000), zoom: 2), -24, 232)
        assertPoint(vp.clampedOffset(pt(500, -500), zoom: 1), -320, -136)
    }

    func testResizeAtMinimumZoomStaysFitted() {
        let resized = large.resized(to: Size(width: 1000, height: 600))
        XCTAssertEqual(resized.zoomScale, 0.138, accuracy: 1e-12)
        assertPoint(resized.contentOffset, -86, -24)
    }

    func testResizeWhenZoomedKeepsTheCentreImagePoint() {
        let zoomed = large.zoomed(by: 2, about: pt(400, 300))
        let resized = zoomed.resized(to: Size(width: 1000, height: 600))
        XCTAssertEqual(resized.zoomScale, 0.352, accuracy: 1e-12)
        assertPoint(resized.contentOffset, 316, 328)
    }

    func testCustomInsetChangesTheFit() {
        let vp = Viewport(viewSize: canvas, contentSize: Size(width: 6000, height: 4000), contentInset: .zero)
        XCTAssertEqual(vp.fitScale, 0.188, accuracy: 1e-12)
        assertPoint(vp.contentOffset, -76, 0)
        let padded = vp.replacingInset(EdgeInsets(all: 24))
        XCTAssertEqual(padded.zoomScale, 0.176, accuracy: 1e-12)
    }

    func testFocusingOnARectCentresAndFillsTheAvailableArea() {
        let focused = large.focused(on: Rect(x: 1000, y: 1000, width: 3500, height: 2000))
        XCTAssertEqual(focused.zoomScale, 0.352, accuracy: 1e-12)
        assertPoint(focused.contentOffset, 328, 328)
        // A one-pixel box cannot zoom past the maximum.
        XCTAssertEqual(large.focused(on: Rect(x: 10, y: 10, width: 1, height: 1)).zoomScale, 8)
    }
}
