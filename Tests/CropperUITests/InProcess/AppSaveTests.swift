import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI

/// Saving, decided by the app state and written for real by the harness's runner: beside the photo under the
/// first free name, Save As, failures that keep the edits, a box reaching into a damaged photo.
final class AppSaveTests: XCTestCase {
    private func opened(_ name: String = "photo.jpg", in scratch: ScratchDirectory) throws -> (AppHarness, String) {
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: name)
        let app = try AppHarness(files: [path])
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 1800, height: 1200))
        return (app, path)
    }

    func testSaveWritesBesideThePhotoAndTheNextSaveTakesTheNextFreeName() throws {
        let scratch = try ScratchDirectory()
        let (app, _) = try opened(in: scratch)
        app.typeBox(PixelRect(x: 300, y: 200, width: 640, height: 480))
        app.key("r")
        XCTAssertTrue(app.editor.isDirty)
        app.key("ctrl+s")
        let first = scratch.file("photo-cropped.jpg")
        XCTAssertEqual(app.state.saving.lastSaved, first)
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).map(\.target), [.besideSource])
        XCTAssertFalse(app.editor.isDirty, "a successful save marks the edits saved")
        XCTAssertEqual(app.notice, "Saved to \(first)")
        XCTAssertEqual(app.state.chrome.title, "photo.jpg — Cropper")
        let size = try PhotoSource.open(path: first).storedSize
        XCTAssertEqual(size, PixelSize(width: 480, height: 640), "turned a quarter: 480 wide")
        XCTAssertEqual(SavedPhoto.exifTag("Orientation", of: first), "Horizontal (normal)")
        XCTAssertEqual(SavedPhoto.exifTag("XResolution", of: first),
                       SavedPhoto.exifTag("XResolution", of: EditorWindowHarness.samplePhoto), "metadata kept")

        app.key("Return")
        XCTAssertEqual(app.state.saving.lastSaved, scratch.file("photo-cropped-2.jpg"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first), "never overwritten")
    }

    func testAFailedSaveSaysWhyAndKeepsTheEditsAndThePhoto() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch, size: "4m")
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: "tmpfs/photo.jpg")
        let before = try readBytes(path)
        let app = try AppHarness(files: [path])
        app.key("r")
        try disk.remountReadOnly()
        app.key("ctrl+s")
        XCTAssertEqual(app.events.last, "saveFailed")
        XCTAssertTrue(app.editor.isDirty, "the edits are still here")
        XCTAssertNil(app.state.saving.plan)
        XCTAssertEqual(app.banner, "Could not save photo-cropped.jpg: cannot write (Read-only file system). Your edits are still here.")
        XCTAssertEqual(try readBytes(path), before, "the photo is untouched")
        XCTAssertEqual(disk.entries, ["photo.jpg"])
    }

    func testNoSecondSaveStartsWhileOneIsUnderWay() throws {
        let scratch = try ScratchDirectory()
        let (app, _) = try opened(in: scratch)
        app.key("r")
        app.holdsSaves = true
        app.key("ctrl+s")
        app.key("ctrl+s")
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).count, 1, "Save is unavailable while saving")
        XCTAssertNotNil(app.state.saving.plan)
        app.finishSaves()
        XCTAssertNil(app.state.saving.plan)
        XCTAssertEqual(app.events.last, "saved")
    }

    func testAnEditMadeDuringTheSaveStaysUnsaved() throws {
        let scratch = try ScratchDirectory()
        let (app, _) = try opened(in: scratch)
        app.key("r")
        app.holdsSaves = true
        app.key("ctrl+s")
        app.key("h")
        app.finishSaves()
        XCTAssertEqual(app.events.last, "saved")
        XCTAssertTrue(app.editor.isDirty, "the flip came after the saved edit")
        XCTAssertTrue(app.state.chrome.title.hasPrefix("• "))
    }

    func testABoxReachingIntoTheDamagedPartAsksAndSaveAnywayWritesIt() throws {
        let scratch = try ScratchDirectory()
        let bytes = DamagedFiles.truncated(try readBytes(EditorWindowHarness.samplePhoto), at: 0.6)
        let path = try scratch.write(bytes, as: "cut.jpg")
        let app = try AppHarness(files: [path])
        let damage = try XCTUnwrap(try PhotoSource(bytes: bytes).findDamage())
        XCTAssertEqual(app.banner, DamagedRegion(damage, orientation: .normal).summary)
        XCTAssertEqual(app.state.session.document?.facts?.damage, damage, "recorded once, at load")

        app.typeBox(PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        app.key("ctrl+s")
        XCTAssertEqual(app.events.last, "saveReachesDamage")
        XCTAssertEqual(app.top, .damagedSave)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.file("cut-cropped.jpg")))

        app.key("a")
        XCTAssertEqual(app.events.last, "saved")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.state.saving.lastSaved, scratch.file("cut-cropped.jpg"))
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).map(\.target), [.besideSource, .besideSource],
                       "the retry goes where the refused save was going")
    }

    func testSaveAsWritesTheChosenNameAndReplacesOnlyWhenTheUserAgreed() throws {
        let scratch = try ScratchDirectory()
        let (app, _) = try opened(in: scratch)
        app.typeBox(PixelRect(x: 10, y: 20, width: 300, height: 200))
        app.key("ctrl+shift+s")
        XCTAssertEqual(app.top, .dialog)
        let dialog = try XCTUnwrap(app.state.stack.component(FileDialogComponent.self)?.dialog)
        XCTAssertEqual(dialog.directory, scratch.path)
        XCTAssertEqual(dialog.nameField.text, "photo-cropped.jpg")
        app.key("ctrl+u")
        app.type("photo.jpg\n")
        XCTAssertEqual(app.top, .dialog, "never the photo itself")
        XCTAssertNotNil(app.state.stack.component(FileDialogComponent.self)?.dialog.message)
        XCTAssertTrue(app.jobs.compactMap(\.savePlan).isEmpty)
        app.key("ctrl+u")
        app.type("detail.png\n")
        XCTAssertEqual(app.state.saving.lastSaved, scratch.file("detail.png"))
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).last?.target, .exactly(scratch.file("detail.png"), overwrite: false))
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("detail.png")).storedSize, PixelSize(width: 300, height: 200))

        let taken = try scratch.copy(EditorWindowHarness.samplePhoto, as: "taken.jpg")
        app.key("ctrl+shift+s")
        app.key("ctrl+u")
        app.type("taken.jpg\n")
        XCTAssertEqual(app.overlays, [.replaceFile, .dialog], "the shared question, over the dialog")
        let question = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question)
        XCTAssertEqual(question.title, "Replace “taken.jpg”?")
        XCTAssertEqual(question.answers.map(\.answer), [.cancel, .replace])
        app.key("Escape")
        XCTAssertEqual(app.overlays, [.dialog], "Cancel goes back to the dialog")
        XCTAssertEqual(app.state.stack.component(FileDialogComponent.self)?.dialog.nameField.text, "taken.jpg")
        XCTAssertEqual(try PhotoSource.open(path: taken).storedSize, PixelSize(width: 1800, height: 1200), "not yet")
        app.key("Return")
        XCTAssertEqual(app.top, .replaceFile)
        app.key("r")
        XCTAssertEqual(app.overlays, [], "the question and the dialog are done")
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).last?.target, .exactly(taken, overwrite: true))
        XCTAssertEqual(try PhotoSource.open(path: taken).storedSize, PixelSize(width: 300, height: 200))
    }
}
