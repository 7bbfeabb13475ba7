import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A phone HEIC opening in the real window: its embedded thumbnail is on screen first and is not called sharp; the
/// decoded tiles replace it, the fitted view becomes sharp, and the full-resolution pixels follow.
final class HEIFOpeningWindowTests: XCTestCase {
    func testTheThumbnailStandsInUntilTheTilesAreDecoded() throws {
        let scratch = try ScratchDirectory()
        // Stored landscape and shown portrait through irot, its 96 × 64 thumbnail turned the same way.
        var picture = try PhoneHEIC.picture(scratch: scratch)
        picture.transform = .rotate90CW
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0002.heic")

        let harness = try EditorWindowHarness(photo: photo)
        let standIn = try harness.waitForEntry("the thumbnail standing in") { $0.event == "standInShown" }
        XCTAssertEqual(standIn.fields["photoStandIn"] as? Bool, true)
        XCTAssertFalse(standIn.photoSharp, "a thumbnail is never the sharp frame")
        XCTAssertFalse(standIn.loading, "the window has something to show")
        XCTAssertEqual(standIn.imageSize, PixelSize(width: 400, height: 600), "the photo's own size, not the thumbnail's")

        let loaded = try harness.waitForEntry("the decoded tiles", since: standIn.seq) {
            $0.event == "imageLoaded" && $0.time >= standIn.time
        }
        XCTAssertEqual(loaded.fields["photoStandIn"] as? Bool, false)
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        XCTAssertEqual(settled.fields["photoStandIn"] as? Bool, false)
        try harness.waitFor("the converted full resolution") { $0.fullResolution }
        let entries = harness.entries()
        let standInAt = try XCTUnwrap(entries.firstIndex { $0.event == "standInShown" })
        let loadedAt = try XCTUnwrap(entries.firstIndex { $0.event == "imageLoaded" })
        XCTAssertLessThan(standInAt, loadedAt)
        XCTAssertFalse(entries[..<loadedAt].contains { $0.photoSharp }, "nothing is sharp before the tiles are in")
        let libraries = try mappedFiles(of: harness)
        XCTAssertTrue(libraries.contains("libavcodec"), "the tiles and the thumbnail went through libavcodec")
        XCTAssertFalse(libraries.contains("libheif"), "nothing on the way needed libheif")
    }

    /// Without libavcodec (`CROPPER_HEVC_DECODER=libde265` keeps it out) the thumbnail and the tiles go through
    /// libheif, and the window opens the same way.
    func testWithoutLibavcodecTheTilesAndTheThumbnailGoThroughLibheif() throws {
        let scratch = try ScratchDirectory()
        var picture = try PhoneHEIC.picture(scratch: scratch)
        picture.transform = .rotate90CW
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0005.heic")
        let harness = try EditorWindowHarness(photo: photo, environment: ["CROPPER_HEVC_DECODER": "libde265"])
        let standIn = try harness.waitForEntry("the thumbnail standing in") { $0.event == "standInShown" }
        XCTAssertFalse(standIn.photoSharp)
        XCTAssertEqual(standIn.imageSize, PixelSize(width: 400, height: 600))
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        try harness.waitFor("the converted full resolution") { $0.fullResolution }
        let libraries = try mappedFiles(of: harness)
        XCTAssertTrue(libraries.contains("libheif"))
        XCTAssertTrue(libraries.contains("libde265"))
        XCTAssertFalse(libraries.contains("libavcodec"), "kept out")
    }

    /// The files the running window has mapped (its libraries among them), read to the end: /proc says its files
    /// are empty.
    private func mappedFiles(of harness: EditorWindowHarness) throws -> String {
        let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(harness.process.processIdentifier)/maps"))
        defer { try? maps.close() }
        return String(decoding: try maps.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// The file named on the command line is decoded from the start, while the window is mapped; a view at
    /// 100 % is sharp only once the converted full resolution is in (before, it is the last copy stretched), and
    /// then the unconverted pixels are let go without a frame that is not sharp.
    func testTheTilesDecodeFromTheStartAndAFullSizeViewIsSharpOnlyFromConvertedPixels() throws {
        let scratch = try ScratchDirectory()
        let picture = try PhoneHEIC.picture(width: 1600, tile: 256, scratch: scratch)
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0006.heic")
        let harness = try EditorWindowHarness(photo: photo, geometry: "900x700", waitForImage: false)
        let loaded = try harness.waitForEntry("the decoded tiles") { $0.event == "imageLoaded" }
        XCTAssertEqual(loaded.fields["previewDecodedEarly"] as? Bool, true, "decoded while the window was set up")
        try harness.key("1")
        let actual = try harness.waitFor("100 % from the converted full resolution") {
            $0.zoomScale >= 1 - 1e-9 && $0.fullResolution && $0.photoSharp
        }
        let entries = harness.entries()
        let early = entries.filter { $0.event == "frame" && $0.zoomScale >= 1 - 1e-9 && !$0.fullResolution }
        XCTAssertFalse(early.contains { $0.photoSharp }, "a stretched copy is never called sharp")
        let converted = try XCTUnwrap(entries.firstIndex { $0.event == "fullResolutionLoaded" })
        XCTAssertTrue(entries[converted...].filter { $0.event == "frame" }.allSatisfy { $0.photoSharp },
                      "no frame after the conversion waits for a copy")
        XCTAssertEqual(actual.fields["decodedPixels"] as? Int, 1600 * 1067, "one full-size bitmap, not two")
        try harness.key("0")
        let fitted = try harness.waitFor("back at fit") { $0.zoomScale < 1 && $0.photoSharp }
        XCTAssertTrue(fitted.fullResolution)
    }

    func testAHEICWithoutAThumbnailOpensAsBefore() throws {
        let scratch = try ScratchDirectory()
        var picture = try PhoneHEIC.picture(scratch: scratch)
        picture.thumbnail = nil
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0003.heic")
        let harness = try EditorWindowHarness(photo: photo)
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp)
        XCTAssertFalse(harness.entries().contains { $0.event == "standInShown" || $0.fields["photoStandIn"] as? Bool == true })
    }
}

/// A re-encoded HEIC save in the real window: the status bar's figure climbs tile by tile while the window goes on
/// handling input.
final class HEIFSaveProgressWindowTests: XCTestCase {
    func testAStraightenedSaveShowsItsProgressAndTheWindowStaysUsable() throws {
        let scratch = try ScratchDirectory()
        // 1600 × 1067 in 256-pixel tiles; the straightened crop is re-encoded as six or more 512-pixel tiles.
        let picture = try PhoneHEIC.picture(width: 1600, tile: 256, scratch: scratch)
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0004.heic")
        let harness = try EditorWindowHarness(photo: photo)
        try harness.waitUntilSettled()
        try harness.key("period")
        try harness.waitFor("the straightened photo") { ($0.fields["straighten"] as? Double ?? 0) > 0 }
        let before = try harness.sync()
        try harness.key("ctrl+s")
        try harness.key("plus")
        let zoomed = try harness.waitForEntry("the zoom during the save", since: before.seq + 1) {
            $0.zoomScale > before.zoomScale + 1e-6
        }
        XCTAssertTrue(zoomed.fields["saving"] as? Bool == true, "the zoom was handled while the save ran")
        let saved = try harness.waitFor("the save", timeout: 60) { $0.lastSaved != nil }
        XCTAssertEqual(saved.fields["saving"] as? Bool, false)
        let entries = harness.entries()
        let figures = entries.filter { $0.event == "saveProgress" }.compactMap { $0.fields["saveProgress"] as? Int }
        XCTAssertFalse(figures.isEmpty, "progress was reported")
        XCTAssertEqual(figures, figures.sorted(), "the figure never goes back")
        XCTAssertTrue(figures.allSatisfy { (1...100).contains($0) })
        let path = try XCTUnwrap(saved.lastSaved)
        let reopened = try PhotoSource.open(path: path)
        XCTAssertEqual(reopened.format, .heic)
    }
}
