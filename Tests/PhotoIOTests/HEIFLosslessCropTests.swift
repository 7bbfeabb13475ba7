import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Lossless HEIC crops of phone-style grids, checked against libheif's own decode of the same rect: every
/// orientation the file can carry (irot/imir, with and without its own clap) under every turn and flip of the user's.
final class HEIFLosslessCropTests: XCTestCase {
    nonisolated(unsafe) static var picture: HEIFGridAssembler.Picture?
    nonisolated(unsafe) static var scratch: ScratchDirectory?

    override class func setUp() {
        scratch = try? ScratchDirectory()
        picture = scratch.flatMap { try? PhoneHEIC.picture(scratch: $0) }
    }

    private func phone(transform: Orientation = .normal, crop: PixelRect? = nil) throws -> PhotoSource {
        guard var picture = Self.picture else { throw XCTSkip("the phone-style HEIC could not be made") }
        picture.transform = transform
        picture.crop = crop
        return try PhotoSource(bytes: try HEIFGridAssembler.assemble(picture), path: "phone.heic")
    }

    func testEveryFileAndUserOrientationMatchesLibheifsDecodeOfTheRect() throws {
        let rect = PixelRect(x: 141, y: 77, width: 201, height: 163)
        for fileCrop in [nil, PixelRect(x: 20, y: 10, width: 560, height: 380)] {
            for fileTransform in Orientation.allCases {
                let source = try phone(transform: fileTransform, crop: fileCrop)
                let whole = try HEIFCodec.decodeWhole(source.bytes).bitmap
                XCTAssertEqual(whole.size, source.displayedSize)
                for user in Orientation.allCases {
                    let export = CropExport(rect: rect, userTransform: user, lossless: true)
                    let crop = try CropExporter.render(source, export, as: .heic)
                    let what = "file \(fileTransform) clap \(String(describing: fileCrop)), user \(user)"
                    XCTAssertTrue(crop.lossless, what)
                    XCTAssertTrue(crop.rect.x <= rect.x && crop.rect.y <= rect.y && crop.rect.maxX >= rect.maxX
                                  && crop.rect.maxY >= rect.maxY, "the snapped rect holds the asked one: \(what)")
                    XCTAssertLessThanOrEqual(crop.rect.width - rect.width, 2, what)
                    XCTAssertLessThanOrEqual(crop.rect.height - rect.height, 2, what)
                    let saved = try HEIFCodec.decode(crop.bytes).bitmap
                    let expected = try whole.transformed(by: user, region: crop.rect)
                    XCTAssertEqual(saved.size, crop.size, what)
                    XCTAssertEqual(differingPixels(saved, expected), 0, what)
                }
            }
        }
    }

    func testOnlyTheTouchedTilesAreKeptAndTheMetadataIsUpdated() throws {
        let source = try phone()
        let export = CropExport(rect: PixelRect(x: 130, y: 140, width: 200, height: 100), lossless: true)
        let crop = try CropExporter.render(source, export, as: .heic)
        let container = try HEIFContainer.parse(crop.bytes)
        // x 130–330 and y 140–240 touch columns 1 and 2 and row 1 of the 128-pixel tiles.
        XCTAssertEqual(container.references("dimg", from: container.primaryID).count, 2)
        XCTAssertEqual(container.item(container.primaryID)?.type, "grid")
        XCTAssertTrue(container.referrers("thmb", to: container.primaryID).isEmpty, "the thumbnail is left out")
        XCTAssertTrue(crop.warnings.contains { $0.contains("thumbnail") })

        let reread = try PhotoSource(bytes: crop.bytes)
        XCTAssertEqual(reread.displayedSize, PixelSize(width: 200, height: 100))
        XCTAssertEqual(reread.container?.metadata.icc, source.container?.metadata.icc, "the ICC profile is kept")
        XCTAssertEqual(reread.exif?.orientation, 1)
        XCTAssertEqual(reread.exif?.make, "Apple")
        let xmp = String(decoding: reread.container?.metadata.xmp ?? [], as: UTF8.self)
        XCTAssertTrue(xmp.contains("Phone test"))
        XCTAssertFalse(reread.warnings.contains { $0.contains("malformed") })
    }

    func testStripGPSRemovesItFromTheEXIFItem() throws {
        let source = try phone()
        var export = CropExport(rect: PixelRect(x: 0, y: 0, width: 300, height: 200), lossless: true)
        export.stripGPS = true
        let crop = try CropExporter.render(source, export, as: .heic)
        XCTAssertFalse(source.exif?.gpsEntryIndices.isEmpty ?? true)
        XCTAssertEqual(try PhotoSource(bytes: crop.bytes).exif?.gpsEntryIndices.isEmpty, true)
    }

    func testAPlainCropOfAHEICIsLosslessByDefaultButAResizedOneIsNot() throws {
        let source = try phone()
        let plain = try CropExporter.render(source, CropExport(rect: PixelRect(x: 11, y: 11, width: 100, height: 80)), as: .heic)
        XCTAssertTrue(plain.lossless)
        XCTAssertEqual(plain.rect, PixelRect(x: 10, y: 10, width: 102, height: 82))
        var resized = CropExport(rect: PixelRect(x: 10, y: 10, width: 100, height: 80))
        resized.outputSize = .longEdge(50)
        XCTAssertFalse(try CropExporter.render(source, resized, as: .heic).lossless)
        XCTAssertFalse(try CropExporter.render(source, CropExport(rect: PixelRect(x: 10, y: 10, width: 100, height: 80)),
                                               as: .jpeg).lossless)
    }

    func testTheWindowGetsAChromaGridThatSnapsEveryEdge() throws {
        let source = try phone(transform: .rotate90CW)
        guard case let .chroma(steps) = source.losslessSupport else { return XCTFail("\(source.losslessSupport)") }
        XCTAssertEqual(steps.step, PixelSize(width: 2, height: 2))
        XCTAssertEqual(steps.codedSize, PixelSize(width: 600, height: 400))
        let grid = try XCTUnwrap(LosslessGrid(chroma: steps, user: .normal))
        XCTAssertEqual(grid.usable, PixelRect(x: 0, y: 0, width: 400, height: 600))
        XCTAssertEqual(grid.snappedOutwards(PixelRect(x: 3, y: 5, width: 10, height: 10)),
                       PixelRect(x: 2, y: 4, width: 12, height: 12))
    }

    func testOtherViewersShowTheSamePixelsAsLibheif() throws {
        try Tools.require("heif-convert")
        try Tools.require("vips")
        let scratch = try ScratchDirectory()
        let source = try phone(transform: .transpose)
        let export = CropExport(rect: PixelRect(x: 100, y: 60, width: 150, height: 120), userTransform: .rotate90CW, lossless: true)
        let crop = try CropExporter.render(source, export, as: .heic)
        let path = try scratch.write(crop.bytes, as: "crop.heic")
        let byLibheif = scratch.file("libheif.png"), byVips = scratch.file("vips.png")
        XCTAssertEqual(try Tools.run("heif-convert", [path, byLibheif]).status, 0)
        XCTAssertEqual(try Tools.run("vips", ["copy", path, byVips]).status, 0)
        let a = try PhotoSource.open(path: byLibheif).decodeFull(), b = try PhotoSource.open(path: byVips).decodeFull()
        XCTAssertEqual(a.size, crop.size)
        XCTAssertEqual(differingPixels(a, b), 0)
        XCTAssertEqual(differingPixels(a, try HEIFCodec.decode(crop.bytes).bitmap), 0)
    }
}
