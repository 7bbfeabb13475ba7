import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// One crop on many photos, in-process: Ctrl+Shift+C's panel, Ctrl+Shift+V on the grid's selection (boxes to the
/// pixel, photos it does not fit marked), each photo's crop and undo kept with it, Ctrl+S saving the selection in
/// the background with Cancel, failures and Retry, and leaving with crops unsaved.
/// The folder: Landscape_1 (1800 × 1200), Landscape_6 (stored 1200 × 1800, shown 1800 × 1200), Portrait_1 and
/// Portrait_8 (shown 1200 × 1800).
final class AppBatchTests: XCTestCase {
    private var scratch: ScratchDirectory?
    private let box = PixelRect(x: 450, y: 300, width: 600, height: 400)

    private func folder(in directory: String? = nil, settings: Settings = Settings()) throws -> (AppHarness, [String]) {
        let scratch = try ScratchDirectory()
        self.scratch = scratch
        let into = directory ?? scratch.path
        let paths = try [("Landscape", 1), ("Landscape", 6), ("Portrait", 1), ("Portrait", 8)].map { set, orientation in
            let destination = "\(into)/\(set)_\(orientation).jpg"
            try FileManager.default.copyItem(atPath: Fixtures.path(set, orientation), toPath: destination)
            return destination
        }
        let app = try AppHarness(files: [paths[0]], settings: settings)
        app.send(.background(.folderListed(folder: into, photos: paths)))
        return (app, paths)
    }

    /// Draws the box on the open photo, copies it as a rule by `key` in the panel, and applies it to every photo.
    private func copyAndApply(_ app: AppHarness, ruleKey: String = "Return") {
        app.typeBox(box)
        app.key("ctrl+shift+C")
        XCTAssertEqual(app.top, .cropRule, "the panel asks how the box is carried over")
        app.key(ruleKey)
        XCTAssertNil(app.top)
        app.key("g")
        app.key("ctrl+a")
        app.key("ctrl+shift+V")
    }

    private func gridLog(_ app: AppHarness) -> [String: String] {
        guard case let .object(members)? = app.state.stack.snapshot(in: app.state.context)["grid"] else { return [:] }
        return Dictionary(members.map { ($0.0, $0.1.serialized) }, uniquingKeysWith: { first, _ in first })
    }

    private func pendingCrop(_ app: AppHarness, _ path: String) -> PixelRect? { app.state.batch.pending[path]?.edit.crop }

    func testThePanelOffersEveryWayAndEnterTakesTheSameShapeAtTheSamePlace() throws {
        let (app, _) = try folder()
        app.typeBox(box)
        app.key("ctrl+shift+C")
        let question = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question)
        XCTAssertEqual(question.message.split(separator: "\n").map(String.init), [
            "1  Same shape (3:2), same place: centred at 42 % × 42 % of the photo",
            "2  Relative: 25 %, 25 %, 33 % × 33 % of the photo",
            "3  Pixels: 450, 300, 600 × 400",
            "4  Largest 3:2 box, centred",
            "5  Largest 3:2 box where the photo’s content is",
        ])
        XCTAssertEqual(question.answers.map(\.label), ["Cancel", "Pixels", "Relative", "Centred", "Smart", "Same place"])
        app.key("Escape")
        XCTAssertNil(app.state.batch.rules.copied, "Esc copies nothing")
        app.key("ctrl+shift+C")
        app.key("Return")
        XCTAssertEqual(app.state.batch.rules.copied?.rule.kind, .sameShapeSamePlace)
        XCTAssertEqual(app.notice, "Copied the crop rule (Same place). In the grid, Ctrl+Shift+V applies it to the selected photos.")
    }

    func testWithoutABoxThereIsNoRuleToCopy() throws {
        let (app, _) = try folder()
        app.key("ctrl+shift+C")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.notice, "Draw a box first: the crop rule is made from it")
    }

    func testTheSameShapeGoesToTheSamePlaceOnEveryOrientation() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        XCTAssertEqual(app.editor.crop, box, "the open photo keeps its box")
        XCTAssertEqual(pendingCrop(app, paths[1]), box, "EXIF-turned to the same shape: the same pixels")
        // 1200 × 1800: a ninth of the area at 3:2 is 600 × 400, centred at 5/12 × 5/12 = (500, 750).
        XCTAssertEqual(pendingCrop(app, paths[2]), PixelRect(x: 200, y: 550, width: 600, height: 400))
        XCTAssertEqual(pendingCrop(app, paths[3]), PixelRect(x: 200, y: 550, width: 600, height: 400))
        XCTAssertEqual(app.state.batch.pending[paths[3]]?.edit.aspect, .custom(width: 3, height: 2))
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(4).serialized)
        XCTAssertEqual(gridLog(app)["misfits"], JSONValue.integer(0).serialized)
        XCTAssertEqual(app.notice, "The crop is on the selected photos: open one to adjust it, Ctrl+S saves them")
    }

    func testRelativeAndCentredRulesPlaceByTheirOwnRule() throws {
        let (app, paths) = try folder()
        copyAndApply(app, ruleKey: "2")
        XCTAssertEqual(pendingCrop(app, paths[2]), PixelRect(x: 300, y: 450, width: 400, height: 600), "a quarter in, a third of each side")
        app.key("g")
        app.key("ctrl+shift+C")
        app.key("4")
        app.key("g")
        app.key("ctrl+a")
        app.key("ctrl+shift+V")
        XCTAssertEqual(pendingCrop(app, paths[2]), PixelRect(x: 0, y: 500, width: 1200, height: 800), "the largest 3:2, centred")
        XCTAssertEqual(pendingCrop(app, paths[1]), PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        XCTAssertEqual(app.state.batch.pending[paths[2]]?.history.undoStack.last?.crop, PixelRect(x: 300, y: 450, width: 400, height: 600),
                       "applied again: the earlier crop is an undo step of that photo")
    }

    func testPixelsThatDoNotFitMarkThePhotoWithTheReasonAndCropNothing() throws {
        let (app, paths) = try folder()
        app.typeBox(PixelRect(x: 450, y: 300, width: 1200, height: 800))
        app.key("ctrl+shift+C")
        app.key("3")
        app.key("g")
        app.key("ctrl+a")
        app.key("ctrl+shift+V")
        XCTAssertEqual(pendingCrop(app, paths[1]), PixelRect(x: 450, y: 300, width: 1200, height: 800))
        XCTAssertNil(app.state.batch.pending[paths[2]])
        XCTAssertEqual(app.state.batch.rules.misfits[paths[2]], "only 1200 × 1800 px; the box needs 1650 × 1100")
        XCTAssertEqual(app.state.batch.rules.misfits.count, 2)
        XCTAssertEqual(gridLog(app)["misfits"], JSONValue.integer(2).serialized)
        XCTAssertEqual(app.notice, "2 photos do not take the crop; they are marked with the reason")
        app.key("ctrl+s")
        XCTAssertEqual(app.state.batch.run?.total, 2, "only the photos with a crop are saved")
    }

    func testAPhotoGoneFromTheFolderTakesItsCropWithIt() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        try FileManager.default.removeItem(atPath: paths[3])
        app.send(.background(.folderListed(folder: PathNames.folder(of: paths[0]), photos: Array(paths.prefix(3)))))
        XCTAssertNil(app.state.batch.pending[paths[3]])
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(3).serialized)
    }

    func testOpeningAPhotoShowsItsBoxAndKeepsItsOwnUndo() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.key("Right")
        app.key("Right")
        app.key("Return")
        XCTAssertEqual(app.openPath, paths[2])
        XCTAssertEqual(app.editor.crop, PixelRect(x: 200, y: 550, width: 600, height: 400), "the proposed box in the editor")
        app.key("Right")
        XCTAssertEqual(app.editor.crop, PixelRect(x: 201, y: 550, width: 600, height: 400), "adjusted")
        app.key("g")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(4).serialized)
        app.key("Left")
        app.key("Return")
        XCTAssertEqual(app.openPath, paths[1])
        app.key("ctrl+z")
        XCTAssertNil(app.editor.crop, "this photo's undo takes its applied crop back")
        XCTAssertEqual(pendingCrop(app, paths[2]), PixelRect(x: 201, y: 550, width: 600, height: 400), "the adjusted one kept its change")
    }

    func testCtrlSSavesTheSelectedCropsBesideTheirPhotos() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.key("ctrl+s")
        let batch = try XCTUnwrap(app.state.batch.run)
        XCTAssertEqual([batch.total, batch.saved, batch.failures.count], [4, 4, 0])
        XCTAssertFalse(batch.running)
        XCTAssertEqual(app.notice, "Saved 4 photos")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(0).serialized)
        XCTAssertFalse(app.editor.isDirty, "the open photo's crop is saved too")
        for (path, size) in zip(paths, [(600, 400), (600, 400), (600, 400), (600, 400)]) {
            let saved = path.replacingOccurrences(of: ".jpg", with: "-cropped.jpg")
            XCTAssertEqual(SavedPhoto.decodedSize(saved).map { [$0.width, $0.height] }, [size.0, size.1], saved)
        }
    }

    func testWhenSavingOverTheOriginalIsTheModeEachPhotoIsReplacedAndItsOriginalTrashed() throws {
        var settings = Settings()
        settings.saveMode = .overOriginal
        settings.replaceConfirmed = true
        let (app, paths) = try folder(settings: settings)
        copyAndApply(app)
        app.key("ctrl+s")
        XCTAssertEqual(app.state.batch.run.map { [$0.total, $0.saved, $0.failures.count] }, [4, 4, 0])
        for path in paths {
            XCTAssertEqual(SavedPhoto.decodedSize(path).map { [$0.width, $0.height] }, [600, 400], "\(path) is the crop now")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path.replacingOccurrences(of: ".jpg", with: "-cropped.jpg")))
        }
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 600, height: 400), "the open photo opened again as the crop")
        XCTAssertEqual(app.top, .grid, "under the grid")
        let trashes = [app.home.dataHome + "/Trash/files", PathNames.folder(of: paths[0]) + "/.Trash-\(getuid())/files"]
        let trashed = trashes.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
        XCTAssertEqual(trashed.sorted(), paths.map { PathNames.name(of: $0) }.sorted(), "the originals are in the Trash")
    }

    func testCancelStopsWhatHasNotStartedAndTheRestStayPending() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.holdsSaves = true
        app.key("ctrl+s")
        XCTAssertEqual(app.state.batch.run?.running, true)
        app.finishBatch(upTo: 1)
        let bar = try XCTUnwrap(app.state.stack.component(GridComponent.self)?.batchBar(app.state.context))
        XCTAssertEqual(bar.headline, "Saving 2 of 4 photos…")
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: bar.buttonFrame.midX, y: bar.buttonFrame.midY),
                                            time: 5000, modifiers: []))))
        app.finishBatch()
        let batch = try XCTUnwrap(app.state.batch.run)
        XCTAssertEqual([batch.total, batch.saved, batch.failures.count], [4, 1, 0])
        XCTAssertTrue(batch.cancelled)
        XCTAssertFalse(batch.running)
        XCTAssertEqual(app.notice, "Stopped: 1 of 4 photos saved; the rest keep their crops")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(3).serialized)
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[1].replacingOccurrences(of: ".jpg", with: "-cropped.jpg")))
    }

    /// A photo written while the run goes on repaints the header, the bar and that photo's cell, not the window;
    /// the open photo's save (its editor changes) and the run's end repaint everything.
    func testAPhotoWrittenRepaintsOnlyTheHeaderTheBarAndItsCell() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.holdsSaves = true
        app.key("ctrl+s")
        func drawn() -> DrawnFrame {
            DrawnFrame(editor: app.state.session.editor, shown: app.state.shown, stack: app.state.stack,
                       layout: app.state.layout, photoVersion: 0)
        }
        let started = drawn()
        app.finishBatch(upTo: 1)
        XCTAssertEqual(app.state.batch.run?.saved, 1)
        let openPhotoSaved = drawn()
        XCTAssertNil(started.damage(to: openPhotoSaved), "the open photo's editor is marked saved")
        app.finishBatch(upTo: 1)
        let secondSaved = drawn()
        let grid = try XCTUnwrap(app.state.stack.component(GridComponent.self))
        let cells = grid.layout(app.state.context)
        let bar = try XCTUnwrap(grid.batchBar(app.state.context))
        XCTAssertNil(app.state.batch.pending[paths[1]])
        let damage = try XCTUnwrap(openPhotoSaved.damage(to: secondSaved))
        let scale = app.state.layout.scale
        let expected = [cells.header, bar.frame, cells.frame(ofItem: 1)].map { $0.scaled(by: scale) }
        XCTAssertEqual(damage.count, expected.count)
        for (area, want) in zip(damage, expected) {
            XCTAssertTrue(area.x <= want.x && area.y <= want.y && area.maxX >= want.maxX && area.maxY >= want.maxY
                && area.width <= want.width + 2 && area.height <= want.height + 2, "\(area) covers \(want)")
        }
        app.finishBatch()
        XCTAssertNil(secondSaved.damage(to: drawn()), "the run's end")
    }

    func testTheFolderIsListedAgainOnceWhenTheRunEndsNotForEveryPhotoWritten() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.holdsSaves = true
        app.key("ctrl+s")
        app.finishBatch(upTo: 2)
        let folder = PathNames.folder(of: paths[0])
        XCTAssertEqual(app.send(.background(.folderChanged(folder: folder))), "folderChangeHeld")
        XCTAssertEqual(app.send(.background(.folderChanged(folder: folder))), "folderChangeHeld")
        XCTAssertEqual(app.state.session.documents?.count, 4, "the grid keeps its order while the run writes")
        let listings = app.jobs.filter { if case .listFolderPhotos = $0 { true } else { false } }.count
        app.finishBatch()
        XCTAssertEqual(app.jobs.filter { if case .listFolderPhotos = $0 { true } else { false } }.count, listings + 1)
        XCTAssertEqual(app.state.session.documents?.count, 8, "the four crops join the list once the run ends")
        XCTAssertEqual(app.send(.background(.folderChanged(folder: folder))), "folderChanged")
    }

    func testEscStopsTheSaveWhileItRunsAndOtherwiseLeavesTheGrid() throws {
        let (app, _) = try folder()
        copyAndApply(app)
        app.holdsSaves = true
        app.key("ctrl+s")
        app.finishBatch(upTo: 1)
        app.key("Escape")
        XCTAssertEqual(app.state.batch.run?.cancelled, true, "Esc is the bar's Cancel while the photos are saved")
        XCTAssertEqual(app.top, .grid)
        app.finishBatch()
        XCTAssertEqual(app.state.batch.run.map { [$0.total, $0.saved] }, [4, 1])
        XCTAssertEqual(app.notice, "Stopped: 1 of 4 photos saved; the rest keep their crops")
        app.key("Escape")
        XCTAssertNil(app.top, "with nothing being saved, Esc goes back to the editor")
    }

    func testALosslessRuleCutsEachJPEGFromItsBlocksAndMarksAPhotoThatHasNone() throws {
        var settings = Settings()
        settings.lossless = true
        let (app, paths) = try folder(settings: settings)
        let png = try XCTUnwrap(scratch).file("Drawing.png")
        _ = try Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), png])
        app.send(.background(.folderListed(folder: PathNames.folder(of: paths[0]), photos: paths + [png])))
        app.typeBox(box)
        app.key("ctrl+shift+C")
        let question = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question)
        XCTAssertTrue(question.message.hasSuffix("With it: lossless where the photo allows it (JPEG, HEIC, AVIF)."), question.message)
        app.key("Return")
        XCTAssertEqual(app.state.batch.rules.copied?.lossless, true)
        app.key("g")
        app.key("ctrl+a")
        app.key("ctrl+shift+V")
        XCTAssertEqual(app.state.batch.rules.misfits[png], "a PNG photo has no lossless crop (JPEG, HEIC and AVIF have)")
        XCTAssertTrue(paths.dropFirst().allSatisfy { app.state.batch.pending[$0]?.lossless == true })
        let rects = try paths.map { try XCTUnwrap($0 == paths[0] ? app.editor.crop : app.state.batch.pending[$0]?.edit.crop) }
        app.key("ctrl+s")
        XCTAssertEqual(app.state.batch.run.map { [$0.total, $0.saved, $0.failures.count] }, [4, 4, 0])
        for (path, rect) in zip(paths, rects) {
            // The command line's lossless crop of the same box: the blocks copied, the box snapped out to them.
            let cli = try CropExporter.render(try PhotoSource.open(path: path), CropExport(rect: rect, lossless: true), as: .jpeg)
            XCTAssertTrue(cli.lossless)
            let saved = try FileReading.readAll(path: path.replacingOccurrences(of: ".jpg", with: "-cropped.jpg"))
            XCTAssertTrue(saved == cli.bytes, "\(path): \(saved.count) bytes, the command line's \(cli.bytes.count)")
        }
    }

    func testAPerspectiveRuleIsCarriedAndSaysWhyItIsNotLossless() throws {
        var settings = Settings()
        settings.lossless = true
        let (app, paths) = try folder(settings: settings)
        for _ in 0..<3 { app.key("'") }
        XCTAssertEqual(app.editor.perspective, PerspectiveAngles(verticalTenths: 3, horizontalTenths: 0))
        app.typeBox(box)
        app.key("ctrl+shift+C")
        let question = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question)
        XCTAssertTrue(question.message.hasSuffix("""
            With it: perspective [+0.3°, 0.0°].
            Not lossless: a straightened or perspective-corrected crop is resampled, so it cannot be lossless.
            """), question.message)
        app.key("3")
        XCTAssertEqual(app.state.batch.rules.copied?.lossless, false)
        app.key("g")
        app.key("ctrl+a")
        app.key("ctrl+shift+V")
        for path in paths.dropFirst() {
            let pending = try XCTUnwrap(app.state.batch.pending[path], path)
            XCTAssertEqual(pending.edit.perspective, PerspectiveAngles(verticalTenths: 3, horizontalTenths: 0), path)
            XCTAssertFalse(pending.lossless)
        }
    }

    func testAFailedSaveIsListedWithItsReasonAndRetried() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch, size: "8m")
        let (app, paths) = try folder(in: disk.path)
        copyAndApply(app)
        try disk.remountReadOnly()
        app.key("ctrl+s")
        let batch = try XCTUnwrap(app.state.batch.run)
        XCTAssertEqual([batch.total, batch.saved, batch.failures.count], [4, 0, 4])
        XCTAssertEqual(batch.failures.map(\.path), paths)
        XCTAssertTrue(batch.failures.allSatisfy { $0.reason.lowercased().contains("read-only") }, "\(batch.failures)")
        XCTAssertEqual(app.notice, "4 photos could not be saved; Retry tries again")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(4).serialized, "nothing lost")
        XCTAssertEqual(gridLog(app)["batchBar"], JSONValue.bool(true).serialized)
        XCTAssertEqual(disk.entries, paths.map { PathNames.name(of: $0) }.sorted(), "nothing half-written")
        _ = try Tools.run("/bin/mount", ["-o", "remount,rw", disk.path])
        let bar = try XCTUnwrap(app.state.stack.component(GridComponent.self)?.batchBar(app.state.context))
        XCTAssertEqual(bar.button, .retry)
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: bar.buttonFrame.midX, y: bar.buttonFrame.midY),
                                            time: 5000, modifiers: []))))
        XCTAssertEqual(app.state.batch.run.map { [$0.total, $0.saved, $0.failures.count] }, [4, 4, 0])
        XCTAssertEqual(gridLog(app)["batchBar"], JSONValue.bool(false).serialized)
    }

    func testQuittingWithPendingCropsAsksAndSaveAllSavesThenQuits() throws {
        let (app, paths) = try folder()
        copyAndApply(app)
        app.close()
        XCTAssertEqual(app.top, .confirm)
        XCTAssertEqual(app.state.stack.component(QuestionComponent.self)?.question.title, "Save the crops of 4 photos?")
        app.key("Escape")
        XCTAssertFalse(app.quit)
        app.close()
        app.key("Return")
        XCTAssertTrue(app.quit, "saved, then quit")
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[3].replacingOccurrences(of: ".jpg", with: "-cropped.jpg")))
    }

    func testQuittingWhileSavingAsksAndStopQuitsOnceTheWritingEnds() throws {
        let (app, _) = try folder()
        copyAndApply(app)
        app.holdsSaves = true
        app.key("ctrl+s")
        app.finishBatch(upTo: 1)
        app.close()
        XCTAssertEqual(app.state.stack.component(QuestionComponent.self)?.question.title, "3 photos are still being saved")
        app.key("Escape")
        XCTAssertEqual(app.state.batch.run?.running, true, "Keep Saving")
        app.close()
        app.key("d")
        XCTAssertFalse(app.quit, "what is being written finishes first")
        app.finishBatch()
        XCTAssertTrue(app.quit)
        XCTAssertEqual(app.state.batch.run.map { [$0.saved, $0.failures.count] }, [1, 0], "nothing more was started")
    }

    func testLeavingTheFolderWithPendingCropsAsksAndDontSaveLetsThemGo() throws {
        let (app, _) = try folder()
        copyAndApply(app)
        app.key("g")
        app.send(.dropped(photos: [EditorWindowHarness.samplePhoto]))
        XCTAssertEqual(app.state.stack.component(QuestionComponent.self)?.question.title, "Save the crops of 4 photos?")
        app.key("d")
        XCTAssertEqual(app.openPath, EditorWindowHarness.samplePhoto)
        XCTAssertTrue(app.state.batch.pending.isEmpty)
    }
}
