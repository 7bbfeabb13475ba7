import EditorState
import XCTest
@testable import CropperUI

/// The box lies on the warped (turned, keystoned) photo, and the frame drawn shows the photo (not the canvas's
/// ground) just inside each of its corners.
func assertCornersShowThePhoto(_ app: AppHarness, file: StaticString = #filePath, line: UInt = #line) throws {
    let crop = try XCTUnwrap(app.editor.crop, file: file, line: line)
    XCTAssertTrue(try XCTUnwrap(app.editor.warpedPhoto).contains(crop), "\(crop) at \(app.editor.straighten), \(app.editor.perspective)",
                  file: file, line: line)
    let box = try XCTUnwrap(app.editor.cropFrameInView, file: file, line: line)
    let canvas = app.state.layout.deviceCanvas, frame = app.frame()
    for (x, y) in [(box.minX + 3, box.minY + 3), (box.maxX - 4, box.minY + 3), (box.minX + 3, box.maxY - 4),
                   (box.maxX - 4, box.maxY - 4)] {
        let pixel = frame.rgb(x: Int(canvas.x + x), y: Int(canvas.y + y))
        let (r, g, b) = (Int(pixel >> 16), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        let distance = abs(r - canvasGround.r) + abs(g - canvasGround.g) + abs(b - canvasGround.b)
        XCTAssertGreaterThan(distance, 30, "(\(Int(x)), \(Int(y))) is \(String(pixel, radix: 16)): the canvas, not the photo",
                             file: file, line: line)
    }
}
