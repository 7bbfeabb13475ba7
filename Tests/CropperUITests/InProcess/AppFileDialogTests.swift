import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// The file dialog through the app state, its folders listed for real: where it opens, typed paths and the
/// location field, a place clicked, sorting, hidden files, type-ahead, moving through folders, Save As with its
/// replace question, and a named pipe. (`FileDialogTests` keeps the places, which GLib reads from the process's
/// own environment, and a typed path through the real window.)
final class AppFileDialogTests: XCTestCase {
    private func app(photo: String, home: LibraryHome) throws -> AppHarness {
        try AppHarness(files: [photo], home: home.home, runsListings: true)
    }

    /// A copy of the sample photo in a folder of its own.
    private func sample(in scratch: ScratchDirectory) throws -> String {
        try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")
    }

    private var portrait: String { LibraryHome.fixtures.appendingPathComponent("Portrait_6.jpg").path }

    private func click(_ app: AppHarness, frame: [Double]?, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try XCTUnwrap(frame, file: file, line: line)
        app.click(WindowPoint(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2))
    }

    func testCtrlOOpensBesideThePhotoThenAtTheLastFolderAndATypedPathOpensAFile() throws {
        let home = try LibraryHome(), scratch = try ScratchDirectory()
        try home.addPhoto("sea.jpg", from: "Landscape_1", hoursAgo: 1)
        let app = try app(photo: try sample(in: scratch), home: home)
        app.key("ctrl+o")
        var dialog = app.components
        XCTAssertEqual(dialog.dialogPath, scratch.path)
        XCTAssertEqual(dialog.dialogSelected, "sample.jpg", "the open photo is selected")
        XCTAssertEqual(dialog.dialog["mode"] as? String, "open")
        XCTAssertFalse(dialog.dialogListing)

        try click(app, frame: dialog.dialogPlaces.first { $0.title == "Pictures" }?.frame)
        dialog = app.components
        XCTAssertEqual(dialog.dialogPath, home.pictures)
        XCTAssertEqual(dialog.dialogEntries, ["sea.jpg"])
        app.key("Escape")
        XCTAssertFalse(app.overlays.contains(.dialog))

        app.key("ctrl+o")
        XCTAssertEqual(app.components.dialogPath, home.pictures, "the dialog remembers the last folder")
        let other = try scratch.copy(portrait, as: "other.jpg")
        app.type(other)
        XCTAssertEqual(app.components.dialog["focus"] as? String, "pathBar")
        XCTAssertEqual(app.components.dialog["pathText"] as? String, other)
        app.key("Return")
        XCTAssertEqual(app.openPath, other)
        XCTAssertNotNil(app.editor.imageSize)
        XCTAssertFalse(app.overlays.contains(.dialog))
    }

    func testCtrlLSelectsTheLocationSoATypedAbsolutePathReplacesIt() throws {
        let home = try LibraryHome(), scratch = try ScratchDirectory()
        let photo = try sample(in: scratch)
        let app = try app(photo: photo, home: home)
        let other = try scratch.copy(portrait, as: "typed.jpg")
        app.key("ctrl+o")
        app.key("ctrl+l")
        XCTAssertEqual(app.components.dialog["pathSelected"] as? Bool, true)
        XCTAssertEqual(app.components.dialog["pathText"] as? String, scratch.path + "/")

        app.type("/no/such/folder/photo.jpg\n")
        XCTAssertEqual(app.components.dialog["error"] as? String, "No such file: /no/such/folder/photo.jpg")
        XCTAssertTrue(app.overlays.contains(.dialog), "the dialog stays, saying what is wrong")
        XCTAssertEqual(app.openPath, photo)

        app.key("ctrl+l")
        XCTAssertEqual(app.components.dialog["pathSelected"] as? Bool, true)
        app.type(other + "\n")
        XCTAssertEqual(app.openPath, other)
        XCTAssertFalse(app.overlays.contains(.dialog))
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
        let app = try app(photo: folder + "/apple.jpg", home: home)
        app.key("ctrl+o")
        let opened = app.components
        XCTAssertEqual(opened.dialogEntries, ["zebra", "apple.jpg", "Banana.jpg", "cherry.jpg"], "folders first, names A→Z")

        try click(app, frame: opened.dialogHeader("size"))
        XCTAssertEqual(app.components.dialogSort?.key, "size")
        XCTAssertEqual(app.components.dialogSort?.ascending, false)
        XCTAssertEqual(app.components.dialogEntries, ["zebra", "cherry.jpg", "apple.jpg", "Banana.jpg"], "largest first")
        try click(app, frame: opened.dialogHeader("size"))
        XCTAssertEqual(app.components.dialogSort?.ascending, true)
        XCTAssertEqual(app.components.dialogEntries, ["zebra", "Banana.jpg", "apple.jpg", "cherry.jpg"])
        try click(app, frame: opened.dialogHeader("date"))
        XCTAssertEqual(app.components.dialogSort?.key, "date")
        XCTAssertEqual(app.components.dialogEntries, ["zebra", "Banana.jpg", "cherry.jpg", "apple.jpg"], "newest first")
        try click(app, frame: opened.dialogHeader("name"))
        XCTAssertEqual(app.components.dialogSort?.key, "name")
        XCTAssertEqual(app.components.dialogSort?.ascending, true)

        app.key("ctrl+h")
        XCTAssertEqual(app.components.dialog["showsHidden"] as? Bool, true)
        XCTAssertEqual(app.components.dialogEntries, ["zebra", ".secret.jpg", "apple.jpg", "Banana.jpg", "cherry.jpg"])
        app.key("ctrl+h")
        XCTAssertFalse(app.components.dialogEntries.contains(".secret.jpg"))

        try click(app, frame: opened.dialogFrame("allFiles"))
        XCTAssertEqual(app.components.dialog["showsAllFiles"] as? Bool, true)
        XCTAssertEqual(app.components.dialogEntries, ["zebra", "apple.jpg", "Banana.jpg", "cherry.jpg", "readme.txt"])

        app.type("ch")
        XCTAssertEqual(app.components.dialogSelected, "cherry.jpg", "type-ahead")
        app.tick(after: TypeAhead.pause)
        app.type("b")
        XCTAssertEqual(app.components.dialogSelected, "Banana.jpg", "a pause starts a new search")
    }

    func testKeysMoveThroughTheListEnterFoldersAndGoBackUp() throws {
        let home = try LibraryHome()
        try home.addPhoto("a.jpg", from: "Landscape_1", hoursAgo: 1)
        try home.addPhoto("b.jpg", from: "Landscape_1", hoursAgo: 1)
        try home.addPhoto("trip/c.jpg", from: "Landscape_1", hoursAgo: 1)
        let app = try app(photo: home.pictures + "/b.jpg", home: home)
        app.key("ctrl+o")
        XCTAssertEqual(app.components.dialogEntries, ["trip", "a.jpg", "b.jpg"])
        app.key("Home")
        XCTAssertEqual(app.components.dialogSelected, "trip")
        app.key("End")
        app.key("Up")
        XCTAssertEqual(app.components.dialogSelected, "a.jpg", "the entry above the last")
        app.key("Home")
        app.key("Return")
        XCTAssertEqual(app.components.dialogPath, home.pictures + "/trip")
        XCTAssertEqual(app.components.dialogEntries, ["c.jpg"])
        app.key("BackSpace")
        XCTAssertEqual(app.components.dialogPath, home.pictures)
        XCTAssertEqual(app.components.dialogSelected, "trip", "the folder just left is selected")
        let rows = try XCTUnwrap(app.components.dialogFrame("rows"))
        app.doubleClick(WindowPoint(x: rows[0] + 60, y: rows[1] + FileDialog.rowHeight / 2))
        XCTAssertEqual(app.components.dialogPath, home.pictures + "/trip", "a double-click enters the folder")
        app.key("alt+Up")
        XCTAssertEqual(app.components.dialogPath, home.pictures)
        app.key("alt+Up")
        XCTAssertEqual(app.components.dialogPath, home.path)

        app.key("ctrl+l")
        XCTAssertEqual(app.components.dialog["focus"] as? String, "pathBar")
        app.type("Pic")
        app.key("Tab")
        // Ctrl+L selected the whole location, so "Pic" replaced it: a name relative to the folder shown.
        XCTAssertEqual(app.components.dialog["pathText"] as? String, "Pictures/")
        app.key("Return")
        XCTAssertEqual(app.components.dialogPath, home.pictures)
    }

    func testSaveAsWritesTheTypedNameAndAsksBeforeReplacing() throws {
        let home = try LibraryHome(), scratch = try ScratchDirectory()
        let app = try app(photo: try sample(in: scratch), home: home)
        app.typeBox(PixelRect(x: 10, y: 20, width: 300, height: 200))
        XCTAssertEqual(app.editor.crop?.width, 300)

        app.key("ctrl+shift+s")
        XCTAssertEqual(app.components.dialog["mode"] as? String, "save")
        XCTAssertEqual(app.components.dialogPath, scratch.path)
        XCTAssertEqual(app.components.dialog["name"] as? String, "sample-cropped.jpg")
        app.type("detail\n")
        let target = scratch.file("detail.jpg")
        XCTAssertEqual(app.state.saving.lastSaved, target, "the photo's extension is added to a bare name")
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 300)

        app.typeBox(PixelRect(x: 0, y: 0, width: 500, height: 400))
        app.key("ctrl+shift+s")
        app.type("detail.jpg\n")
        XCTAssertEqual(app.overlays, [.replaceFile, .dialog], "the replace question")
        XCTAssertTrue(app.editor.isDirty, "nothing written yet")
        app.key("Escape")
        XCTAssertEqual(app.overlays, [.dialog])
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 300, "Cancel leaves the file alone")
        app.key("Return")
        XCTAssertEqual(app.overlays, [.replaceFile, .dialog], "the question again")
        app.key("Return")
        XCTAssertFalse(app.editor.isDirty)
        XCTAssertFalse(app.overlays.contains(.dialog))
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.width, 500)
        XCTAssertEqual(SavedPhoto.decodedSize(target)?.height, 400)
    }

    func testANamedPipeIsListedAndSelectedWithoutBlocking() throws {
        let home = try LibraryHome()
        try home.addPhoto("a.jpg", from: "Landscape_1", hoursAgo: 1)
        XCTAssertEqual(mkfifo(home.pictures + "/pipe.jpg", 0o600), 0)
        let app = try app(photo: home.pictures + "/a.jpg", home: home)
        app.key("ctrl+o")
        XCTAssertEqual(app.components.dialogEntries, ["a.jpg", "pipe.jpg"])
        app.key("End")
        XCTAssertEqual(app.components.dialogSelected, "pipe.jpg")
        XCTAssertTrue(app.overlays.contains(.dialog))
        app.key("Down")
        XCTAssertEqual(app.components.dialogSelected, "pipe.jpg", "the last stays selected; nothing read the pipe")
    }
}
