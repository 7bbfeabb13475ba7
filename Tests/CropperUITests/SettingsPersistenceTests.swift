import CropperTestSupport
@testable import CropperUI
import EditorState
import Foundation
import XCTest

/// Settings remembered from one run of the window to the next, and a damaged settings file.
final class SettingsPersistenceTests: XCTestCase {
    private func settings(_ entry: LogEntry) -> [String: Any] { entry.fields["settings"] as? [String: Any] ?? [:] }

    private func quit(_ harness: EditorWindowHarness) throws {
        try harness.key("ctrl+q")
        // An edited photo asks first; an untouched one closes at once (and then there is no window to sync with).
        try harness.waitUntil("the window to close or ask") {
            !harness.process.isRunning || harness.current?.visible("confirm") == true
        }
        if harness.process.isRunning { try harness.key("d") }
        XCTAssertTrue(harness.waitForExit(), "the window closes")
    }

    func testWindowSizeAspectAndRecentringCarryOverToTheNextLaunch() throws {
        let home = try TestHome()
        // A folder that outlives the first window (the dialog shows only folders that exist).
        let firstFolder = home.path + "/Photos"
        try FileManager.default.createDirectory(atPath: firstFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: EditorWindowHarness.samplePhoto, toPath: firstFolder + "/photo.jpg")
        do {
            let first = try EditorWindowHarness(photo: firstFolder + "/photo.jpg", geometry: "1000x700", copyPhoto: false,
                                                home: home)
            try first.waitUntilSettled()
            try first.resizeWindow(width: 1100, height: 720)
            try first.waitFor("the new size") { $0.window?.width == 1100 && $0.window?.height == 720 }
            try first.key("a", "a")
            try first.waitFor("the square lock") { $0.fields["aspect"] as? String == "1:1" }
            try first.key("c")
            try first.waitFor("re-centring off") { self.settings($0)["recentreAfterDrag"] as? Bool == false }
            try quit(first)
        }
        let text = try String(contentsOfFile: home.settingsFile, encoding: .utf8)
        XCTAssertTrue(text.contains("\"windowWidth\": 1100"), text)
        XCTAssertTrue(text.contains("\"aspect\": \"1:1\""), text)
        XCTAssertTrue(text.contains("\"recentreAfterDrag\": false"), text)

        // The sample photo this time: the Open dialog starts in the folder of the last photo opened before.
        let second = try EditorWindowHarness(photo: EditorWindowHarness.samplePhoto, geometry: nil, copyPhoto: false, home: home)
        let start = try second.waitUntilSettled()
        XCTAssertEqual(start.window?.width, 1100, "the remembered size")
        XCTAssertEqual(start.window?.height, 720)
        XCTAssertEqual(start.fields["aspect"] as? String, "1:1", "the remembered lock")
        XCTAssertNil(start.crop, "the lock only: no box drawn for the user")
        XCTAssertFalse(start.dirty, "a remembered lock is not an edit")
        XCTAssertEqual(settings(start)["recentreAfterDrag"] as? Bool, false)

        // Re-centring is off: drawing a box leaves the view where it is, and the box keeps the lock.
        let image = try XCTUnwrap(start.imageFrame)
        try second.drag(from: (image.minX + 60, image.minY + 60), to: (image.minX + 300, image.minY + 260))
        let drawn = try second.waitFor("the drawn box") { $0.crop != nil && $0.activity == "idle" }
        // A re-centring would have started with the release, before the barrier.
        let after = try second.sync()
        XCTAssertFalse(after.animating)
        XCTAssertEqual(after.zoomScale, start.zoomScale, "no re-centring zoom")
        XCTAssertEqual(drawn.crop?.width, drawn.crop?.height, "the 1:1 lock holds")

        try second.key("ctrl+o")
        let dialog = try second.waitFor("the Open dialog") { $0.visible("dialog") }
        XCTAssertEqual(dialog.dialogPath, firstFolder)
    }

    func testTheJPEGQualityChosenInTheWindowIsUsedBySave() throws {
        let home = try TestHome()
        let harness = try EditorWindowHarness(home: home)
        try harness.waitUntilSettled()
        for _ in 0..<9 { try harness.key("bracketleft") }
        let lowered = try harness.waitFor("quality 50") { self.settings($0)["jpegQuality"] as? Int == 50 }
        XCTAssertEqual(lowered.toast, "JPEG quality 50 for saving")
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        XCTAssertEqual(try Self.estimatedQuality(XCTUnwrap(saved.lastSaved)), 50)
        try quit(harness)
        XCTAssertEqual(SettingsStore(path: home.settingsFile).settings.jpegQuality, 50)
    }

    func testADamagedSettingsFileGivesTheDefaultsAndOneWarning() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(atPath: (home.settingsFile as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let damaged = "{ \"jpegQuality\": 80, \"aspect\": "
        try damaged.write(toFile: home.settingsFile, atomically: false, encoding: .utf8)
        // The sample photo itself: opening it is not remembered as a folder, so no setting changes.
        let harness = try EditorWindowHarness(photo: EditorWindowHarness.samplePhoto, copyPhoto: false, home: home)
        let start = try harness.waitUntilSettled()
        XCTAssertTrue(harness.process.isRunning, "the window opens")
        XCTAssertEqual(start.fields["aspect"] as? String, "Free")
        XCTAssertEqual(settings(start)["jpegQuality"] as? Int, 92)
        XCTAssertEqual(settings(start)["recentreAfterDrag"] as? Bool, true)
        let warnings = harness.standardError.split(separator: "\n").filter { $0.contains("settings") }
        XCTAssertEqual(warnings.count, 1, harness.standardError)
        XCTAssertTrue(warnings.first?.hasPrefix("cropper: the settings in \(home.settingsFile) are damaged") == true,
                      harness.standardError)
        // A change waits `writeDelay` before it is written: let that pass on the window's clock from a barrier
        // (after every event so far), then one more turn of the window's loop, where a due write would start.
        let barrier = try harness.sync()
        try harness.waitUntilWindowTime(barrier.time + SettingsStore.writeDelay)
        try harness.settled()
        XCTAssertEqual(try String(contentsOfFile: home.settingsFile, encoding: .utf8), damaged,
                       "left alone until a setting changes")
        try harness.key("c")
        try harness.waitFor("re-centring off") { self.settings($0)["recentreAfterDrag"] as? Bool == false }
        try quit(harness)
        XCTAssertEqual(SettingsStore(path: home.settingsFile).settings.recentersAfterDrag, false,
                       "replaced by a sound file once one did")
    }

    /// The quality ImageMagick reads back from the quantisation tables (exact for libjpeg's standard tables).
    private static func estimatedQuality(_ path: String) throws -> Int? {
        Int(try Tools.run("identify", ["-format", "%Q", path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
