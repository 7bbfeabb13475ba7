import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// One photo opened on its own brings its folder: Page Down walks the folder in natural order, Home / End go to
/// its ends, and the list follows the folder as photos come and go from outside.
final class FolderListWindowTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "cropper-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["p1", "p2", "p10", "P3", "p20"] {
            try FileManager.default.copyItem(atPath: Fixtures.path("Landscape", 1), toPath: "\(folder!)/\(name).jpg")
        }
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func paths(_ entry: LogEntry) -> [String] {
        ((entry.fields["documents"] as? [String: Any])?["paths"] as? [String] ?? []).map { ($0 as NSString).lastPathComponent }
    }

    private func saveShot(_ harness: EditorWindowHarness, _ name: String) throws {
        guard let shots = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try EditorWindowHarness.run("/usr/bin/import", ["-window", harness.windowID, shots + "/" + name],
                                        display: harness.display)
    }

    @discardableResult
    private func waitForPhoto(_ harness: EditorWindowHarness, _ name: String) throws -> LogEntry {
        try harness.waitFor("\(name) open") {
            ($0.fields["image"] as? String).map { ($0 as NSString).lastPathComponent } == name && $0.imageSize != nil
        }
    }

    func testPageDownWalksTheFolderInNaturalOrderAndTheListFollowsTheFolder() throws {
        let harness = try EditorWindowHarness(photos: [folder + "/p2.jpg"], copyPhoto: false)
        let listed = try harness.waitFor("the folder listed") { self.paths($0).count == 5 }
        XCTAssertEqual(paths(listed), ["p1.jpg", "p2.jpg", "P3.jpg", "p10.jpg", "p20.jpg"])
        XCTAssertEqual((listed.fields["documents"] as? [String: Any])?["index"] as? Int, 1, "positioned at the photo opened")
        XCTAssertEqual(try harness.settled().title, "p2.jpg (2 / 5) — Cropper")

        // The neighbours' previews are decoded ahead, the next first, and Page Down shows the one ready.
        let ahead = try harness.waitFor("the neighbours decoded ahead") {
            ($0.fields["previewsAhead"] as? [String])?.count == 2
        }
        XCTAssertEqual(ahead.fields["previewsAhead"] as? [String], [folder + "/P3.jpg", folder + "/p1.jpg"])
        XCTAssertEqual(ahead.fields["previewDecodedAhead"] as? Bool, false, "the first photo had nothing before it")
        let before = harness.seq
        try harness.key("Next")
        let next = try waitForPhoto(harness, "P3.jpg")
        XCTAssertEqual(next.fields["previewDecodedAhead"] as? Bool, true)
        let firstFrame = try harness.waitForEntry("P3's first frame", since: before) {
            $0.isFrame && ($0.fields["image"] as? String) == self.folder + "/P3.jpg" && $0.imageSize != nil
        }
        XCTAssertTrue(firstFrame.photoSharp, "the canvas's copy was made ahead too: the first frame is the sharp one")

        try harness.key("Home")
        try waitForPhoto(harness, "p1.jpg")
        for name in ["p2.jpg", "P3.jpg", "p10.jpg", "p20.jpg"] {
            try harness.key("Next")
            try waitForPhoto(harness, name)
        }
        XCTAssertEqual(try harness.settled().title, "p20.jpg (5 / 5) — Cropper")
        try harness.key("Next")
        XCTAssertEqual(try harness.sync().fields["image"] as? String, folder + "/p20.jpg", "no wrapping round")

        // A photo copied in from outside appears in its place; a text file does not.
        try FileManager.default.copyItem(atPath: Fixtures.path("Landscape", 1), toPath: folder + "/p15.jpg")
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/more.txt"))
        let grown = try harness.waitFor("the new photo listed") { self.paths($0).count == 6 }
        XCTAssertEqual(paths(grown), ["p1.jpg", "p2.jpg", "P3.jpg", "p10.jpg", "p15.jpg", "p20.jpg"])
        XCTAssertEqual(try harness.settled().title, "p20.jpg (6 / 6) — Cropper")

        // The open photo deleted from outside: a clear word, the photo stays until the user moves on.
        try FileManager.default.removeItem(atPath: folder + "/p20.jpg")
        let gone = try harness.waitFor("the message") { $0.banner != nil }
        XCTAssertEqual(gone.banner, "p20.jpg was deleted or moved by another program. It stays on screen until you go to "
            + "another photo; it can no longer be saved from here.")
        XCTAssertEqual((gone.fields["documents"] as? [String: Any])?["currentIsGone"] as? Bool, true)
        XCTAssertNotNil(gone.imageSize, "still on screen")
        try saveShot(harness, "folder-current-deleted.png")
        try harness.key("Prior")
        let back = try waitForPhoto(harness, "p15.jpg")
        XCTAssertEqual(paths(back), ["p1.jpg", "p2.jpg", "P3.jpg", "p10.jpg", "p15.jpg"], "gone from the list once left")
        XCTAssertNil(try harness.settled().banner)
        XCTAssertEqual(try harness.settled().title, "p15.jpg (5 / 5) — Cropper")
        try harness.key("End")
        XCTAssertEqual(try harness.sync().fields["image"] as? String, folder + "/p15.jpg", "End: already the last")
        XCTAssertTrue(harness.process.isRunning)
    }
}
