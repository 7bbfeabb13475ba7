import CropperTestSupport
import Foundation
import XCTest

/// Opening a photo: the first sharp frame at fit is the last one that changes, while the full decode still
/// arrives for the zooms that need it.
final class SettleAtOnceTests: XCTestCase {
    /// A 3000 × 2000 plasma (2.3 CPU-seconds of ImageMagick), made once for both tests.
    static func bigPhoto() throws -> String {
        try MadeOnce.convert("plasma-3000.jpg", ["-size", "3000x2000", "-seed", "4", "plasma:", "-quality", "85"])
    }

    func testTheFittedViewsFirstCopyIsItsLastAndAZoomUsesTheFullDecode() throws {
        // 3000×2000 in a 720×440 window: the 1/2-scale preview is over twice the fitted view, the full decode
        // comes separately.
        let scratch = try ScratchDirectory()
        let photo = try scratch.copy(try Self.bigPhoto(), as: "big.jpg")
        let harness = try EditorWindowHarness(photos: [photo], geometry: "720x440", copyPhoto: false)
        try harness.waitFor("the full decode and the copy") { $0.fullResolution && $0.photoSharp }
        let fitted = try harness.settled()
        // The loader made the fitted view's copy with the preview: the photo arrives sharp, and no later copy
        // replaces it when the full decode comes.
        let loaded = try XCTUnwrap(harness.entries().first { $0.event == "imageLoaded" })
        XCTAssertTrue(loaded.photoSharp, "sharp from its first frame")
        XCTAssertEqual(harness.entries().filter { $0.event == "scaledCopy" }.count, 0, "no copy replaced it")
        XCTAssertEqual(loaded.zoomScale, fitted.zoomScale)

        let before = harness.entries().count
        try harness.doubleClick(360, 220)
        let zoomed = try harness.waitFor("the zoomed view, sharp") {
            !$0.animating && $0.zoomScale > fitted.zoomScale && $0.photoSharp
        }
        XCTAssertEqual(zoomed.zoomScale, 2 * fitted.zoomScale, accuracy: 1e-9)
        XCTAssertTrue(harness.entries().dropFirst(before).contains { $0.event == "scaledCopy" },
                      "the zoomed view gets its own copy, from the full decode")
    }

    /// The photo named on the command line is decoded while the window is set up, for the size asked for; its
    /// frame is the one a decode started by the window makes (two photos on the command line start none).
    func testThePreviewDecodedBeforeTheWindowShowsTheSamePixels() throws {
        let scratch = try ScratchDirectory()
        let photo = try scratch.copy(try Self.bigPhoto(), as: "big.jpg")
        let early = try EditorWindowHarness(photos: [photo], geometry: "720x440", copyPhoto: false)
        try early.waitFor("the full decode and the copy") { $0.fullResolution && $0.photoSharp }
        XCTAssertEqual(early.entries().first { $0.event == "imageLoaded" }?.fields["previewDecodedEarly"] as? Bool, true)
        let earlyPixels = try early.screenshot()
        try early.sendDeleteWindow()
        XCTAssertTrue(early.waitForExit())

        let second = scratch.file("second.jpg")
        try FileManager.default.copyItem(atPath: photo, toPath: second)
        let byWindow = try EditorWindowHarness(photos: [photo, second], geometry: "720x440", copyPhoto: false)
        try byWindow.waitFor("the full decode and the copy") { $0.fullResolution && $0.photoSharp }
        XCTAssertEqual(byWindow.entries().first { $0.event == "imageLoaded" }?.fields["previewDecodedEarly"] as? Bool, false)
        let windowPixels = try byWindow.screenshot()
        // The status bar names the list ("1 / 2"): everything above it must be the same.
        let controls = try XCTUnwrap(byWindow.entries().last?.fields["controls"] as? [[String: Any]])
        let statusBarTop = try XCTUnwrap((controls.first { $0["id"] as? String == "fileName" }?["rect"] as? [Int])?[1])
        let above = 0..<(statusBarTop * earlyPixels.width)
        XCTAssertEqual(Array(earlyPixels.pixels[above]), Array(windowPixels.pixels[above]))
    }
}
