import CropperTestSupport
import EditorState
import XCTest

/// Handles, moving, drawing and clearing the crop box with the pointer, in the real window.
final class CropGestureTests: XCTestCase {
    private func openSample() throws -> (EditorWindowHarness, EditorModel) {
        let harness = try EditorWindowHarness()
        let loaded = try harness.waitUntilSettled()
        return (harness, EditorModel(loaded: loaded, storedSize: PixelSize(width: 1800, height: 1200)))
    }

    /// Draws the starting box and checks it against the model.
    private func drawBox(_ harness: EditorWindowHarness, _ model: inout EditorModel,
                         from: (Double, Double), to: (Double, Double)) throws -> LogEntry {
        try harness.drag(from: from, to: to)
        model.drag(from: from, to: to)
        let entry = try harness.waitFor("the drawn box") { $0.crop == model.state.crop && $0.activity == "idle" && !$0.animating }
        XCTAssertEqual(entry.zoomScale, model.state.viewport.zoomScale, accuracy: 1e-9)
        return entry
    }

    func testDraggingEachOfTheEightHandlesMovesOnlyItsEdges() throws {
        let (harness, initial) = try openSample()
        var model = initial
        model.state.apply(.setRecentersAfterDrag(true))
        _ = try drawBox(harness, &model, from: (400, 250), to: (800, 550))
        let handles: [(Handle, dx: Double, dy: Double)] = [
            (.topLeft, -30, -20), (.top, 0, 25), (.topRight, 20, -15), (.right, -35, 0),
            (.bottomRight, 25, 30), (.bottom, 0, -20), (.bottomLeft, -15, 25), (.left, 30, 0),
        ]
        for (handle, dx, dy) in handles {
            let before = try XCTUnwrap(harness.waitUntilSettled())
            let frame = try XCTUnwrap(before.cropFrame)
            let start = handle.position(on: frame)
            let from = (start.x.rounded(), start.y.rounded())
            let to = (from.0 + dx, from.1 + dy)
            let oldCrop = try XCTUnwrap(before.crop)
            try harness.drag(from: from, to: to)
            model.drag(from: from, to: to)
            let after = try harness.waitFor("the \(handle) drag") { $0.crop == model.state.crop && $0.activity == "idle" && !$0.animating }
            let crop = try XCTUnwrap(after.crop)
            // The edges the handle does not own stay exactly where they were.
            if !handle.contains(.left) && !handle.contains(.right) {
                XCTAssertEqual(crop.x, oldCrop.x, "\(handle)")
                XCTAssertEqual(crop.width, oldCrop.width, "\(handle)")
            }
            if !handle.contains(.top) && !handle.contains(.bottom) {
                XCTAssertEqual(crop.y, oldCrop.y, "\(handle)")
                XCTAssertEqual(crop.height, oldCrop.height, "\(handle)")
            }
            if handle.contains(.right) { XCTAssertEqual(crop.x, oldCrop.x, "\(handle) keeps the left edge") }
            if handle.contains(.bottom) { XCTAssertEqual(crop.y, oldCrop.y, "\(handle) keeps the top edge") }
            if handle.contains(.left) { XCTAssertEqual(crop.maxX, oldCrop.maxX, "\(handle) keeps the right edge") }
            if handle.contains(.top) { XCTAssertEqual(crop.maxY, oldCrop.maxY, "\(handle) keeps the bottom edge") }
            // The moved edge travelled the drag distance in image pixels (±1 for rounding).
            let zoom = before.zoomScale
            if handle.contains(.right) { XCTAssertEqual(Double(crop.maxX - oldCrop.maxX), dx / zoom, accuracy: 1, "\(handle)") }
            if handle.contains(.left) { XCTAssertEqual(Double(crop.x - oldCrop.x), dx / zoom, accuracy: 1, "\(handle)") }
            if handle.contains(.bottom) { XCTAssertEqual(Double(crop.maxY - oldCrop.maxY), dy / zoom, accuracy: 1, "\(handle)") }
            if handle.contains(.top) { XCTAssertEqual(Double(crop.y - oldCrop.y), dy / zoom, accuracy: 1, "\(handle)") }
            XCTAssertEqual(after.zoomScale, model.state.viewport.zoomScale, accuracy: 1e-9, "\(handle)")
        }
    }

    func testDraggingInsideMovesTheBoxWithoutResizingIt() throws {
        let (harness, initial) = try openSample()
        var model = initial
        let drawn = try drawBox(harness, &model, from: (450, 300), to: (700, 500))
        let frame = try XCTUnwrap(drawn.cropFrame)
        let from = (frame.midX.rounded(), frame.midY.rounded())
        let to = (from.0 - 60, from.1 + 40)
        let old = try XCTUnwrap(drawn.crop)
        try harness.drag(from: from, to: to)
        model.drag(from: from, to: to)
        let moved = try harness.waitFor("the move") { $0.crop == model.state.crop && $0.activity == "idle" }
        let crop = try XCTUnwrap(moved.crop)
        XCTAssertEqual(crop.width, old.width)
        XCTAssertEqual(crop.height, old.height)
        XCTAssertEqual(Double(crop.x - old.x), -60 / drawn.zoomScale, accuracy: 1)
        XCTAssertEqual(Double(crop.y - old.y), 40 / drawn.zoomScale, accuracy: 1)
    }

    func testDrawingANewBoxWorksInEveryDirection() throws {
        let (harness, initial) = try openSample()
        var model = initial
        model.state.apply(.setRecentersAfterDrag(true))
        let directions: [(from: (Double, Double), to: (Double, Double))] = [
            ((300, 200), (500, 400)), ((900, 600), (700, 420)), ((900, 200), (700, 380)), ((300, 650), (520, 450)),
        ]
        for (index, stroke) in directions.enumerated() {
            // Start from the fitted view each time, so every stroke starts outside any box.
            try harness.key("Escape")
            model.apply(.setCrop(nil))
            try harness.key("0")
            model.apply(.zoomToFit)
            try harness.waitFor("a cleared, fitted view") { $0.crop == nil && $0.zoomScale == $0.minZoomScale }
            let before = try XCTUnwrap(harness.current)
            try harness.drag(from: stroke.from, to: stroke.to)
            model.drag(from: stroke.from, to: stroke.to)
            let after = try harness.waitFor("stroke \(index)") { $0.crop == model.state.crop && $0.activity == "idle" && !$0.animating }
            let crop = try XCTUnwrap(after.crop)
            // The box spans the stroke whichever way it went.
            let zoom = before.zoomScale
            XCTAssertEqual(Double(crop.width), abs(stroke.to.0 - stroke.from.0) / zoom, accuracy: 1.5, "stroke \(index)")
            XCTAssertEqual(Double(crop.height), abs(stroke.to.1 - stroke.from.1) / zoom, accuracy: 1.5, "stroke \(index)")
        }
    }

    func testClickingOutsideTheBoxClearsIt() throws {
        let (harness, initial) = try openSample()
        var model = initial
        model.state.apply(.setRecentersAfterDrag(true))
        _ = try drawBox(harness, &model, from: (500, 300), to: (700, 450))
        XCTAssertTrue(try XCTUnwrap(harness.current).maskVisible)
        try harness.click(40, 90)
        let cleared = try harness.waitFor("the crop to clear") { $0.crop == nil }
        XCTAssertFalse(cleared.maskVisible)
        XCTAssertNil(cleared.cropFrame)
    }
}
