import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A JPEG XL larger than its DC can show at fit, opening in the real window: nothing stands in (libjxl 0.7 would
/// render the whole picture to hand out the DC, which delays the sharp frame); the first picture on screen is the
/// full decode's fitted copy, sharp (decoded while the window was set up), and the converted full resolution
/// follows behind it.
final class JXLOpeningWindowTests: XCTestCase {
    private func jxl(distance: String, in scratch: ScratchDirectory) throws -> String {
        for tool in ["convert", "cjxl"] { try Tools.require(tool) }
        // Made once for both tests, at zlib's fastest level: 0.4 CPU-seconds instead of twice 1.9 for the same
        // pixels and the same JPEG XL.
        let picture = try MadeOnce.convert("landscape-2400.png", [Fixtures.path("Landscape", 1), "-resize", "2400x1600!",
                                                                  "-define", "png:compression-level=1"])
        let photo = scratch.file(distance == "0" ? "lossless.jxl" : "lossy.jxl")
        XCTAssertEqual(try Tools.run("cjxl", [picture, photo, "-d", distance, "-e", "3"]).status, 0)
        return photo
    }

    private func assertTheFirstPictureIsSharp(_ photo: String) throws {
        let harness = try EditorWindowHarness(photo: photo)
        let loaded = try harness.waitForEntry("the full decode") { $0.event == "imageLoaded" }
        XCTAssertEqual(loaded.fields["photoStandIn"] as? Bool, false)
        XCTAssertEqual(loaded.imageSize, PixelSize(width: 2400, height: 1600))
        XCTAssertEqual(loaded.fields["previewDecodedEarly"] as? Bool, true, "decoded while the window was set up")
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        try harness.waitFor("the converted full resolution") { $0.fullResolution }
        let entries = harness.entries()
        XCTAssertFalse(entries.contains { $0.event == "standInShown" || $0.fields["photoStandIn"] as? Bool == true })
        let firstPicture = try XCTUnwrap(entries.first { $0.event == "frame" && $0.imageSize != nil })
        XCTAssertTrue(firstPicture.photoSharp, "the first frame with the photo in it is the sharp one")
    }

    func testALossyJPEGXLOpensStraightToTheSharpFrame() throws {
        let scratch = try ScratchDirectory()
        try assertTheFirstPictureIsSharp(try jxl(distance: "1", in: scratch))
    }

    func testALosslessJPEGXLOpensStraightToTheSharpFrame() throws {
        let scratch = try ScratchDirectory()
        try assertTheFirstPictureIsSharp(try jxl(distance: "0", in: scratch))
    }
}
