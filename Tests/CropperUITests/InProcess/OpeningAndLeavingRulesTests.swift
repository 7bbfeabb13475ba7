@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// The rules that open photos and leave them: the start, a list shown, a photo opened (or opened again under the
/// grid), stepping through the list, the sample, going on once leaving is decided, the close question's routing
/// through the batch, and the window resized or closing. Each answers a `PartAnswer`, tested with exact values and
/// no app state.
final class OpeningAndLeavingRulesTests: XCTestCase {
    private let panels: [ComponentKind] = [.picker, .grid, .dialog, .numericEntry]

    private var fresh: EditorState {
        var editor = EditorState()
        editor.apply(.resizeView(Size(width: 900, height: 600)))
        return editor
    }

    private var context: PhotoContext { PhotoContext(display: .sRGB, freshEditor: fresh) }

    private func decode(_ job: Job?) -> (path: String, generation: Int, fit: PreviewPrefetcher.Fit, editor: EditorState)? {
        guard case let .openPhoto(path, generation, fit, editor) = job else { return nil }
        return (path, generation, fit, editor)
    }

    func testOpeningAPhotoStartsAFreshGenerationClosesThePanelsAndStartsItsDecode() throws {
        var session = PartFixtures.session()
        let answer = session.open(path: "/p/c.jpg", in: context)
        XCTAssertEqual(session.generation, 2, "results for b.jpg (generation 1) are late now")
        XCTAssertEqual(session.document?.path, "/p/c.jpg")
        XCTAssertNil(session.editor.imageSize, "the editor starts afresh, fitted to the window")
        XCTAssertNil(session.editor.crop)
        XCTAssertTrue(answer.openedPhoto)
        XCTAssertEqual(answer.banner, .hide)
        XCTAssertEqual(answer.closes, panels)
        XCTAssertEqual(answer.jobs.map(\.label), ["wantThumbnails", "openPhoto"])
        guard case let .wantThumbnails(wanted) = answer.jobs[0] else { return XCTFail() }
        XCTAssertEqual(wanted, [:], "the closed panels' thumbnails are no longer wanted")
        let opened = try XCTUnwrap(decode(answer.jobs[1]))
        XCTAssertEqual(opened.path, "/p/c.jpg")
        XCTAssertEqual(opened.generation, 2)
        XCTAssertEqual(opened.fit, PreviewPrefetcher.Fit(fresh, display: .sRGB))
        XCTAssertEqual(opened.editor, fresh)
        XCTAssertEqual(answer.name, "")
        XCTAssertNil(answer.leave)
        XCTAssertNil(answer.then)
    }

    func testAPhotoReplacedUnderTheGridOpensAgainWithThePanelsUp() throws {
        var session = PartFixtures.session()
        let answer = session.open(path: "/p/b.jpg", keepingPanels: true, in: context)
        XCTAssertEqual(session.generation, 2)
        XCTAssertEqual(answer.closes, [])
        XCTAssertEqual(answer.jobs.map(\.label), ["openPhoto"])
        XCTAssertEqual(try XCTUnwrap(decode(answer.jobs[0])).path, "/p/b.jpg")
        XCTAssertTrue(answer.openedPhoto)
    }

    func testTheDecodeStartingSaysWhetherAPreviewDecodedAheadWasTaken() {
        var session = PartFixtures.session()
        XCTAssertEqual(session.decodeStarted(generation: 1, decodedAhead: true), "photoOpening")
        XCTAssertTrue(session.document?.previewWasDecodedAhead ?? false)
        XCTAssertEqual(session.decodeStarted(generation: 0, decodedAhead: false), "photoOpening")
        XCTAssertTrue(session.document?.previewWasDecodedAhead ?? false, "a late report for another photo changes nothing")
    }

    func testARelativePathOpensAsAnAbsoluteOne() throws {
        var session = Session()
        let answer = session.open(path: "photos/../d.jpg", in: context)
        let expected = FileManager.default.currentDirectoryPath + "/d.jpg"
        XCTAssertEqual(session.document?.path, expected)
        XCTAssertEqual(try XCTUnwrap(decode(answer.jobs.last)).path, expected)
    }

    func testShowingAListFollowsItsFolderThenOpensItsCurrentPhoto() throws {
        var session = PartFixtures.session()
        let list = DocumentList.inFolder(of: "/q/d.jpg")
        let answer = session.show(list, in: context)
        XCTAssertEqual(session.documents, list)
        XCTAssertEqual(session.document?.path, "/q/d.jpg")
        XCTAssertEqual(answer.jobs.map(\.label), ["followFolder", "wantThumbnails", "openPhoto"])
        guard case let .followFolder(followed) = answer.jobs[0] else { return XCTFail() }
        XCTAssertEqual(followed, list)
        XCTAssertEqual(try XCTUnwrap(decode(answer.jobs[2])).generation, 2)
    }

    func testTheStartOpensTheGivenPhotosOrElseThePicker() throws {
        var empty = Session()
        let none = empty.start(with: [], in: context)
        XCTAssertEqual(none.name, "start")
        XCTAssertTrue(none.opensStartPicker)
        XCTAssertEqual(none.jobs.count, 0)
        XCTAssertFalse(none.openedPhoto)
        XCTAssertNil(empty.document)
        XCTAssertNil(empty.documents)

        var given = Session()
        let two = given.start(with: ["/q/a.jpg", "/q/b.png"], in: context)
        XCTAssertEqual(two.name, "start")
        XCTAssertFalse(two.opensStartPicker)
        XCTAssertEqual(given.documents?.paths, ["/q/a.jpg", "/q/b.png"], "photos given together stay their own list")
        XCTAssertEqual(given.document?.path, "/q/a.jpg")
        XCTAssertEqual(two.jobs.map(\.label), ["followFolder", "wantThumbnails", "openPhoto"])
        XCTAssertEqual(given.generation, 1)
    }

    func testSteppingThroughTheListAsksToLeaveAndStopsAtItsEnds() throws {
        let session = PartFixtures.session()  // b.jpg, the second of three
        let list = try XCTUnwrap(session.documents)
        XCTAssertEqual(session.step(by: 1).leave, .open(try XCTUnwrap(list.stepped(by: 1))))
        XCTAssertEqual(session.step(by: 1).leave.flatMap(\.list)?.current, "/p/c.jpg")
        XCTAssertEqual(session.step(by: -1).leave.flatMap(\.list)?.current, "/p/a.jpg")
        XCTAssertNil(session.step(by: 2).leave, "nothing past the last photo")
        XCTAssertNil(session.step(by: -2).leave)
        XCTAssertEqual(session.goToEnd(last: true).leave.flatMap(\.list)?.current, "/p/c.jpg")
        XCTAssertEqual(session.goToEnd(last: false).leave.flatMap(\.list)?.current, "/p/a.jpg")
        XCTAssertNil(PartFixtures.session(open: "/p/c.jpg").goToEnd(last: true).leave, "already the last")
        XCTAssertNil(Session().step(by: 1).leave, "no list, nothing to step through")
        XCTAssertEqual(session.step(by: 1).jobs.count, 0, "the question decides before anything opens")
    }

    func testAPhotoChosenInAPanelOpensInTheListOrWithItsFolder() throws {
        let session = PartFixtures.session()
        let inList = try XCTUnwrap(session.choose("/p/a.jpg").leave?.list)
        XCTAssertEqual(inList.paths, ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"])
        XCTAssertEqual(inList.current, "/p/a.jpg")
        XCTAssertEqual(session.choose("/r/x.jpg").leave, .open(DocumentList.inFolder(of: "/r/x.jpg")))
        XCTAssertEqual(Session().choose("/r/x.jpg").leave, .open(DocumentList.inFolder(of: "/r/x.jpg")))
    }

    func testGoingOnQuitsOrOpensTheList() throws {
        var session = PartFixtures.session()
        let quit = session.proceed(with: .quit, in: context)
        XCTAssertEqual(quit.jobs.map(\.label), ["quit"])
        XCTAssertFalse(quit.openedPhoto)
        XCTAssertEqual(session.generation, 1, "quitting opens nothing")

        let list = try XCTUnwrap(session.documents?.stepped(by: 1))
        let open = session.proceed(with: .open(list), in: context)
        XCTAssertEqual(session.documents, list)
        XCTAssertEqual(session.document?.path, "/p/c.jpg")
        XCTAssertEqual(open.jobs.map(\.label), ["followFolder", "wantThumbnails", "openPhoto"])
        XCTAssertEqual(open.banner, .hide)
    }

    func testTheSampleOpensOrTheBannerSaysWhatToDo() throws {
        var missing = Session()
        let banner = missing.openSample(nil, in: context)
        XCTAssertEqual(banner.banner, .show("No photo given and the sample photo was not found. Press Ctrl+O to open one."))
        XCTAssertEqual(banner.jobs.count, 0)
        XCTAssertNil(missing.document)

        var shipped = Session()
        let sample = shipped.openSample("/usr/share/cropper/sample.jpg", in: context)
        XCTAssertEqual(shipped.documents, DocumentList("/usr/share/cropper/sample.jpg"))
        XCTAssertEqual(try XCTUnwrap(decode(sample.jobs.last)).path, "/usr/share/cropper/sample.jpg")
        XCTAssertEqual(sample.banner, .hide)
    }

    // MARK: The close question, routed through the batch

    func testLeavingWithUnsavedEditsPutsTheQuestionOnTop() throws {
        var batch = BatchState()
        let context = PartFixtures.batchContext(gridIsUp: false)
        let answer = batch.leave(.quit, in: context)
        XCTAssertEqual(answer.question, .closing(for: .quit, fileName: "b.jpg"))
        XCTAssertNil(answer.then, "nothing goes on before the answer")
        XCTAssertEqual(batch.pending, [:])
    }

    func testLeavingWithNothingUnsavedGoesOn() throws {
        var batch = BatchState()
        let clean = PartFixtures.batchContext(PartFixtures.session(box: nil), gridIsUp: false)
        let answer = batch.leave(.quit, in: clean)
        XCTAssertEqual(answer.then, .quit)
        XCTAssertNil(answer.question)
    }

    func testLeavingWithinTheListUnderTheGridKeepsTheEditWithItsPhoto() throws {
        var batch = BatchState()
        let session = PartFixtures.session()
        let target = try XCTUnwrap(session.documents?.stepped(by: 1))
        let answer = batch.leave(.open(target), in: PartFixtures.batchContext(session, gridIsUp: true))
        XCTAssertEqual(answer.then, .open(target))
        XCTAssertNil(answer.question)
        XCTAssertEqual(batch.pending["/p/b.jpg"]?.edit.crop, PartFixtures.box)
        XCTAssertEqual(batch.pending.count, 1)
    }

    // MARK: The window's size

    func testResizingKeepsTheScaleResizesTheEditorsViewAndRemembersTheSize() {
        var layout = WindowLayout(deviceWidth: 1000, deviceHeight: 700, scale: 2)
        let answer = layout.resize(width: 1280, height: 800)
        XCTAssertEqual(layout, WindowLayout(deviceWidth: 1280, deviceHeight: 800, scale: 2))
        XCTAssertEqual(answer.name, "resize")
        // 400 interface pixels high less the toolbar (48), the dial (36) and the status bar (30), at scale 2.
        XCTAssertEqual(answer.edits, [.resizeView(Size(width: 1280, height: 572))])
        XCTAssertEqual(answer.rememberedWindowSize, WindowSize(width: 1280, height: 800))
    }

    func testClosingRemembersTheWindowsSize() {
        let answer = WindowLayout(deviceWidth: 1000, deviceHeight: 700, scale: 2).closing()
        XCTAssertEqual(answer.name, "closing")
        XCTAssertEqual(answer.rememberedWindowSize, WindowSize(width: 1000, height: 700))
        XCTAssertEqual(answer.edits, [])
    }
}

private extension ClosePurpose {
    var list: DocumentList? { if case let .open(list) = self { list } else { nil } }
}
