import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Damaged photos open as far as they can be read, know their intact rows, and save only those unless asked.
final class DamagedPhotoTests: XCTestCase {
    private let original = Fixtures.path("Landscape", 1)

    private func truncatedAt60() throws -> PhotoSource {
        try PhotoSource(bytes: DamagedFiles.truncated(try readBytes(original), at: 0.6), path: "/nonexistent/t.jpg")
    }

    func testAJPEGCutAt60PercentKnowsItsIntactRows() throws {
        let source = try truncatedAt60()
        let damage = try XCTUnwrap(try source.findDamage())
        XCTAssertEqual(damage.kind, .endsEarly)
        XCTAssertGreaterThan(damage.intactRows, source.storedSize.height / 3)
        XCTAssertLessThan(damage.intactRows, source.storedSize.height * 2 / 3)
        // 4:2:0: the row above a damaged iMCU row blends its chroma, so it is not intact.
        XCTAssertEqual(damage.intactBlockRows % 16, 0)
        XCTAssertEqual(damage.intactRows, damage.intactBlockRows - 1)
        // The full decode and the 1/8 decode agree on where the damage is.
        XCTAssertEqual(try source.decode(scale: .full).damage, damage)
        let region = DamagedRegion(damage, orientation: source.orientation)
        XCTAssertEqual(region.summary, "This photo ends early: only the top \(damage.intactPercent) % could be read")
        XCTAssertEqual(region.unreadableText, "rows \(damage.intactRows)–\(source.storedSize.height - 1)")
    }

    func testTheIntactRowsAreExactlyTheOriginalsAndTheNextRowIsNot() throws {
        let source = try truncatedAt60()
        let intact = try XCTUnwrap(try source.findDamage()).intactRows
        let whole = try PhotoSource.open(path: original)
        let width = source.storedSize.width
        let damaged = try source.decodeFull(), good = try whole.decodeFull()
        let top = PixelRect(x: 0, y: 0, width: width, height: intact)
        XCTAssertEqual(PixelGrid(try damaged.cropped(to: top)), PixelGrid(try good.cropped(to: top)))
        let next = PixelRect(x: 0, y: intact, width: width, height: 1)
        XCTAssertNotEqual(PixelGrid(try damaged.cropped(to: next)), PixelGrid(try good.cropped(to: next)))
    }

    func testACropInsideTheIntactRowsIsByteForByteTheOriginalsCrop() throws {
        let source = try truncatedAt60()
        let intact = try XCTUnwrap(try source.findDamage()).intactRows
        let whole = try PhotoSource.open(path: original)
        let rect = PixelRect(x: 37, y: 11, width: 400, height: intact - 11)
        for format in [PhotoFormat.png, .jpeg] {
            let fromDamaged = try CropExporter.render(source, CropExport(rect: rect), as: format)
            let fromWhole = try CropExporter.render(whole, CropExport(rect: rect), as: format)
            XCTAssertEqual(fromDamaged.bytes, fromWhole.bytes, "\(format)")
            XCTAssertFalse(fromDamaged.includesDamage)
            XCTAssertTrue(fromDamaged.warnings.contains { $0.contains("the crop lies within its intact part") })
        }
    }

    func testACropIntoTheDamageIsRefusedNamingTheRowUnlessAllowed() throws {
        let source = try truncatedAt60()
        let intact = try XCTUnwrap(try source.findDamage()).intactRows
        let rect = PixelRect(x: 0, y: 100, width: 300, height: intact - 99)
        XCTAssertThrowsError(try CropExporter.render(source, CropExport(rect: rect), as: .jpeg)) { error in
            let reason = (error as? PhotoIOError)?.reason ?? ""
            XCTAssertTrue(reason.hasSuffix("move the box above row \(intact)"), reason)
        }
        let anyway = try CropExporter.render(source, CropExport(rect: rect, allowDamaged: true), as: .png)
        XCTAssertTrue(anyway.includesDamage)
        XCTAssertEqual(anyway.size, rect.size)
    }

    func testLosslessCropsTakeTheIntactBlockRows() throws {
        let source = try truncatedAt60()
        let damage = try XCTUnwrap(try source.findDamage())
        let inside = PixelRect(x: 0, y: 0, width: 320, height: damage.intactBlockRows)
        let crop = try CropExporter.render(source, CropExport(rect: inside, lossless: true), as: .jpeg)
        XCTAssertEqual(crop.size.height, damage.intactBlockRows)
        XCTAssertNil(try PhotoSource(bytes: crop.bytes).findDamage())
        let beyond = PixelRect(x: 0, y: 0, width: 320, height: damage.intactBlockRows + 1)
        XCTAssertThrowsError(try CropExporter.render(source, CropExport(rect: beyond, lossless: true), as: .jpeg))
    }

    func testATurnedPhotoNamesColumns() throws {
        let source = try PhotoSource(bytes: DamagedFiles.truncated(try readBytes(Fixtures.path("Landscape", 6)), at: 0.6))
        let region = DamagedRegion(try XCTUnwrap(try source.findDamage()), orientation: source.orientation)
        XCTAssertEqual(region.side, .left)
        XCTAssertTrue(region.moveAdvice.hasPrefix("right of column "), region.moveAdvice)
        XCTAssertEqual(region.rect.maxX + region.intactRect.width, source.displayedSize.width)
    }

    func testCorruptEntropyDataOpensAndIsNamedDamaged() throws {
        let bytes = try readBytes(original)
        let start = DamagedFiles.scanDataStart(bytes)
        let flipped = DamagedFiles.flippingBit(bytes, at: start + (bytes.count - start) / 2)
        let source = try PhotoSource(bytes: flipped)
        let decoded = try source.decode(scale: .full)
        XCTAssertEqual(decoded.bitmap.size, source.storedSize)
        if let damage = decoded.damage { XCTAssertEqual(damage.kind, .corrupt) }
    }

    func testBadRestartMarkersCostOnlyTheIntervalsAfterThem() throws {
        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, original])
        let path = scratch.file("restarts.jpg")
        try Tools.run("cjpeg", ["-restart", "1", "-outfile", path, ppm])
        var bytes = try readBytes(path)
        // The 20th restart marker: FF D0…D7 in the entropy data.
        var seen = 0, at = DamagedFiles.scanDataStart(bytes)
        while at + 1 < bytes.count {
            if bytes[at] == 0xFF, (0xD0...0xD7).contains(bytes[at + 1]) { seen += 1; if seen == 20 { break } }
            at += 1
        }
        bytes[at + 1] = 0x00
        bytes[at] = 0x00
        let damage = try XCTUnwrap(try PhotoSource(bytes: bytes).findDamage())
        XCTAssertGreaterThan(damage.intactRows, 0)
        XCTAssertLessThanOrEqual(damage.intactRows, 20 * 16)
        let good = try PhotoSource.open(path: path).decodeFull()
        let damaged = try PhotoSource(bytes: bytes).decodeFull()
        let top = PixelRect(x: 0, y: 0, width: good.width, height: damage.intactRows)
        XCTAssertEqual(PixelGrid(try damaged.cropped(to: top)), PixelGrid(try good.cropped(to: top)))
    }

    func testJunkBetweenHeaderMarkersIsSkipped() throws {
        let bytes = try readBytes(original)
        let spliced = DamagedFiles.splicing(bytes, junk: [0x12, 0x34, 0x56], at: 2)
        let source = try PhotoSource(bytes: spliced)
        let decoded = try source.decode(scale: .full)
        XCTAssertNil(decoded.damage)
        XCTAssertEqual(PixelGrid(decoded.bitmap), PixelGrid(try PhotoSource(bytes: bytes).decodeFull()))
    }

    func testASecondFrameHeaderAfterTheLastRowCostsNoPixel() throws {
        // With restart markers, damage is dated back an interval; a bad marker met only after every row is out
        // (libjpeg: "two SOF markers") is not damage: a region decode of the whole photo never reads that far.
        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm"), restarted = scratch.file("restarted.jpg")
        try Tools.run("djpeg", ["-outfile", ppm, original])
        try Tools.run("cjpeg", ["-restart", "1", "-outfile", restarted, ppm])
        var bytes = try readBytes(restarted)
        XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9])
        bytes.insert(contentsOf: [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00], at: bytes.count - 2)
        let source = try PhotoSource(bytes: bytes, path: "/nonexistent/second-frame.jpg")
        let decoded = try source.decode(scale: .full)
        XCTAssertNil(decoded.damage)
        XCTAssertEqual(PixelGrid(decoded.bitmap), PixelGrid(try PhotoSource(bytes: try readBytes(restarted)).decodeFull()))
        let whole = CropExport(rect: PixelRect(size: source.displayedSize))
        XCTAssertNoThrow(try CropExporter.render(source, whole, as: .png))
    }

    func testATruncatedPNGKeepsTheRowsThatDecoded() throws {
        let png = try DamagedFiles.png(of: try PhotoSource.open(path: original))
        let whole = try PhotoSource(bytes: png).decodeFull()
        let source = try PhotoSource(bytes: DamagedFiles.truncated(png, at: 0.5))
        let damage = try XCTUnwrap(try source.findDamage())
        XCTAssertEqual(damage.kind, .endsEarly)
        XCTAssertGreaterThan(damage.intactRows, 0)
        XCTAssertLessThan(damage.intactRows, whole.height)
        let top = PixelRect(x: 0, y: 0, width: whole.width, height: damage.intactRows)
        XCTAssertEqual(PixelGrid(try source.decodeFull().cropped(to: top)), PixelGrid(try whole.cropped(to: top)))
    }

    func testAPNGWithABadAncillaryCRCOpensWhole() throws {
        let png = try DamagedFiles.png(of: try PhotoSource.open(path: original))
        let source = try PhotoSource(bytes: DamagedFiles.pngWithBadAncillaryCRC(png))
        let decoded = try source.decode(scale: .full)
        XCTAssertNil(decoded.damage)
        XCTAssertEqual(PixelGrid(decoded.bitmap), PixelGrid(try PhotoSource(bytes: png).decodeFull()))
    }
}
