import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Straightening through the app state: the dial keys, the dial dragged and double-clicked, the level tool and
/// auto-level, each keeping the box on the turned photo (its corners, drawn, show the photo and never the canvas),
/// and a straightened save that is the command line's crop byte for byte. (`StraightenWindowTests` keeps what only
/// the real window shows: the drawn corners on screen.)
final class AppStraightenTests: XCTestCase {
    private func street() throws -> (AppHarness, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try makeTiltedStreet(in: scratch)])
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 1500, height: 1000))
        return (app, scratch)
    }

    func testTheDialKeysTurnByTenthsAndTheBoxStaysOnThePhoto() throws {
        let (app, _) = try street()
        XCTAssertEqual(app.editor.straighten, .zero)
        XCTAssertNil(app.editor.crop)
        // . . > : +1.2°; < , : back to +0.1°. The box is the largest of the photo's shape.
        for key in [".", ".", ">"] { app.key(key) }
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 12))
        XCTAssertNotNil(app.editor.crop)
        for key in ["<", ","] { app.key(key) }
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 1))
        for _ in 0..<8 { app.key(">") }
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 81))
        try assertCornersShowThePhoto(app)
        XCTAssertFalse(app.editor.isLossless)
    }

    func testTheDialDraggedIsOneUndoStepAndADoubleClickSetsItBackToZero() throws {
        let (app, _) = try street()
        for _ in 0..<8 { app.key(">") }
        app.key(".")
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 81))
        // Dragged 40 px right is 4° less, as one undo step.
        let ruler = StraightenDialComponent.ruler(in: app.state.layout)
        let middle = WindowPoint(x: ruler.midX, y: ruler.midY)
        app.drag(from: middle, to: WindowPoint(x: middle.x + 40, y: middle.y))
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 41))
        XCTAssertNil(try XCTUnwrap(app.state.stack.component(StraightenDialComponent.self)).dragStart, "let go")
        try assertCornersShowThePhoto(app)
        app.key("ctrl+z")
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: 81), "one undo back")
        app.doubleClick(middle)
        XCTAssertEqual(app.editor.straighten, .zero)
        XCTAssertNil(app.editor.crop, "no box was made: none again at 0°")
    }

    func testTheLevelToolAndAutoLevelBothLevelTheFacade() throws {
        let (app, _) = try street()
        // Shift+drag along the facade's top edge (ImageMagick turned the photo 3° clockwise about its centre).
        func turned(_ x: Double, _ y: Double) -> WindowPoint {
            let t = 3.0 * Double.pi / 180
            return app.windowPoint(ofPhoto: Point(x: 750 + cos(t) * (x - 750) - sin(t) * (y - 500),
                                                  y: 500 + sin(t) * (x - 750) + cos(t) * (y - 500)))
        }
        app.drag(from: turned(300, 200), to: turned(1200, 200), modifiers: .shift)
        XCTAssertEqual(app.events.last, "levelLine")
        XCTAssertEqual(app.editor.straighten.degrees, -3, accuracy: 0.25)
        try assertCornersShowThePhoto(app)

        // Auto-level from 0°: the same answer.
        app.key("/")
        XCTAssertEqual(app.editor.straighten, .zero)
        app.key("l")
        XCTAssertEqual(app.events.last, "upright")
        XCTAssertEqual(app.state.upright.status, UprightStatus(mode: .level, running: false))
        XCTAssertEqual(app.editor.straighten.degrees, -3, accuracy: 0.2)
        try assertCornersShowThePhoto(app)
    }

    func testAutoLevelWithNoStraightEdgesSaysSoAndChangesNothing() throws {
        let cloud = try MadeOnce.convert("cloud.jpg", ["-size", "1200x800", "-seed", "9", "plasma:fractal", "-blur", "0x3"])
        let app = try AppHarness(files: [cloud])
        app.key("l")
        XCTAssertEqual(app.events.last, "uprightUnsure")
        XCTAssertEqual(app.editor.straighten, .zero)
        XCTAssertEqual(app.notice, "No long straight edges to level by; the angle is unchanged")
        XCTAssertFalse(app.editor.isDirty)
    }

    func testAStraightenedSaveIsTheCommandLinesCrop() throws {
        let (app, scratch) = try street()
        for key in [",", ",", "<", "<", "<"] { app.key(key) }
        XCTAssertEqual(app.editor.straighten, StraightenAngle(tenths: -32))
        // A box in the middle: the turned pixels are resampled in the test's debug build, so it stays small.
        app.typeBox(PixelRect(x: 600, y: 400, width: 320, height: 200))
        let crop = try XCTUnwrap(app.editor.crop)
        XCTAssertEqual(crop, PixelRect(x: 600, y: 400, width: 320, height: 200))
        app.key("ctrl+s")
        XCTAssertEqual(app.events.last, "saved")
        let path = try XCTUnwrap(app.state.saving.lastSaved)
        let expected = scratch.file("by-the-command-line.jpg")
        let cli = try Tools.run(try cropperBinary(), ["crop", try XCTUnwrap(app.openPath), "--straighten=-3.2", "-o", expected,
                                                      "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
    }
}
