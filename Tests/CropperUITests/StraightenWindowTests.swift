import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Straightening in the real window: the dial keys, the dial itself, the level tool and auto-level, the box kept
/// on the turned photo (its corners show the photo, never the canvas), and a save that is the command line's crop.
final class StraightenWindowTests: XCTestCase {
    /// A facade, two posts and a lawn under a plasma sky, turned 3° clockwise by ImageMagick: a tilted street.
    func makeTiltedStreet(in directory: ScratchDirectory) throws -> String {
        let made = try MadeOnce.convert("tilted-street.jpg", [
            "-size", "1500x1000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
            "-fill", "#707880", "-draw", "rectangle 250,200 1250,900", "-fill", "#303438",
            "-draw", "rectangle 330,280 480,440", "-draw", "rectangle 600,280 750,440", "-draw", "rectangle 870,280 1020,440",
            "-draw", "rectangle 330,560 480,720", "-draw", "rectangle 600,560 750,720", "-draw", "rectangle 870,560 1020,720",
            "-fill", "#405030", "-draw", "rectangle 0,900 1500,1000",
            "-stroke", "#202020", "-strokewidth", "6", "-draw", "line 100,120 100,900", "-draw", "line 1400,160 1400,900",
            "-seed", "6", "-attenuate", "0.5", "+noise", "Gaussian", "-distort", "SRT", "3", "-quality", "92"])
        let copy = directory.file("street.jpg")
        return FileManager.default.fileExists(atPath: copy) ? copy : try directory.copy(made, as: "street.jpg")
    }

    func straighten(_ entry: LogEntry) -> Double { entry.number("straighten") ?? .nan }

    func testDialKeysLevelToolAndAutoLevel() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeTiltedStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(straighten(opened), 0)
        XCTAssertNil(opened.crop)

        // . . > : +1.2°; < , : back to +0.1°. The box is the largest of the photo's shape.
        try harness.key("period", "period", "greater")
        var entry = try harness.waitFor("+1.2°") { abs(self.straighten($0) - 1.2) < 1e-9 }
        XCTAssertNotNil(entry.crop)
        try harness.key("less", "comma")
        entry = try harness.waitFor("+0.1°") { abs(self.straighten($0) - 0.1) < 1e-9 }
        try harness.key("greater", "greater", "greater", "greater", "greater", "greater", "greater", "greater")
        try harness.waitFor("+8.1°") { abs(self.straighten($0) - 8.1) < 1e-9 }
        try assertCornersShowThePhoto(harness)
        XCTAssertEqual(try harness.settled().fields["lossless"] as? Bool, false)

        // The dial: dragged 40 px right is 4° less, as one undo step; a double-click sets it back to 0°.
        let dial = try XCTUnwrap(try harness.settled().numbers("straightenDial"))
        let middle = (dial[0] + dial[2] / 2, dial[1] + dial[3] / 2)
        try harness.drag(from: middle, to: (middle.0 + 40, middle.1), steps: 8)
        entry = try harness.waitFor("the dial let go at +4.1°") {
            abs(self.straighten($0) - 4.1) < 1e-9 && $0.fields["dialDragging"] as? Bool == false
        }
        try assertCornersShowThePhoto(harness)
        try harness.key("ctrl+z")
        try harness.waitFor("one undo back to +8.1°") { abs(self.straighten($0) - 8.1) < 1e-9 }
        try harness.doubleClick(middle.0, middle.1)
        entry = try harness.waitFor("0° again") { self.straighten($0) == 0 }
        XCTAssertNil(entry.crop, "no box was made: none again at 0°")

        // The level tool: Shift+drag along the facade's top edge (turned 3° clockwise) levels it.
        let image = try XCTUnwrap(entry.imageFrame), zoom = entry.zoomScale
        func onScreen(_ x: Double, _ y: Double) -> (Double, Double) {
            // A point of the photo as ImageMagick turned it by 3° about its centre.
            let c = (750.0, 500.0), t = 3.0 * Double.pi / 180
            let turned = (c.0 + cos(t) * (x - c.0) - sin(t) * (y - c.1), c.1 + sin(t) * (x - c.0) + cos(t) * (y - c.1))
            return (image.x + turned.0 * zoom, image.y + turned.1 * zoom)
        }
        _ = try harness.xdotool(["keydown", "shift"])
        try harness.drag(from: onScreen(300, 200), to: onScreen(1200, 200), steps: 8)
        _ = try harness.xdotool(["keyup", "shift"])
        entry = try harness.waitFor("levelled by the drawn line") { $0.fields["levelLine"] is NSNull && self.straighten($0) != 0 }
        XCTAssertEqual(straighten(entry), -3, accuracy: 0.25)
        try assertCornersShowThePhoto(harness)

        // Auto-level from 0°: the same answer.
        try harness.key("slash")
        try harness.waitFor("0°") { self.straighten($0) == 0 }
        try harness.key("l")
        entry = try harness.waitFor("auto-level") { $0.uprightAnswered("level") }
        XCTAssertEqual(straighten(entry), -3, accuracy: 0.2)
        try assertCornersShowThePhoto(harness)
        let status = try harness.screenshot()
        status.keepIfAsked(as: "straighten-levelled.ppm")
    }

    func testAutoLevelWithNoStraightEdgesSaysSoAndChangesNothing() throws {
        let scratch = try ScratchDirectory()
        let cloud = scratch.file("cloud.jpg")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", ["-size", "1200x800", "-seed", "9", "plasma:fractal",
                                                           "-blur", "0x3", cloud]).status, 0)
        let harness = try EditorWindowHarness(photo: cloud)
        try harness.waitUntilSettled()
        try harness.key("l")
        let entry = try harness.waitFor("the answer") { $0.uprightAnswered("level") }
        XCTAssertEqual(straighten(entry), 0)
        XCTAssertEqual(entry.toast, "No long straight edges to level by; the angle is unchanged")
        XCTAssertFalse(entry.dirty)
    }

    func testAStraightenedSaveIsTheCommandLinesCrop() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeTiltedStreet(in: scratch))
        try harness.waitUntilSettled()
        try harness.key("comma", "comma", "less", "less", "less")
        let turned = try harness.waitFor("−3.2°") { abs(self.straighten($0) + 3.2) < 1e-9 }
        let crop = try XCTUnwrap(turned.crop)
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 20) { $0.lastSaved != nil }
        let path = try XCTUnwrap(saved.lastSaved)
        let expected = harness.workDirectory + "/by-the-command-line.jpg"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--straighten=-3.2", "-o", expected,
                                                      "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
    }
}
