import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// A big JPEG's full resolution is decoded from the coefficients its preview's decode hands over: the pixels, the
/// warning and the damage are exactly those of decoding the file, for every sampling and coding, damaged or whole,
/// and the preview is exactly the preview decoded alone.
final class FedFullDecodeTests: XCTestCase {
    private var scratch: ScratchDirectory!
    private var ppm = ""

    override func setUpWithError() throws {
        try Tools.require("cjpeg")
        scratch = try ScratchDirectory()
        ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
    }

    private func cjpeg(_ name: String, _ options: [String]) throws -> String {
        let path = scratch.file("\(name).jpg")
        try Tools.run("cjpeg", options + ["-outfile", path, ppm])
        return path
    }

    /// The preview at `scale` feeding the full decode (of any size: the threshold is the caller's), and both
    /// compared with the same decodes made alone.
    @discardableResult
    private func assertFedDecodesMatch(_ path: String, scale: Int = 8, watcher: DecodeWatcher? = nil,
                                       file: StaticString = #filePath, line: UInt = #line) throws -> FedFullDecode {
        let source = try PhotoSource.open(path: path).readingFromFile()
        let fed = try XCTUnwrap(FedFullDecode.start(source, from: 0), file: file, line: line)
        let preview = try source.decode(scale: DecodeScale(denominator: scale)!, feeding: fed)
        let full = try fed.result(watcher: watcher)
        let alone = try PhotoSource.open(path: path)
        let expectedPreview = try alone.decode(scale: DecodeScale(denominator: scale)!)
        let expectedFull = try alone.decode(scale: .full)
        let name = "\(PathNames.name(of: path)) at 1/\(scale)"
        XCTAssertEqual(PixelGrid(preview.bitmap), PixelGrid(expectedPreview.bitmap), "the preview of \(name)", file: file, line: line)
        XCTAssertEqual(PixelGrid(full.bitmap), PixelGrid(expectedFull.bitmap), "the full decode of \(name)", file: file, line: line)
        XCTAssertEqual(full.damage, expectedFull.damage, "the damage of \(name)", file: file, line: line)
        XCTAssertEqual(full.warning, expectedFull.warning, "the warning of \(name)", file: file, line: line)
        XCTAssertEqual(preview.damage, expectedPreview.damage, file: file, line: line)
        return fed
    }

    func testEverySamplingAndEveryPreviewScaleGiveTheFileDecodesPixels() throws {
        for (name, options) in [("444", ["-sample", "1x1"]), ("422", ["-sample", "2x1"]), ("440", ["-sample", "1x2"]),
                                ("420", ["-sample", "2x2"]), ("411", ["-sample", "4x1"]), ("grey", ["-grayscale"]),
                                ("restarts", ["-restart", "1"]), ("optimised", ["-optimize"])] {
            let path = try cjpeg(name, options)
            for scale in [2, 4, 8] {
                let fed = try assertFedDecodesMatch(path, scale: scale)
                XCTAssertTrue(fed.wasFed, "\(name) at 1/\(scale) shares one entropy decode")
            }
        }
    }

    func testAProgressiveJPEGIsNotShared() throws {
        let source = try PhotoSource.open(path: try cjpeg("progressive", ["-progressive"]))
        XCTAssertNil(FedFullDecode.start(source, from: 0), "its coefficients come scan after scan, not row by row")
    }

    func testDamagedFilesAreDamagedAlikeAndNamedAlike() throws {
        let path = try cjpeg("restarts", ["-restart", "1"])
        let bytes = try FileReading.readAll(path: path)
        let start = DamagedFiles.scanDataStart(bytes)
        let middle = start + (bytes.count - start) / 2
        let damaged = [
            ("cut", DamagedFiles.truncated(bytes, at: 0.6)),
            ("flipped", DamagedFiles.flippingBit(bytes, at: middle)),
            ("marker", DamagedFiles.splicing(bytes, junk: [0xFF, 0xD8, 0xFF, 0xE0], at: middle)),
            ("junk", DamagedFiles.splicing(bytes, junk: [0x12, 0x34, 0x56], at: 2)),
        ]
        for (name, broken) in damaged {
            let path = scratch.file("\(name).jpg")
            try Data(broken).write(to: URL(fileURLWithPath: path))
            try assertFedDecodesMatch(path)
        }
    }

    func testAWatcherThatComesLateHearsOfEveryRow() throws {
        final class Rows: DecodeWatcher, @unchecked Sendable {
            var began: Bitmap?
            var told: [Int] = []
            func began(_ bitmap: Bitmap) { began = bitmap }
            func rowsDone(_ rows: Int) { told.append(rows) }
        }
        let path = try cjpeg("420", ["-sample", "2x2"])
        let rows = Rows()
        try assertFedDecodesMatch(path, watcher: rows)
        XCTAssertNotNil(rows.began)
        XCTAssertEqual(rows.told.last, rows.began?.height, "the last news is every row")
        XCTAssertEqual(rows.told, rows.told.sorted())
    }

    func testTheFirstWatcherStaysAndHearsOfEveryRowOnce() throws {
        final class Rows: DecodeWatcher, @unchecked Sendable {
            var began = 0
            var told: [Int] = []
            func began(_ bitmap: Bitmap) { began += 1 }
            func rowsDone(_ rows: Int) { told.append(rows) }
        }
        let path = try cjpeg("420", ["-sample", "2x2"])
        let source = try PhotoSource.open(path: path).readingFromFile()
        let fed = try XCTUnwrap(FedFullDecode.start(source, from: 0))
        let first = Rows(), second = Rows()
        fed.watch(first)
        _ = try source.decode(scale: DecodeScale(denominator: 8)!, feeding: fed)
        let full = try fed.result(watcher: second)
        XCTAssertEqual(first.began, 1)
        XCTAssertEqual(first.told.last, full.bitmap.height)
        XCTAssertEqual(second.began, 0, "a second watcher would convert the rows twice")
        XCTAssertEqual(second.told, [])
    }

    func testAFullDecodeNoPreviewFeedsReadsTheFileItself() throws {
        let path = try cjpeg("420", ["-sample", "2x2"])
        let source = try PhotoSource.open(path: path)
        let fed = try XCTUnwrap(FedFullDecode.start(source, from: 0))
        fed.unfed()
        let full = try fed.result(watcher: nil)
        XCTAssertFalse(fed.wasFed)
        XCTAssertEqual(PixelGrid(full.bitmap), PixelGrid(try source.decode(scale: .full).bitmap))
    }

    func testAPreviewThatFailsBeforeReadingLeavesTheFullDecodeToReadAlone() throws {
        let path = try cjpeg("420", ["-sample", "2x2"])
        let source = try PhotoSource.open(path: path).readingFromFile()
        let fed = try XCTUnwrap(FedFullDecode.start(source, from: 0))
        // The file is gone when the preview's decode opens it: the full decode has it open already, or fails too.
        try FileManager.default.removeItem(atPath: path)
        XCTAssertThrowsError(try source.decode(scale: DecodeScale(denominator: 8)!, feeding: fed))
        _ = try? fed.result(watcher: nil)
        XCTAssertFalse(fed.wasFed)
    }

    func testOnlyABigJPEGReadFromAFileIsShared() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        XCTAssertNil(FedFullDecode.start(source), "a small photo's preview decodes alone, first")
        XCTAssertNil(FedFullDecode.start(try PhotoSource(bytes: source.bytes), from: 0), "no file to read headers from")
        XCTAssertTrue(source.heldForShowing().bytes.count == source.bytes.count, "a small photo keeps its bytes")
        XCTAssertTrue(source.readingFromFile().bytes.isEmpty)
        XCTAssertTrue(source.readingFromFile().readsAsNeeded)
    }
}
