import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Perspective in the real window, for what only X shows: the keystoned photo drawn and presented, the box's
/// corners on screen showing the photo (never the canvas). The keys, the dials, undo and the save are
/// `AppPerspectiveTests`, in-process.
final class PerspectiveWindowTests: XCTestCase {
    func perspective(_ entry: LogEntry) -> [Double] { entry.numbers("perspective") ?? [] }

    func testTheKeystonedBoxShowsThePhotoInItsCornersOnScreen() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeStraightStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(perspective(opened), [0, 0])
        try harness.key("quotedbl", "quotedbl", "quotedbl", "quotedbl", "quotedbl", "quotedbl", "quotedbl", "apostrophe",
                        "apostrophe", "alt+apostrophe")
        try harness.waitFor("vertical +7.2°, horizontal +0.1°") { self.perspective($0) == [7.2, 0.1] }
        try assertCornersShowThePhoto(harness)
        let tilted = try harness.screenshot()
        tilted.keepIfAsked(as: "perspective-keys.ppm")
    }
}
