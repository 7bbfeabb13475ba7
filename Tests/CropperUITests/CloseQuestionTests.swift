import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// The window manager's close button with unsaved edits, whatever is open: the question goes on top, where
/// it is seen and answered, and nothing is lost on the way.
final class CloseQuestionTests: XCTestCase {
    private func overlays(_ entry: LogEntry) -> [String] {
        entry.fields["overlays"] as? [String] ?? []
    }

    /// Opens the sample, turns it (an unsaved edit), opens `panel` with `keys`, then closes the window.
    private func askToClose(over panel: String, keys: [String]) throws -> EditorWindowHarness {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("r")
        try harness.waitFor("the turn") { $0.dirty }
        for key in keys { try harness.key(key) }
        try harness.waitFor("the \(panel)") { self.overlays($0).first == panel }
        try harness.sendDeleteWindow()
        let asked = try harness.waitFor("the question over the \(panel)") { self.overlays($0).first == "confirm" }
        XCTAssertTrue(asked.visible("confirm"))
        let shown = try harness.settled()
        XCTAssertEqual(shown.overlays.first, "confirm", "the frame on screen has the question on top")
        try assertQuestionIsOnScreen(harness)
        return harness
    }

    /// The question's panel is drawn last: between its Don't Save and Cancel buttons lies its plain panel colour
    /// (0x2f3136), not the dimmed sheet or dialog under it.
    private func assertQuestionIsOnScreen(_ harness: EditorWindowHarness) throws {
        let shot = try harness.screenshot()
        let panelX = Double(shot.width) / 2 - 240, panelY = Double(shot.height) / 2 - 75
        let patch = shot.mean(x: Int(panelX) + 150, y: Int(panelY) + 105, width: 60, height: 20)
        XCTAssertEqual(patch.r, 0x2f, accuracy: 2)
        XCTAssertEqual(patch.g, 0x31, accuracy: 2)
        XCTAssertEqual(patch.b, 0x36, accuracy: 2)
    }

    func testTheQuestionGoesAboveTheShortcutSheetAndCancelKeepsTheSheet() throws {
        let harness = try askToClose(over: "shortcuts", keys: ["question"])
        try harness.key("Escape")
        let cancelled = try harness.waitFor("the answer") { !$0.visible("confirm") }
        XCTAssertEqual(overlays(cancelled), ["shortcuts"], "Cancel answers the question; the sheet is still up")
        XCTAssertTrue(cancelled.dirty)
        XCTAssertTrue(harness.process.isRunning)
    }

    func testTheQuestionGoesAboveThePicker() throws {
        let harness = try askToClose(over: "picker", keys: ["p"])
        try harness.key("d")
        XCTAssertTrue(harness.waitForExit(), "Don’t Save, seen and chosen, closes the window")
    }

    func testTheQuestionGoesAboveTheFileDialog() throws {
        let harness = try askToClose(over: "dialog", keys: ["ctrl+o"])
        try harness.key("Escape")
        let cancelled = try harness.waitFor("the answer") { !$0.visible("confirm") }
        XCTAssertEqual(overlays(cancelled), ["dialog"])
    }

    func testTheQuestionReplacesTheNumericEntry() throws {
        let harness = try askToClose(over: "numericEntry", keys: ["n"])
        try harness.key("Return")
        XCTAssertTrue(harness.waitForExit(timeout: 15), "Save from the question saves, then closes")
        let saved = try XCTUnwrap(SavedPhoto.decodedSize(harness.workDirectory + "/sample-cropped.jpg"))
        XCTAssertEqual(saved.width, 1200, "the turned photo is saved upright, whole")
        XCTAssertEqual(saved.height, 1800)
    }
}
