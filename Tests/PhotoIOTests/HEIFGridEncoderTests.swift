import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Re-encoded HEIC crops: a phone-style grid of 512-pixel tiles coded at x265's "faster" preset, with a thumbnail
/// and the metadata, its progress heard tile by tile, its pixels as close to the crop as libheif's own single
/// picture at the same quality.
final class HEIFGridEncoderTests: XCTestCase {
    nonisolated(unsafe) static var scratch: ScratchDirectory?
    nonisolated(unsafe) static var photo: PhotoSource?

    override class func setUp() {
        scratch = try? ScratchDirectory()
        photo = scratch.flatMap { scratch in
            (try? ColourFixtures.photo(in: ColourFixtures.adobeRGB, width: 1100, as: "wide.jpg", scratch: scratch))
                .flatMap { try? PhotoSource.open(path: $0) }
        }
    }

    private func source() throws -> PhotoSource {
        guard let photo = Self.photo else { throw XCTSkip("the test photo could not be made") }
        return photo
    }

    func testAStraightenedCropIsAGridOfTilesWithAThumbnailAndTheProfile() throws {
        let source = try source()
        var export = CropExport(rect: PixelRect(x: 20, y: 10, width: 1050, height: 700), quality: 80)
        export.straighten = StraightenAngle(tenths: 5)
        let heard = FractionLog()
        let crop = try CropExporter.render(source, export, as: .heic) { heard.record($0) }
        let container = try HEIFContainer.parse(crop.bytes)
        XCTAssertEqual(container.item(container.primaryID)?.type, "grid")
        // 1050 × 700 in 512-pixel tiles: 3 columns, 2 rows.
        XCTAssertEqual(container.references("dimg", from: container.primaryID).count, 6)
        XCTAssertEqual(container.referrers("thmb", to: container.primaryID).count, 1)
        XCTAssertEqual(heard.values.count, 6)
        XCTAssertEqual(heard.values.max(), 1)

        let reread = try PhotoSource(bytes: crop.bytes)
        XCTAssertEqual(reread.displayedSize, PixelSize(width: 1050, height: 700))
        XCTAssertNotNil(reread.container?.metadata.icc)
        XCTAssertEqual(reread.container?.metadata.icc, MetadataBlocks(segments: source.metadataSegments).icc,
                       "the Adobe RGB profile is kept")
        XCTAssertEqual(HEIFThumbnail.decode(crop.bytes)?.size, PixelSize(width: 320, height: 212))
    }

    func testTheGridIsAsFaithfulAsLibheifsSinglePictureAtTheSameQuality() throws {
        // The sample photo enlarged to 2000 × 1333, in 504 × 448 tiles. This smooth picture (under 3 bits a pixel at
        // 50 dB) pays about a quarter more for its tile edges and x265's fastest preset; the bench's 12 MP photo pays 3 %
        // (docs/benchmarks.md, "HEIC re-encoding"), which is what the preset and quality step were chosen on.
        guard let scratch = Self.scratch else { throw XCTSkip("no scratch directory") }
        let path = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, width: 2000, as: "big.jpg", scratch: scratch)
        let pixels = try PhotoSource.open(path: path).decodeFull()
        let grid = try HEIFGridEncoder.encode(pixels, as: .heic, quality: 80, metadata: MetadataBlocks())
        let single = try HEIFCodec.encode(pixels, as: .heic, quality: 80, metadata: MetadataBlocks())
        let gridPSNR = psnr(try HEIFCodec.decode(grid).bitmap, pixels)
        let singlePSNR = psnr(try HEIFCodec.decode(single).bitmap, pixels)
        XCTAssertGreaterThan(gridPSNR, singlePSNR - 0.1, "grid \(gridPSNR) dB, single \(singlePSNR) dB")
        XCTAssertLessThan(Double(grid.count), Double(single.count) * 1.35, "grid \(grid.count), single \(single.count) bytes")
    }

    func testASmallCropIsOnePictureAndSaysItIsDone() throws {
        let source = try source()
        let heard = FractionLog()
        let crop = try CropExporter.render(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 400, height: 300),
                                                              userTransform: .rotate90CW, quality: 80, lossless: false),
                                           as: .avif) { heard.record($0) }
        let container = try HEIFContainer.parse(crop.bytes)
        XCTAssertEqual(container.item(container.primaryID)?.type, "av01")
        XCTAssertEqual(heard.values, [1])
        XCTAssertEqual(try PhotoSource(bytes: crop.bytes).displayedSize, PixelSize(width: 300, height: 400))
    }
}

private final class FractionLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Double] = []

    func record(_ value: Double) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
