import CropperTestSupport
@testable import CropperUI
import Foundation
import XCTest

/// The file dialog in the real window: where it opens, typed paths, places, sorting, hidden files,
/// type-ahead, folders, and Save As with its replace question.
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

    func testCtrlLSelectsTheLocationSoATypedAbsolutePathReplacesIt() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let other = harness.workDirectory + "/typed.jpg"
        try FileManager.default.copyItem(atPath: LibraryHome.fixtures.appendingPathComponent("Portrait_6.jpg").path, toPath: other)
        _ = try openDialog(harness)
        try harness.key("ctrl+l")
        let selected = try harness.waitFor("the selected location") { $0.dialog["pathSelected"] as? Bool == true }
        XCTAssertEqual(selected.dialog["pathText"] as? String, harness.workDirectory + "/")

        try harness.type("/no/such/folder/photo.jpg\n")
        let refused = try harness.waitFor("the refusal") { $0.dialog["error"] is String }
        XCTAssertEqual(refused.dialog["error"] as? String, "No such file: /no/such/folder/photo.jpg")
        XCTAssertEqual(refused.dialog["visible"] as? Bool, true, "the dialog stays, saying what is wrong")
        XCTAssertEqual(refused.image, harness.photoPath)

        try harness.key("ctrl+l")
        try harness.waitFor("the location selected again") { $0.dialog["pathSelected"] as? Bool == true }
        try harness.type(other + "\n")
        let opened = try harness.waitFor("the typed photo") { $0.image == other && $0.imageSize != nil }
        XCTAssertEqual(opened.dialog["visible"] as? Bool, false)
    }

    func testSortingByAColumnHiddenFilesAllFilesAndTypeAhead() throws {
        let home = try LibraryHome()
        let folder = home.pictures + "/mixed"
        try home.addPhoto("mixed/apple.jpg", from: "Landscape_1", hoursAgo: 3)   // 347 327 bytes
        try home.addPhoto("mixed/Banana.jpg", from: "Portrait_6", hoursAgo: 1)   // 251 800 bytes
        try home.addPhoto("mixed/cherry.jpg", from: "Landscape_3", hoursAgo: 2)  // 348 796 bytes
        try home.addPhoto("mixed/.secret.jpg", from: "Landscape_0", hoursAgo: 4)
        try home.addPhoto("mixed/zebra/inside.jpg", from: "Landscape_0", hoursAgo: 4)
        try home.write("words", to: "Pictures/mixed/readme.txt")
        let harness = try EditorWindowHarness(photo: folder + "/apple.jpg", copyPhoto: false, home: home.home)
        try harness.waitUntilSettled()
        let opened = try openDialog(harness)
        XCTAssertEqual(opened.dialogEntries, ["zebra", "apple.jpg", "Banana.jpg", "cherry.jpg"], "folders first, names A→Z")

        try harness.click(frame: try XCTUnwrap(opened.dialogHeader("size")))
        let bySize = try harness.waitFor("sorting by size") { $0.dialogSort?.key == "size" }
        XCTAssertEqual(bySize.dialogEntries, ["zebra", "cherry.jpg", "apple.jpg", "Banana.jpg"], "largest first")
        XCTAssertEqual(bySize.dialogSort?.ascending, false)
        try harness.click(frame: try XCTUnwrap(opened.dialogHeader("size")))
        let smallest = try harness.waitFor("the order to turn") { $0.dialogSort?.ascending == true }
        XCTAssertEqual(smallest.dialogEntries, ["zebra", "Banana.jpg", "apple.jpg", "cherry.jpg"])
        try harness.click(frame: try XCTUnwrap(opened.dialogHeader("date")))
        let byDate = try harness.waitFor("sorting by date") { $0.dialogSort?.key == "date" }
        XCTAssertEqual(byDate.dialogEntries, ["zebra", "Banana.jpg", "cherry.jpg", "apple.jpg"], "newest first")
        try harness.click(frame: try XCTUnwrap(opened.dialogHeader("name")))
        try harness.waitFor("sorting by name") { $0.dialogSort?.key == "name" && $0.dialogSort?.ascending == true }

        try harness.key("ctrl+h")
        let hidden = try harness.waitFor("hidden files") { $0.dialog["showsHidden"] as? Bool == true }
        XCTAssertEqual(hidden.dialogEntries, ["zebra", ".secret.jpg", "apple.jpg", "Banana.jpg", "cherry.jpg"])
        try harness.key("ctrl+h")
        try harness.waitFor("hidden files gone") { !$0.dialogEntries.contains(".secret.jpg") }

        try harness.click(frame: try XCTUnwrap(opened.dialogFrame("allFiles")))
        let all = try harness.waitFor("all files") { $0.dialog["showsAllFiles"] as? Bool == true }
        XCTAssertEqual(all.dialogEntries, ["zebra", "apple.jpg", "Banana.jpg", "cherry.jpg", "readme.txt"])

        try harness.type("ch")
        try harness.waitFor("type-ahead to select cherry") { $0.dialogSelected == "cherry.jpg" }
        // The pause is real time on the window's clock; the barrier is handled after the "h".
        try harness.waitUntilWindowTime(try harness.sync().time + TypeAhead.pause)
        try harness.type("b")
        try harness.waitFor("a pause to start a new search") { $0.dialogSelected == "Banana.jpg" }
    }

    func testKeysMoveThroughTheListEnterFoldersAndGoBackUp() throws {
        let home = try LibraryHome()
        try home.addPhoto("a.jpg", from: "Landscape_1", hoursAgo: 1)
        try home.addPhoto("b.jpg", from: "Landscape_1", hoursAgo: 1)
        try home.addPhoto("trip/c.jpg", from: "Landscape_1", hoursAgo: 1)
        let harness = try EditorWindowHarness(photo: home.pictures + "/b.jpg", copyPhoto: false, home: home.home)
        try harness.waitUntilSettled()
        let opened = try openDialog(harness)
        XCTAssertEqual(opened.dialogEntries, ["trip", "a.jpg", "b.jpg"])
        try harness.key("Home")
        try harness.waitFor("the first entry") { $0.dialogSelected == "trip" }
        try harness.key("End", "Up")
        try harness.waitFor("the entry above the last") { $0.dialogSelected == "a.jpg" }
        try harness.key("Home", "Return")
        let inside = try harness.waitFor("the folder") { $0.dialogPath == home.pictures + "/trip" && !$0.dialogListing }
        XCTAssertEqual(inside.dialogEntries, ["c.jpg"])
        try harness.key("BackSpace")
        let back = try harness.waitFor("the parent") { $0.dialogPath == home.pictures && !$0.dialogListing }
        XCTAssertEqual(back.dialogSelected, "trip", "the folder just left is selected")
        let rows = try XCTUnwrap(back.dialogFrame("rows"))
        try harness.doubleClick(rows[0] + 60, rows[1] + FileDialog.rowHeight / 2)
        try harness.waitFor("a double-click to enter the folder") { $0.dialogPath == home.pictures + "/trip" }
        try harness.key("alt+Up")
        try harness.waitFor("Alt+Up to go back") { $0.dialogPath == home.pictures && !$0.dialogListing }
        try harness.key("alt+Up")
        try harness.waitFor("the home folder") { $0.dialogPath == home.path && !$0.dialogListing }

        try harness.key("ctrl+l")
        try harness.waitFor("the path bar") { $0.dialog["focus"] as? String == "pathBar" }
        try harness.type("Pic")
        try harness.key("Tab")
        // Ctrl+L selected the whole location, so "Pic" replaced it: a name relative to the folder shown.
        try harness.waitFor("completion") { $0.dialog["pathText"] as? String == "Pictures/" }
        try harness.key("Return")
        try harness.waitFor("the completed folder") { $0.dialogPath == home.pictures }
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

    func testSaveAsWritesTheTypedNameAndAsksBeforeReplacing() throws {
        let home = try LibraryHome()
        let harness = try EditorWindowHarness(home: home.home)
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.type("10\t20\t300\t200\n")
        try harness.waitFor("the box") { $0.crop?.width == 300 }

        let dialog = try openDialog(harness, keys: "ctrl+shift+s")
        XCTAssertEqual(dialog.dialog["mode"] as? String, "save")
        XCTAssertEqual(dialog.dialogPath, harness.workDirectory)
        XCTAssertEqual(dialog.dialog["name"] as? String, "sample-cropped.jpg")
        try harness.type("detail\n")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        let target = harness.workDirectory + "/detail.jpg"
        XCTAssertEqual(saved.lastSaved, target, "the photo's extension is added to a bare name")
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 300)

        try harness.key("n")
        try harness.type("0\t0\t500\t400\n")
        try harness.waitFor("the new box") { $0.crop?.width == 500 }
        _ = try openDialog(harness, keys: "ctrl+shift+s")
        try harness.type("detail.jpg\n")
        let asked = try harness.waitFor("the replace question") { $0.overlays == ["replaceFile", "dialog"] }
        XCTAssertEqual(asked.lastSaved, target, "nothing written yet")
        try harness.key("Escape")
        try harness.waitFor("the question to go") { $0.overlays == ["dialog"] }
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 300, "Cancel leaves the file alone")
        try harness.key("Return")
        try harness.waitFor("the question again") { $0.overlays == ["replaceFile", "dialog"] }
        try harness.key("Return")
        try harness.waitFor("the replacing save", timeout: 15) { !$0.dirty && $0.dialog["visible"] as? Bool == false }
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 500)
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.height, 400)
    }

    func testANamedPipeIsListedWithoutBlocking() throws {
        let home = try LibraryHome()
        try home.addPhoto("a.jpg", from: "Landscape_1", hoursAgo: 1)
        XCTAssertEqual(mkfifo(home.pictures + "/pipe.jpg", 0o600), 0)
        let harness = try EditorWindowHarness(photo: home.pictures + "/a.jpg", copyPhoto: false, home: home.home)
        try harness.waitUntilSettled()
        let listed = try openDialog(harness)
        XCTAssertEqual(listed.dialogEntries, ["a.jpg", "pipe.jpg"])
        try harness.key("End")
        let selected = try harness.waitFor("the pipe selected") { $0.dialogSelected == "pipe.jpg" }
        XCTAssertEqual(selected.dialog["visible"] as? Bool, true)
        try harness.key("Down")
        XCTAssertTrue(harness.process.isRunning)
    }
}
