import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// The window manager's close button (WM_DELETE_WINDOW) in the real window: with unsaved edits it asks, and the
/// process ends only on the answer; without edits it ends at once. The rules of saving and of the question are
/// tested in-process (`AppSaveTests`, `AppCloseQuestionTests`).
final class SaveAndCloseTests: XCTestCase {
    private func openWithBox(_ rect: PixelRect) throws -> EditorWindowHarness {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("\(rect.x)\t\(rect.y)\t\(rect.width)\t\(rect.height)\n")
        try harness.waitFor("the typed box") { $0.crop == rect }
        return harness
    }

    func testClosingWithUnsavedEditsAsksFirst() throws {
        let harness = try openWithBox(PixelRect(x: 100, y: 100, width: 500, height: 300))
        try harness.sendDeleteWindow()
        try harness.waitFor("the confirmation") { $0.visible("confirm") }
        XCTAssertTrue(harness.process.isRunning)
        try harness.key("Escape")
        let cancelled = try harness.waitFor("cancel") { !$0.visible("confirm") }
        XCTAssertTrue(cancelled.dirty)
        XCTAssertTrue(harness.process.isRunning, "Cancel keeps the window open")

        try harness.sendDeleteWindow()
        try harness.waitFor("the confirmation again") { $0.visible("confirm") }
        try harness.key("d")
        XCTAssertTrue(harness.waitForExit(), "Don’t Save closes the window")
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.workDirectory + "/sample-cropped.jpg"))
    }

    func testClosingWithoutEditsClosesAtOnce() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.sendDeleteWindow()
        XCTAssertTrue(harness.waitForExit())
    }
}
