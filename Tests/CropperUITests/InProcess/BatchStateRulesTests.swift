@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// The batch part's own rules, without an app state: what each answers (words, jobs, edits, leaving) and how it
/// changes the part, with exact values.
final class BatchStateRulesTests: XCTestCase {
    private let box = PartFixtures.box

    func testCopyingARuleNeedsABoxAndKeepsTheKindChosen() throws {
        var batch = BatchState()
        let noBox = PartFixtures.batchContext(PartFixtures.session(box: nil))
        XCTAssertEqual(batch.rules.askForRule(in: noBox).notice, "Draw a box first: the crop rule is made from it")
        XCTAssertNil(batch.rules.askForRule(in: noBox).question)
        XCTAssertEqual(batch.rules.askForRule(in: PartFixtures.batchContext()).question?.kind, .cropRule)

        let answer = batch.rules.copyRule(.pixels, in: PartFixtures.batchContext())
        XCTAssertEqual(batch.rules.copied?.rule.kind, .pixels)
        XCTAssertEqual(batch.rules.copied?.rule.box, box)
        XCTAssertEqual(batch.rules.copied?.fileName, "b.jpg")
        XCTAssertEqual(answer.notice, "Copied the crop rule (\(CopiedRule.label(.pixels))). In the grid, Ctrl+Shift+V applies it to the selected photos.")
    }

    func testApplyingARuleStartsANewApplicationOrSaysWhyNot() throws {
        var batch = BatchState()
        XCTAssertEqual(batch.rules.apply(to: ["/p/a.jpg"], whileSaving: batch.isSaving).notice,
                       "No crop rule copied yet: open a photo, draw a box and press Ctrl+Shift+C")
        _ = batch.rules.copyRule(.pixels, in: PartFixtures.batchContext())
        XCTAssertEqual(batch.rules.apply(to: [], whileSaving: batch.isSaving).notice, "Select the photos to apply the crop to first")
        XCTAssertEqual(batch.rules.application, 0, "nothing started")

        batch.rules.misfits["/p/a.jpg"] = "too small"
        let answer = batch.rules.apply(to: ["/p/a.jpg", "/p/c.jpg"], whileSaving: batch.isSaving)
        guard case let .applyRule(rule, paths, application) = try XCTUnwrap(answer.jobs.first) else {
            return XCTFail("a placing job")
        }
        XCTAssertEqual(rule.rule.kind, .pixels)
        XCTAssertEqual(paths, ["/p/a.jpg", "/p/c.jpg"])
        XCTAssertEqual(application, 1)
        XCTAssertEqual(batch.rules.placing, ["/p/a.jpg", "/p/c.jpg"])
        XCTAssertTrue(batch.rules.misfits.isEmpty, "an earlier application's marks go")

        batch.run = BatchSave(id: 1, total: 2)
        XCTAssertEqual(batch.rules.apply(to: ["/p/a.jpg"], whileSaving: batch.isSaving).notice, "Wait until the photos being saved are written")
        XCTAssertEqual(batch.rules.application, 1)
    }

    func testPlacedCropsAreKeptTheOpenPhotosGoesToTheEditorAndTheLastOneSaysHowItWent() throws {
        var batch = BatchState()
        _ = batch.rules.copyRule(.pixels, in: PartFixtures.batchContext())
        _ = batch.rules.apply(to: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"], whileSaving: batch.isSaving)
        let context = PartFixtures.batchContext()
        let other = PartFixtures.pending(PixelRect(x: 10, y: 10, width: 200, height: 100))

        XCTAssertEqual(batch.placed(RulePlaced(application: 0, path: "/p/a.jpg", result: .success(other)), in: context).name,
                       "staleRule")
        let first = batch.placed(RulePlaced(application: 1, path: "/p/a.jpg", result: .success(other)), in: context)
        XCTAssertEqual(first.name, "rulePlaced")
        XCTAssertNil(first.notice, "two still being placed")
        XCTAssertEqual(batch.pending["/p/a.jpg"]?.edit.crop, PixelRect(x: 10, y: 10, width: 200, height: 100))

        let open = batch.placed(RulePlaced(application: 1, path: "/p/b.jpg", result: .success(other)), in: context)
        XCTAssertEqual(open.edits, [.adoptEdit(other.edit)], "the open photo takes it as one undo step")
        XCTAssertNil(batch.pending["/p/b.jpg"])

        let refused = batch.placed(RulePlaced(application: 1, path: "/p/c.jpg",
                                              result: .failure(RuleRefusal(reason: "only 10 × 10 px"))), in: context)
        XCTAssertEqual(refused.name, "ruleRefused")
        XCTAssertEqual(batch.rules.misfits, ["/p/c.jpg": "only 10 × 10 px"])
        XCTAssertEqual(batch.rules.refused, 1)
        XCTAssertEqual(refused.notice, "1 photo does not take the crop; it is marked with the reason")
    }

    func testAPhotosEditStaysWithItInsideTheListAndComesBackWhenItOpens() throws {
        var batch = BatchState()
        var session = PartFixtures.session()
        let list = try XCTUnwrap(session.documents?.stepped(by: 1))
        XCTAssertFalse(batch.keepsEdits(goingTo: list, in: PartFixtures.batchContext(session, gridIsUp: false)),
                       "no grid and no kept crops: the close question asks")
        XCTAssertTrue(batch.keepsEdits(goingTo: list, in: PartFixtures.batchContext(session)))
        XCTAssertFalse(batch.keepsEdits(goingTo: DocumentList("/q/x.jpg"), in: PartFixtures.batchContext(session)),
                       "another list")

        batch.keepOpenPhotoEdit(in: PartFixtures.batchContext(session))
        XCTAssertEqual(batch.pending["/p/b.jpg"]?.edit.crop, box)
        XCTAssertEqual(batch.pending["/p/b.jpg"]?.storedSize, PixelSize(width: 1800, height: 1200))
        XCTAssertEqual(batch.othersPending(openPath: "/p/b.jpg"), 0)
        XCTAssertEqual(batch.othersPending(openPath: "/p/c.jpg"), 1)

        // The photo opening again takes its kept crop up (`Session.previewArrived`) and the batch lets it go.
        XCTAssertEqual(batch.keptCrop(of: "/p/b.jpg")?.edit.crop, box)
        XCTAssertNil(batch.keptCrop(of: "/p/c.jpg"))
        XCTAssertNil(batch.keptCrop(of: nil))
        batch.letGoKeptCrop(of: "/p/b.jpg")
        XCTAssertNil(batch.pending["/p/b.jpg"])
        batch.keepOpenPhotoEdit(in: PartFixtures.batchContext(session))

        session.editor.apply(.markSaved)
        batch.pending["/p/b.jpg"] = PartFixtures.pending(box)
        batch.keepOpenPhotoEdit(in: PartFixtures.batchContext(session))
        XCTAssertNil(batch.pending["/p/b.jpg"], "nothing unsaved: nothing kept")
    }

    func testLeavingAsksAboutKeptCropsAndWhileABatchIsWritten() throws {
        var batch = BatchState()
        let context = PartFixtures.batchContext()
        XCTAssertNil(batch.question(for: .quit, in: context), "the usual close question is for the open photo alone")
        batch.pending["/p/a.jpg"] = PartFixtures.pending(box)
        batch.pending["/p/c.jpg"] = PartFixtures.pending(box)
        XCTAssertEqual(batch.question(for: .quit, in: context)?.title, "Save the crops of 3 photos?",
                       "two kept and the open one's")
        batch.run = BatchSave(id: 1, total: 5)
        batch.run?.recordSaved()
        XCTAssertEqual(batch.question(for: .quit, in: context)?.title, "4 photos are still being saved")

        XCTAssertEqual(batch.dropPending(then: .quit).then, .quit)
        XCTAssertTrue(batch.pending.isEmpty)
    }

    func testSavingManyPlansEachPhotoAsOneSaveWouldAndCountsTheOutcomes() throws {
        var batch = BatchState()
        var settings = Settings()
        settings.jpegQuality = 88
        settings.exportSize = .longEdge(1080)
        let context = PartFixtures.batchContext(settings: settings)
        XCTAssertEqual(batch.save(["/p/a.jpg"], in: context).notice, "None of the selected photos has a crop to save")

        batch.pending["/p/a.jpg"] = PartFixtures.pending(PixelRect(x: 0, y: 0, width: 300, height: 200))
        let answer = batch.save(["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"], in: context)
        let (requests, id) = try XCTUnwrap(answer.jobs.first?.batchRequests)
        XCTAssertEqual(id, 1)
        XCTAssertEqual(requests.map(\.sourcePath), ["/p/a.jpg", "/p/b.jpg"], "c has no crop")
        XCTAssertEqual(requests.map(\.plan.generation), [-1, 1], "only the open photo's save marks the editor")
        XCTAssertEqual(requests.map(\.plan.edit.crop), [PixelRect(x: 0, y: 0, width: 300, height: 200), box])
        XCTAssertEqual(requests.map(\.plan.target), [.besideSource, .besideSource])
        XCTAssertEqual(requests.map(\.export.quality), [88, 88])
        XCTAssertNil(requests[0].trash)
        XCTAssertEqual(batch.run?.total, 2)
        XCTAssertTrue(batch.save(["/p/a.jpg"], in: context).jobs.isEmpty, "one batch at a time")

        let saved = batch.itemSaved(BatchItemOutcome(batch: 1, request: requests[1],
                                                     result: .success(SavedCrop(path: "/p/b-cropped.jpg", damageNote: nil))),
                                    in: context)
        XCTAssertEqual(saved.name, "batchSaved")
        XCTAssertEqual(saved.edits, [.markSaved])
        XCTAssertEqual(saved.wroteOpenPhoto, "/p/b-cropped.jpg")
        XCTAssertNil(saved.reopen, "beside the photo: nothing to open again")
        XCTAssertTrue(saved.jobs.isEmpty, "the photo's thumbnail still shows the photo")
        let failed = batch.itemSaved(BatchItemOutcome(batch: 1, request: requests[0],
                                                      result: .failure(SaveFailure(destination: "/p/a-cropped.jpg",
                                                                                   reason: "disk full"))), in: context)
        XCTAssertEqual(failed.name, "batchFailed")
        XCTAssertEqual(batch.run?.failures.map(\.path), ["/p/a.jpg"])
        XCTAssertNotNil(batch.pending["/p/a.jpg"], "a failed photo keeps its crop")

        XCTAssertEqual(batch.finished(7, cancelled: false).name, "staleBatch")
        let end = batch.finished(1, cancelled: false)
        XCTAssertEqual(end.notice, "1 photo could not be saved; Retry tries again")
        XCTAssertNil(end.then)
        let retry = batch.retryFailed(in: context)
        XCTAssertEqual(retry.jobs.first?.batchRequests?.requests.map(\.sourcePath), ["/p/a.jpg"])
        XCTAssertEqual(batch.run?.id, 2)
    }

    func testOverTheOriginalsABatchTrashesThemAndTheOpenPhotoOpensAgainUnderTheGrid() throws {
        var batch = BatchState()
        var settings = Settings()
        settings.chooseSaveOverOriginal(confirmed: true)
        let context = PartFixtures.batchContext(settings: settings)
        let request = try XCTUnwrap(batch.save(["/p/b.jpg"], in: context).jobs.first?.batchRequests?.requests.first)
        XCTAssertEqual(request.plan.target, .overOriginal)
        XCTAssertNotNil(request.trash)
        let saved = batch.itemSaved(BatchItemOutcome(batch: 1, request: request,
                                                     result: .success(SavedCrop(path: "/p/b.jpg", damageNote: nil))),
                                    in: context)
        guard case let .forgetThumbnail(path) = try XCTUnwrap(saved.jobs.first) else { return XCTFail("a new thumbnail") }
        XCTAssertEqual(path, "/p/b.jpg")
        XCTAssertEqual(saved.reopen, Reopening(path: "/p/b.jpg", keepingPanels: true))
    }

    func testLeavingWaitsForTheBatchOrGoesOnWhenThereIsNothingToSave() throws {
        var batch = BatchState()
        let nothing = batch.saveAllPending(then: .quit, in: PartFixtures.batchContext(PartFixtures.session(box: nil)))
        XCTAssertEqual(nothing.then, .quit, "nothing to save: leaving goes on at once")

        let waiting = batch.saveAllPending(then: .quit, in: PartFixtures.batchContext())
        XCTAssertNil(waiting.then)
        XCTAssertEqual(batch.run?.afterwards, .quit)
        XCTAssertEqual(batch.finished(1, cancelled: false).then, .quit, "all saved: on")
        XCTAssertNil(batch.run?.afterwards)

        _ = batch.saveAllPending(then: .quit, in: PartFixtures.batchContext())
        guard case let .cancelBatch(id) = try XCTUnwrap(batch.stop(then: .quit).jobs.first) else { return XCTFail("cancel") }
        XCTAssertEqual(id, 2)
        let stopped = batch.finished(2, cancelled: true)
        XCTAssertEqual(stopped.notice, "Stopped: 0 of 1 photos saved; the rest keep their crops")
        XCTAssertEqual(stopped.then, .quit)
    }
}
