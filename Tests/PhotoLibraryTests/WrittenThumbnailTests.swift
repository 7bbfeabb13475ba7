import BuildInfo
import CropperTestSupport
import EditorState
import Foundation
import XCTest
import PhotoIO
@testable import PhotoLibrary

/// A crop the window writes gets its thumbnail from the pixels it encoded, stored before the file takes its name,
/// so a folder view that sees the file finds a valid thumbnail and decodes nothing.
final class WrittenThumbnailTests: XCTestCase {
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

    func testACropsThumbnailIsInTheCacheWhenItsFileAppears() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "home/Pictures/beach.jpg")
        let output = tree.home + "/Pictures/beach-cropped.jpg"
        let source = try PhotoSource.open(path: photo)
        var export = CropExport(rect: PixelRect(x: 300, y: 200, width: 1200, height: 800), quality: 90)
        export.userTransform = .normal
        var seenBeforePlacing: Bool?
        _ = try CropExporter.export(source, export, to: output, overwrite: false,
                                    reducing: ThumbnailCache.writtenReduction(.large), encoded: { crop in
            seenBeforePlacing = !FileManager.default.fileExists(atPath: output)
            // A plain JPEG crop streams its rows to the encoder: only the size and the reduced copy come back.
            XCTAssertEqual([crop.size.width, crop.size.height], [1200, 800])
            XCTAssertNil(crop.pixels)
            XCTAssertEqual(crop.reduced.map { [$0.width, $0.height] }, [256, 171])
            do {
                try self.cache.storeWritten(crop, of: output, format: .jpeg, toSRGB: nil, size: .large)
            } catch {
                XCTFail("the thumbnail was not stored: \(error)")
            }
        })
        XCTAssertEqual(seenBeforePlacing, true)

        let found = try XCTUnwrap(cache.cached(path: output, size: .large), "a valid cached thumbnail")
        XCTAssertEqual(found.origin, .cache)
        XCTAssertEqual([found.bitmap.width, found.bitmap.height], [256, 171])
        XCTAssertEqual([found.imageWidth, found.imageHeight], [1200, 800])
        let keys = ThumbnailKeys.read(pngData: try readBytes(try XCTUnwrap(found.file)))
        XCTAssertEqual(keys["Thumb::Size"], String(try readBytes(output).count))
        XCTAssertEqual(keys["Thumb::URI"], "file://" + output)

        // What the thumbnailer would make of the file itself: the same picture within a few levels.
        let made = try cache.thumbnail(for: output, size: .normal)
        let fromPixels = try XCTUnwrap(cache.cached(path: output, size: .large))
        let scaledDown = try BoxScaler.fit(fromPixels.bitmap, within: 128)
        XCTAssertEqual(made.origin, .cache, "the large one, scaled down, serves the normal size too")
        XCTAssertEqual([scaledDown.width, scaledDown.height], [made.bitmap.width, made.bitmap.height])
    }

    /// The thumbnail made of the sampled pixels shows the saved file's picture: against a box filter over every
    /// pixel of the file as decoded, within a third of a level on average; its keys are the specification's.
    /// Turned, the crop is encoded on two threads, which sum the thumbnail's samples between them.
    func testTheStoredThumbnailShowsTheSavedFilesPicture() throws {
        let photo = try tree.copyFixture("Landscape_1", to: "home/Pictures/meadow.jpg")
        let output = tree.home + "/Pictures/meadow-cropped.jpg"
        var export = CropExport(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200), quality: 90)
        export.userTransform = .rotate90CW
        var madeByTheEncoder = false
        _ = try CropExporter.export(try PhotoSource.open(path: photo), export, to: output, overwrite: false,
                                    reducing: ThumbnailCache.writtenReduction(.large), encoded: { crop in
            madeByTheEncoder = crop.reduced != nil
            _ = try? self.cache.storeWritten(crop, of: output, format: .jpeg, toSRGB: nil, size: .large)
        })
        XCTAssertTrue(madeByTheEncoder)
        let stored = try XCTUnwrap(cache.cached(path: output, size: .large))
        let saved = try PhotoSource.open(path: output).decodeFull()
        XCTAssertEqual([saved.width, saved.height], [1200, 1800])
        XCTAssertEqual([stored.bitmap.width, stored.bitmap.height], [171, 256])
        let everyPixel = try BoxScaler.scale(saved, width: 171, height: 256)
        var total = 0, count = 0
        for y in 0..<256 {
            for x in 0..<171 {
                let a = stored.bitmap.row(y)[x], b = everyPixel.row(y)[x]
                for shift in [0, 8, 16] as [UInt32] {
                    total += abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
                    count += 1
                }
            }
        }
        XCTAssertLessThan(Double(total) / Double(count), 0.34, "mean difference in levels")
        let keys = ThumbnailKeys.read(pngData: try readBytes(try XCTUnwrap(stored.file)))
        var status = stat()
        XCTAssertEqual(stat(output, &status), 0)
        XCTAssertEqual(keys["Thumb::URI"], "file://" + output)
        XCTAssertEqual(keys["Thumb::MTime"], String(status.st_mtim.tv_sec))
        XCTAssertEqual(keys["Thumb::Size"], String(status.st_size))
    }

    func testTheSampledBoxFilterAveragesEvenlySpacedPixels() throws {
        // Columns alternate 0 and 200 in blue: every sample of a span of 8 at 4 samples a side takes the same
        // parity, so the sampling is seen to be evenly spaced.
        let bitmap = try Bitmap(width: 64, height: 8, alpha: .opaque)
        for y in 0..<8 {
            for x in 0..<64 { bitmap.row(y)[x] = 0xFF00_0000 | UInt32(x % 2 == 0 ? 0 : 200) }
        }
        let all = try BoxScaler.scale(bitmap, width: 8, height: 1)
        let sampled = try BoxScaler.scale(bitmap, width: 8, height: 1, samplesPerSide: 4)
        XCTAssertEqual(all.row(0)[0] & 0xFF, 100, "every pixel: the mean")
        XCTAssertEqual(sampled.row(0)[0] & 0xFF, 0, "columns 0, 2, 4, 6 of the first span")
    }
}
