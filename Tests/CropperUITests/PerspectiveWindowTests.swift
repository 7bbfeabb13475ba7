import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Perspective in the real window: the keys, the Vertical and Horizontal dials (a drag is one undo step, a
/// double-click resets), the box kept on the warped photo (its corners show the photo, never the canvas), the state
/// log's `perspective`, and a save that is the command line's crop.
final class PerspectiveWindowTests: XCTestCase {
    /// The street of the straighten tests, not turned: a photo whose box must follow a keystone.
    func makeStreet(in directory: ScratchDirectory) throws -> String {
        let path = directory.file("street.jpg")
        let made = try Tools.run("/usr/bin/convert", [
            "-size", "1500x1000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
            "-fill", "#707880", "-draw", "rectangle 250,200 1250,900", "-fill", "#303438",
            "-draw", "rectangle 330,280 480,440", "-draw", "rectangle 600,280 750,440", "-draw", "rectangle 870,280 1020,440",
            "-fill", "#405030", "-draw", "rectangle 0,900 1500,1000", "-quality", "92", path])
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }

    func perspective(_ entry: LogEntry) -> [Double] { entry.numbers("perspective") ?? [] }

    func testKeysDialsUndoAndTheBoxOnTheWarpedPhoto() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(perspective(opened), [0, 0])
        XCTAssertEqual(opened.fields["dialMode"] as? String, "straighten")

        // ' ' " : vertical +1.2°; Alt+' : horizontal +0.1°. The box is the largest of the photo's shape.
        try harness.key("apostrophe", "apostrophe", "quotedbl")
        var entry = try harness.waitFor("vertical +1.2°") { self.perspective($0) == [1.2, 0] }
        XCTAssertNotNil(entry.crop)
        try harness.key("alt+apostrophe")
        entry = try harness.waitFor("horizontal +0.1°") { self.perspective($0) == [1.2, 0.1] }
        try harness.key("quotedbl", "quotedbl", "quotedbl", "quotedbl", "quotedbl", "quotedbl")
        try harness.waitFor("vertical +7.2°") { self.perspective($0) == [7.2, 0.1] }
        try assertCornersShowThePhoto(harness)
        let tilted = try harness.screenshot()
        tilted.keepIfAsked(as: "perspective-keys.ppm")

        // The Vertical label chooses the ruler; dragged 40 px right is 4° less, as one undo step.
        let vertical = try XCTUnwrap(try harness.settled().numbers("verticalDial"))
        try harness.click(vertical[0] + vertical[2] / 2, vertical[1] + vertical[3] / 2)
        try harness.waitFor("the vertical dial") { $0.fields["dialMode"] as? String == "vertical" }
        let dial = try XCTUnwrap(try harness.settled().numbers("straightenDial"))
        let middle = (dial[0] + dial[2] / 2, dial[1] + dial[3] / 2)
        try harness.drag(from: middle, to: (middle.0 + 40, middle.1), steps: 8)
        entry = try harness.waitFor("the dial let go at +3.2°") {
            self.perspective($0) == [3.2, 0.1] && $0.fields["dialDragging"] as? Bool == false
        }
        try assertCornersShowThePhoto(harness)
        try harness.key("ctrl+z")
        try harness.waitFor("one undo back to +7.2°") { self.perspective($0) == [7.2, 0.1] }
        try harness.doubleClick(middle.0, middle.1)
        try harness.waitFor("vertical 0° again") { self.perspective($0) == [0, 0.1] }
        try harness.key("backslash")
        entry = try harness.waitFor("no perspective") { self.perspective($0) == [0, 0] }
        XCTAssertNil(entry.crop, "no box was made: none again with no warp")
    }

    func testAPerspectiveSaveIsTheCommandLinesCrop() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeStreet(in: scratch))
        try harness.waitUntilSettled()
        try harness.key("semicolon", "semicolon", "colon", "colon", "alt+apostrophe")
        let warped = try harness.waitFor("−2.2°, +0.1°") { self.perspective($0) == [-2.2, 0.1] }
        let crop = try XCTUnwrap(warped.crop)
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 20) { $0.lastSaved != nil }
        let path = try XCTUnwrap(saved.lastSaved)
        let expected = harness.workDirectory + "/by-the-command-line.jpg"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--perspective", "-2.2,0.1", "-o", expected,
                                                      "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
    }
}
