import CropperTestSupport
import EditorState
import XCTest

/// Rotate, flip, undo and redo in the real window: the box stays on the same part of the photo.
final class TransformHistoryTests: XCTestCase {
    private func openWithBox() throws -> (EditorWindowHarness, LogEntry) {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("200\t150\t600\t400\n")
        try harness.waitFor("the typed box") { $0.crop == PixelRect(x: 200, y: 150, width: 600, height: 400) }
        return (harness, try harness.waitUntilSettled())
    }

    /// Mean colour inside the on-screen crop frame (a little inside, clear of the handles).
    private func meanInsideFrame(_ harness: EditorWindowHarness, _ entry: LogEntry) throws -> (r: Double, g: Double, b: Double) {
        let frame = try XCTUnwrap(entry.cropFrame)
        let shot = try harness.screenshot()
        return shot.mean(x: Int(frame.minX.rounded()) + 2, y: Int(frame.minY.rounded()) + 2,
                         width: Int(frame.width.rounded()) - 4, height: Int(frame.height.rounded()) - 4)
    }

    func testRotatingAndFlippingKeepTheBoxOnTheSameContent() throws {
        let (harness, boxed) = try openWithBox()
        let imageSize = try XCTUnwrap(boxed.imageSize)
        let crop = try XCTUnwrap(boxed.crop)
        let colour = try meanInsideFrame(harness, boxed)

        let steps: [(key: String, step: Orientation)] = [("r", .rotate90CW), ("h", .mirrorHorizontal),
                                                         ("shift+r", .rotate270CW), ("v", .mirrorVertical)]
        var expectedCrop = crop
        var expectedSize = imageSize
        var orientation = Orientation.normal
        for (key, step) in steps {
            expectedCrop = step.displayedRect(fromStored: expectedCrop, storedSize: expectedSize)
            expectedSize = step.displayedSize(forStored: expectedSize)
            orientation = orientation.followed(by: step)
            try harness.key(key)
            let turned = try harness.waitFor("\(key)") { $0.orientation == orientation.rawValue && $0.crop == expectedCrop }
            XCTAssertEqual(turned.imageSize, expectedSize, key)
            XCTAssertEqual(turned.zoomScale, turned.minZoomScale, accuracy: 1e-12, "\(key) refits the view")
            let onScreen = try harness.settled()
            let turnedColour = try meanInsideFrame(harness, onScreen)
            // The same pixels, turned: their average colour does not change.
            XCTAssertEqual(turnedColour.r, colour.r, accuracy: 4, key)
            XCTAssertEqual(turnedColour.g, colour.g, accuracy: 4, key)
            XCTAssertEqual(turnedColour.b, colour.b, accuracy: 4, key)
        }
    }

    func testUndoAndRedoStepThroughTheEdits() throws {
        let (harness, boxed) = try openWithBox()
        let crop = try XCTUnwrap(boxed.crop)
        XCTAssertTrue(boxed.dirty)
        try harness.key("r")
        let rotated = try harness.waitFor("the rotation") { $0.orientation == Orientation.rotate90CW.rawValue }
        try harness.key("ctrl+z")
        let undone = try harness.waitFor("undo of the rotation") { $0.orientation == 1 }
        XCTAssertEqual(undone.crop, crop)
        try harness.key("ctrl+z")
        let empty = try harness.waitFor("undo of the box") { $0.crop == nil }
        XCTAssertFalse(empty.dirty)
        XCTAssertFalse(empty.title.hasPrefix("•"))
        try harness.key("ctrl+shift+z")
        try harness.waitFor("redo of the box") { $0.crop == crop && $0.orientation == 1 }
        try harness.key("ctrl+y")
        let redone = try harness.waitFor("redo of the rotation") { $0.orientation == Orientation.rotate90CW.rawValue }
        XCTAssertEqual(redone.crop, rotated.crop)
        XCTAssertTrue(redone.title.hasPrefix("• "), "the title marks unsaved edits")
    }

    func testTypedNumbersOutsideTheImageAreRefusedWithAHint() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("100\t100\t5000\t300\n")
        let refused = try harness.waitFor("the refusal") { ($0.fields["numericEntry"] as? [String: Any])?["error"] is String }
        XCTAssertNil(refused.crop)
        try harness.key("Escape")
        let closed = try harness.waitFor("the entry to close") { !$0.visible("numericEntry") }
        XCTAssertNil(closed.crop)
    }
}
