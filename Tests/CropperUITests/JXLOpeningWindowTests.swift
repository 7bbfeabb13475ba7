import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A lossy JPEG XL larger than its DC can show at fit, opening in the real window: the DC (1/8) is on screen first
/// and is not called sharp; the full decode replaces it and the fitted view becomes sharp. A lossless one has no DC
/// and opens as before.
final class JXLOpeningWindowTests: XCTestCase {
    private func jxl(distance: String, in scratch: ScratchDirectory) throws -> String {
        for tool in ["convert", "cjxl"] { try Tools.require(tool) }
        let picture = scratch.file("picture.png")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), "-resize", "2400x1600!",
                                                          picture]).status, 0)
        let photo = scratch.file(distance == "0" ? "lossless.jxl" : "lossy.jxl")
        XCTAssertEqual(try Tools.run("cjxl", [picture, photo, "-d", distance, "-e", "3"]).status, 0)
        return photo
    }

    func testTheDCStandsInUntilTheFullDecodeIsIn() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try jxl(distance: "1", in: scratch))
        let standIn = try harness.waitForEntry("the DC standing in") { $0.event == "standInShown" }
        XCTAssertEqual(standIn.fields["photoStandIn"] as? Bool, true)
        XCTAssertFalse(standIn.photoSharp, "the DC is never the sharp frame")
        XCTAssertFalse(standIn.loading, "the window has something to show")
        XCTAssertEqual(standIn.imageSize, PixelSize(width: 2400, height: 1600), "the photo's own size, not the DC's")

        let loaded = try harness.waitForEntry("the full decode", since: standIn.seq) {
            $0.event == "imageLoaded" && $0.time >= standIn.time
        }
        XCTAssertEqual(loaded.fields["photoStandIn"] as? Bool, false)
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        XCTAssertEqual(settled.fields["photoStandIn"] as? Bool, false)
        try harness.waitFor("the converted full resolution") { $0.fullResolution }
        let entries = harness.entries()
        let standInAt = try XCTUnwrap(entries.firstIndex { $0.event == "standInShown" })
        let loadedAt = try XCTUnwrap(entries.firstIndex { $0.event == "imageLoaded" })
        XCTAssertLessThan(standInAt, loadedAt)
        XCTAssertFalse(entries[..<loadedAt].contains { $0.photoSharp }, "nothing is sharp before the full decode is in")
    }

    func testALosslessJPEGXLHasNoStandIn() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try jxl(distance: "0", in: scratch))
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        XCTAssertEqual(settled.imageSize, PixelSize(width: 2400, height: 1600))
        XCTAssertFalse(harness.entries().contains { $0.event == "standInShown" || $0.fields["photoStandIn"] as? Bool == true })
    }
}
