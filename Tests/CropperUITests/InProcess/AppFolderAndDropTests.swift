import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// The open folder followed as it changes on disk, and photos dropped from a file manager.
final class AppFolderAndDropTests: XCTestCase {
    private func folderOf(_ names: [String], in scratch: ScratchDirectory) throws -> [String] {
        try names.map { try scratch.copy(EditorWindowHarness.samplePhoto, as: $0) }
    }

    func testAPhotoAddedOrDeletedElsewhereJoinsOrLeavesTheList() throws {
        let scratch = try ScratchDirectory()
        let paths = try folderOf(["a.jpg", "b.jpg", "c.jpg"], in: scratch)
        let app = try AppHarness(files: [paths[1]])
        XCTAssertEqual(app.state.session.documents?.folder, scratch.path, "one photo: its folder is the list")
        XCTAssertTrue(app.jobs.contains { if case .followFolder = $0 { true } else { false } })
        app.send(.background(.folderListed(folder: scratch.path, photos: paths)))
        XCTAssertEqual(app.state.session.documents?.paths, paths)

        _ = try scratch.copy(EditorWindowHarness.samplePhoto, as: "d.jpg")
        app.send(.background(.folderChanged(folder: scratch.path)))
        XCTAssertEqual(app.state.session.documents?.paths.map { PathNames.name(of: $0) }, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        XCTAssertEqual(app.state.session.documents?.current, paths[1], "the open photo keeps its place")

        try FileManager.default.removeItem(atPath: paths[0])
        app.send(.background(.folderChanged(folder: scratch.path)))
        XCTAssertEqual(app.state.session.documents?.paths.map { PathNames.name(of: $0) }, ["b.jpg", "c.jpg", "d.jpg"])
        XCTAssertEqual(app.state.chrome.title, "b.jpg (1 / 3) — Cropper")
    }

    func testTheOpenPhotoGoneStaysOnScreenWithABannerUntilItComesBack() throws {
        let scratch = try ScratchDirectory()
        let paths = try folderOf(["a.jpg", "b.jpg"], in: scratch)
        let app = try AppHarness(files: [paths[0]])
        app.key("r")
        try FileManager.default.moveItem(atPath: paths[0], toPath: scratch.file("moved.tmp"))
        app.send(.background(.folderChanged(folder: scratch.path)))
        XCTAssertEqual(app.events.last, "currentPhotoGone")
        XCTAssertEqual(app.state.session.documents?.currentIsGone, true)
        XCTAssertEqual(app.banner, "a.jpg was deleted or moved by another program. It stays on screen until you go to "
            + "another photo; it can no longer be saved from here.")
        XCTAssertEqual(app.openPath, paths[0])
        XCTAssertTrue(app.editor.isDirty, "the edits stay too")

        try FileManager.default.moveItem(atPath: scratch.file("moved.tmp"), toPath: paths[0])
        app.send(.background(.folderChanged(folder: scratch.path)))
        XCTAssertEqual(app.state.session.documents?.currentIsGone, false)
        XCTAssertNil(app.banner)
    }

    func testAListingForAnotherFolderIsStale() throws {
        let scratch = try ScratchDirectory()
        let paths = try folderOf(["a.jpg"], in: scratch)
        let app = try AppHarness(files: paths)
        XCTAssertEqual(app.send(.background(.folderChanged(folder: "/elsewhere"))), "staleFolder")
        XCTAssertEqual(app.send(.background(.folderListed(folder: "/elsewhere", photos: []))), "staleFolder")
        XCTAssertEqual(app.send(.background(.folderListed(folder: scratch.path, photos: nil))), "folderUnreadable")
        XCTAssertEqual(app.state.session.documents?.paths, paths)
    }

    func testDroppedPhotosBecomeTheListAndAskFirstAboutUnsavedEdits() throws {
        let scratch = try ScratchDirectory()
        let paths = try folderOf(["a.jpg", "b.jpg", "c.jpg"], in: scratch)
        let app = try AppHarness(files: [paths[0]])
        app.send(.drag(.entered(accepting: true)))
        XCTAssertTrue(app.state.chrome.dropHovering)
        app.send(.drag(.dropping))
        XCTAssertFalse(app.state.chrome.dropHovering)
        app.key("r")
        app.send(.dropped(photos: [paths[1], paths[2]]))
        XCTAssertEqual(app.dropAnswers, [true])
        XCTAssertEqual(app.top, .confirm, "the edits are asked about first")
        XCTAssertEqual(app.openPath, paths[0])
        app.key("d")
        XCTAssertEqual(app.state.session.documents?.paths, [paths[1], paths[2]])
        XCTAssertEqual(app.openPath, paths[1])
    }

    func testOfADroppedURIListOnlyLocalPhotosAreTaken() throws {
        let scratch = try ScratchDirectory()
        let paths = try folderOf(["a.jpg", "b.jpg"], in: scratch)
        let notes = scratch.file("notes.txt")
        try "not a photo".write(toFile: notes, atomically: true, encoding: .utf8)
        let app = try AppHarness(files: [paths[0]])
        let uriList = "# from a file manager\r\nfile://\(paths[1])\r\nfile://\(notes)\r\nhttps://example.org/c.jpg\r\n"
        XCTAssertEqual(app.send(.droppedURIs(uriList)), "droppedFiles")
        let lookedAt: [[String]] = app.jobs.compactMap { job in
            guard case let .findPhotos(among) = job else { return nil }
            return among
        }
        XCTAssertEqual(lookedAt, [[paths[1], notes]], "the local files are looked at; the web address is not a file")
        XCTAssertLessThan(try XCTUnwrap(app.events.lastIndex(of: "droppedFiles")), try XCTUnwrap(app.events.lastIndex(of: "dropped")),
                          "the photos among them come back as the next event")
        XCTAssertEqual(app.dropAnswers, [true])
        XCTAssertEqual(app.state.session.documents?.paths, [paths[1]], "the text file is not a photo")
        XCTAssertEqual(app.openPath, paths[1])
    }

    func testADropWithNoPhotosIsRefusedWithANotice() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: try folderOf(["a.jpg"], in: scratch))
        app.send(.dropped(photos: []))
        XCTAssertEqual(app.dropAnswers, [false])
        XCTAssertEqual(app.notice, "Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos")
    }

    func testNoDropIsTakenWhileAQuestionIsUp() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: try folderOf(["a.jpg"], in: scratch))
        XCTAssertTrue(app.state.acceptsDrops)
        app.key("r")
        app.close()
        XCTAssertFalse(app.state.acceptsDrops)
    }
}

/// Ctrl+C: the crop offered on the CLIPBOARD in the formats its photo allows, rendered only when asked.
final class AppClipboardTests: XCTestCase {
    func testTheCropIsOfferedAsPNGAndJPEGAndRendersAtFullResolution() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "a.jpg")])
        app.typeBox(PixelRect(x: 100, y: 50, width: 400, height: 300))
        app.key("ctrl+c")
        let crop = try XCTUnwrap(app.offeredCrops.last)
        XCTAssertEqual(crop.formats, [.png, .jpeg])
        XCTAssertEqual(app.notice, "Copied the crop (400 × 300) to the clipboard")
        let offer = crop.offer(replyTo: WakePipe<BackgroundMessage>())
        XCTAssertEqual(offer.mimeTypes, ["image/png", "image/jpeg"])
        let png = try XCTUnwrap(offer.render("image/png"))
        XCTAssertEqual(try PhotoSource(bytes: png).storedSize, PixelSize(width: 400, height: 300))
        XCTAssertNil(offer.render("image/gif"))
    }

    func testACMYKPhotoIsOfferedAsJPEGOnlyFromWhatItsLoadRecorded() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let path = try ColourFixtures.cmyk(as: "cmyk.jpg", scratch: scratch)
        let app = try AppHarness(files: [path])
        XCTAssertEqual(app.state.session.document?.facts?.isCMYK, true)
        app.key("ctrl+c")
        XCTAssertEqual(app.offeredCrops.last?.formats, [.jpeg])
    }

    func testAnotherProgramKeepingTheClipboardIsSaid() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "a.jpg")])
        app.clipboardIsFree = false
        app.key("ctrl+c")
        XCTAssertEqual(app.notice, "Another program kept the clipboard: nothing was copied")
    }
}
