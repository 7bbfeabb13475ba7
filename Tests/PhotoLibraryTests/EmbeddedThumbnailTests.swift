import CropperTestSupport
import Foundation
import Synchronization
import XCTest
import EditorState
import PhotoIO
@testable import PhotoLibrary

/// The photo's EXIF thumbnail as a stand-in: shown upright, never stored, ignored when stale or too small.
final class EmbeddedThumbnailTests: XCTestCase {
    private var tree: ScratchTree!
    private var cache: ThumbnailCache!

    override func setUpWithError() throws {
        try Tools.require("exiftool")
        try Tools.require("convert")
        tree = try ScratchTree()
        cache = ThumbnailCache(environment: tree.environment)
    }

    override func tearDown() {
        tree = nil
        cache = nil
    }

    /// A copy of a fixture carrying an EXIF thumbnail made from its own stored pixels at `geometry`
    /// (ImageMagick's `!` forces the size, so a wrong aspect makes a stale-looking one).
    private func photo(_ fixture: String, thumbnail geometry: String, name: String = "p.jpg") throws -> String {
        let photo = try tree.copyFixture(fixture, to: name)
        let thumb = tree.path("thumb-" + name)
        XCTAssertEqual(try Tools.run("/usr/bin/convert", [photo, "-thumbnail", geometry + "!", "-strip", thumb]).status, 0)
        XCTAssertEqual(try Tools.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=" + thumb, photo]).status, 0)
        let stored = try Tools.run("exiftool", ["-s3", "-ThumbnailLength", photo]).stdout
        XCTAssertEqual(Int(stored.trimmingCharacters(in: .whitespacesAndNewlines)), try readBytes(thumb).count)
        return photo
    }

    private var cachedFiles: [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: tree.home + "/.cache/thumbnails")) ?? []
    }

    func testCameraThumbnailStandsInUprightAndIsNotStored() throws {
        let sideways = try photo("Portrait_6", thumbnail: "150x100")
        let standIn = try XCTUnwrap(try cache.quickThumbnail(for: sideways))
        XCTAssertEqual(standIn.origin, .embedded)
        XCTAssertNil(standIn.file)
        XCTAssertEqual([standIn.bitmap.width, standIn.bitmap.height], [85, 128])
        XCTAssertEqual([standIn.imageWidth, standIn.imageHeight], [1200, 1800])
        XCTAssertEqual(cachedFiles, [], "a stand-in is not written to the shared cache")

        let real = try cache.thumbnail(for: sideways)
        XCTAssertEqual(real.origin, .created)
        XCTAssertEqual([real.bitmap.width, real.bitmap.height], [85, 128])
        XCTAssertLessThan(PixelList(standIn.bitmap).meanDifference(to: PixelList(real.bitmap)), 12,
                          "the same picture, turned the same way")
    }

    /// The fixtures are 3:2: a 4:3 thumbnail, like a square one, is from another picture.
    func testStaleAspectIsIgnored() throws {
        let cropped = try photo("Landscape_1", thumbnail: "160x160")
        XCTAssertNil(try cache.quickThumbnail(for: cropped))
        XCTAssertNil(try cache.quickThumbnail(for: try photo("Landscape_1", thumbnail: "160x120", name: "r.jpg")))
        let slightlyOff = try photo("Landscape_1", thumbnail: "160x104", name: "q.jpg")  // 1.54 against 1.5
        XCTAssertNil(try cache.quickThumbnail(for: slightlyOff))
    }

    func testTooSmallIsIgnored() throws {
        XCTAssertNil(try cache.quickThumbnail(for: try photo("Landscape_1", thumbnail: "48x32")))
    }

    func testRealCachedThumbnailWinsAndPhotosWithoutOneGetNothingQuick() throws {
        let photo = try photo("Landscape_1", thumbnail: "150x100")
        _ = try cache.thumbnail(for: photo)
        XCTAssertEqual(try cache.quickThumbnail(for: photo)?.origin, .cache)
        XCTAssertNil(try cache.quickThumbnail(for: try tree.copyFixture("Landscape_1", to: "plain.jpg")))
    }

    func testAspectTolerance() {
        XCTAssertTrue(EmbeddedThumbnail.matches(PixelSize(width: 160, height: 120), photo: PixelSize(width: 4000, height: 3000)))
        XCTAssertTrue(EmbeddedThumbnail.matches(PixelSize(width: 160, height: 107), photo: PixelSize(width: 6000, height: 4000)))
        XCTAssertFalse(EmbeddedThumbnail.matches(PixelSize(width: 160, height: 120), photo: PixelSize(width: 6000, height: 4000)))
        XCTAssertFalse(EmbeddedThumbnail.matches(PixelSize(width: 0, height: 120), photo: PixelSize(width: 4000, height: 3000)))
    }

    /// The thumbnailer delivers the stand-in first, then the real thumbnail, which is stored.
    func testThumbnailerDeliversTheStandInBeforeTheRealOne() throws {
        let photo = try photo("Landscape_1", thumbnail: "150x100")
        let origins = Mutex<[Thumbnail.Origin]>([])
        let arrived = DispatchSemaphore(value: 0)
        let thumbnailer = Thumbnailer(cache: cache, workerCount: 1) { result in
            if let thumbnail = try? result.outcome.get() { origins.withLock { $0.append(thumbnail.origin) } }
            arrived.signal()
        }
        thumbnailer.request(paths: [photo], priority: 0)
        for _ in 0..<2 { XCTAssertEqual(arrived.wait(timeout: .now() + 30), .success) }
        thumbnailer.stop()
        XCTAssertEqual(origins.withLock { $0 }, [.embedded, .created])
        XCTAssertEqual(cachedFiles.filter { $0.hasSuffix(".png") }.count, 1)
    }
}
