import CropperTestSupport
import EditorState
import Foundation
import PhotoLibrary
import XCTest

/// Photos opened and saved in the window join `$XDG_DATA_HOME/recently-used.xbel` the way GTK programs add them.
final class RecentFilesTests: XCTestCase {
    /// Two other programs' bookmarks in GLib's layout, written before Cropper runs.
    private static func otherProgramsFile() throws -> [UInt8] {
        let viewer = try RecentlyUsed.adding(path: "/home/ana/Pictures/beach day.jpg", mimeType: "image/jpeg",
                                             appName: "Image Viewer", exec: "eog %u",
                                             timestamp: "2024-05-01T10:00:00.000001Z", to: nil)
        return try RecentlyUsed.adding(path: "/home/ana/Documents/R&D notes.txt", mimeType: "text/plain",
                                       appName: "Text Editor", exec: "gedit %U",
                                       timestamp: "2024-05-03T08:00:00.000001Z", to: viewer)
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Polls the list until `path` is in it.
    private func waitForEntry(_ path: String, in file: String, harness: EditorWindowHarness) throws -> RecentEntry {
        var found: RecentEntry?
        try harness.waitUntil("\(path) in \(file)") {
            found = RecentlyUsed(file: file).entries().first { $0.path == path }
            return found != nil
        }
        return try XCTUnwrap(found)
    }

    func testOpenedAndSavedPhotosAreAddedAndOtherProgramsEntriesStayByteIdentical() throws {
        let home = try TestHome()
        let before = try Self.otherProgramsFile()
        try write(String(decoding: before, as: UTF8.self), to: home.recentlyUsedFile)
        let harness = try EditorWindowHarness(home: home)
        let opened = try waitForEntry(harness.photoPath, in: home.recentlyUsedFile, harness: harness)
        XCTAssertEqual(opened.mimeType, "image/jpeg")
        XCTAssertEqual(opened.applications, ["Cropper"])

        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("100\t100\t400\t300\n")
        try harness.waitFor("the box") { $0.crop == PixelRect(x: 100, y: 100, width: 400, height: 300) }
        try harness.key("ctrl+s")
        let saved = try XCTUnwrap(try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }.lastSaved)
        let savedEntry = try waitForEntry(saved, in: home.recentlyUsedFile, harness: harness)
        XCTAssertEqual(savedEntry.mimeType, "image/jpeg")
        XCTAssertEqual(savedEntry.applications, ["Cropper"])

        let text = try String(contentsOfFile: home.recentlyUsedFile, encoding: .utf8)
        let original = String(decoding: before, as: UTF8.self)
        let untouched = try String(original[..<XCTUnwrap(original.range(of: "</xbel>", options: .backwards)).lowerBound])
        XCTAssertTrue(untouched.contains("gedit"))
        XCTAssertTrue(text.hasPrefix(untouched), "every byte of the other programs' bookmarks is as it was")
        XCTAssertTrue(text.contains("exec=\"&apos;cropper %u&apos;\""), text)
        XCTAssertEqual(RecentlyUsed(file: home.recentlyUsedFile).entries().map(\.path),
                       ["/home/ana/Pictures/beach day.jpg", "/home/ana/Documents/R&D notes.txt", harness.photoPath, saved])
        XCTAssertFalse(harness.standardError.contains("recently used"), harness.standardError)
    }

    func testADamagedListIsLeftAloneWithAWarningAndTheEditorCarriesOn() throws {
        let home = try TestHome()
        let damaged = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\">\n  <bookmark href=\"file:///x.jpg\" added=\"2024"
        try write(damaged, to: home.recentlyUsedFile)
        let harness = try EditorWindowHarness(home: home)
        try harness.waitUntil("the warning") { harness.standardError.contains("recently used") }
        let warnings = harness.standardError.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, harness.standardError)
        XCTAssertTrue(warnings.first?.hasPrefix("cropper: could not add \(harness.photoPath) to the recently used files") == true,
                      harness.standardError)
        XCTAssertEqual(try String(contentsOfFile: home.recentlyUsedFile, encoding: .utf8), damaged)

        try harness.key("r")
        let turned = try harness.waitFor("the rotation") { $0.orientation == 6 }
        XCTAssertNil(turned.banner, "nothing on screen about it")
    }

    func testTheSamplePhotoIsNotAdded() throws {
        let home = try TestHome()
        let harness = try EditorWindowHarness(photo: EditorWindowHarness.samplePhoto, copyPhoto: false, home: home)
        try harness.waitUntilSettled()
        // The list is written in the background; closing waits for that, so after it nothing more can come.
        try harness.sendDeleteWindow()
        XCTAssertTrue(harness.waitForExit(), "the window closes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.recentlyUsedFile))
    }
}
