import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Saving the crop beside the photo, Save As, and closing with unsaved edits, in the real window.
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

    func testSaveWritesTheCropBesideThePhotoUnderAFreeName() throws {
        let harness = try openWithBox(PixelRect(x: 300, y: 200, width: 640, height: 480))
        try harness.key("r")
        try harness.waitFor("the rotation") { $0.orientation == 6 }
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        let expected = harness.workDirectory + "/sample-cropped.jpg"
        XCTAssertEqual(saved.lastSaved, expected)
        XCTAssertFalse(saved.dirty, "a successful save marks the edits saved")
        XCTAssertEqual(saved.toast, "Saved to \(expected)")
        XCTAssertFalse(saved.title.hasPrefix("•"))
        let size = try XCTUnwrap(SavedPhoto.decodedSize(expected))
        XCTAssertEqual(size.width, 480, "rotated a quarter turn: the saved picture is 480 wide")
        XCTAssertEqual(size.height, 640)
        XCTAssertEqual(SavedPhoto.exifTag("Orientation", of: expected), "Horizontal (normal)")
        XCTAssertEqual(SavedPhoto.exifTag("XResolution", of: expected), SavedPhoto.exifTag("XResolution", of: harness.photoPath))

        // The first name is taken now: the next save picks -2 and never overwrites.
        try harness.key("Return")
        let second = try harness.waitFor("the second save", timeout: 15) { $0.lastSaved?.hasSuffix("-2.jpg") == true }
        XCTAssertEqual(second.lastSaved, harness.workDirectory + "/sample-cropped-2.jpg")
        XCTAssertNotNil(SavedPhoto.decodedSize(harness.workDirectory + "/sample-cropped.jpg"))
    }

    func testSaveAsWritesUnderTheTypedNameAndRefusesThePhotoItself() throws {
        let harness = try openWithBox(PixelRect(x: 10, y: 20, width: 300, height: 200))
        try harness.key("ctrl+shift+s")
        let prompt = try harness.waitFor("the Save As dialog") { $0.visible("dialog") }
        let dialog = prompt.fields["dialog"] as? [String: Any]
        XCTAssertEqual(dialog?["path"] as? String, harness.workDirectory)
        XCTAssertEqual(dialog?["name"] as? String, "sample-cropped.jpg")
        try harness.key("ctrl+u")
        try harness.type("sample.jpg\n")
        let refused = try harness.waitFor("the refusal") { ($0.fields["dialog"] as? [String: Any])?["message"] is String }
        XCTAssertNil(refused.lastSaved)
        try harness.key("ctrl+u")
        try harness.type("detail.png\n")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        XCTAssertEqual(saved.lastSaved, harness.workDirectory + "/detail.png")
        let size = try XCTUnwrap(SavedPhoto.decodedSize(harness.workDirectory + "/detail.png"))
        XCTAssertEqual(size.width, 300)
        XCTAssertEqual(size.height, 200)
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

    func testSaveFromTheCloseQuestionSavesThenQuits() throws {
        let harness = try openWithBox(PixelRect(x: 0, y: 0, width: 900, height: 600))
        try harness.key("ctrl+q")
        try harness.waitFor("the confirmation") { $0.visible("confirm") }
        try harness.key("Return")
        XCTAssertTrue(harness.waitForExit(timeout: 15))
        let size = try XCTUnwrap(SavedPhoto.decodedSize(harness.workDirectory + "/sample-cropped.jpg"))
        XCTAssertEqual(size.width, 900)
        XCTAssertEqual(size.height, 600)
    }

    func testClosingWithoutEditsClosesAtOnce() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.sendDeleteWindow()
        XCTAssertTrue(harness.waitForExit())
    }
}
