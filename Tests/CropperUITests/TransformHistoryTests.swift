import CropperTestSupport
import EditorState
import XCTest

/// Rotate and flip in the real window: the box stays on the same part of the photo, as drawn (undo, redo and
/// typed numbers are tested in-process: `AppHistoryTests`).
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
}
