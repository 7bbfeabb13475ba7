import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// `--trim`: the border's colour from the corners, a fuzz for JPEG noise, the same box as `vips find_trim`.
final class BorderTrimTests: XCTestCase {
    func testBordersOfSeveralColoursAndWidthsAgreeWithVipsFindTrimWithinAPixel() throws {
        try Tools.require("vips")
        let scratch = try ScratchDirectory()
        let borders: [(String, (Int, Int, Int, Int))] = [
            ("white", (30, 30, 30, 30)), ("black", (17, 45, 23, 9)), ("#3060a0", (70, 0, 70, 0)),
            ("#f4f0e6", (25, 31, 0, 48)), ("#808080", (4, 4, 4, 4)),
        ]
        for (index, (colour, sides)) in borders.enumerated() {
            let path = try PlacementPhotos.bordered("b\(index).jpg", colour: colour, sides: sides, seed: 40 + index,
                                                    in: scratch)
            guard case .border(let rect) = try BorderTrim.find(in: try PhotoSource.open(path: path), fuzzPercent: 10) else {
                return XCTFail("\(colour): no border found")
            }
            let vips = try PlacementPhotos.vipsTrim(path, threshold: 25.5)
            for (mine, theirs, edge) in [(rect.minX, vips.0, "left"), (rect.minY, vips.1, "top"),
                                         (rect.maxX, vips.0 + vips.2, "right"), (rect.maxY, vips.1 + vips.3, "bottom")] {
                XCTAssertLessThanOrEqual(abs(mine - theirs), 1, "\(colour) \(sides): \(edge) \(mine) against vips \(theirs)")
            }
            // And within two pixels of the border as drawn (JPEG's chroma spreads an edge by a pixel or two).
            XCTAssertLessThanOrEqual(abs(rect.minX - sides.0), 2, "\(colour)")
            XCTAssertLessThanOrEqual(abs(rect.width - 600), 4, "\(colour)")
            XCTAssertLessThanOrEqual(abs(rect.height - 400), 4, "\(colour)")
        }
    }

    func testTheBorderIsFoundInTheDisplayedPhoto() throws {
        let scratch = try ScratchDirectory()
        let path = try PlacementPhotos.bordered("turned.jpg", colour: "white", sides: (10, 20, 30, 40), seed: 7, in: scratch)
        _ = try Tools.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", path])
        guard case .border(let rect) = try BorderTrim.find(in: try PhotoSource.open(path: path), fuzzPercent: 10) else {
            return XCTFail("no border found")
        }
        // Stored 640 × 460, turned a quarter clockwise: the stored bottom border (40) is now on the left.
        XCTAssertLessThanOrEqual(abs(rect.minX - 40), 2, "\(rect)")
        XCTAssertLessThanOrEqual(abs(rect.minY - 10), 2, "\(rect)")
        XCTAssertLessThanOrEqual(abs(rect.width - 400), 4, "\(rect)")
        XCTAssertLessThanOrEqual(abs(rect.height - 600), 4, "\(rect)")
    }

    func testAPhotoWithoutABorderIsLeftWholeWithANote() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        XCTAssertEqual(try BorderTrim.find(in: source, fuzzPercent: 10), .noBorder)
        let resolved = try CropPlacement(trimFuzz: 10).resolve(for: source)
        XCTAssertEqual(resolved.rect, PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        XCTAssertEqual(resolved.notes, ["no uniform border found; the photo is left whole"])
    }

    func testOneColourOnlyAndCornersThatDisagree() throws {
        let plain = try Bitmap(width: 20, height: 10)
        for y in 0..<10 { for x in 0..<20 { plain.row(y)[x] = 0xFF_EE_EE_EE } }
        XCTAssertEqual(BorderTrim.find(in: plain, fuzzPercent: 10), .allBorder)
        // Four corners of four colours: no colour to call a border.
        let quarters = try Bitmap(width: 20, height: 10)
        let colours: [UInt32] = [0xFF_FF_00_00, 0xFF_00_FF_00, 0xFF_00_00_FF, 0xFF_FF_FF_00]
        for y in 0..<10 { for x in 0..<20 { quarters.row(y)[x] = colours[(y / 5) * 2 + x / 10] } }
        XCTAssertEqual(BorderTrim.find(in: quarters, fuzzPercent: 10), .noBorder)
        // A border on two sides only: the corners that share its colour win.
        let framed = try Bitmap(width: 20, height: 10)
        for y in 0..<10 { for x in 0..<20 { framed.row(y)[x] = x < 3 || y < 2 ? 0xFF_FF_FF_FF : 0xFF_20_40_60 } }
        XCTAssertEqual(BorderTrim.find(in: framed, fuzzPercent: 10), .border(PixelRect(x: 3, y: 2, width: 17, height: 8)))
    }
}
