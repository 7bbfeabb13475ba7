import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Upright in the real window: the dial strip's Vertical button re-projects the leaning street so its façade is
/// upright, the state log's `upright` says what ran and how long it took, one Ctrl+Z takes it back, and U with
/// Shift asks for Full. The estimate runs off the event loop: frames go on while it runs.
final class UprightWindowTests: XCTestCase {
    func testTheVerticalButtonMakesTheFacadeUpright() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeLeaningStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        let buttons = try XCTUnwrap(opened.fields["uprightButtons"] as? [String: Any])
        let vertical = try XCTUnwrap(buttons["vertical"] as? [Double])
        try harness.click(vertical[0] + vertical[2] / 2, vertical[1] + vertical[3] / 2)
        let entry = try harness.waitFor("Upright's answer", timeout: 10) { $0.uprightAnswered("vertical") }
        let upright = try XCTUnwrap(entry.fields["upright"] as? [String: Any])
        XCTAssertEqual(upright["mode"] as? String, "vertical")
        XCTAssertEqual(upright["running"] as? Bool, false)
        XCTAssertNotNil(upright["ms"] as? Double)
        let angles = try XCTUnwrap(entry.numbers("perspective"))
        XCTAssertEqual(angles[0], 8, accuracy: 0.3)
        XCTAssertEqual(angles[1], 0, accuracy: 0.3)
        try assertCornersShowThePhoto(harness)
        let shot = try harness.screenshot()
        shot.keepIfAsked(as: "upright-vertical.ppm")

        try harness.key("ctrl+z")
        let undone = try harness.waitFor("one undo") { $0.numbers("perspective") == [0, 0] }
        XCTAssertNil(undone.crop)

        try harness.key("shift+u")
        let full = try harness.waitFor("Full's answer", timeout: 10) { $0.uprightAnswered("full") }
        // Full may also say it is unsure and change nothing.
        if full.numbers("perspective") != [0, 0] { try assertCornersShowThePhoto(harness) }
    }
}
