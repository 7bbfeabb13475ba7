import CropperTestSupport
@testable import CropperUI
import EditorState
import PhotoIO
import PhotoLibrary
import X11Platform
import XCTest

/// A photo the grid's batch writes brings its new file's thumbnail along, already fitted to a grid cell: when
/// the batch ends and the folder is listed again, the grid shows the new files with nothing read back from the
/// cache, no placeholders and nothing scaled in that frame.
final class BatchThumbnailTests: XCTestCase {
    private var folder: ScratchDirectory!
    private var store: ThumbnailStore!

    override func setUpWithError() throws {
        folder = try ScratchDirectory()
        store = ThumbnailStore(environment: XDGEnvironment(home: folder.path + "/home"), version: "test",
                               minimumPixels: 192, pipe: WakePipe<BackgroundMessage>())
    }

    override func tearDown() {
        store = nil
        folder = nil
    }

    private func savedCrop() throws -> SavedCrop {
        let photo = folder.path + "/beach.jpg"
        try FileManager.default.copyItem(atPath: Fixtures.path("Landscape", 1), toPath: photo)
        var export = CropExport(rect: PixelRect(x: 300, y: 200, width: 1200, height: 800), quality: 90)
        export.userTransform = .normal
        let request = store.writingThumbnail(SaveRequest(sourcePath: photo, export: export,
                                                         plan: SavePlan(generation: -1, edit: CropEdit(), target: .besideSource)))
        return try PhotoWriter.run(request).get()
    }

    func testTheSavedFilesThumbnailComesWithItAsTheCacheHoldsIt() throws {
        let saved = try savedCrop()
        XCTAssertEqual(saved.path, folder.path + "/beach-cropped.jpg")
        let result = try XCTUnwrap(saved.thumbnail)
        let thumbnail = try result.outcome.get()
        XCTAssertEqual(result.path, saved.path)
        XCTAssertEqual(result.size, store.size)
        XCTAssertEqual([thumbnail.bitmap.width, thumbnail.bitmap.height], [256, 171])
        XCTAssertEqual([thumbnail.imageWidth, thumbnail.imageHeight], [1200, 800])
        let cached = try XCTUnwrap(ThumbnailCache(environment: XDGEnvironment(home: folder.path + "/home"))
            .cached(path: saved.path, size: store.size))
        XCTAssertEqual(meanAbsoluteDifference(cached.bitmap, thumbnail.bitmap), 0, "the very pixels stored")
    }

    func testAnAdoptedThumbnailIsShownAndFittedToAGridCellAtOnce() throws {
        let result = try XCTUnwrap(try savedCrop().thumbnail)
        store.adopt(result, fittingGridAt: 2)
        XCTAssertTrue(store.hasFinal(result.path), "no placeholder, nothing asked of the thumbnailer")
        XCTAssertEqual(store.entry(for: result.path)?.imageSize, PixelSize(width: 1200, height: 800))
        XCTAssertEqual(store.converted, 1)
        XCTAssertEqual(store.fittedCopiesMade, 1)
        // 256 × 171 fitted in the 152-point square is 152 × 102: 304 × 204 device pixels at scale 2.
        let bitmap = try XCTUnwrap(store.entry(for: result.path)?.bitmap)
        XCTAssertEqual(FittedThumbnail.size(of: bitmap, turnedBy: .normal,
                                            in: LayoutRect(x: 0, y: 0, width: 152, height: 152)).height, 102)
        XCTAssertEqual([bitmap.fitted?.width, bitmap.fitted?.height], [304, 204])
        // The grid's first frame with the file takes that copy.
        XCTAssertNotNil(store.fittedCopy(of: bitmap, width: 304, height: 204, turnedBy: .normal, box: nil))
        XCTAssertEqual(store.fittedCopiesMade, 1)
    }

    func testAThumbnailOfAnotherSizeIsLeftToTheThumbnailer() throws {
        let result = try XCTUnwrap(try savedCrop().thumbnail)
        let other = ThumbnailResult(path: result.path, size: .normal, outcome: result.outcome)
        store.adopt(other, fittingGridAt: 1)
        XCTAssertNil(store.entry(for: result.path))
    }
}
