import EditorState
import Foundation
import PhotoLibrary
import XCTest

/// Photos opened and saved in the window join `$XDG_DATA_HOME/recently-used.xbel` the way GTK programs add them.
final class RecentFilesTests: XCTestCase {
    /// Another program's bookmark, laid out as GLib writes it.
    private static let otherBookmark = """
          <bookmark href="file:///home/ana/Pictures/beach%20day.jpg" added="2024-05-01T10:00:00.000001Z" modified="2024-05-01T10:00:00.000001Z" visited="2024-05-01T10:00:00.000001Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="image/jpeg"/>
                <bookmark:applications>
                  <bookmark:application name="Image Viewer" exec="&apos;eog %u&apos;" modified="2024-05-01T10:00:00.000001Z" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        """
    private static let otherFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
        \(otherBookmark)
        </xbel>
        """

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Polls the list until `path` is in it.
    private func waitForEntry(_ path: String, in file: String) throws -> RecentEntry {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let entry = RecentlyUsed(file: file).entries().first(where: { $0.path == path }) { return entry }
            usleep(20_000)
        }
        throw HarnessError.timeout("\(path) in \(file)", (try? String(contentsOfFile: file, encoding: .utf8)) ?? "no file")
    }

    func testOpenedAndSavedPhotosAreAddedAndOtherProgramsEntriesStayByteIdentical() throws {
        let home = try TestHome()
        try write(Self.otherFile, to: home.recentlyUsedFile)
        let harness = try EditorWindowHarness(home: home)
        let opened = try waitForEntry(harness.photoPath, in: home.recentlyUsedFile)
        XCTAssertEqual(opened.mimeType, "image/jpeg")
        XCTAssertEqual(opened.applications, ["Cropper"])

        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("100\t100\t400\t300\n")
        try harness.waitFor("the box") { $0.crop == PixelRect(x: 100, y: 100, width: 400, height: 300) }
        try harness.key("ctrl+s")
        let saved = try XCTUnwrap(try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }.lastSaved)
        let savedEntry = try waitForEntry(saved, in: home.recentlyUsedFile)
        XCTAssertEqual(savedEntry.mimeType, "image/jpeg")
        XCTAssertEqual(savedEntry.applications, ["Cropper"])

        let text = try String(contentsOfFile: home.recentlyUsedFile, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(String(Self.otherFile.prefix(while: { $0 != ">" }))))
        XCTAssertTrue(text.contains(Self.otherBookmark + "\n"), "the other program's bookmark is byte for byte as it was")
        XCTAssertTrue(text.contains("exec=\"&apos;cropper %u&apos;\""), text)
        XCTAssertEqual(RecentlyUsed(file: home.recentlyUsedFile).entries().map(\.path),
                       ["/home/ana/Pictures/beach day.jpg", harness.photoPath, saved])
        XCTAssertFalse(harness.standardError.contains("recently used"), harness.standardError)
    }

    func testADamagedListIsLeftAloneWithAWarningAndTheEditorCarriesOn() throws {
        let home = try TestHome()
        let damaged = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\">\n  <bookmark href=\"file:///x.jpg\" added=\"2024"
        try write(damaged, to: home.recentlyUsedFile)
        let harness = try EditorWindowHarness(home: home)
        let deadline = Date().addingTimeInterval(5)
        while !harness.standardError.contains("recently used") && Date() < deadline { usleep(20_000) }
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
        usleep(500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.recentlyUsedFile))
    }
}
