import CropperTestSupport
import EditorState
import XCTest
@testable import CropperUI

/// The warped photo as the window draws it, through the app state's frame: a transparent photo shows the
/// checkerboard under the warp (not the canvas), the opaque part its own colour, and the canvas around it the
/// ground darkened by the mask.
final class AppWarpPixelTests: XCTestCase {
    func testATransparentPhotoShowsTheCheckerboardUnderThePerspective() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("half.png")
        // The left half opaque red, the right half clear.
        let made = try Tools.run("/usr/bin/convert", ["-size", "600x400", "xc:none", "-fill", "#ff0000",
                                                       "-draw", "rectangle 0,0 299,399", path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let app = try AppHarness(files: [path])
        for _ in 0..<5 { app.key("\"") }
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 50, horizontalTenths: 0))
        let crop = try XCTUnwrap(app.editor.crop)
        let frame = app.frame()
        let canvas = app.state.layout.deviceCanvas, content = app.editor.viewport.contentFrame
        let zoom = content.width / 600
        func pixel(_ x: Double, _ y: Double) -> UInt32 {
            frame.rgb(x: Int(canvas.x + content.x + x * zoom), y: Int(canvas.y + content.y + y * zoom))
        }
        // Inside the box: the clear half is the checkerboard's light or dark grey, the red half red.
        let middle = Double(crop.y) + Double(crop.height) / 2
        var greys = Set<UInt32>()
        for x in stride(from: 330.0, to: Double(crop.maxX) - 10, by: 7) {
            let seen = pixel(x, middle)
            XCTAssertTrue(seen == 0xCCCCCC || seen == 0x9E9E9E, "(\(x), \(middle)) shows \(String(seen, radix: 16))")
            greys.insert(seen)
        }
        XCTAssertEqual(greys.count, 2, "both squares of the checkerboard show")
        let red = pixel(Double(crop.x) + 40, middle)
        XCTAssertEqual(red, 0xFF0000, String(red, radix: 16))
        // The canvas's corner: the ground under the mask.
        XCTAssertEqual(frame.rgb(x: Int(canvas.x) + 1, y: Int(canvas.y) + 1), 0x050606)
    }
}
