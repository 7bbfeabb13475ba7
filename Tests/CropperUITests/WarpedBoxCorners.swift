import CropperTestSupport
import EditorState
import XCTest

/// The canvas's ground colour: what a corner shows when the box reaches off the photo.
let canvasGround = (r: 0x1e, g: 0x1f, b: 0x22)

/// The box lies on the photo as the state log says it is warped (straighten and perspective), and just inside each
/// of its corners the screen shows the photo, never the canvas.
func assertCornersShowThePhoto(_ harness: EditorWindowHarness, file: StaticString = #filePath, line: UInt = #line) throws {
    let entry = try harness.settled()
    let crop = try XCTUnwrap(entry.crop, file: file, line: line), size = try XCTUnwrap(entry.imageSize)
    let angles = entry.numbers("perspective") ?? [0, 0]
    let warped = WarpedPhoto(size: size, angle: StraightenAngle(degrees: entry.number("straighten") ?? 0),
                             perspective: PerspectiveAngles(vertical: angles[0], horizontal: angles[1]))
    XCTAssertTrue(warped.contains(crop), "\(crop) at \(warped.angle), \(warped.perspective)", file: file, line: line)
    let frame = try XCTUnwrap(entry.cropFrame), shot = try harness.screenshot()
    for (x, y) in [(frame.minX + 3, frame.minY + 3), (frame.maxX - 4, frame.minY + 3),
                   (frame.minX + 3, frame.maxY - 4), (frame.maxX - 4, frame.maxY - 4)] {
        let pixel = shot.rgb(Int(x), Int(y))
        let distance = abs(pixel.r - canvasGround.r) + abs(pixel.g - canvasGround.g) + abs(pixel.b - canvasGround.b)
        XCTAssertGreaterThan(distance, 30, "(\(Int(x)), \(Int(y))) is \(pixel): the canvas, not the photo",
                             file: file, line: line)
    }
}
