import Foundation
import XCTest
@testable import PhotoLibrary

final class RecentlyUsedWriteTests: XCTestCase {
    private let time = "2024-06-01T12:00:00.250000Z"
    private let later = "2024-06-02T08:30:00.125000Z"

    private func cropperLine(count: Int, time: String) -> String {
        "<bookmark:application name=\"Cropper\" exec=\"&apos;cropper %u&apos;\" modified=\"\(time)\" count=\"\(count)\"/>"
    }

    private func newBookmark(_ uri: String, mime: String = "image/jpeg") -> String {
        """
          <bookmark href="\(uri)" added="\(time)" modified="\(time)" visited="\(time)">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="\(mime)"/>
                <bookmark:applications>
                  \(cropperLine(count: 1, time: time))
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>

        """
    }

    private func adding(_ path: String, to original: String?, mime: String = "image/jpeg", at time: String? = nil) throws -> String {
        let bytes = try RecentlyUsed.adding(path: path, mimeType: mime, appName: "Cropper", exec: "cropper %u",
                                            timestamp: time ?? self.time, to: original.map { Array($0.utf8) })
        return String(decoding: bytes, as: UTF8.self)
    }

    private func entry(_ path: String, in text: String) -> RecentEntry? {
        RecentlyUsed.parse(data: Array(text.utf8)).first { $0.path == path }
    }

    /// GLib's own layout (what GTK's recent manager writes), checked to the byte for a new file.
    func testNewFileIsWhatGLibWrites() throws {
        let text = try adding("/home/ana/Pictures/a b.jpg", to: nil)
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xbel version="1.0"
                  xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
                  xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
            >
              <bookmark href="file:///home/ana/Pictures/a%20b.jpg" added="\(time)" modified="\(time)" visited="\(time)">
                <info>
                  <metadata owner="http://freedesktop.org">
                    <mime:mime-type type="image/jpeg"/>
                    <bookmark:applications>
                      \(cropperLine(count: 1, time: time))
                    </bookmark:applications>
                  </metadata>
                </info>
              </bookmark>
            </xbel>
            """
        XCTAssertEqual(text, expected)
        XCTAssertEqual(try adding("/home/ana/Pictures/a b.jpg", to: " \n"), text, "a blank file counts as none")
    }

    func testNewBookmarkIsAddedAndTheOthersKept() throws {
        let original = XBELSamples.otherPrograms
        let text = try adding("/home/ana/Pictures/new.png", to: original, mime: "image/png")
        let before = RecentlyUsed.parse(data: Array(original.utf8))
        let after = RecentlyUsed.parse(data: Array(text.utf8))
        XCTAssertEqual(Array(after.prefix(before.count)), before, "the other programs' bookmarks are read back unchanged")
        XCTAssertEqual(after.last, RecentEntry(uri: "file:///home/ana/Pictures/new.png", path: "/home/ana/Pictures/new.png",
                                               mimeType: "image/png", added: time, modified: time, visited: time,
                                               applications: ["Cropper"]))
        XCTAssertTrue(text.contains("https://example.com/remote.png"), "the remote bookmark is kept")
        XCTAssertTrue(text.contains("<bookmark:group>gedit</bookmark:group>"), "groups are kept")
        XCTAssertTrue(text.contains(#"name="Firefox" exec="&apos;firefox %u&apos;" modified="2024-05-02T09:00:00Z" count="3""#), text)
    }

    func testAnotherProgramsBookmarkGetsOurApplicationAndNewTimes() throws {
        let text = try adding(XBELSamples.beachPath, to: XBELSamples.otherPrograms)
        let beach = try XCTUnwrap(entry(XBELSamples.beachPath, in: text))
        XCTAssertEqual(beach.added, "2024-05-01T10:00:00.000001Z")
        XCTAssertEqual([beach.modified, beach.visited], [time, time])
        XCTAssertEqual(Set(beach.applications), ["Image Viewer", "Cropper"])
        XCTAssertTrue(text.contains(cropperLine(count: 1, time: time)), text)
        XCTAssertTrue(text.contains(#"<bookmark:application name="Image Viewer" exec="&apos;eog %u&apos;" modified="2024-05-01T10:00:00.000001Z" count="1"/>"#))
    }

    func testOurOwnEntryIsCountedUpAndRestamped() throws {
        let once = try adding(XBELSamples.notesPath, to: XBELSamples.otherPrograms, mime: "text/plain")
        let twice = try adding(XBELSamples.notesPath, to: once, mime: "text/plain", at: later)
        XCTAssertTrue(twice.contains(cropperLine(count: 2, time: later)), twice)
        XCTAssertFalse(twice.contains(cropperLine(count: 1, time: time)))
        let notes = try XCTUnwrap(entry(XBELSamples.notesPath, in: twice))
        XCTAssertEqual(Set(notes.applications), ["gedit", "Image Viewer", "Cropper"])
        XCTAssertEqual(notes.modified, later)
        XCTAssertEqual(notes.added, "2024-05-03T08:00:00Z")
    }

    func testTheFilesOwnSpellingOfTheUriIsUpdatedNotDuplicated() throws {
        let original = #"<xbel version="1.0"><bookmark href="file://localhost/tmp/caf%c3%a9.jpg"/></xbel>"#
        let text = try adding("/tmp/café.jpg", to: original)
        let entries = RecentlyUsed.parse(data: Array(text.utf8))
        XCTAssertEqual(entries.map(\.uri), ["file://localhost/tmp/caf%c3%a9.jpg"])
        XCTAssertEqual(entries.first?.applications, ["Cropper"])
    }

    /// GLib writes only bookmarks some program registered, as GTK's recent manager does: one without
    /// applications is read, but not written back.
    func testABookmarkNoProgramRegisteredIsNotWrittenBack() throws {
        let original = #"<xbel version="1.0"><bookmark href="file:///tmp/orphan.jpg"/></xbel>"#
        XCTAssertEqual(RecentlyUsed.parse(data: Array(original.utf8)).map(\.path), ["/tmp/orphan.jpg"])
        let text = try adding("/tmp/new.jpg", to: original)
        XCTAssertEqual(RecentlyUsed.parse(data: Array(text.utf8)).map(\.path), ["/tmp/new.jpg"])
    }

    func testBareBookmarkAndRootWithoutNamespacesAreCompleted() throws {
        let original = "<xbel version=\"1.0\">\n  <bookmark href=\"file:///tmp/plain.jpg\"/>\n</xbel>\n"
        let text = try adding("/tmp/plain.jpg", to: original)
        XCTAssertTrue(text.contains(#"xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks""#))
        let plain = try XCTUnwrap(entry("/tmp/plain.jpg", in: text))
        XCTAssertEqual(plain.mimeType, "image/jpeg")
        XCTAssertEqual(plain.applications, ["Cropper"])
        XCTAssertEqual([plain.modified, plain.visited], [time, time])
    }

    func testEmptySelfClosingRootGetsTheBookmark() throws {
        let text = try adding("/tmp/e.jpg", to: "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\"/>\n")
        XCTAssertEqual(text, try adding("/tmp/e.jpg", to: nil))
    }

    func testShellQuotingOfTheCommandAndEscapingOfNames() throws {
        let bytes = try RecentlyUsed.adding(path: "/tmp/x.jpg", mimeType: "image/jpeg", appName: "Crop & <Co>",
                                            exec: "it's %u", timestamp: time, to: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#"name="Crop &amp; &lt;Co&gt;" exec="&apos;it&apos;\&apos;&apos;s %u&apos;""#), text)
        XCTAssertEqual(entry("/tmp/x.jpg", in: text)?.applications, ["Crop & <Co>"])
    }

    func testUnusableCountStartsAgainAtOne() throws {
        let original = """
            <xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"><bookmark href="file:///tmp/c.jpg"><info>\
            <metadata owner="http://freedesktop.org"><bookmark:applications>\
            <bookmark:application name="Cropper" exec="x" modified="2024-01-01T00:00:00Z" count="lots"></bookmark:application>\
            </bookmark:applications></metadata></info></bookmark></xbel>
            """
        let text = try adding("/tmp/c.jpg", to: original)
        XCTAssertTrue(text.contains(cropperLine(count: 1, time: time)), text)
    }

    func testDamagedFilesAreRefused() {
        let damaged = [
            String(XBELSamples.otherPrograms.dropLast(3)), "<html></html>", "<xbel><bookmark></xbel>",
            "<xbel></xbel><extra/>", "garbage",
        ]
        for original in damaged {
            XCTAssertThrowsError(try adding("/tmp/a.jpg", to: original), original) { error in
                XCTAssertEqual(error as? LibraryError, .damagedBookmarkFile("recently-used.xbel"))
            }
        }
        XCTAssertThrowsError(try adding("relative/a.jpg", to: nil)) { error in
            XCTAssertEqual(error as? LibraryError, .relativePath("relative/a.jpg"))
        }
    }

    func testAddWritesANewFilePrivatelyInANewFolder() throws {
        let tree = try ScratchTree()
        let recent = RecentlyUsed(environment: tree.environment)
        try recent.add(path: tree.home + "/Pictures/p.jpg", mimeType: "image/jpeg", timestamp: time)
        XCTAssertEqual(fileMode(recent.file), 0o600)
        XCTAssertEqual(fileMode(tree.home + "/.local/share"), 0o700)
        XCTAssertEqual(recent.entries().map(\.path), [tree.home + "/Pictures/p.jpg"])
        XCTAssertEqual(recent.entries().first?.applications, ["Cropper"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.home + "/.local/share"), ["recently-used.xbel"])
    }

    func testAddRewritesInPlaceKeepingModeAndOtherEntries() throws {
        let tree = try ScratchTree()
        let recent = RecentlyUsed(environment: tree.environment)
        try tree.write(XBELSamples.otherPrograms, to: "home/.local/share/recently-used.xbel")
        chmod(recent.file, 0o644)
        try recent.add(path: "/srv/photo.jpg", mimeType: "image/jpeg", timestamp: time)
        let text = String(decoding: try readBytes(recent.file), as: UTF8.self)
        XCTAssertEqual(text, try adding("/srv/photo.jpg", to: XBELSamples.otherPrograms))
        XCTAssertEqual(fileMode(recent.file), 0o644)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.home + "/.local/share"),
                       ["recently-used.xbel"], "no temporary file left behind")
    }

    func testAddThroughASymbolicLinkUpdatesTheTarget() throws {
        let tree = try ScratchTree()
        let target = try tree.write(XBELSamples.otherPrograms, to: "dotfiles/recently-used.xbel")
        try tree.makeDirectory("home/.local/share")
        let link = try tree.link("home/.local/share/recently-used.xbel", to: target)
        try RecentlyUsed(file: link).add(path: "/srv/photo.jpg", mimeType: "image/jpeg", timestamp: time)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(RecentlyUsed(file: target).entries().map(\.path), [XBELSamples.beachPath, XBELSamples.notesPath, "/srv/photo.jpg"])
    }

    func testAddLeavesADamagedFileAlone() throws {
        let tree = try ScratchTree()
        let damaged = String(XBELSamples.otherPrograms.prefix(500))
        let path = try tree.write(damaged, to: "home/.local/share/recently-used.xbel")
        XCTAssertThrowsError(try RecentlyUsed(file: path).add(path: "/srv/a.jpg", mimeType: "image/jpeg"))
        XCTAssertEqual(try readBytes(path), Array(damaged.utf8))
    }

    func testTimestampsAreUtcWithMicroseconds() {
        XCTAssertEqual(XBELTimestamp.format(seconds: 0, microseconds: 5), "1970-01-01T00:00:00.000005Z")
        XCTAssertEqual(XBELTimestamp.format(seconds: 1_714_557_600, microseconds: 123_456), "2024-05-01T10:00:00.123456Z")
        XCTAssertEqual(XBELTimestamp.now().count, 27)
    }
}
