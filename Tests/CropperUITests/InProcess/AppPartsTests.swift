@testable import CropperUI
import EditorState
import PhotoIO
import XCTest
@testable import X11Platform

/// The app state's parts, each with its own rules: the session (photos and decodes), saving, and the window's
/// chrome. `AppState.apply` only routes events to them.
final class AppPartsTests: XCTestCase {
    private func decoded(width: Int, height: Int, full: Bool = false, standIn: Bool = false,
                         early: Bool = false) throws -> DecodedPreview {
        DecodedPreview(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal, format: .jpeg,
                       lossless: .unsupported(reason: "test"),
                       bitmap: try DisplayBitmap(try Bitmap(width: width, height: height)), isFullResolution: full,
                       damage: nil, colourNotice: nil, decodedEarly: early, isStandIn: standIn)
    }

    func testOpeningBumpsTheGenerationSoLateResultsAreKnown() {
        var session = Session()
        var editor = EditorState()
        editor.apply(.resizeView(Size(width: 640, height: 480)))
        XCTAssertEqual(session.open("/p/a.jpg", editor: editor), 1)
        XCTAssertEqual(session.open("/p/b.jpg", editor: editor), 2)
        XCTAssertEqual(session.document?.path, "/p/b.jpg")
        XCTAssertEqual(session.editor.viewport.viewSize, Size(width: 640, height: 480))
        XCTAssertTrue(session.isCurrent(2))
        XCTAssertFalse(session.isCurrent(1), "a's decode is late now")

        XCTAssertEqual(session.redecode()?.generation, 3, "a new display profile: decoded again, edits kept")
        XCTAssertEqual(session.document?.keepsEdits, true)
        session.document?.loadError = "broken"
        XCTAssertNil(session.redecode(), "nothing to decode again")
        XCTAssertEqual(session.generation, 3)
    }

    func testADocumentKeepsItsDecodesAndSaysWhatEachWas() throws {
        var document = Document(path: "/p/a.heic", generation: 1)
        XCTAssertEqual(document.take(try decoded(width: 16, height: 12, standIn: true)), .standIn(first: true))
        XCTAssertTrue(document.showsStandIn)
        XCTAssertEqual(document.facts?.format, .jpeg, "the stand-in's facts until the photo's own")
        XCTAssertEqual(document.take(try decoded(width: 300, height: 200)), .replacedStandIn)
        XCTAssertNil(document.standIn)
        XCTAssertEqual(document.preview?.width, 300)
        XCTAssertEqual(document.take(try decoded(width: 16, height: 12, standIn: true)), .staleStandIn,
                       "a thumbnail after the photo's pixels is dropped")
        XCTAssertNil(document.standIn)

        var fresh = Document(path: "/p/b.jpg", generation: 2)
        XCTAssertEqual(fresh.take(try decoded(width: 300, height: 200, early: true)), .first)
        XCTAssertTrue(fresh.previewWasDecodedEarly)
        XCTAssertEqual(fresh.take(try decoded(width: 1800, height: 1200, full: true)), .first)
        XCTAssertEqual(fresh.displaySources.map(\.width), [300, 1800])
        fresh.keepsEdits = true
        XCTAssertEqual(fresh.take(try decoded(width: 320, height: 213)), .redecoded)
        XCTAssertEqual(fresh.displaySources.map(\.width), [320], "the old full decode goes with the old profile")
        XCTAssertFalse(fresh.keepsEdits)
    }

    func testFollowingAFolderSaysWhenTheOpenPhotoLeavesAndComesBack() throws {
        var session = Session()
        session.documents = DocumentList.inFolder(of: "/p/b.jpg").following(["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"])
        XCTAssertEqual(session.follow("/q", photos: ["/q/x.jpg"]), .stale)
        XCTAssertEqual(session.follow("/p", photos: nil), .unreadable)
        XCTAssertEqual(session.follow("/p", photos: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg", "/p/d.jpg"]), .followed)
        XCTAssertEqual(session.documents?.count, 4)
        XCTAssertEqual(session.documents?.index, 1)
        XCTAssertEqual(session.follow("/p", photos: ["/p/a.jpg", "/p/c.jpg"]), .currentGone("/p/b.jpg"))
        XCTAssertEqual(session.follow("/p", photos: ["/p/a.jpg"]), .followed, "said once")
        XCTAssertEqual(session.follow("/p", photos: ["/p/a.jpg", "/p/b.jpg"]), .currentBack)
        XCTAssertEqual(FolderFollowing.currentGone("/p/b.jpg").name, "currentPhotoGone")
    }

    func testOneSaveAtATimeAndWhatWaitsForIt() {
        var saving = SaveProgress()
        let plan = SavePlan(generation: 1, edit: CropEdit(), target: .besideSource)
        XCTAssertTrue(saving.begin(plan))
        XCTAssertFalse(saving.begin(SavePlan(generation: 1, edit: CropEdit(), target: .overOriginal)), "one at a time")
        XCTAssertEqual(saving.plan?.target, .besideSource)
        saving.afterSave = .quit
        XCTAssertEqual(saving.finish(), .quit)
        XCTAssertFalse(saving.isSaving)
        XCTAssertNil(saving.finish(), "handed over once")
        saving.wrote("/p/a-cropped.jpg")
        XCTAssertEqual(saving.lastSaved, "/p/a-cropped.jpg")
        saving.photoChanged()
        XCTAssertNil(saving.lastSaved)
    }

    func testASavesProgressOnlyClimbsAndEndsWithIt() {
        var saving = SaveProgress()
        XCTAssertFalse(saving.advanced(to: 10), "no save under way")
        XCTAssertNil(saving.percent)
        XCTAssertTrue(saving.begin(SavePlan(generation: 1, edit: CropEdit(), target: .besideSource)))
        XCTAssertNil(saving.percent, "an encoder that says nothing leaves plain “Saving…”")
        XCTAssertTrue(saving.advanced(to: 40))
        XCTAssertTrue(saving.advanced(to: 25), "a late message from another tile's thread")
        XCTAssertEqual(saving.percent, 40)
        _ = saving.finish()
        XCTAssertNil(saving.percent)
        XCTAssertTrue(saving.begin(SavePlan(generation: 2, edit: CropEdit(), target: .besideSource)))
        XCTAssertNil(saving.percent, "the next save starts from nothing")
    }

    func testTheChromeTitlesTheWindowAndFollowsADrag() throws {
        var chrome = WindowChrome()
        var session = Session()
        XCTAssertEqual(chrome.title, "", "nothing set yet")
        chrome.retitle(for: session)
        XCTAssertEqual(chrome.title, "Cropper")
        session.documents = DocumentList(paths: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"], index: 1)
        session.document = Document(path: "/p/b.jpg", generation: 1)
        session.editor.apply(.resizeView(Size(width: 640, height: 480)))
        session.editor.apply(.loadImage(storedSize: PixelSize(width: 300, height: 200), orientation: .normal))
        chrome.retitle(for: session)
        XCTAssertEqual(chrome.title, "b.jpg (2 / 3) — Cropper")
        session.editor.apply(.rotateLeft)
        chrome.retitle(for: session)
        XCTAssertEqual(chrome.title, "• b.jpg (2 / 3) — Cropper")

        XCTAssertEqual(chrome.dragged(.entered(accepting: true)), "dragEnter")
        XCTAssertTrue(chrome.dropHovering)
        XCTAssertEqual(chrome.dragged(.moved(accepting: false)), "dragPosition")
        XCTAssertFalse(chrome.dropHovering, "nothing it would take")
        XCTAssertEqual(chrome.dragged(.moved(accepting: true)), "dragPosition")
        XCTAssertEqual(chrome.dragged(.dropping), "drop")
        XCTAssertFalse(chrome.dropHovering)
    }

    func testAFrameIsNeededWhenAnyShownPartChangesButNotForTheEditorAlone() {
        var session = Session()
        let before = ShownParts(session: session, saving: SaveProgress(), chrome: WindowChrome(), found: PanelFindings())
        session.editor.apply(.resizeView(Size(width: 640, height: 480)))
        XCTAssertEqual(ShownParts(session: session, saving: SaveProgress(), chrome: WindowChrome(), found: PanelFindings()),
                       before, "the editor is compared on its own")
        var retitled = WindowChrome()
        retitled.retitle(for: session)
        XCTAssertEqual(ShownParts(session: session, saving: SaveProgress(), chrome: retitled, found: PanelFindings()),
                       before, "the title is the window manager's to draw")
        var hovered = WindowChrome()
        _ = hovered.dragged(.entered(accepting: true))
        XCTAssertNotEqual(ShownParts(session: session, saving: SaveProgress(), chrome: hovered, found: PanelFindings()),
                          before, "a drop the window would take is drawn")
        var found = PanelFindings()
        found.places = [Place(title: "Home", path: "/home/ana", kind: .home)]
        XCTAssertNotEqual(ShownParts(session: session, saving: SaveProgress(), chrome: WindowChrome(), found: found), before)
        var batch = BatchState()
        batch.rules.copied = nil
        batch.rules.misfits = ["/p/b.jpg": "only 10 × 10 px; the box needs 20 × 20"]
        XCTAssertNotEqual(ShownParts(session: session, saving: SaveProgress(), chrome: WindowChrome(), found: PanelFindings(),
                                     batch: batch), before, "a photo marked in the grid")
        session.document = Document(path: "/p/a.jpg", generation: 1)
        XCTAssertNotEqual(ShownParts(session: session, saving: SaveProgress(), chrome: WindowChrome(), found: PanelFindings()),
                          before)
    }

    func testTheFullDecodeReplacesTheArrivingRowsAndAFailureKeepsThePreview() throws {
        var session = Session()
        session.documents = DocumentList(paths: ["/p/a.jpg", "/p/b.jpg"], index: 0)
        _ = session.open("/p/a.jpg", editor: EditorState())
        var fresh = EditorState()
        fresh.apply(.resizeView(Size(width: 1000, height: 700)))
        let context = PhotoContext(display: .sRGB, freshEditor: fresh)
        let rows = ArrivingRows(bitmap: try DisplayBitmap(try Bitmap(width: 40, height: 30)), rows: 12)
        XCTAssertEqual(session.fullRowsDecoded(rows, generation: 0), "staleImage")
        XCTAssertEqual(session.fullRowsDecoded(rows, generation: 1), "fullRowsDecoded")
        XCTAssertEqual(session.document?.arriving?.rows, 12)

        let full = try DisplayBitmap(try Bitmap(width: 40, height: 30))
        XCTAssertEqual(session.fullDecoded(full, generation: 0, in: context).name, "staleImage")
        let answer = session.fullDecoded(full, generation: 1, in: context)
        XCTAssertEqual(answer.name, "fullResolutionLoaded")
        XCTAssertNil(session.document?.arriving)
        XCTAssertEqual(session.fullRowsDecoded(rows, generation: 1), "staleImage", "rows after the whole photo are late")
        guard case let .prefetchNeighbours(list, _, editor) = try XCTUnwrap(answer.jobs.first) else {
            return XCTFail("the neighbours are decoded next")
        }
        XCTAssertEqual(list.paths, ["/p/a.jpg", "/p/b.jpg"])
        XCTAssertEqual(editor.viewport.viewSize, Size(width: 1000, height: 700), "for the window's canvas")

        let failed = session.fullDecodeFailed("out of memory", generation: 1)
        XCTAssertEqual(failed.banner, .show("Only the preview can be shown: the full-resolution decode failed (out of memory)"))
        XCTAssertEqual(session.document?.fullDecodeError, "out of memory")
        XCTAssertEqual(session.loadFailed("broken", generation: 2), "staleImage")
        XCTAssertEqual(session.loadFailed("broken", generation: 1), "loadFailed")
        XCTAssertNil(session.redecodeJob(context), "a photo that failed is not decoded again")
    }

    func testFollowingAFolderPutsUpAndTakesDownTheGoneBanner() {
        var session = Session()
        session.documents = DocumentList.inFolder(of: "/p/b.jpg").following(["/p/a.jpg", "/p/b.jpg"])
        let gone = session.followed("/p", photos: ["/p/a.jpg"])
        XCTAssertEqual(gone.following, .currentGone("/p/b.jpg"))
        XCTAssertEqual(gone.answer.name, "currentPhotoGone")
        XCTAssertEqual(gone.answer.banner, .show("b.jpg was deleted or moved by another program. It stays on screen until you "
            + "go to another photo; it can no longer be saved from here."))
        XCTAssertEqual(gone.answer.listedPhotos, ["/p/a.jpg", "/p/b.jpg"], "the gone photo stays listed while open")
        XCTAssertEqual(session.followed("/p", photos: ["/p/a.jpg", "/p/b.jpg"]).answer.banner, .hide)
        let grown = session.followed("/p", photos: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"])
        XCTAssertNil(grown.answer.banner)
        XCTAssertEqual(grown.answer.listedPhotos, ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"],
                       "the batch keeps crops only for the photos listed")
        let stale = session.followed("/elsewhere", photos: ["/elsewhere/x.jpg"])
        XCTAssertEqual(stale.following, .stale)
        XCTAssertNil(stale.answer.listedPhotos, "another folder's listing changes nothing")
    }

    func testAnAnimationShowsThePlayheadOnlyOnceItsPixelsAreIn() throws {
        var animation = DocumentAnimation(playback: AnimationPlayback(AnimationTimeline(delays: [100, 100, 100], plays: 1),
                                                                      startedAt: 10))
        let pixels = try DisplayBitmap(try Bitmap(width: 8, height: 8))
        var decoded: Set<Int> = [0]
        let lookUp: (Int) -> DisplayBitmap? = { decoded.contains($0) ? pixels : nil }
        guard case let .showAnimationFrame(frame, generation) = animation.showPlayhead(generation: 4, decoded: lookUp) else {
            return XCTFail("the decoding follows the playhead")
        }
        XCTAssertEqual([frame, generation], [0, 4])
        XCTAssertEqual(animation.onScreenFrame, 0)
        XCTAssertNil(animation.nextFrameAt(decoded: lookUp), "frame 1 is not decoded: nothing is due")
        XCTAssertNil(animation.advance(at: 10.2, generation: 4, decoded: lookUp))
        decoded.insert(1)
        XCTAssertEqual(try XCTUnwrap(animation.nextFrameAt(decoded: lookUp)), 10.1, accuracy: 1e-9)
        XCTAssertNotNil(animation.advance(at: 10.2, generation: 4, decoded: lookUp))
        XCTAssertEqual(animation.playback.frame, 1)
        XCTAssertEqual(animation.onScreenFrame, 1)

        let failed = animation.frameFailed(2, reason: "bad LZW code", at: 10.3)
        XCTAssertFalse(animation.playback.isPlaying)
        XCTAssertEqual(failed.banner, .show("Frame 3 of the animation cannot be read (bad LZW code): it stops there."))
    }
}
