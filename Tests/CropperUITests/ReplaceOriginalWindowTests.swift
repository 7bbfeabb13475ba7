import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Saving over the photo from the window: asked the first time, the original to the freedesktop trash, the
/// photo opened again as saved; with the trash unusable nothing is replaced.
final class ReplaceOriginalWindowTests: XCTestCase {
    private func typeBox(_ harness: EditorWindowHarness, _ rect: PixelRect) throws {
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("\(rect.x)\t\(rect.y)\t\(rect.width)\t\(rect.height)\n")
        try harness.waitFor("the typed box") { $0.crop == rect }
    }

    private func saveShot(_ harness: EditorWindowHarness, _ name: String) throws {
        guard let shots = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try EditorWindowHarness.run("/usr/bin/import", ["-window", harness.windowID, shots + "/" + name],
                                        display: harness.display)
    }

    private func settings(_ entry: LogEntry) -> [String: Any] { entry.fields["settings"] as? [String: Any] ?? [:] }

    func testSaveOverTheOriginalAsksOnceAndPutsTheOriginalInTheTrash() throws {
        let home = try TestHome()
        let harness = try EditorWindowHarness(home: home)
        let photo = harness.photoPath
        let original = try readBytes(photo)
        try harness.waitUntilSettled()
        try typeBox(harness, PixelRect(x: 300, y: 200, width: 640, height: 480))

        try harness.key("ctrl+alt+s")
        let asked = try harness.waitFor("the question") { $0.visible("replaceOriginal") }
        let question = asked.fields["replaceOriginal"] as? [String: Any]
        XCTAssertEqual(question?["title"] as? String, "Replace sample.jpg with the crop?")
        XCTAssertEqual(question?["message"] as? String, "The photo becomes the crop, its metadata kept. The original goes "
            + "to the Trash, where your file manager can restore it. Cropper asks only this once.")
        try saveShot(harness, "replace-original-question.png")
        try harness.key("Return")
        let replaced = try harness.waitFor("the photo opened again as saved", timeout: 15) {
            $0.toast?.hasPrefix("Replaced") == true && $0.imageSize == PixelSize(width: 640, height: 480) && !$0.loading
        }
        XCTAssertEqual(replaced.toast, "Replaced sample.jpg with the crop — the original is in the Trash")
        XCTAssertFalse(replaced.dirty)
        XCTAssertEqual(settings(replaced)["saveMode"] as? String, "over-original")
        XCTAssertEqual(settings(replaced)["replaceConfirmed"] as? Bool, true)
        try saveShot(harness, "replace-original-done.png")

        let trashed = home.dataHome + "/Trash/files/sample.jpg"
        XCTAssertEqual(try readBytes(trashed), original, "the original, byte for byte")
        let info = try String(contentsOfFile: home.dataHome + "/Trash/info/sample.jpg.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(photo)\nDeletionDate="), info)
        XCTAssertEqual(SavedPhoto.decodedSize(photo).map { PixelSize(width: $0.width, height: $0.height) },
                       PixelSize(width: 640, height: 480))

        // Asked once only: Save (Enter) now does it straight away, the way last chosen.
        try typeBox(harness, PixelRect(x: 0, y: 0, width: 320, height: 240))
        try harness.key("Return")
        try harness.waitFor("the second replacement", timeout: 15) {
            $0.imageSize == PixelSize(width: 320, height: 240) && !$0.loading && !$0.visible("replaceOriginal")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.dataHome + "/Trash/files/sample.2.jpg"))
    }

    func testWithTheTrashUnusableNothingIsReplaced() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(atPath: home.dataHome, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: home.dataHome + "/Trash", contents: Data([1]))
        let harness = try EditorWindowHarness(home: home)
        let original = try readBytes(harness.photoPath)
        try harness.waitUntilSettled()
        try typeBox(harness, PixelRect(x: 10, y: 10, width: 200, height: 100))
        try harness.key("ctrl+alt+s")
        try harness.waitFor("the question") { $0.visible("replaceOriginal") }
        try harness.key("Return")
        let failed = try harness.waitFor("the failure", timeout: 15) { $0.banner != nil }
        XCTAssertEqual(failed.banner, "Could not save sample.jpg: the trash cannot take it: \(home.dataHome)/Trash is not a "
            + "folder. Your edits are still here.")
        XCTAssertEqual(failed.crop, PixelRect(x: 10, y: 10, width: 200, height: 100))
        XCTAssertTrue(failed.dirty)
        XCTAssertEqual(try readBytes(harness.photoPath), original, "nothing replaced")
        try saveShot(harness, "replace-original-refused.png")
    }

    func testCancelLeavesEverythingAndTheExportSizeIsRemembered() throws {
        let home = try TestHome()
        let harness = try EditorWindowHarness(home: home)
        try harness.waitUntilSettled()
        for _ in 0..<4 { try harness.key("e") }
        let sized = try harness.waitFor("1080 × 1080") { self.settings($0)["exportSize"] as? String == "1080x1080" }
        XCTAssertEqual(sized.fields["aspect"] as? String, "1:1", "an exact size locks the box to its shape")
        XCTAssertEqual(sized.toast, "Saves are scaled to 1080 × 1080; Cropper never enlarges a crop")
        try typeBox(harness, PixelRect(x: 0, y: 0, width: 1200, height: 1200))
        try harness.key("ctrl+alt+s")
        let asked = try harness.waitFor("the question") { $0.visible("replaceOriginal") }
        XCTAssertTrue((asked.fields["replaceOriginal"] as? [String: Any])?["message"] as? String == "The photo becomes the "
            + "crop at 1080 × 1080, its metadata kept. The original goes to the Trash, where your file manager can restore "
            + "it. Cropper asks only this once.")
        try harness.key("Escape")
        let cancelled = try harness.waitFor("cancelled") { !$0.visible("replaceOriginal") }
        XCTAssertEqual(settings(cancelled)["replaceConfirmed"] as? Bool, false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.dataHome + "/Trash"))

        // Save beside, at the size: 1080 × 1080 from a 1200 × 1200 box.
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        XCTAssertEqual(saved.toast, "Saved to \(try XCTUnwrap(saved.lastSaved)) at 1080 × 1080")
        let size = try XCTUnwrap(SavedPhoto.decodedSize(try XCTUnwrap(saved.lastSaved)))
        XCTAssertEqual(size.width, 1080)
        XCTAssertEqual(size.height, 1080)
    }
}
