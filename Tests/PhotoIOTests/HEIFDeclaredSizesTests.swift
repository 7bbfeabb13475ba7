import CropperTestSupport
import Foundation
import EditorState
import XCTest
@testable import PhotoIO

/// Sizes libheif would allocate are refused before it decodes: the fuzzer's file whose grid has one overlay tile
/// declaring a 49213×61276 canvas used to kill the process inside libheif.
final class HEIFDeclaredSizesTests: XCTestCase {
    static let overlayBomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/crashers/heif-overlay-tile-canvas-beyond-limits.bin").path

    func testAnOverlayCanvasIsReadInBothWidths() {
        let narrow: [UInt8] = [0, 0] + Array(repeating: 0, count: 8) + [0x01, 0x00, 0x00, 0x80]
        XCTAssertEqual(HEIFDeclaredSizes.overlayCanvas(narrow), PixelSize(width: 256, height: 128))
        let wide: [UInt8] = [0, 1] + Array(repeating: 0, count: 8) + [0, 1, 0, 0, 0, 0, 0x40, 0]
        XCTAssertEqual(HEIFDeclaredSizes.overlayCanvas(wide), PixelSize(width: 65536, height: 16384))
        XCTAssertNil(HEIFDeclaredSizes.overlayCanvas([0, 1] + Array(repeating: 0, count: 12)))
    }

    func testAnOverlayTileBeyondTheLimitsIsRefusedBeforeLibheifDecodes() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.overlayBomb)))
        XCTAssertThrowsError(try HEIFCodec.decodeWhole(bytes)) { error in
            XCTAssertEqual(error as? PhotoIOError, .tooLarge(width: 49213, height: 61276))
        }
    }

    func testAGridAmongItsOwnTilesIsRefusedBeforeLibheifDecodes() throws {
        // The fuzzer's 6 KB file: grid item 2 lists item 2 as its one tile; libheif 1.15 started threads for it
        // without end (31,000 after 3 s) until the process died.
        let path = Self.overlayBomb.replacingOccurrences(of: "heif-overlay-tile-canvas-beyond-limits",
                                                         with: "heif-grid-among-its-own-tiles")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertThrowsError(try HEIFCodec.decodeWhole(bytes)) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: image 2 is among its own inputs"))
        }
    }

    /// Items 1…n, each derived (`iden`) from the next, the last a coded picture; `fanOut` repeats every reference.
    private func chain(_ types: [String], fanOut: Int = 1) throws -> [UInt8] {
        var ftyp = BoxWriter()
        ftyp.box("ftyp") { box in box.fourCC("heic"); box.u32(0); box.fourCC("mif1"); box.fourCC("heic") }
        var writer = HEIFWriter(fileType: ftyp.bytes, primaryID: 1)
        let size = writer.property(HEIFProperties.ispe(PixelSize(width: 64, height: 64)))
        for (index, type) in types.enumerated() {
            let id = UInt32(index + 1)
            writer.items.append(.init(info: .init(id: id, type: type), data: [0], associations: [.init(index: size, essential: false)]))
            if index + 1 < types.count {
                writer.references.append(.init(type: "dimg", from: id, to: Array(repeating: id + 1, count: fanOut)))
            }
        }
        return try writer.write()
    }

    func testDerivedImagesNestFourDeepAndNoDeeper() throws {
        XCTAssertNoThrow(try HEIFDeclaredSizes.check(try chain(Array(repeating: "iden", count: 4) + ["hvc1"])))
        XCTAssertThrowsError(try HEIFDeclaredSizes.check(try chain(Array(repeating: "iden", count: 5) + ["hvc1"]))) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: derived images nested more than 4 deep"))
        }
    }

    func testAtMost65536PicturesCountingEveryRepeatedTile() throws {
        // 1 + 256 + 256 × 256 = 65,793 pictures: one over. With 255 tiles under each of 255: 1 + 255 + 65,025 = 65,281.
        XCTAssertNoThrow(try HEIFDeclaredSizes.check(try chain(["iden", "iden", "hvc1"], fanOut: 255)))
        XCTAssertThrowsError(try HEIFDeclaredSizes.check(try chain(["iden", "iden", "hvc1"], fanOut: 256))) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: more than 65536 pictures make up the image"))
        }
    }

    func testAnAlphaImageAmongItsOwnInputsIsRefusedToo() throws {
        // libheif decodes the primary's alpha with it: a primary that is fine, and an alpha grid listing itself.
        var ftyp = BoxWriter()
        ftyp.box("ftyp") { box in box.fourCC("heic"); box.u32(0); box.fourCC("mif1"); box.fourCC("heic") }
        var writer = HEIFWriter(fileType: ftyp.bytes, primaryID: 1)
        let size = writer.property(HEIFProperties.ispe(PixelSize(width: 64, height: 64)))
        writer.items = [.init(info: .init(id: 1, type: "hvc1"), data: [0], associations: [.init(index: size, essential: false)]),
                        .init(info: .init(id: 2, type: "iden"), data: [0], associations: [.init(index: size, essential: false)])]
        writer.references = [.init(type: "auxl", from: 2, to: [1]), .init(type: "dimg", from: 2, to: [2])]
        XCTAssertThrowsError(try HEIFDeclaredSizes.check(try writer.write())) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: image 2 is among its own inputs"))
        }
    }

    func testAGridMustListOneTilePerCellAndEveryTileMustExist() throws {
        var ftyp = BoxWriter()
        ftyp.box("ftyp") { box in box.fourCC("heic"); box.u32(0); box.fourCC("mif1"); box.fourCC("heic") }
        func file(tiles: [UInt32]) throws -> [UInt8] {
            var writer = HEIFWriter(fileType: ftyp.bytes, primaryID: 1)
            let tileSize = writer.property(HEIFProperties.ispe(PixelSize(width: 64, height: 64)))
            let grid = HEIFGrid(rows: 1, columns: 2, outputSize: PixelSize(width: 128, height: 64))
            writer.items = [.init(info: .init(id: 1, type: "grid"), data: grid.data, associations: []),
                            .init(info: .init(id: 2, type: "hvc1"), data: [0], associations: [.init(index: tileSize, essential: false)])]
            writer.references = [.init(type: "dimg", from: 1, to: tiles)]
            return try writer.write()
        }
        XCTAssertNoThrow(try HEIFDeclaredSizes.check(try file(tiles: [2, 2])))
        XCTAssertThrowsError(try HEIFDeclaredSizes.check(try file(tiles: [2]))) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: a grid of 2×1 tiles lists 1"))
        }
        XCTAssertThrowsError(try HEIFDeclaredSizes.check(try file(tiles: [2, 7]))) { error in
            XCTAssertEqual(error as? PhotoIOError, .corrupt("HEIF container: image 1 is made from item 7, which the file does not have"))
        }
    }

    func testARealGridPasses() throws {
        let scratch = try ScratchDirectory()
        let photo = scratch.file("small.heic")
        let made = try Tools.run("heif-enc", ["-p", "preset=ultrafast", "-q", "60", "-o", photo, Fixtures.path("Landscape", 1)])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertNoThrow(try HEIFDeclaredSizes.check([UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))))
    }
}
