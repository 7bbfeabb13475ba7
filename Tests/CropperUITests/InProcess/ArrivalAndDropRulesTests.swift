@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// The parts that join others: a photo's first pixels (the editor loads them, the batch gives back a kept crop,
/// the settings remember the folder, the animation starts), drops, the clipboard offer, a new display profile, and
/// the folder changing under a batch. Each rule answers a `PartAnswer`, tested here with exact values and no app state.
final class ArrivalAndDropRulesTests: XCTestCase {
    private let lossless = LosslessSupport.unsupported(reason: "test")

    private func preview(width: Int = 300, height: Int = 200, full: Bool = false, standIn: Bool = false,
                         damage: Damage? = nil) throws -> DecodedPreview {
        var decoded = DecodedPreview(storedSize: PixelSize(width: 1800, height: 1200), orientation: .rotate90CW,
                                     format: .jpeg, lossless: lossless,
                                     bitmap: try DisplayBitmap(try Bitmap(width: width, height: height)),
                                     isFullResolution: full, damage: damage, colourNotice: "Shown as sRGB",
                                     isStandIn: standIn)
        decoded.focal35mm = 28
        return decoded
    }

    /// `b.jpg` just opened (generation 1) in a 900 × 600 canvas, nothing decoded yet.
    private func opening() -> Session {
        var session = Session()
        session.documents = DocumentList(paths: ["/p/a.jpg", "/p/b.jpg"], index: 1)
        var editor = EditorState()
        editor.apply(.resizeView(Size(width: 900, height: 600)))
        _ = session.open("/p/b.jpg", editor: editor)
        return session
    }

    private func context(kept: PendingCrop? = nil, sample: String? = nil) -> ArrivalContext {
        var fresh = EditorState()
        fresh.apply(.resizeView(Size(width: 900, height: 600)))
        return ArrivalContext(photos: PhotoContext(display: .sRGB, freshEditor: fresh), keptCrop: kept,
                              samplePath: sample, now: 5, decodedFrame: { _ in nil })
    }

    func testAPhotosFirstPixelsLoadTheEditorRememberItsFolderAndPlaceTheCopies() throws {
        var session = opening()
        let answer = session.previewArrived(try preview(), generation: 1, in: context())
        XCTAssertEqual(answer.name, "imageLoaded")
        XCTAssertEqual(answer.edits, [.loadImage(storedSize: PixelSize(width: 1800, height: 1200), orientation: .rotate90CW),
                                      .setLosslessSupport(lossless), .setLensFocalLength(28)])
        XCTAssertEqual(answer.notice, "Shown as sRGB")
        XCTAssertEqual(answer.rememberedFolder, "/p")
        XCTAssertNil(answer.tookKeptCrop)
        XCTAssertNil(answer.banner)
        XCTAssertEqual(answer.jobs.map(\.label), ["recordRecent", "adoptCopyMadeAhead"])
        guard case let .recordRecent(path, format) = answer.jobs[0],
              case let .adoptCopyMadeAhead(sources, orientation, frame) = answer.jobs[1] else { return XCTFail() }
        XCTAssertEqual(path, "/p/b.jpg")
        XCTAssertEqual(format, .jpeg)
        XCTAssertEqual(sources.map(\.width), [300])
        XCTAssertEqual(orientation, .rotate90CW, "the copies are placed for the editor as the photo loads it")
        // The turned photo (1200 × 1800) fitted into 900 × 600 less the 24 px insets: 552 high, 368 wide, centred.
        XCTAssertEqual(frame, Rect(x: 266, y: 24, width: 368, height: 552))
        XCTAssertEqual(session.previewArrived(try preview(), generation: 0, in: context()).name, "staleImage")
    }

    func testTheKeptCropIsTakenUpWhenItsPhotoIsTheSameSize() throws {
        let box = PixelRect(x: 100, y: 50, width: 600, height: 400)
        var session = opening()
        let kept = PartFixtures.pending(box)
        let answer = session.previewArrived(try preview(), generation: 1, in: context(kept: kept))
        XCTAssertEqual(answer.edits.last, .resume(kept.edit, history: kept.history))
        XCTAssertEqual(answer.tookKeptCrop, "/p/b.jpg")

        var resized = opening()
        let other = PendingCrop(storedSize: PixelSize(width: 900, height: 600), orientation: .normal, edit: CropEdit(crop: box))
        let stale = resized.previewArrived(try preview(), generation: 1, in: context(kept: other))
        XCTAssertEqual(stale.edits.count, 3, "a crop kept for other pixels is not applied")
        XCTAssertEqual(stale.tookKeptCrop, "/p/b.jpg", "and is let go")
    }

    func testTheSamplePhotoIsNeitherRememberedNorRecent() throws {
        var session = opening()
        let answer = session.previewArrived(try preview(), generation: 1, in: context(sample: "/p/b.jpg"))
        XCTAssertNil(answer.rememberedFolder)
        XCTAssertEqual(answer.jobs.map(\.label), ["adoptCopyMadeAhead"])
    }

    func testAStandInLoadsTheEditorAndThePhotosOwnPixelsShowTheDamageAndDecodeTheNeighbours() throws {
        var session = opening()
        let standIn = session.previewArrived(try preview(width: 16, height: 12, standIn: true), generation: 1, in: context())
        XCTAssertEqual(standIn.name, "standInShown")
        XCTAssertEqual(standIn.edits.count, 3)
        XCTAssertEqual(standIn.jobs.map(\.label), ["recordRecent"], "its copies wait for the photo's own pixels")

        for edit in standIn.edits { session.editor.apply(edit) }
        let damage = Damage(kind: .endsEarly, intactRows: 600, intactBlockRows: 608,
                            storedSize: PixelSize(width: 1800, height: 1200), detail: "premature end")
        let own = session.previewArrived(try preview(width: 1800, height: 1200, full: true, damage: damage), generation: 1,
                                         in: context())
        XCTAssertEqual(own.name, "imageLoaded")
        XCTAssertEqual(own.edits, [], "the editor has the photo already")
        XCTAssertEqual(own.banner, .show(DamagedRegion(damage, orientation: .rotate90CW).summary))
        XCTAssertEqual(own.jobs.map(\.label), ["adoptCopyMadeAhead", "prefetchNeighbours"])
    }

    func testDropsAreTakenUnlessAQuestionIsUpAndOpenTheirPhotos() {
        XCTAssertTrue(Dropping.accepts(in: DropContext(questionIsUp: false)))
        XCTAssertFalse(Dropping.accepts(in: DropContext(questionIsUp: true)))

        let files = Dropping.dropped(uriList: "file:///p/a.jpg\r\nhttps://example.org/b.jpg\r\nfile:///p/c%20d.png\r\n")
        XCTAssertEqual(files.name, "droppedFiles")
        guard case let .findPhotos(paths) = files.jobs.first else { return XCTFail("the runner looks at the files") }
        XCTAssertEqual(paths, ["/p/a.jpg", "/p/c d.png"])

        let found = Dropping.found(["/p/a.jpg", "/p/c d.png"])
        XCTAssertEqual(found.name, "dropped")
        XCTAssertEqual(found.closes, [.numericEntry, .shortcuts])
        guard case let .open(list) = found.leave, case .finishDrop(true) = found.jobs.first else {
            return XCTFail("the drop is taken and the photos open, the close question first")
        }
        XCTAssertEqual(list.paths, ["/p/a.jpg", "/p/c d.png"])
        XCTAssertEqual(list.current, "/p/a.jpg")

        let none = Dropping.found([])
        XCTAssertEqual(none.name, "dropHadNoPhotos")
        XCTAssertNil(none.leave)
        XCTAssertEqual(none.notice, "Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos")
        guard case .finishDrop(false) = none.jobs.first else { return XCTFail("the drop is refused") }
    }

    func testCtrlCOffersTheCropTheEditorShowsAndTheNoticeSaysWhatBecameOfIt() throws {
        var session = opening()
        XCTAssertTrue(ClipboardOffer.copy(session, quality: 92).jobs.isEmpty, "nothing before the photo's pixels")
        let arrived = session.previewArrived(try preview(), generation: 1, in: context())
        for edit in arrived.edits { session.editor.apply(edit) }
        session.editor.apply(.setCrop(PixelRect(x: 100, y: 50, width: 600, height: 400)))
        guard case let .offerCrop(crop) = try XCTUnwrap(ClipboardOffer.copy(session, quality: 85).jobs.first) else {
            return XCTFail("the crop is offered")
        }
        XCTAssertEqual(crop.path, "/p/b.jpg")
        XCTAssertEqual(crop.size, PixelSize(width: 600, height: 400))
        XCTAssertEqual(crop.export.quality, 85)
        XCTAssertEqual(crop.formats, [.png, .jpeg], "an RGB photo is offered as PNG too")

        let taken = ClipboardOffer.offered(crop, taken: true)
        XCTAssertEqual(taken.name, "cropOffered")
        XCTAssertEqual(taken.notice, "Copied the crop (600 × 400) to the clipboard")
        XCTAssertEqual(ClipboardOffer.offered(crop, taken: false).notice, "Another program kept the clipboard: nothing was copied")
        XCTAssertEqual(ClipboardOffer.renderFailed("out of memory").notice, "Could not copy the crop: out of memory")

        session.document?.loadError = "broken"
        XCTAssertTrue(ClipboardOffer.copy(session, quality: 92).jobs.isEmpty, "nothing from a photo that failed")
    }

    func testANewDisplayProfileDecodesTheOpenPhotoAgainAndTheThumbnailsFollow() throws {
        var session = PartFixtures.session()
        let answer = session.displayChanged(in: PhotoContext(display: .sRGB, freshEditor: EditorState()))
        XCTAssertEqual(answer.name, "displayProfileChanged")
        XCTAssertEqual(answer.jobs.map(\.label), ["displayProfileForThumbnails", "redecode"])
        guard case let .redecode(path, generation, _, editor) = answer.jobs[1] else { return XCTFail() }
        XCTAssertEqual(path, "/p/b.jpg")
        XCTAssertEqual(generation, 2)
        XCTAssertEqual(editor.crop, PartFixtures.box, "the edits kept")
    }

    func testAFolderChangingUnderABatchIsListedOnceTheBatchIsDone() {
        var batch = BatchState()
        var session = Session()
        session.documents = DocumentList.inFolder(of: "/p/b.jpg").following(["/p/a.jpg", "/p/b.jpg"])
        let context = PartFixtures.batchContext(session)
        XCTAssertEqual(batch.folderChanged("/q", in: context).name, "staleFolder")
        let now = batch.folderChanged("/p", in: context)
        XCTAssertEqual(now.name, "folderChanged")
        XCTAssertEqual(now.jobs.map(\.label), ["listFolderPhotos"])
        XCTAssertEqual(batch.listHeldFolderChange(in: context).jobs.count, 0, "nothing was held")

        batch.run = BatchSave(id: 1, total: 2)
        XCTAssertEqual(batch.folderChanged("/p", in: context).name, "folderChangeHeld")
        XCTAssertEqual(batch.listHeldFolderChange(in: context).jobs.count, 0, "held while the batch runs")
        batch.run?.end()
        guard case let .listFolderPhotos(folder) = batch.listHeldFolderChange(in: context).jobs.first else {
            return XCTFail("listed once the batch is done")
        }
        XCTAssertEqual(folder, "/p")
        XCTAssertEqual(batch.listHeldFolderChange(in: context).jobs.count, 0, "once")
    }
}

extension Job {
    /// The job's case name.
    var label: String { Mirror(reflecting: self).children.first?.label ?? "\(self)" }
}
