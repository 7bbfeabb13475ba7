import CropperTestSupport
@testable import CropperUI
import Foundation
import XCTest

/// The file dialog in the real window: opened by a real key, a place clicked with the real pointer, a typed path,
/// and the places, which GLib reads from the process's own environment (`user-dirs.dirs`). The dialog's rules
/// (the location field, sorting, hidden files, type-ahead, folders, Save As and its replace question, a named
/// pipe) are `AppFileDialogTests`, in-process.
final class FileDialogTests: XCTestCase {
    private func openDialog(_ harness: EditorWindowHarness, keys: String = "ctrl+o") throws -> LogEntry {
        try harness.key(keys)
        return try harness.waitFor("the dialog's listing") { $0.dialog["visible"] as? Bool == true && !$0.dialogListing }
    }

    func testCtrlOOpensBesideThePhotoThenAtTheLastFolderAndATypedPathOpensAFile() throws {
        let home = try LibraryHome()
        try home.addPhoto("sea.jpg", from: "Landscape_1", hoursAgo: 1)
        let harness = try EditorWindowHarness(home: home.home)
        try harness.waitUntilSettled()

        let first = try openDialog(harness)
        XCTAssertEqual(first.dialogPath, harness.workDirectory)
        XCTAssertEqual(first.dialogSelected, "sample.jpg", "the open photo is selected")
        XCTAssertEqual(first.dialog["mode"] as? String, "open")

        let places = try harness.waitFor("the places") { $0.dialogPlaces.contains { $0.title == "Pictures" } }.dialogPlaces
        try harness.click(frame: try XCTUnwrap(places.first { $0.title == "Pictures" }).frame)
        let pictures = try harness.waitFor("the Pictures folder") { $0.dialogPath == home.pictures && !$0.dialogListing }
        XCTAssertEqual(pictures.dialogEntries, ["sea.jpg"])
        try harness.key("Escape")
        try harness.waitFor("the dialog to close") { $0.dialog["visible"] as? Bool == false }

        let again = try openDialog(harness)
        XCTAssertEqual(again.dialogPath, home.pictures, "the dialog remembers the last folder")

        let other = try XCTUnwrap(harness.workDirectory + "/other.jpg")
        try FileManager.default.copyItem(atPath: LibraryHome.fixtures.appendingPathComponent("Portrait_6.jpg").path, toPath: other)
        try harness.type(other)
        try harness.waitFor("the typed path") { $0.dialog["focus"] as? String == "pathBar" && $0.dialog["pathText"] as? String == other }
        try harness.key("Return")
        let opened = try harness.waitFor("the typed photo") { $0.image == other && $0.imageSize != nil }
        XCTAssertEqual(opened.dialog["visible"] as? Bool, false)
    }

    func testPlacesOfferHomeTheUserFoldersBookmarksAndTheRoot() throws {
        let home = try LibraryHome()
        for folder in ["Desktop", "Incoming", "Projects/Photo archive"] {
            try FileManager.default.createDirectory(atPath: home.path + "/" + folder, withIntermediateDirectories: true)
        }
        try home.write("XDG_DOWNLOAD_DIR=\"$HOME/Incoming\"\nXDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n", to: ".config/user-dirs.dirs")
        try home.write("file://\(home.path)/Projects/Photo%20archive Archive\nsftp://example.org/photos Remote\n",
                       to: ".config/gtk-3.0/bookmarks")
        let harness = try EditorWindowHarness(home: home.home)
        try harness.waitUntilSettled()
        _ = try openDialog(harness)
        let places = try harness.waitFor("the places") { !$0.dialogPlaces.isEmpty }.dialogPlaces
        XCTAssertEqual(places.map(\.title), ["Home", "Pictures", "Desktop", "Incoming", "Archive", "Computer"],
                       "Documents does not exist; the remote bookmark is not a folder here")
        XCTAssertEqual(places.map(\.path), [home.path, home.pictures, home.path + "/Desktop", home.path + "/Incoming",
                                            home.path + "/Projects/Photo archive", "/"])
        try harness.click(frame: places[4].frame)
        try harness.waitFor("the bookmarked folder") { $0.dialogPath == home.path + "/Projects/Photo archive" }
        try harness.click(frame: places[5].frame)
        let root = try harness.waitFor("the root") { $0.dialogPath == "/" && !$0.dialogListing }
        XCTAssertTrue(root.dialogEntries.contains("tmp"))
    }
}
