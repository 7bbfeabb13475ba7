import CropperTestSupport
@testable import EditorState
import XCTest

/// Zooming and fitting in the real window: double-click, wheel, window resize.
final class ViewportTests: XCTestCase {
    private func openSample() throws -> (EditorWindowHarness, EditorModel) {
        let harness = try EditorWindowHarness()
        let loaded = try harness.waitUntilSettled()
        return (harness, EditorModel(loaded: loaded, storedSize: PixelSize(width: 1800, height: 1200)))
    }

    func testDoubleClickZoomsInAboutThePointAndBackToFit() throws {
        let (harness, initial) = try openSample()
        var model = initial
        let fitted = try XCTUnwrap(harness.current)
        let point = (420.0, 300.0)
        let imagePointBefore = model.state.viewport.imagePoint(fromView: model.canvas(point))

        try harness.doubleClick(point.0, point.1)
        model.doubleClick(point)
        let zoomed = try harness.waitFor("the double-click zoom") { $0.event == "tick" && !$0.animating && $0.zoomScale > fitted.zoomScale }
        XCTAssertEqual(zoomed.zoomScale, model.state.viewport.zoomScale, accuracy: 1e-9)
        XCTAssertEqual(zoomed.zoomScale, 2 * fitted.zoomScale, accuracy: 1e-9)
        let offset = try XCTUnwrap(zoomed.contentOffset)
        XCTAssertEqual(offset.x, model.state.viewport.contentOffset.x, accuracy: 1e-9)
        XCTAssertEqual(offset.y, model.state.viewport.contentOffset.y, accuracy: 1e-9)
        // The image point that was under the pointer is still under it.
        let imagePointAfter = Point(x: (model.canvas(point).x + offset.x) / zoomed.zoomScale,
                                    y: (model.canvas(point).y + offset.y) / zoomed.zoomScale)
        XCTAssertEqual(imagePointAfter.x, imagePointBefore.x, accuracy: 1e-6)
        XCTAssertEqual(imagePointAfter.y, imagePointBefore.y, accuracy: 1e-6)

        try harness.doubleClick(point.0, point.1)
        model.doubleClick(point)
        let back = try harness.waitFor("the zoom back to fit") { !$0.animating && $0.zoomScale == $0.minZoomScale }
        XCTAssertEqual(back.zoomScale, fitted.zoomScale, accuracy: 1e-12)
        XCTAssertEqual(back.contentOffset, fitted.contentOffset)
    }

    func testWheelZoomKeepsTheImagePointUnderThePointer() throws {
        let (harness, initial) = try openSample()
        var model = initial
        let point = (640.0, 380.0)
        let before = model.state.viewport.imagePoint(fromView: model.canvas(point))
        try harness.click(point.0, point.1, button: 4)
        try harness.click(point.0, point.1, button: 4)
        model.state.apply(.zoom(factor: 1.2, at: model.canvas(point)))
        model.state.apply(.zoom(factor: 1.2, at: model.canvas(point)))
        let zoomed = try harness.waitFor("two wheel notches") { abs($0.zoomScale - model.state.viewport.zoomScale) < 1e-9 }
        let offset = try XCTUnwrap(zoomed.contentOffset)
        XCTAssertEqual(offset.x, model.state.viewport.contentOffset.x, accuracy: 1e-9)
        XCTAssertEqual(offset.y, model.state.viewport.contentOffset.y, accuracy: 1e-9)
        XCTAssertEqual((model.canvas(point).x + offset.x) / zoomed.zoomScale, before.x, accuracy: 1e-6)
        XCTAssertEqual((model.canvas(point).y + offset.y) / zoomed.zoomScale, before.y, accuracy: 1e-6)

        try harness.click(point.0, point.1, button: 5)
        model.state.apply(.zoom(factor: 1 / 1.2, at: model.canvas(point)))
        try harness.waitFor("a wheel notch out") { abs($0.zoomScale - model.state.viewport.zoomScale) < 1e-9 }
    }

    func testMiddleDragPansTheZoomedImage() throws {
        let (harness, initial) = try openSample()
        var model = initial
        try harness.key("1")
        model.apply(.zoomToActualSize(at: nil))
        let actual = try harness.waitFor("100 %") { $0.zoomScale == 1 }
        try harness.drag(from: (640, 400), to: (560, 340), button: 2)
        let panned = try harness.waitFor("the pan") { $0.contentOffset != actual.contentOffset && $0.activity == "idle" }
        let before = try XCTUnwrap(actual.contentOffset), after = try XCTUnwrap(panned.contentOffset)
        XCTAssertEqual(after.x - before.x, 80, accuracy: 1e-9, "dragging left by 80 px shows what lay 80 px to the right")
        XCTAssertEqual(after.y - before.y, 60, accuracy: 1e-9)
    }

    func testResizingTheWindowKeepsTheImageFitted() throws {
        let (harness, _) = try openSample()
        try harness.resizeWindow(width: 1000, height: 640)
        let resized = try harness.waitFor("the new size") { $0.window?.width == 1000 && $0.window?.height == 640 }
        XCTAssertEqual(resized.zoomScale, resized.minZoomScale, accuracy: 1e-12)
        let canvas = try XCTUnwrap(resized.canvasSize)
        var expected = EditorState()
        expected.apply(.resizeView(canvas))
        expected.apply(.loadImage(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal))
        XCTAssertEqual(resized.zoomScale, expected.viewport.zoomScale, accuracy: 1e-12)
        let frame = try XCTUnwrap(resized.imageFrame)
        let origin = try XCTUnwrap(resized.canvasOrigin)
        XCTAssertGreaterThanOrEqual(frame.minX, origin.x - 1e-9)
        XCTAssertLessThanOrEqual(frame.maxX, origin.x + canvas.width + 1e-9)
        XCTAssertGreaterThanOrEqual(frame.minY, origin.y - 1e-9)
        XCTAssertLessThanOrEqual(frame.maxY, origin.y + canvas.height + 1e-9)
        // Centred in the canvas.
        XCTAssertEqual(frame.midX, origin.x + canvas.width / 2, accuracy: 1e-6)
        XCTAssertEqual(frame.midY, origin.y + canvas.height / 2, accuracy: 1e-6)
    }
}
