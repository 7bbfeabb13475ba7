import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// Save As onto a full disk in the real window: a banner says why, the edits stay as they were,
/// and saving somewhere else afterwards writes them.
final class FailedSaveWindowTests: XCTestCase {
    func testAFailedSaveKeepsTheEditsAndSaysWhy() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch)
        try disk.fill(leaving: 32 << 10)
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let rect = PixelRect(x: 100, y: 80, width: 900, height: 600)
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("\(rect.x)\t\(rect.y)\t\(rect.width)\t\(rect.height)\n")
        try harness.waitFor("the typed box") { $0.crop == rect }
        try harness.key("r")
        let edited = try harness.waitFor("the rotation") { $0.orientation == 6 }
        XCTAssertTrue(edited.dirty)

        try harness.key("ctrl+shift+s")
        try harness.waitFor("the Save As field") { $0.visible("dialog") }
        try harness.key("ctrl+u")
        try harness.type(disk.file("crop.jpg") + "\n")
        let failed = try harness.waitFor("the failure banner", timeout: 15) { $0.banner != nil && !($0.fields["saving"] as? Bool ?? true) }
        XCTAssertEqual(failed.banner, "Could not save crop.jpg: cannot write (No space left on device). Your edits are still here.")
        XCTAssertEqual(failed.crop, edited.crop)
        XCTAssertEqual(failed.orientation, 6)
        XCTAssertTrue(failed.dirty)
        XCTAssertEqual(failed.fields["canUndo"] as? Bool, edited.fields["canUndo"] as? Bool)
        XCTAssertNil(failed.lastSaved)
        XCTAssertEqual(disk.entries, ["filler"], "no partial file and no temporary file on the full disk")
        XCTAssertTrue(harness.process.isRunning)

        // The banner is on screen: its dark red panel across the top of the canvas.
        let shot = try harness.screenshot()
        let origin = try XCTUnwrap(failed.canvasOrigin), canvas = try XCTUnwrap(failed.canvasSize)
        let panel = shot.mean(x: Int(origin.x + canvas.width) - 70, y: Int(origin.y) + 15, width: 10, height: 4)
        XCTAssertEqual(panel.r, 0x5a, accuracy: 12)
        XCTAssertEqual(panel.g, 0x23, accuracy: 12)
        XCTAssertEqual(panel.b, 0x26, accuracy: 12)

        // The same edits saved elsewhere.
        try harness.key("ctrl+shift+s")
        try harness.waitFor("the Save As field again") { $0.visible("dialog") }
        try harness.key("ctrl+u")
        try harness.type(harness.workDirectory + "/rescued.jpg\n")
        let saved = try harness.waitFor("the second save", timeout: 15) { $0.lastSaved != nil }
        XCTAssertFalse(saved.dirty)
        XCTAssertEqual(try PhotoSource.open(path: harness.workDirectory + "/rescued.jpg").decodeFull().size,
                       PixelSize(width: 600, height: 900))
    }
}
