import CropperTestSupport
import XCTest

/// Opening a photo: the first sharp frame at fit is the last one that changes, while the full decode still
/// arrives for the zooms that need it.
final class SettleAtOnceTests: XCTestCase {
    func testTheFittedViewsFirstCopyIsItsLastAndAZoomUsesTheFullDecode() throws {
        // 3000×2000 in a 720×440 window: the 1/2-scale preview is over twice the fitted view, the full decode
        // comes separately.
        let scratch = try ScratchDirectory()
        let photo = scratch.file("big.jpg")
        try Tools.run("/usr/bin/convert", ["-size", "3000x2000", "plasma:", "-quality", "85", photo])
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
}
