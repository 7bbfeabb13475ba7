import BuildInfo
import CropperTestSupport
import Foundation
import XCTest
import PhotoIO
@testable import PhotoLibrary

final class ThumbnailCacheTests: XCTestCase {
    private var tree: ScratchTree!
    private var cache: ThumbnailCache!

    override func setUpWithError() throws {
        tree = try ScratchTree()
        cache = ThumbnailCache(environment: tree.environment)
    }

    override func tearDown() {
        tree = nil
        cache = nil
    }

    private func keys(_ file: String) throws -> [String: String] { ThumbnailKeys.read(pngData: try readBytes(file)) }

    /// Other programs read the shared cache as sRGB: a thumbnail of a photo with a strong profile is converted.
    func testThumbnailsOfProfiledPhotosAreWrittenInSRGB() throws {
        try Tools.require("jpgicc")
        let scratch = try ScratchDirectory()
        let made = try ColourFixtures.photo(in: ColourFixtures.swapped, width: 256, as: "swapped.jpg", scratch: scratch)
        let photo = tree.home + "/Pictures/swapped.jpg"
        try FileManager.default.createDirectory(atPath: tree.home + "/Pictures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: made, toPath: photo)
        let thumbnail = try cache.thumbnail(for: photo)
        let stored = try PhotoSource.open(path: try XCTUnwrap(thumbnail.file)).decodeFull()
        // lcms2's own conversion, scaled as the thumbnail is (a DCT-scaled decode at half size).
        let converted = scratch.file("jpgicc.jpg")
        try Tools.run("jpgicc", ["-q", "100", made, converted])
        let half = DecodeScale(denominator: 2)!
        let reference = try PhotoSource.open(path: converted).decode(scale: half).bitmap
        let unconverted = try PhotoSource.open(path: made).decode(scale: half).bitmap
        XCTAssertEqual(stored.size, reference.size)
        XCTAssertLessThan(meanAbsoluteDifference(stored, reference), 1.5, "the sRGB rendering")
        XCTAssertGreaterThan(meanAbsoluteDifference(unconverted, reference), 10, "the numbers as stored are far off")
    }

    func testMissCreatesAThumbnailInTheSpecifiedPlaceWithItsKeys() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "home/Pictures/holiday photo.jpg")
        try tree.setModified(photo, seconds: 1_700_000_000)
        let thumbnail = try cache.thumbnail(for: photo)

        let uri = "file://" + tree.home + "/Pictures/holiday%20photo.jpg"
        let file = tree.home + "/.cache/thumbnails/normal/" + MD5.hex(uri) + ".png"
        XCTAssertEqual(thumbnail.origin, .created)
        XCTAssertEqual(thumbnail.file, file)
        XCTAssertEqual([thumbnail.bitmap.width, thumbnail.bitmap.height], [128, 85])
        XCTAssertEqual([thumbnail.imageWidth, thumbnail.imageHeight], [1800, 1200])
        XCTAssertEqual(try keys(file), [
            "Thumb::URI": uri, "Thumb::MTime": "1700000000", "Thumb::Size": String(try readBytes(photo).count),
            "Thumb::Mimetype": "image/jpeg", "Thumb::Image::Width": "1800", "Thumb::Image::Height": "1200",
            "Software": "cropper \(BuildInfo.version)",
        ])
        XCTAssertEqual(fileMode(file), 0o600)
        for directory in ["", "/normal"] { XCTAssertEqual(fileMode(tree.home + "/.cache/thumbnails" + directory), 0o700) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.home + "/.cache/thumbnails/normal"),
                       [MD5.hex(uri) + ".png"], "no temporary file left behind")
    }

    func testSecondRequestIsACacheHitWithTheSamePixels() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "p.jpg")
        let made = try cache.thumbnail(for: photo)
        let again = try cache.thumbnail(for: photo)
        XCTAssertEqual(again.origin, .cache)
        XCTAssertEqual(again.file, made.file)
        XCTAssertEqual(PixelList(again.bitmap), PixelList(made.bitmap))
        XCTAssertEqual([again.imageWidth, again.imageHeight], [1800, 1200])
    }

    func testADamagedPhotosThumbnailSaysSoAndTheCacheRemembers() throws {
        let whole = try tree.copyFixture("Landscape_1", to: "whole.jpg")
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: whole)).map { $0 }
        let cut = try tree.write(DamagedFiles.truncated(bytes, at: 0.6), to: "cut.jpg")
        let made = try cache.thumbnail(for: cut)
        XCTAssertTrue(made.isDamaged, "the thumbnail shows only the decoded part")
        XCTAssertEqual([made.imageWidth, made.imageHeight], [1800, 1200])
        let again = try cache.thumbnail(for: cut)
        XCTAssertEqual(again.origin, .cache)
        XCTAssertTrue(again.isDamaged, "X-Cropper::Damaged is read back from the cache")
        XCTAssertFalse(try cache.thumbnail(for: whole).isDamaged)
    }

    func testChangedModificationTimeMakesTheThumbnailStale() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "p.jpg")
        try tree.setModified(photo, seconds: 1_600_000_000)
        let first = try cache.thumbnail(for: photo)
        try tree.setModified(photo, seconds: 1_600_000_001)
        XCTAssertNil(cache.cached(path: photo))
        let second = try cache.thumbnail(for: photo)
        XCTAssertEqual(second.origin, .created)
        XCTAssertEqual(try keys(try XCTUnwrap(first.file))["Thumb::MTime"], "1600000001")
    }

    func testRecordedSizeMustMatchToo() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "p.jpg")
        try tree.setModified(photo, seconds: 1_600_000_000)
        _ = try cache.thumbnail(for: photo)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: photo))
        handle.seekToEndOfFile()
        handle.write(Data([0]))
        handle.closeFile()
        try tree.setModified(photo, seconds: 1_600_000_000)
        XCTAssertNil(cache.cached(path: photo))
        XCTAssertEqual(try cache.thumbnail(for: photo).origin, .created)
    }

    /// The photo is stored sideways with Orientation 6: its thumbnail stands upright, like
    /// the thumbnail of the same picture stored upright.
    func testOrientationIsApplied() throws {
        let sideways = try cache.thumbnail(for: try tree.copyFixture("Portrait_6", to: "p6.jpg"))
        let upright = try cache.thumbnail(for: try tree.copyFixture("Portrait_1", to: "p1.jpg"))
        XCTAssertEqual([sideways.bitmap.width, sideways.bitmap.height], [85, 128])
        XCTAssertEqual([sideways.imageWidth, sideways.imageHeight], [1200, 1800])
        XCTAssertEqual([upright.bitmap.width, upright.bitmap.height], [85, 128])
        XCTAssertLessThan(PixelList(sideways.bitmap).meanDifference(to: PixelList(upright.bitmap)), 6)
        let rotatedBack = try sideways.bitmap.transformed(by: .rotate270CW)
        XCTAssertEqual([rotatedBack.width, rotatedBack.height], [128, 85])
    }

    func testLargeSizeFitsIn256() throws {
        let thumbnail = try cache.thumbnail(for: try tree.copyFixture("Landscape_1", to: "p.jpg"), size: .large)
        XCTAssertEqual([thumbnail.bitmap.width, thumbnail.bitmap.height], [256, 171])
        XCTAssertTrue(thumbnail.file?.contains("/thumbnails/large/") == true)
    }

    func testSmallPhotosAreNotScaledUp() throws {
        let small = try Bitmap(width: 40, height: 30, alpha: .straight)
        for y in 0..<30 { for x in 0..<40 { small.row(y)[x] = 0x80FF_0000 } }
        let photo = try tree.write(try small.encodedPNG(), to: "small.png")
        let thumbnail = try cache.thumbnail(for: photo)
        XCTAssertEqual([thumbnail.bitmap.width, thumbnail.bitmap.height], [40, 30])
        XCTAssertEqual(thumbnail.bitmap.pixel(x: 5, y: 5), 0x80FF_0000)
        XCTAssertEqual(try keys(try XCTUnwrap(thumbnail.file))["Thumb::Mimetype"], "image/png")
    }

    /// A thumbnail another program wrote in the specification's format is used as it is.
    func testThumbnailWrittenByAnotherProgramIsUsed() throws {
        try Tools.require("convert")
        let photo = try tree.copyFixture("Landscape_1", to: "home/Pictures/a b.jpg")
        try tree.setModified(photo, seconds: 1_650_000_000)
        let uri = FileURI.from(path: photo)
        try tree.makeDirectory("home/.cache/thumbnails/normal")
        let file = tree.home + "/.cache/thumbnails/normal/" + MD5.hex(uri) + ".png"
        // ImageMagick expands % in property values, so the URI's %20 is written as %%20.
        let result = try Tools.run("convert", [photo, "-thumbnail", "128x128", "-fill", "#00FF00", "-draw", "rectangle 0,0 9,9",
                                               "-set", "Thumb::URI", uri.replacingOccurrences(of: "%", with: "%%"),
                                               "-set", "Thumb::MTime", "1650000000", file])
        XCTAssertEqual(result.status, 0)
        let thumbnail = try cache.thumbnail(for: photo)
        XCTAssertEqual(thumbnail.origin, .cache)
        XCTAssertEqual(thumbnail.file, file)
        XCTAssertEqual([thumbnail.bitmap.width, thumbnail.bitmap.height], [128, 85])
        XCTAssertEqual(thumbnail.bitmap.pixel(x: 2, y: 2) & 0x00FF_FFFF, 0x00FF00, "ImageMagick's marked pixels, not ours")
        XCTAssertEqual([thumbnail.imageWidth, thumbnail.imageHeight], [1800, 1200], "ImageMagick's own Thumb::Image keys")
        XCTAssertEqual(try keys(file)["Thumb::Size"], "\(try readBytes(photo).count)BB", "a size that is not a number is ignored")
    }

    func testLargerThumbnailIsScaledDownWhenTheSizeAskedForIsMissing() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "p.jpg")
        let large = try cache.thumbnail(for: photo, size: .large)
        let normal = try cache.thumbnail(for: photo, size: .normal)
        XCTAssertEqual(normal.origin, .cache)
        XCTAssertEqual(normal.file, large.file)
        XCTAssertEqual([normal.bitmap.width, normal.bitmap.height], [128, 86])
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.home + "/.cache/thumbnails/normal"))
    }

    func testUndecodablePhotoGetsAFailureRecordAndIsNotRetriedUntilItChanges() throws {
        let photo = try tree.write([0xFF, 0xD8, 0xFF] + Array("not really a JPEG".utf8), to: "broken.jpg")
        try tree.setModified(photo, seconds: 1_650_000_000)
        XCTAssertThrowsError(try cache.thumbnail(for: photo)) { error in
            guard case .undecodable? = error as? LibraryError else { return XCTFail("\(error)") }
        }
        let uri = FileURI.from(path: photo)
        let record = tree.home + "/.cache/thumbnails/fail/cropper-\(BuildInfo.version)/" + MD5.hex(uri) + ".png"
        XCTAssertEqual(try keys(record)["Thumb::URI"], uri)
        XCTAssertEqual(try keys(record)["Thumb::MTime"], "1650000000")
        XCTAssertEqual(fileMode(record), 0o600)
        XCTAssertTrue(cache.hasFailureRecord(path: photo))

        // Repaired behind our back with the same modification time: still not retried.
        try tree.copyFixture("Landscape_1", to: "broken.jpg")
        try tree.setModified(photo, seconds: 1_650_000_000)
        XCTAssertThrowsError(try cache.thumbnail(for: photo)) { XCTAssertEqual($0 as? LibraryError, .failedBefore) }

        try tree.setModified(photo, seconds: 1_650_000_100)
        XCTAssertEqual(try cache.thumbnail(for: photo).origin, .created)
    }

    func testHugePNGIsRecordedAsAFailureWithoutDecoding() throws {
        var ihdr: [UInt8] = Array("IHDR".utf8) + bigEndian(8_000) + bigEndian(6_000) + [8, 2, 0, 0, 0]
        ihdr = bigEndian(13) + ihdr + bigEndian(crc32(Array(ihdr)))
        let iend: [UInt8] = bigEndian(0) + Array("IEND".utf8) + bigEndian(crc32(Array("IEND".utf8)))
        let photo = try tree.write(ThumbnailKeys.pngSignature + ihdr + iend, to: "huge.png")
        XCTAssertThrowsError(try cache.thumbnail(for: photo)) { error in
            XCTAssertEqual(error as? LibraryError, .undecodable("unsupported: a thumbnail of a 8000x6000 PNG (too many pixels)"))
        }
        XCTAssertTrue(cache.hasFailureRecord(path: photo))
    }

    func testNoThumbnailsOfTheCacheItselfOrOfWhatCannotBeRead() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "p.jpg")
        let made = try XCTUnwrap(try cache.thumbnail(for: photo).file)
        XCTAssertThrowsError(try cache.thumbnail(for: made)) { XCTAssertEqual($0 as? LibraryError, .insideThumbnailCache) }
        let roundabout = made.replacingOccurrences(of: "/.cache/", with: "/.cache/./normal/../")
        XCTAssertThrowsError(try cache.thumbnail(for: roundabout)) { XCTAssertEqual($0 as? LibraryError, .insideThumbnailCache) }
        XCTAssertThrowsError(try cache.thumbnail(for: tree.path("missing.jpg"))) { error in
            XCTAssertEqual(error as? LibraryError, .photoNotReadable("not a regular file"))
        }
        XCTAssertThrowsError(try cache.thumbnail(for: "p.jpg")) { XCTAssertEqual($0 as? LibraryError, .relativePath("p.jpg")) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.home + "/.cache/thumbnails/fail"))
    }

    func testUnreadablePhotoIsNotThumbnailedNorRecorded() throws {
        guard geteuid() != 0 else { throw XCTSkip("root reads every file") }
        let photo = try tree.copyFixture("Landscape_1", to: "secret.jpg")
        chmod(photo, 0)
        XCTAssertThrowsError(try cache.thumbnail(for: photo)) { error in
            XCTAssertEqual(error as? LibraryError, .photoNotReadable("permission denied"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.home + "/.cache/thumbnails"))
    }
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
     UInt8(truncatingIfNeeded: value)]
}

/// CRC-32 as PNG chunks use it, bit by bit.
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// A bitmap's pixels as plain values, for comparisons.
struct PixelList: Equatable {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        pixels = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y) } }
    }

    /// Mean absolute difference per colour channel, 0–255.
    func meanDifference(to other: PixelList) -> Double {
        guard width == other.width, height == other.height else { return 255 }
        var total = 0
        for (p, q) in zip(pixels, other.pixels) {
            for shift: UInt32 in [0, 8, 16] { total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) }
        }
        return Double(total) / Double(pixels.count * 3)
    }
}

final class FormatThumbnailTests: XCTestCase {
    func testHEICAndWebPGetThumbnailsWithTheirMimeType() throws {
        let scratch = try ScratchDirectory()
        let photos = try FormatPhotos.make(in: scratch)
        let tree = try ScratchTree()
        let cache = ThumbnailCache(environment: tree.environment)
        for (path, mime) in [(photos.heic, "image/heic"), (photos.avif, "image/avif"), (photos.webp, "image/webp"),
                             (photos.tiff, "image/tiff")] {
            let photo = try tree.write(try readBytes(path), to: "home/Pictures/" + PathNames.name(of: path))
            let thumbnail = try cache.thumbnail(for: photo)
            XCTAssertEqual(ThumbnailKeys.read(pngData: try readBytes(try XCTUnwrap(thumbnail.file)))["Thumb::Mimetype"], mime)
            XCTAssertEqual([thumbnail.imageWidth, thumbnail.imageHeight], [96, 64], "upright: \(path)")
        }
    }

    func testJPEGXLAndGIFGetThumbnailsWithTheirMimeType() throws {
        let scratch = try ScratchDirectory()
        let jxl = try JXLPhotos.make(in: scratch)
        let animations = try AnimationPhotos.make(in: scratch)
        let tree = try ScratchTree()
        let cache = ThumbnailCache(environment: tree.environment)
        for (path, mime, size) in [(jxl.oriented[6]!, "image/jxl", [96, 64]), (jxl.largeLossy, "image/jxl", [320, 240]),
                                   (animations.disposals, "image/gif", [96, 64])] {
            let photo = try tree.write(try readBytes(path), to: "home/Pictures/" + PathNames.name(of: path))
            let thumbnail = try cache.thumbnail(for: photo)
            XCTAssertEqual(ThumbnailKeys.read(pngData: try readBytes(try XCTUnwrap(thumbnail.file)))["Thumb::Mimetype"], mime)
            XCTAssertEqual([thumbnail.imageWidth, thumbnail.imageHeight], size, "upright: \(path)")
        }
    }
}
