import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// The close question: asked over whatever is up when there are unsaved edits, and the window does only what
/// the answer says.
final class AppCloseQuestionTests: XCTestCase {
    private func edited(in scratch: ScratchDirectory, photos: Int = 1) throws -> AppHarness {
        let paths = try (1...photos).map { try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo\($0).jpg") }
        let app = try AppHarness(files: paths)
        app.key("r")
        XCTAssertTrue(app.editor.isDirty)
        return app
    }

    /// Every panel and question that can be up when the window is asked to close.
    private let panels: [(name: String, open: (AppHarness) -> Void, kind: ComponentKind)] = [
        ("picker", { $0.key("p") }, .picker),
        ("open dialog", { $0.key("ctrl+o") }, .dialog),
        ("save-as dialog", { $0.key("ctrl+shift+s") }, .dialog),
        ("numbers", { $0.key("n") }, .numericEntry),
        ("photo grid", { $0.key("g") }, .grid),
        ("shortcut sheet", { $0.key(Keysym.F1) }, .shortcuts),
        ("replace-original question", { $0.key("ctrl+alt+s") }, .replaceOriginal),
    ]

    func testTheQuestionGoesOverEveryPanelAndCancelKeepsEverything() throws {
        for panel in panels {
            let scratch = try ScratchDirectory()
            let app = try edited(in: scratch)
            panel.open(app)
            XCTAssertTrue(app.overlays.contains(panel.kind), "\(panel.name) is up: \(app.overlays)")
            app.close()
            XCTAssertEqual(app.top, .confirm, "over the \(panel.name)")
            XCTAssertFalse(app.quit)
            assertQuestionIsDrawnOnTop(app, panel.name)
            app.key("Escape")
            XCTAssertFalse(app.overlays.contains(.confirm), panel.name)
            XCTAssertEqual(app.top, panel.kind == .numericEntry ? nil : panel.kind,
                           "Cancel answers the question; what was up stays up (the numbers give way to it)")
            XCTAssertFalse(app.quit, "cancel keeps the window (\(panel.name))")
            XCTAssertTrue(app.editor.isDirty, "and the edits (\(panel.name))")
        }
    }

    /// The question's panel is drawn last: between its Don't Save and Cancel buttons lies its plain panel colour
    /// (0x2f3136), not the dimmed sheet, dialog or picker under it.
    private func assertQuestionIsDrawnOnTop(_ app: AppHarness, _ panel: String) {
        let frame = app.frame()
        let panelX = frame.width / 2 - 240, panelY = frame.height / 2 - 75
        XCTAssertEqual(frame.rgb(x: panelX + 180, y: panelY + 115), 0x2f3136, "the question over the \(panel)")
    }

    func testDiscardQuitsWithoutWriting() throws {
        let scratch = try ScratchDirectory()
        let app = try edited(in: scratch)
        app.close()
        app.key("d")
        XCTAssertTrue(app.quit)
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).count, 0)
    }

    func testSaveThenQuitQuitsOnlyOnceTheSaveIsWritten() throws {
        let scratch = try ScratchDirectory()
        let app = try edited(in: scratch)
        app.holdsSaves = true
        app.close()
        app.key("s")
        XCTAssertFalse(app.quit, "the save is still under way")
        app.finishSaves()
        XCTAssertTrue(app.quit)
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("photo1-cropped.jpg")).storedSize,
                       PixelSize(width: 1200, height: 1800), "the turned photo is saved upright, whole")
    }

    func testAFailedSaveBeforeQuittingKeepsTheWindowAndTheEdits() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch, size: "4m")
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "tmpfs/photo.jpg")])
        app.key("r")
        try disk.remountReadOnly()
        app.close()
        app.key("s")
        XCTAssertEqual(app.events.last, "saveFailed")
        XCTAssertFalse(app.quit)
        XCTAssertTrue(app.editor.isDirty)
        XCTAssertNil(app.top, "the question is answered; the banner says why")
    }

    func testGoingToTheNextPhotoAsksAndDiscardOpensIt() throws {
        let scratch = try ScratchDirectory()
        let app = try edited(in: scratch, photos: 2)
        app.key("Next")
        XCTAssertEqual(app.top, .confirm)
        XCTAssertEqual(app.openPath, scratch.file("photo1.jpg"))
        app.key("n")
        XCTAssertEqual(app.openPath, scratch.file("photo2.jpg"))
        XCTAssertFalse(app.editor.isDirty)
    }

    func testWithoutEditsTheWindowClosesAtOnce() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "a.jpg")])
        app.close()
        XCTAssertTrue(app.quit)
        XCTAssertNil(app.top)
    }
}

/// Saving over the photo: asked the first time, the original to the Trash, the photo opened again as saved.
final class AppReplaceOriginalTests: XCTestCase {
    func testTheFirstReplaceAsksThenReplacesAndTheOriginalIsInTheTrash() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo.jpg")
        let original = try readBytes(path)
        let app = try AppHarness(files: [path])
        app.typeBox(PixelRect(x: 100, y: 100, width: 600, height: 400))
        app.key("ctrl+alt+s")
        XCTAssertEqual(app.top, .replaceOriginal)
        let question = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question)
        XCTAssertEqual(question.title, "Replace photo.jpg with the crop?")
        XCTAssertEqual(question.message, "The photo becomes the crop, its metadata kept. The original goes to the Trash, "
            + "where your file manager can restore it. Cropper asks only this once.")
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).count, 0, "nothing written before the answer")
        let generation = app.state.session.generation
        app.key("r")
        XCTAssertEqual(app.events.suffix(4).contains("replaced"), true, "\(app.events.suffix(4))")
        XCTAssertTrue(app.state.settings.replaceConfirmed)
        XCTAssertEqual(app.state.settings.saveMode, .overOriginal, "Save does this from now on")
        XCTAssertEqual(app.notice, "Replaced photo.jpg with the crop — the original is in the Trash")
        XCTAssertEqual(try PhotoSource.open(path: path).storedSize, PixelSize(width: 600, height: 400))
        let trashed = app.home.dataHome + "/Trash/files/photo.jpg"
        XCTAssertEqual(try readBytes(trashed), original, "the original, byte for byte")
        let info = try String(contentsOfFile: app.home.dataHome + "/Trash/info/photo.jpg.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(path)\nDeletionDate="), info)
        XCTAssertGreaterThan(app.state.session.generation, generation, "the photo opened again")
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 600, height: 400))
        XCTAssertFalse(app.editor.isDirty)

        // Confirmed once: the next Ctrl+S replaces without asking.
        app.typeBox(PixelRect(x: 0, y: 0, width: 300, height: 200))
        app.key("ctrl+s")
        XCTAssertNil(app.top)
        XCTAssertEqual(try PhotoSource.open(path: path).storedSize, PixelSize(width: 300, height: 200))
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.home.dataHome + "/Trash/files/photo.2.jpg"))
    }

    func testWithTheTrashUnusableNothingIsReplaced() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo.jpg")
        let original = try readBytes(path)
        let app = try AppHarness(files: [path])
        try FileManager.default.createDirectory(atPath: app.home.dataHome, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: app.home.dataHome + "/Trash", contents: Data([1]))
        app.typeBox(PixelRect(x: 10, y: 10, width: 200, height: 100))
        app.key("ctrl+alt+s")
        app.key("Return")
        XCTAssertEqual(app.banner, "Could not save photo.jpg: the trash cannot take it: \(app.home.dataHome)/Trash is not a "
            + "folder. Your edits are still here.")
        XCTAssertEqual(app.editor.crop, PixelRect(x: 10, y: 10, width: 200, height: 100))
        XCTAssertTrue(app.editor.isDirty)
        XCTAssertEqual(try readBytes(path), original, "nothing replaced")
    }

    func testCancelLeavesEverythingAndTheExportSizeIsRemembered() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo.jpg")])
        for _ in 0..<4 { app.key("e") }
        XCTAssertEqual(app.state.settings.exportSize.map(Settings.name(of:)), "1080x1080")
        XCTAssertEqual(Settings.name(of: app.editor.aspect), "1:1", "an exact size locks the box to its shape")
        XCTAssertEqual(app.notice, "Saves are scaled to 1080 × 1080; Cropper never enlarges a crop")
        app.typeBox(PixelRect(x: 0, y: 0, width: 1200, height: 1200))
        app.key("ctrl+alt+s")
        XCTAssertEqual(app.state.stack.component(QuestionComponent.self)?.question.message, "The photo becomes the crop at "
            + "1080 × 1080, its metadata kept. The original goes to the Trash, where your file manager can restore it. "
            + "Cropper asks only this once.")
        app.key("Escape")
        XCTAssertNil(app.top)
        XCTAssertFalse(app.state.settings.replaceConfirmed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.home.dataHome + "/Trash"))

        // Save beside, at the size: 1080 × 1080 from a 1200 × 1200 box.
        app.key("ctrl+s")
        let saved = try XCTUnwrap(app.state.saving.lastSaved)
        XCTAssertEqual(app.notice, "Saved to \(saved) at 1080 × 1080")
        XCTAssertEqual(try PhotoSource.open(path: saved).storedSize, PixelSize(width: 1080, height: 1080))
    }

    func testAPhotoGoneFromItsFolderIsNotReplaced() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo.jpg")
        var settings = Settings()
        settings.saveMode = .overOriginal
        settings.replaceConfirmed = true
        let app = try AppHarness(files: [path], settings: settings)
        app.key("r")
        try FileManager.default.removeItem(atPath: path)
        app.send(.background(.folderListed(folder: scratch.path, photos: [])))
        XCTAssertEqual(app.state.session.documents?.currentIsGone, true)
        app.key("ctrl+s")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.notice, "Cannot save over it: the photo is no longer in its folder")
        XCTAssertEqual(app.jobs.compactMap(\.savePlan).count, 0)
    }
}
