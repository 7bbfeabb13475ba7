import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Perspective through the app state: the keys, the Vertical dial chosen by its label (a drag is one undo step, a
/// double-click resets), the box kept on the warped photo (its drawn corners show the photo), and a save that is
/// the command line's crop byte for byte. (`PerspectiveWindowTests` keeps the corners on the real screen.)
final class AppPerspectiveTests: XCTestCase {
    private func degrees(_ app: AppHarness) -> [Double] { [app.editor.perspective.vertical, app.editor.perspective.horizontal] }

    func testKeysTheVerticalDialUndoAndTheBoxOnTheWarpedPhoto() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try makeStraightStreet(in: scratch)])
        XCTAssertEqual(degrees(app), [0, 0])
        XCTAssertEqual(app.components.fields["dialMode"] as? String, "straighten")

        // ' ' " : vertical +1.2°; Alt+' : horizontal +0.1°. The box is the largest of the photo's shape.
        for key in ["'", "'", "\""] { app.key(key) }
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 12, horizontalTenths: 0))
        XCTAssertNotNil(app.editor.crop)
        app.key("alt+'")
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 12, horizontalTenths: 1))
        for _ in 0..<6 { app.key("\"") }
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 72, horizontalTenths: 1))
        try assertCornersShowThePhoto(app)

        // The Vertical label chooses the ruler; dragged 40 px right is 4° less, as one undo step.
        let vertical = StraightenDialComponent.label(.vertical, in: app.state.layout)
        app.click(WindowPoint(x: vertical.midX, y: vertical.midY))
        XCTAssertEqual(app.components.fields["dialMode"] as? String, "vertical")
        let ruler = StraightenDialComponent.ruler(in: app.state.layout)
        let middle = WindowPoint(x: ruler.midX, y: ruler.midY)
        app.drag(from: middle, to: WindowPoint(x: middle.x + 40, y: middle.y))
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 32, horizontalTenths: 1))
        XCTAssertEqual(app.components.fields["dialDragging"] as? Bool, false)
        try assertCornersShowThePhoto(app)
        app.key("ctrl+z")
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 72, horizontalTenths: 1), "one undo back")
        app.doubleClick(middle)
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 0, horizontalTenths: 1), "vertical 0° again")
        app.key("\\")
        XCTAssertEqual(app.editor.perspective, .zero)
        XCTAssertNil(app.editor.crop, "no box was made: none again with no warp")
    }

    func testAPerspectiveSaveIsTheCommandLinesCrop() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try makeStraightStreet(in: scratch)])
        for key in [";", ";", ":", ":", "alt+'"] { app.key(key) }
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: -22, horizontalTenths: 1))
        // A box in the middle: the warped pixels are resampled in the test's debug build, so it stays small.
        app.typeBox(PixelRect(x: 600, y: 400, width: 320, height: 200))
        let crop = try XCTUnwrap(app.editor.crop)
        XCTAssertEqual(crop, PixelRect(x: 600, y: 400, width: 320, height: 200))
        app.key("ctrl+s")
        XCTAssertEqual(app.events.last, "saved")
        let path = try XCTUnwrap(app.state.saving.lastSaved)
        let expected = scratch.file("by-the-command-line.jpg")
        let cli = try Tools.run(try cropperBinary(), ["crop", try XCTUnwrap(app.openPath), "--perspective", "-2.2,0.1",
                                                      "-o", expected, "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
    }
}
