import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Straightening in the real window, for what only X shows: the turned photo drawn and presented, the box's
/// corners on screen showing the photo (never the canvas). The rules (the dial keys, the dial, the level tool,
/// auto-level, the save) are `AppStraightenTests`, in-process.
final class StraightenWindowTests: XCTestCase {
    func straighten(_ entry: LogEntry) -> Double { entry.number("straighten") ?? .nan }

    func testTheTurnedBoxShowsThePhotoInItsCornersOnScreen() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeTiltedStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(straighten(opened), 0)
        try harness.key("greater", "greater", "greater", "greater", "greater", "greater", "greater", "greater", "period")
        try harness.waitFor("+8.1°") { abs(self.straighten($0) - 8.1) < 1e-9 }
        try assertCornersShowThePhoto(harness)
        try harness.key("slash", "l")
        let entry = try harness.waitFor("auto-level") { $0.uprightAnswered("level") }
        XCTAssertEqual(straighten(entry), -3, accuracy: 0.2)
        try assertCornersShowThePhoto(harness)
        let status = try harness.screenshot()
        status.keepIfAsked(as: "straighten-levelled.ppm")
    }
}
