@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// Saving's, the settings', Upright's and the close question's own rules, without an app state, with exact values.
final class SavingAndSettingsRulesTests: XCTestCase {
    private let box = PartFixtures.box

    func testASavesPlanComesFromTheEditorAndTheSettings() throws {
        var saving = SaveProgress()
        XCTAssertTrue(saving.save(to: .besideSource, in: PartFixtures.saveContext(Session())).jobs.isEmpty,
                      "no photo: nothing to save")
        XCTAssertFalse(saving.isSaving)
        var settings = Settings()
        settings.jpegQuality = 77
        settings.exportSize = .longEdge(1080)
        let answer = saving.save(to: .exactly("/q/out.png", overwrite: true), in: PartFixtures.saveContext(settings: settings))
        let request = try XCTUnwrap(answer.jobs.first?.saveRequest)
        XCTAssertEqual(answer.banner, .hide, "an earlier failure's banner goes")
        XCTAssertEqual(request.sourcePath, "/p/b.jpg")
        XCTAssertEqual(request.plan, SavePlan(generation: 1, edit: CropEdit(crop: box), target: .exactly("/q/out.png", overwrite: true),
                                              lossless: false, exportSize: "long edge 1080"))
        XCTAssertEqual(request.export.rect, box)
        XCTAssertEqual(request.export.quality, 77)
        XCTAssertEqual(request.export.outputSize, .longEdge(1080))
        XCTAssertFalse(request.export.allowDamaged)
        XCTAssertNil(request.trash)
        XCTAssertEqual(saving.plan, request.plan)
        XCTAssertTrue(saving.save(to: .besideSource, in: PartFixtures.saveContext()).jobs.isEmpty, "one at a time")

        var over = SaveProgress()
        let replacing = try XCTUnwrap(over.save(to: .overOriginal, allowDamaged: true, in: PartFixtures.saveContext())
            .jobs.first?.saveRequest)
        XCTAssertNotNil(replacing.trash)
        XCTAssertTrue(replacing.export.allowDamaged)
        XCTAssertNil(replacing.plan.exportSize)
    }

    func testReplacingAsksOnceAndNotForAPhotoThatIsGone() throws {
        XCTAssertEqual(SaveProgress.replaceQuestion(available: true, in: PartFixtures.saveContext())?.question?.kind,
                       .replaceOriginal)
        var settings = Settings()
        settings.chooseSaveOverOriginal(confirmed: true)
        XCTAssertEqual(settings.saveMode, .overOriginal)
        XCTAssertTrue(settings.savesOverOriginal)
        XCTAssertNil(SaveProgress.replaceQuestion(available: true, in: PartFixtures.saveContext(settings: settings)),
                     "agreed to: the save goes ahead")
        let unavailable = try XCTUnwrap(SaveProgress.replaceQuestion(available: false, in: PartFixtures.saveContext()))
        XCTAssertNil(unavailable.notice)
        XCTAssertNil(unavailable.question)

        var gone = PartFixtures.session()
        gone.documents = DocumentList.inFolder(of: "/p/b.jpg").following(["/p/a.jpg", "/p/c.jpg"])
        XCTAssertEqual(SaveProgress.replaceQuestion(available: false, in: PartFixtures.saveContext(gone))?.notice,
                       "Cannot save over it: the photo is no longer in its folder")
    }

    func testASavesOutcomeMarksTheEditorSaysWhereAndLetsTheWaitingGoOn() throws {
        var saving = SaveProgress()
        let context = PartFixtures.saveContext()
        let request = try XCTUnwrap(saving.save(to: .besideSource, in: context).jobs.first?.saveRequest)
        saving.afterSave = .quit
        let done = saving.finish(SaveOutcome(plan: request.plan, result: .success(SavedCrop(path: "/p/b-cropped.jpg",
                                                                                          damageNote: nil))), in: context)
        XCTAssertEqual(done.name, "saved")
        XCTAssertEqual(done.edits, [.markSaved])
        XCTAssertEqual(done.notice, "Saved to /p/b-cropped.jpg")
        XCTAssertEqual(done.then, .quit)
        XCTAssertEqual(done.jobs.count, 2, "the thumbnail forgotten, the recent photo recorded")
        XCTAssertEqual(saving.lastSaved, "/p/b-cropped.jpg")
        XCTAssertFalse(saving.isSaving)

        var moved = PartFixtures.session()
        moved.editor.apply(.nudge(dx: 5, dy: 0))
        _ = saving.save(to: .besideSource, in: context)
        let later = saving.finish(SaveOutcome(plan: request.plan, result: .success(SavedCrop(path: "/p/b-cropped-2.jpg",
                                                                                           damageNote: "rows 800 on grey"))),
                                  in: PartFixtures.saveContext(moved))
        XCTAssertTrue(later.edits.isEmpty, "the box moved since: still unsaved")
        XCTAssertEqual(later.notice, "Saved to /p/b-cropped-2.jpg — rows 800 on grey")
        XCTAssertNil(later.then)
    }

    func testReplacingTheOriginalOpensItAgainUnlessLeavingWaits() throws {
        var saving = SaveProgress()
        let context = PartFixtures.saveContext()
        var plan = try XCTUnwrap(saving.save(to: .overOriginal, in: context).jobs.first?.saveRequest?.plan)
        let replaced = saving.finish(SaveOutcome(plan: plan, result: .success(SavedCrop(path: "/p/b.jpg", damageNote: nil))),
                                     in: context)
        XCTAssertEqual(replaced.name, "replaced")
        XCTAssertEqual(replaced.notice, "Replaced b.jpg with the crop — the original is in the Trash")
        XCTAssertEqual(replaced.reopen, Reopening(path: "/p/b.jpg"))

        plan.exportSize = "long edge 2048"
        _ = saving.begin(plan)
        saving.afterSave = .quit
        let leaving = saving.finish(SaveOutcome(plan: plan, result: .success(SavedCrop(path: "/p/b.jpg", damageNote: nil))),
                                    in: context)
        XCTAssertEqual(leaving.notice, "Replaced b.jpg with the crop at long edge 2048 — the original is in the Trash")
        XCTAssertNil(leaving.reopen, "quitting: nothing opens again")
        XCTAssertEqual(leaving.then, .quit)
    }

    func testAFailedSaveKeepsTheEditsAndSaysWhyOrAsksAboutDamage() throws {
        var saving = SaveProgress()
        let context = PartFixtures.saveContext()
        let plan = try XCTUnwrap(saving.save(to: .besideSource, in: context).jobs.first?.saveRequest?.plan)
        saving.afterSave = .quit
        let failed = saving.finish(SaveOutcome(plan: plan, result: .failure(SaveFailure(destination: "/p/b-cropped.jpg",
                                                                                       reason: "No space left on device"))),
                                   in: context)
        XCTAssertEqual(failed.name, "saveFailed")
        XCTAssertEqual(failed.banner, .show("Could not save b-cropped.jpg: No space left on device. Your edits are still here."))
        XCTAssertTrue(failed.edits.isEmpty)
        XCTAssertNil(failed.then, "quitting waits for a save that worked")

        _ = saving.begin(plan)
        let region = DamagedRegion(Damage(kind: .endsEarly, intactRows: 600, intactBlockRows: 600,
                                          storedSize: PixelSize(width: 1800, height: 1200), detail: "Premature end"),
                                   orientation: .normal)
        let damaged = saving.finish(SaveOutcome(plan: plan, result: .failure(SaveFailure(destination: "/p/b-cropped.jpg",
                                                                                        reason: "damaged",
                                                                                        reachesDamage: region))),
                                    in: context)
        XCTAssertEqual(damaged.name, "saveReachesDamage")
        XCTAssertEqual(damaged.question?.kind, .damagedSave)
    }

    func testTheSettingsTogglesSayWhatTheyNowDo() {
        var settings = Settings()
        let recentring = settings.toggleRecentring()
        XCTAssertFalse(settings.recentersAfterDrag)
        XCTAssertEqual(recentring.edits, [.setRecentersAfterDrag(false)])
        XCTAssertEqual(recentring.notice, "The view stays put after a drag")
        XCTAssertEqual(settings.toggleRecentring().notice, "The view re-centres on the box after a drag")

        settings.jpegQuality = 88
        XCTAssertEqual(settings.stepJPEGQuality(by: 1).notice, "JPEG quality 90 for saving", "onto the steps of 5")
        XCTAssertEqual(settings.stepJPEGQuality(by: -1).notice, "JPEG quality 85 for saving")
        XCTAssertEqual(settings.jpegQuality, 85)

        let first = settings.cycleExportSize(isLossless: false)
        XCTAssertEqual(settings.exportSize, .longEdge(3840))
        XCTAssertTrue(first.edits.isEmpty, "a long edge fits any shape")
        XCTAssertEqual(first.notice, "Saves are scaled to long edge 3840; Cropper never enlarges a crop")
        settings.exportSize = .longEdge(1080)
        let square = settings.cycleExportSize(isLossless: true)
        XCTAssertEqual(settings.exportSize, .exact(width: 1080, height: 1080))
        XCTAssertEqual(square.edits, [.setAspect(.custom(width: 1, height: 1))])
        XCTAssertEqual(square.notice,
                       "Saves are scaled to 1080 × 1080 (not lossless crops: they keep their size); Cropper never enlarges a crop")
        settings.exportSize = .exact(width: 1080, height: 1350)
        XCTAssertEqual(settings.cycleExportSize(isLossless: false).notice, "Saves keep the crop’s full size")
        XCTAssertNil(settings.exportSize)

        let off = PartFixtures.session()
        let lossless = settings.toggleLossless(editor: off.editor)
        XCTAssertTrue(settings.lossless)
        XCTAssertEqual(lossless.edits, [.setLossless(true)])
        XCTAssertEqual(lossless.notice, "Lossless crops off: saving re-encodes the JPEG", "no block grid known for this photo")
        var jpeg = off.editor
        jpeg.apply(.setLosslessSupport(.blocks(JPEGBlocks(iMCU: PixelSize(width: 16, height: 8),
                                                          offsetStep: PixelSize(width: 16, height: 8)))))
        settings.lossless = false
        XCTAssertEqual(settings.toggleLossless(editor: jpeg).notice,
                       "Lossless crops: the box’s left and top edges snap to 16 × 8 px blocks")
        XCTAssertEqual(settings.toggleLossless(editor: jpeg).notice, "Lossless crops off: saving re-encodes the JPEG")
    }

    func testUprightAnswersOnlyTheLastAskForThePhotoAsTurned() throws {
        var upright = UprightProgress()
        XCTAssertNil(upright.ask(.vertical, session: Session()), "no photo")
        var session = PartFixtures.session()
        guard case let .estimateUpright(document, request) = try XCTUnwrap(upright.ask(.vertical, session: session)) else {
            return XCTFail("an estimate")
        }
        XCTAssertEqual(document.path, "/p/b.jpg")
        XCTAssertEqual(request.generation, 1)
        XCTAssertEqual(request.orientation, .normal)
        XCTAssertEqual(upright.status, UprightStatus(mode: .vertical, running: true))

        let angles = WarpAngles(straighten: StraightenAngle(tenths: 12),
                                perspective: PerspectiveAngles(verticalTenths: 35, horizontalTenths: 0))
        XCTAssertEqual(upright.answered(request.answered(angles, milliseconds: 41.5).withMode(.full), session: session).name,
                       "staleUpright", "another mode than asked")
        session.editor.apply(.rotateLeft)
        XCTAssertEqual(upright.answered(request.answered(angles, milliseconds: 41.5), session: session).name, "staleUpright",
                       "turned since")
        session.editor.apply(.rotateRight)
        let answer = upright.answered(request.answered(angles, milliseconds: 41.5), session: session)
        XCTAssertEqual(answer.name, "upright")
        XCTAssertEqual(answer.edits, [.setWarp(StraightenAngle(tenths: 12), PerspectiveAngles(verticalTenths: 35, horizontalTenths: 0))])
        XCTAssertEqual(upright.status, UprightStatus(mode: .vertical, running: false))
        XCTAssertEqual(upright.milliseconds, 41.5)

        _ = upright.ask(.level, session: session)
        let unsure = upright.answered(UprightRequest(generation: 1, mode: .level, orientation: .normal, focal35mm: 50)
            .answered(nil, milliseconds: 3), session: session)
        XCTAssertEqual(unsure.name, "uprightUnsure")
        XCTAssertTrue(unsure.edits.isEmpty)
        XCTAssertEqual(unsure.notice, "No long straight edges to level by; the angle is unchanged")
    }

    func testLeavingKeepsTheEditInsideTheGridsListOrAsksOrGoes() throws {
        let session = PartFixtures.session()
        let next = try XCTUnwrap(session.documents?.stepped(by: 1))
        XCTAssertEqual(Leaving.decide(.open(next), batch: BatchState(), in: PartFixtures.batchContext(session)), .keepEditAndGo)
        guard case let .ask(question) = Leaving.decide(.open(next), batch: BatchState(),
                                                       in: PartFixtures.batchContext(session, gridIsUp: false)) else {
            return XCTFail("the close question")
        }
        XCTAssertEqual(question.title, "Save the changes to b.jpg?")
        XCTAssertEqual(Leaving.decide(.quit, batch: BatchState(), in: PartFixtures.batchContext(PartFixtures.session(box: nil))),
                       .go, "nothing unsaved")
        var batch = BatchState()
        batch.pending["/p/a.jpg"] = PartFixtures.pending(box)
        guard case let .ask(pending) = Leaving.decide(.quit, batch: batch, in: PartFixtures.batchContext(session)) else {
            return XCTFail("the kept crops' question")
        }
        XCTAssertEqual(pending.title, "Save the crops of 2 photos?")
    }
}

private extension UprightAnswer {
    func withMode(_ mode: UprightMode) -> UprightAnswer {
        UprightAnswer(generation: generation, mode: mode, orientation: orientation, angles: angles, milliseconds: milliseconds)
    }
}
