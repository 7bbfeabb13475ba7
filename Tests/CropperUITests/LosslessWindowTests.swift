import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Lossless mode in the real window: the block grid as drawn on the canvas (lined up with the photo's blocks at
/// 400 %, not drawn at fit on a big photo). J, snapping with the pointer and the save that is the command line's
/// `--lossless` crop are `AppLosslessTests`, in-process.
final class LosslessWindowTests: XCTestCase {
    /// A stored 512 × 1250 checkerboard of 16 px squares shown with Orientation 6: at 400 % the grid's vertical
    /// lines fall exactly on the squares' edges, 2 px in from the left (the partial rows) and 64 screen px apart.
    func testAt400PercentTheGridLinesUpWithThePhotosBlocks() throws {
        try Tools.require("convert")
        try Tools.require("exiftool")
        let home = try ScratchDirectory()
        let photo = home.path + "/checker.jpg"
        let made = try Tools.run("convert", [
            "-size", "32x32", "xc:white", "-fill", "#2050a0", "-draw", "rectangle 0,0 15,15",
            "-draw", "rectangle 16,16 31,31", "-write", "mpr:tile", "+delete", "-size", "512x1250", "tile:mpr:tile",
            "-type", "TrueColor", "-sampling-factor", "2x2", "-quality", "95", photo])
        XCTAssertEqual(made.status, 0, made.stderr)
        _ = try Tools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", photo])

        // 1072 wide: 1024 px to fit 1250 in, so fit is 0.8192 and double-click then four "+" make exactly 400 %.
        let harness = try EditorWindowHarness(photo: photo, geometry: "1072x640")
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(opened.minZoomScale, 0.8192, accuracy: 1e-9)
        try harness.key("j")
        try harness.waitFor("lossless mode") { $0.fields["lossless"] as? Bool == true }
        let frame = try XCTUnwrap(opened.imageFrame)
        try harness.doubleClick(frame.x + 40, frame.y + 40)
        try harness.waitFor("×2") { abs($0.zoomScale - 1.6384) < 1e-9 && !$0.animating }
        try harness.key("plus", "plus", "plus", "plus")
        try harness.waitFor("400 %") { abs($0.zoomScale - 4) < 1e-9 }
        let zoomed = try harness.settled()
        let grid = try XCTUnwrap(zoomed.fields["blockGrid"] as? [String: Any])
        XCTAssertEqual(grid["usable"] as? [Int], [2, 0, 1248, 512])
        XCTAssertEqual(grid["opacity"] as? Double, 1)
        let withGrid = try harness.screenshot()
        withGrid.keepIfAsked(as: "lossless-grid-400.ppm")

        try harness.key("j")
        try harness.waitFor("lossless off") { $0.fields["lossless"] as? Bool == false }
        let withoutGrid = try { _ = try harness.settled(); return try harness.screenshot() }()

        // A row across the middle of a block row, above the toast: the columns the grid changed are its lines.
        let image = try XCTUnwrap(zoomed.imageFrame), canvasTop = Int(try XCTUnwrap(zoomed.canvasOrigin).y)
        let row = max(canvasTop, Int(image.y.rounded())) + 10
        let y = row + (((row - Int(image.y.rounded())) % 64 == 0) ? 5 : 0)
        let changed = (0..<withGrid.width).filter { withGrid.rgb($0, y) != withoutGrid.rgb($0, y) }
        let boundaries = stride(from: Int(image.x.rounded()) + 8, to: withGrid.width, by: 64).filter { $0 >= 1 }
        XCTAssertEqual(changed, boundaries.flatMap { [$0 - 1, $0] },
                       "a dark and a light column at every block boundary: every 64 px, starting 2 photo px (8 screen px) in")
        for x in boundaries {
            let left = withoutGrid.rgb(x - 1, y), here = withoutGrid.rgb(x, y)
            XCTAssertGreaterThan(abs(left.r - here.r) + abs(left.g - here.g), 100, "a square's edge under the line at x \(x)")
        }
    }

    func testTheGridIsNotDrawnAtFitZoomOnA24MegapixelPhoto() throws {
        try Tools.require("convert")
        let home = try ScratchDirectory()
        let photo = home.path + "/large.jpg"
        let made = try Tools.run("convert", ["-size", "6000x4000", "gradient:#406080-#e0c0a0",
                                                            "-quality", "85", photo])
        XCTAssertEqual(made.status, 0, made.stderr)
        let harness = try EditorWindowHarness(photo: photo)
        try harness.waitUntilSettled()
        let before = try { _ = try harness.settled(); return try harness.screenshot() }()
        try harness.key("j")
        let on = try harness.waitFor("lossless mode") { $0.fields["lossless"] as? Bool == true }
        XCTAssertEqual((on.fields["blockGrid"] as? [String: Any])?["opacity"] as? Double, 0)
        let after = try { _ = try harness.settled(); return try harness.screenshot() }()
        let canvas = try XCTUnwrap(on.imageFrame)
        // The canvas above the toast is untouched: no line was drawn.
        let rows = Int(canvas.y)..<Int(canvas.y + canvas.height / 2)
        for y in rows { for x in Int(canvas.x)..<Int(canvas.maxX) where before.rgb(x, y) != after.rgb(x, y) {
            return XCTFail("pixel (\(x), \(y)) changed")
        } }
    }
}

extension Screenshot {
    /// With `CROPPER_KEEP_SCREENSHOTS` set to a folder, writes the screenshot there as a PPM, to look at.
    func keepIfAsked(as name: String) {
        guard let folder = ProcessInfo.processInfo.environment["CROPPER_KEEP_SCREENSHOTS"] else { return }
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for pixel in pixels {
            bytes += [UInt8((pixel >> 16) & 0xff), UInt8((pixel >> 8) & 0xff), UInt8(pixel & 0xff)]
        }
        _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
    }
}
