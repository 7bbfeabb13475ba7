import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Crop output compared with pixels computed independently: the source decoded,
/// turned upright by the EXIF definition, cropped, rotated and flipped with
/// plain loops.
final class CropPixelsTests: XCTestCase {
    let rect = PixelRect(x: 301, y: 117, width: 250, height: 171)

    func expected(_ path: String, rect: PixelRect, rotation: Int, flipH: Bool, flipV: Bool) throws -> PixelGrid {
        let source = try PhotoSource.open(path: path)
        let stored = try source.decodeFull()
        let raw = source.exif?.orientation ?? 1
        var grid = PixelGrid(width: rect.width, height: rect.height) { x, y in
            uprightPixel(stored, orientation: raw, x: rect.x + x, y: rect.y + y)
        }.rotated(rotation)
        if flipH { grid = grid.flippedHorizontally() }
        if flipV { grid = grid.flippedVertically() }
        return grid
    }

    func testPNGOutputIsExactForEveryOrientationRotationAndFlip() throws {
        let scratch = try ScratchDirectory()
        let combos: [(Int, Bool, Bool)] = [(0, false, false), (90, false, false), (180, true, false),
                                           (270, false, true), (90, true, true)]
        for set in Fixtures.sets {
            for orientation in 1...8 {
                let path = Fixtures.path(set, orientation)
                let source = try PhotoSource.open(path: path)
                let (rotation, flipH, flipV) = combos[orientation % combos.count]
                let export = CropExport(rect: rect, userTransform: userTurn(rotation, flipH: flipH, flipV: flipV))
                let out = scratch.file("\(set)\(orientation).png")
                let result = try CropExporter.export(source, export, to: out, overwrite: false)
                let written = try PhotoSource.open(path: out)
                XCTAssertEqual(written.format, .png)
                XCTAssertEqual(result.size, written.storedSize)
                XCTAssertEqual(PixelGrid(try written.decodeFull()),
                               try expected(path, rect: rect, rotation: rotation, flipH: flipH, flipV: flipV),
                               "\(set)_\(orientation) rotate \(rotation) flip \(flipH) \(flipV)")
            }
        }
    }

    func testJPEGOutputIsCloseAndUpright() throws {
        let scratch = try ScratchDirectory()
        for orientation in [1, 3, 6, 7] {
            let path = Fixtures.path("Portrait", orientation)
            let source = try PhotoSource.open(path: path)
            let out = scratch.file("p\(orientation).jpg")
            let result = try CropExporter.export(source, CropExport(rect: rect, userTransform: .rotate90CW), to: out,
                                                 overwrite: false)
            XCTAssertEqual(result.size, PixelSize(width: 171, height: 250))
            let written = try PhotoSource.open(path: out)
            XCTAssertEqual(written.orientation, .normal)
            XCTAssertEqual(written.exif?.orientation, 1)
            let decoded = try written.decodeFull()
            let wanted = try expected(path, rect: rect, rotation: 90, flipH: false, flipV: false)
            let reference = try Bitmap(width: wanted.width, height: wanted.height)
            for y in 0..<wanted.height { for x in 0..<wanted.width { reference.row(y)[x] = wanted[x, y] } }
            XCTAssertLessThan(meanAbsoluteDifference(decoded, reference), 2.5, "Portrait_\(orientation)")
            // 4:2:0 stays 4:2:0, quality 92.
            XCTAssertEqual(written.jpeg?.frame.subsampling, .s420)
        }
    }

    /// The editor hands over its ExportGeometry; the saved picture is that crop turned by that transform.
    func testExportFromTheEditorsGeometry() throws {
        let path = Fixtures.path("Landscape", 8)
        let geometry = ExportGeometry(rectInUpright: PixelRect(x: 40, y: 90, width: 33, height: 21),
                                      userTransform: .transverse)
        let export = CropExport(geometry)
        XCTAssertEqual(export, CropExport(rect: geometry.rectInUpright, userTransform: .transverse))
        let crop = try CropExporter.render(try PhotoSource.open(path: path), export, as: .png)
        XCTAssertEqual(crop.size, geometry.outputSize)
        // Transverse (EXIF 7) is a quarter turn clockwise, then a vertical mirror.
        let wanted = try expected(path, rect: geometry.rectInUpright, rotation: 90, flipH: false, flipV: true)
        XCTAssertEqual(PixelGrid(try PhotoSource(bytes: crop.bytes).decodeFull()), wanted)
    }

    func testSubsamplingFollowsTheTurn() throws {
        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
        let path = scratch.file("422.jpg")
        try Tools.run("cjpeg", ["-sample", "2x1", "-outfile", path, ppm])
        let source = try PhotoSource.open(path: path)
        for (rotation, sampling) in [(0, ChromaSubsampling.s422), (90, .s440), (180, .s422)] {
            let crop = try CropExporter.render(source, CropExport(rect: rect, userTransform: userTurn(rotation)),
                                               as: .jpeg)
            XCTAssertEqual(try PhotoSource(bytes: crop.bytes).jpeg?.frame.subsampling, sampling)
        }
    }

    func testRectOutsideTheDisplayedImageIsRefused() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 6))  // displayed 1800x1200
        XCTAssertNoThrow(try CropExporter.render(source, CropExport(rect: PixelRect(x: 1700, y: 1100, width: 100,
                                                                                     height: 100)), as: .png))
        for bad in [PixelRect(x: 1200, y: 1100, width: 601, height: 100), PixelRect(x: -1, y: 0, width: 5, height: 5),
                    PixelRect(x: 0, y: 1199, width: 5, height: 2), PixelRect(x: 0, y: 0, width: 0, height: 5)] {
            XCTAssertThrowsError(try CropExporter.render(source, CropExport(rect: bad), as: .jpeg)) {
                XCTAssertEqual($0 as? PhotoIOError, .rectOutsideImage(rect: bad, image: PixelSize(width: 1800,
                                                                                                  height: 1200)))
            }
        }
    }

    func testPNGSourcesOfEveryKindDecode() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let rgb = scratch.file("rgb.png")
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        _ = try CropExporter.export(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 300, height: 200)),
                                    to: rgb, overwrite: false)
        let reference = try PhotoSource.open(path: rgb).decodeFull()
        XCTAssertEqual(reference.alpha, .opaque)

        try Tools.run("convert", [rgb, "-depth", "16", "PNG48:" + scratch.file("rgb16.png")])
        XCTAssertEqual(PixelGrid(try PhotoSource.open(path: scratch.file("rgb16.png")).decodeFull()),
                       PixelGrid(reference), "16-bit samples scale back exactly")

        try Tools.run("convert", [rgb, "-colorspace", "Gray", "PNG8:" + scratch.file("grey.png")])
        let grey = try PhotoSource.open(path: scratch.file("grey.png")).decodeFull()
        XCTAssertEqual(grey.size, reference.size)
        XCTAssertTrue((0..<50).allSatisfy { i in
            let p = grey.pixel(x: i * 5, y: i * 3)
            return p & 0xFF == (p >> 8) & 0xFF && p & 0xFF == (p >> 16) & 0xFF
        })

        try Tools.run("convert", [rgb, "-colors", "64", "PNG8:" + scratch.file("palette.png")])
        XCTAssertLessThan(meanAbsoluteDifference(try PhotoSource.open(path: scratch.file("palette.png")).decodeFull(),
                                                 reference), 8)

        try Tools.run("convert", [rgb, "-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel",
                                  "PNG32:" + scratch.file("alpha.png")])
        let alphaSource = try PhotoSource.open(path: scratch.file("alpha.png"))
        let alpha = try alphaSource.decodeFull()
        XCTAssertEqual(alpha.alpha, .straight)
        XCTAssertEqual(alpha.pixel(x: 10, y: 10) >> 24, 128)
        XCTAssertEqual(alpha.pixel(x: 10, y: 10) & 0xFFFFFF, reference.pixel(x: 10, y: 10) & 0xFFFFFF)

        // Straight alpha survives a PNG crop exactly.
        let crop = try CropExporter.render(alphaSource, CropExport(rect: PixelRect(x: 5, y: 6, width: 40, height: 30),
                                                                   userTransform: .rotate270CW), as: .png)
        let expected = PixelGrid(width: 40, height: 30) { alpha.pixel(x: 5 + $0, y: 6 + $1) }.rotated(270)
        XCTAssertEqual(PixelGrid(try PhotoSource(bytes: crop.bytes).decodeFull()), expected)
    }

    func testATruncatedPNGCropsOnlyItsIntactRows() throws {
        let scratch = try ScratchDirectory()
        let png = scratch.file("a.png")
        _ = try CropExporter.export(try PhotoSource.open(path: Fixtures.path("Landscape", 1)),
                                    CropExport(rect: PixelRect(x: 0, y: 0, width: 300, height: 200)), to: png,
                                    overwrite: false)
        let bytes = try readBytes(png)
        let cut = try PhotoSource(bytes: Array(bytes.prefix(bytes.count / 2)))
        XCTAssertTrue(cut.isTruncated)
        XCTAssertNoThrow(try CropExporter.render(cut, CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)),
                                                 as: .png))
        XCTAssertThrowsError(try CropExporter.render(cut, CropExport(rect: PixelRect(x: 0, y: 0, width: 10,
                                                                                      height: 200)), as: .png)) {
            guard case .reachesDamage = $0 as? PhotoIOError else { return XCTFail("\($0)") }
        }
        var huge = bytes
        huge.replaceSubrange(16..<24, with: TIFFBlock.u32(60000, true) + TIFFBlock.u32(60000, true))
        XCTAssertThrowsError(try PhotoSource(bytes: huge).decodeFull()) {
            XCTAssertEqual($0 as? PhotoIOError, .tooLarge(width: 60000, height: 60000))
        }
    }
}
