import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// What the window really shows: the mask over the photo, and a clear message for a broken file.
final class CanvasPixelTests: XCTestCase {
    func testTheMaskDarkensOutsideTheBoxAndLeavesTheInsideUntouched() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.settled()
        let plain = try harness.screenshot()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("450\t300\t700\t500\n")
        let boxed = try harness.waitFor("the box") { $0.crop == PixelRect(x: 450, y: 300, width: 700, height: 500) }
        XCTAssertEqual(boxed.zoomScale, boxed.minZoomScale, "typing numbers does not move the view")
        try harness.settled()
        let masked = try harness.screenshot()
        let frame = try XCTUnwrap(boxed.cropFrame)
        let image = try XCTUnwrap(boxed.imageFrame)
        let inside = (x0: Int(frame.minX.rounded()), y0: Int(frame.minY.rounded()),
                      x1: Int(frame.maxX.rounded()), y1: Int(frame.maxY.rounded()))

        var insideChecked = 0
        for y in stride(from: inside.y0, to: inside.y1, by: 3) {
            for x in stride(from: inside.x0, to: inside.x1, by: 3) {
                XCTAssertTrue(masked.rgb(x, y) == plain.rgb(x, y), "pixel (\(x), \(y)) inside the box changed")
                insideChecked += 1
            }
        }
        XCTAssertGreaterThan(insideChecked, 1000)

        // Outside, on the photo and clear of the frame and handles: black at 0.8 over the photo.
        var outsideChecked = 0
        let margin = 8
        for y in stride(from: Int(image.minY.rounded()) + 2, to: Int(image.maxY.rounded()) - 2, by: 5) {
            for x in stride(from: Int(image.minX.rounded()) + 2, to: Int(image.maxX.rounded()) - 2, by: 5) {
                let nearBox = x > inside.x0 - margin && x < inside.x1 + margin && y > inside.y0 - margin && y < inside.y1 + margin
                guard !nearBox else { continue }
                let before = plain.rgb(x, y), after = masked.rgb(x, y)
                XCTAssertEqual(Double(after.r), Double(before.r) * 0.2, accuracy: 2, "(\(x), \(y))")
                XCTAssertEqual(Double(after.g), Double(before.g) * 0.2, accuracy: 2, "(\(x), \(y))")
                XCTAssertEqual(Double(after.b), Double(before.b) * 0.2, accuracy: 2, "(\(x), \(y))")
                outsideChecked += 1
            }
        }
        XCTAssertGreaterThan(outsideChecked, 1000)
    }

    func testACorruptFileOpensTheWindowWithAMessage() throws {
        let directory = NSTemporaryDirectory() + "cropper-corrupt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let broken = directory + "/broken.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x02, 0x03]).write(to: URL(fileURLWithPath: broken))
        let harness = try EditorWindowHarness(photo: broken, waitForImage: false)
        let failed = try harness.waitFor("the load error") { $0.fields["loadError"] is String }
        XCTAssertNil(failed.imageSize)
        XCTAssertTrue(harness.process.isRunning)
        // The canvas says so in words: bright text pixels in the middle of the dark canvas.
        let shot = try harness.screenshot()
        var bright = 0
        for y in 300..<480 {
            for x in 300..<980 where shot.rgb(x, y).r > 180 { bright += 1 }
        }
        XCTAssertGreaterThan(bright, 100)
    }
}
