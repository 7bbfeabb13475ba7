import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Lossless mode through the app state: J on a rotated photo, the block grid it snaps to, a box drawn with the
/// pointer snapping to it, and a save that is the command line's `--lossless` crop byte for byte.
/// (`LosslessWindowTests` keeps the grid as drawn on screen.)
final class AppLosslessTests: XCTestCase {
    func testJDrawAndSaveOnARotatedPhotoIsTheCommandLinesLosslessCrop() throws {
        try Tools.require("compare")
        // Stored 1200 × 1800 with Orientation 6: the 8 partial rows at the stored bottom show at the left.
        let scratch = try ScratchDirectory()
        let photo = try scratch.copy(Fixtures.path("Landscape", 6), as: "landscape.jpg")
        let app = try AppHarness(files: [photo])
        app.key("j")
        XCTAssertTrue(app.editor.isLossless)
        XCTAssertTrue(app.state.settings.lossless, "remembered")
        let grid = try XCTUnwrap(app.editor.losslessGrid)
        XCTAssertEqual(grid.cell, PixelSize(width: 16, height: 16))
        XCTAssertEqual(grid.usable, PixelRect(x: 8, y: 0, width: 1792, height: 1200))

        app.drag(from: app.windowPoint(ofPhoto: Point(x: 301.7, y: 203.2)), to: app.windowPoint(ofPhoto: Point(x: 1333.3, y: 901.9)))
        let crop = try XCTUnwrap(app.editor.crop)
        XCTAssertEqual((crop.x - 8) % 16, 0, "left edge on the grid: \(crop)")
        XCTAssertEqual(crop.y % 16, 0, "top edge on the grid: \(crop)")
        XCTAssertEqual(app.editor.losslessRect, crop)

        app.key("ctrl+s")
        let path = try XCTUnwrap(app.state.saving.lastSaved)
        XCTAssertEqual(app.notice, "Saved losslessly to \(path)")
        let expected = scratch.file("by-the-command-line.jpg")
        let cli = try Tools.run(try cropperBinary(), ["crop", photo, "--lossless", "-o", expected,
                                                      "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
        let compared = try Tools.run("compare", ["-metric", "AE", path, expected, "null:"])
        XCTAssertEqual(compared.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(SavedPhoto.decodedSize(path)?.width, crop.width)
        XCTAssertEqual(SavedPhoto.decodedSize(path)?.height, crop.height)
    }
}
