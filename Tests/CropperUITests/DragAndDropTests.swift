import CropperTestSupport
@testable import CropperUI
import CX11
import EditorState
import Foundation
import XCTest

/// Files dragged from a file manager onto the real window, through a Swift XDND source on the same display.
final class DragAndDropTests: XCTestCase {
    private static let fixtures = EditorWindowHarness.packageRoot.appendingPathComponent("Tests/Fixtures/exif-orientation").path

    /// A folder with a photo whose name has a space and a non-ASCII letter, a second photo and a text file.
    private final class DropFolder {
        let path = NSTemporaryDirectory() + "cropper-drop-\(UUID().uuidString)"
        var spaced: String { path + "/my photo é.jpg" }
        var second: String { path + "/second.jpg" }
        var notes: String { path + "/notes.txt" }

        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: EditorWindowHarness.samplePhoto, toPath: spaced)
            try FileManager.default.copyItem(atPath: DragAndDropTests.fixtures + "/Landscape_1.jpg", toPath: second)
            try "not a photo".write(toFile: notes, atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The folder's path %-escaped for a URI, as file managers write it.
        var escaped: String { path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path }
    }

    private func source(for harness: EditorWindowHarness) throws -> XdndSource {
        try XdndSource(displayName: harness.display, target: try XCTUnwrap(Window(harness.windowID)))
    }

    private func documents(_ entry: LogEntry) -> [String] {
        (entry.fields["documents"] as? [String: Any])?["paths"] as? [String] ?? []
    }

    func testDroppingFilesOpensTheFirstPhotoAndListsThePhotos() throws {
        let folder = try DropFolder()
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let drag = try source(for: harness)
        XCTAssertEqual(drag.awareVersion(), 5, "the window advertises XDND version 5")

        drag.enter(version: 5, types: ["text/uri-list", "text/plain"])
        let status = try drag.position()
        XCTAssertTrue(status.accepts, "a uri-list is taken")
        XCTAssertEqual(drag.name(of: status.action), "XdndActionCopy")
        let hovering = try harness.waitFor("the drop highlight") { ($0.fields["drop"] as? [String: Any])?["hovering"] as? Bool == true }
        try harness.settled()
        let origin = try XCTUnwrap(hovering.canvasOrigin), size = try XCTUnwrap(hovering.canvasSize)
        let pill = try harness.screenshot().rgb(Int(origin.x + size.width / 2), Int(origin.y + size.height / 2) - 17)
        XCTAssertTrue(pill.r == 0x3d && pill.g == 0x7e && pill.b == 0xff, "the “Drop to open” label is shown: \(pill)")

        drag.drop()
        let list = [
            "file://\(folder.escaped)/my%20photo%20%C3%A9.jpg",
            "# a comment line",
            "file://localhost\(folder.escaped)/second.jpg",
            "file://otherhost\(folder.escaped)/second.jpg",
            "http://example.com/photo.jpg",
            "file://\(folder.escaped)/notes.txt",
            "",
        ].joined(separator: "\r\n")
        XCTAssertEqual(try drag.serveSelection(uriList: list), "text/uri-list")
        let finished = try drag.finished()
        XCTAssertTrue(finished.accepted)
        XCTAssertEqual(drag.name(of: finished.action), "XdndActionCopy")

        let opened = try harness.waitFor("the dropped photo") { $0.fields["image"] as? String == folder.spaced && $0.imageSize != nil }
        XCTAssertEqual(documents(opened), [folder.spaced, folder.second], "the photos only, local ones, in order")
        XCTAssertEqual(opened.title, "my photo é.jpg (1 / 2) — Cropper")
        XCTAssertEqual((opened.fields["drop"] as? [String: Any])?["hovering"] as? Bool, false)
        try harness.key("Next")
        try harness.waitFor("the second dropped photo") { $0.fields["image"] as? String == folder.second }
    }

    func testATypeListVersionThreeSourceAndUnsavedEditsAskFirst() throws {
        let folder = try DropFolder()
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("r")
        try harness.waitFor("an unsaved rotation") { $0.dirty }
        let drag = try source(for: harness)
        drag.enter(version: 3, types: ["x-special/gnome-icon-list", "UTF8_STRING", "text/plain", "text/uri-list"])
        XCTAssertTrue(try drag.position().accepts, "text/uri-list found in the XdndTypeList property")
        drag.drop()
        _ = try drag.serveSelection(uriList: "file://\(folder.escaped)/second.jpg\r\n")
        let finished = try drag.finished()
        XCTAssertFalse(finished.accepted, "version 3 has no result fields: they stay zero")
        try harness.waitFor("the question") { $0.visible("confirm") }
        XCTAssertEqual(harness.current?.fields["image"] as? String, harness.photoPath, "nothing replaced yet")
        try harness.key("d")
        try harness.waitFor("the dropped photo") { $0.fields["image"] as? String == folder.second && $0.imageSize != nil }
        let listed = try harness.waitFor("its folder listed") { self.documents($0).count == 2 }
        XCTAssertEqual(documents(listed), [folder.spaced, folder.second], "one photo dropped brings its folder's photos")
        XCTAssertEqual((listed.fields["documents"] as? [String: Any])?["index"] as? Int, 1, "positioned at it")
    }

    func testOffersWithoutFilesAndListsWithoutPhotosAreRefused() throws {
        let folder = try DropFolder()
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let drag = try source(for: harness)

        drag.enter(version: 5, types: ["text/plain"])
        XCTAssertFalse(try drag.position().accepts, "plain text is not taken")
        drag.drop()
        XCTAssertFalse(try drag.finished().accepted)

        drag.enter(version: 5, types: ["text/uri-list"])
        XCTAssertTrue(try drag.position().accepts)
        drag.leave()
        try harness.waitFor("the highlight gone") { ($0.fields["drop"] as? [String: Any])?["hovering"] as? Bool == false }

        drag.enter(version: 5, types: ["text/uri-list"])
        XCTAssertTrue(try drag.position().accepts)
        drag.drop()
        _ = try drag.serveSelection(uriList: "file://\(folder.escaped)/notes.txt\r\nfile://\(folder.escaped)/\r\n")
        XCTAssertFalse(try drag.finished().accepted, "no photo in the list")
        let refused = try harness.waitFor("the notice") { $0.toast != nil }
        XCTAssertEqual(refused.toast, "Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos")
        XCTAssertEqual(refused.fields["image"] as? String, harness.photoPath)
    }

    func testURIListsKeepLocalFilesOnly() {
        let text = "file:///home/ann/a%20b.jpg\r\n#comment\r\nfile://localhost/tmp/%C3%A9t%C3%A9.png\nfile://host/x.jpg\r\n"
            + "https://example.com/c.jpg\r\nfile:///bad%zz.jpg\r\n  file:///spaced.jpg  \r\n"
        XCTAssertEqual(URIList.localPaths(in: text), ["/home/ann/a b.jpg", "/tmp/été.png", "/spaced.jpg"])
        XCTAssertEqual(URIList.localPaths(in: ""), [])
    }
}
