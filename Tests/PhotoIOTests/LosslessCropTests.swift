import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Lossless crops compared with jpegtran doing the same transform and crop:
/// both decoded by djpeg must be identical.
final class LosslessCropTests: XCTestCase {
    let rect = PixelRect(x: 203, y: 117, width: 405, height: 333)

    private func jpegtranOptions(_ transform: Orientation) -> [String] {
        switch transform {
        case .normal: return []
        case .rotate90CW: return ["-rotate", "90"]
        case .rotate180: return ["-rotate", "180"]
        case .rotate270CW: return ["-rotate", "270"]
        case .mirrorHorizontal: return ["-flip", "horizontal"]
        case .mirrorVertical: return ["-flip", "vertical"]
        case .transpose: return ["-transpose"]
        case .transverse: return ["-transverse"]
        }
    }

    private func decodedByDjpeg(_ path: String) throws -> [UInt8] {
        let result = try Tools.run("djpeg", ["-ppm", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return [UInt8](result.stdoutData)
    }

    func testMatchesJpegtranForEveryOrientationAndUserTurn() throws {
        try Tools.require("jpegtran")
        try Tools.require("djpeg")
        let scratch = try ScratchDirectory()
        let turns: [(Int, Bool, Bool)] = [(0, false, false), (90, false, false), (180, false, true), (270, true, false)]
        for set in Fixtures.sets {
            for orientation in 1...8 {
                let (rotation, flipH, flipV) = turns[orientation % turns.count]
                let path = Fixtures.path(set, orientation)
                let source = try PhotoSource.open(path: path)
                let export = CropExport(rect: rect, userTransform: userTurn(rotation, flipH: flipH, flipV: flipV),
                                        lossless: true)
                let out = scratch.file("\(set)\(orientation).jpg")
                let result = try CropExporter.export(source, export, to: out, overwrite: false)
                let plan = try LosslessCrop.plan(frame: source.jpeg!.frame, orientation: source.orientation,
                                                 rect: rect, user: export.userTransform)
                XCTAssertEqual(result.rect, plan.uprightRect)
                XCTAssertEqual(result.size, plan.outputRect.size)
                XCTAssertTrue(result.rect.x <= rect.x && result.rect.y <= rect.y && result.rect.maxX >= rect.maxX
                              && result.rect.maxY >= rect.maxY, "the snapped rect contains the requested one")
                XCTAssertLessThan(result.rect.width - rect.width, 32)
                XCTAssertLessThan(result.rect.height - rect.height, 32)

                let expected = scratch.file("\(set)\(orientation)-jpegtran.jpg")
                let r = plan.outputRect
                let tool = try Tools.run("jpegtran", ["-copy", "all"] + jpegtranOptions(plan.transform)
                    + ["-crop", "\(r.width)x\(r.height)+\(r.x)+\(r.y)", "-outfile", expected, path])
                XCTAssertEqual(tool.status, 0, tool.stderr)
                XCTAssertEqual(try decodedByDjpeg(out), try decodedByDjpeg(expected), "\(set)_\(orientation)")
                XCTAssertEqual(try PhotoSource.open(path: out).exif?.orientation, 1)
            }
        }
    }

    func testLosslessResultShowsTheSamePictureAsAReencodedOne() throws {
        for orientation in [1, 5, 6, 7] {
            let source = try PhotoSource.open(path: Fixtures.path("Portrait", orientation))
            let lossless = try CropExporter.render(source, CropExport(rect: rect, userTransform: .rotate270CW,
                                                                      lossless: true), as: .jpeg)
            let exact = try CropExporter.render(source, CropExport(rect: lossless.rect, userTransform: .rotate270CW),
                                                as: .png)
            let a = try PhotoSource(bytes: lossless.bytes).decodeFull()
            let b = try PhotoSource(bytes: exact.bytes).decodeFull()
            XCTAssertLessThan(meanAbsoluteDifference(a, b), 1.5, "Portrait_\(orientation)")
        }
    }

    func testOriginSnapsToTheOutputGridWithoutTransform() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let crop = try CropExporter.render(source, CropExport(rect: PixelRect(x: 17, y: 31, width: 100, height: 50),
                                                              lossless: true), as: .jpeg)
        XCTAssertEqual(crop.rect, PixelRect(x: 16, y: 16, width: 101, height: 65))
        XCTAssertEqual(crop.size, PixelSize(width: 101, height: 65))
    }

    func testPartialBlocksThatWouldMoveAreRefusedWithTheReason() throws {
        // Landscape_1 is 1800 wide: its last 8 columns are half an iMCU (16x16).
        let upright = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let edge = PixelRect(x: 1000, y: 0, width: 800, height: 100)
        XCTAssertNoThrow(try CropExporter.render(upright, CropExport(rect: edge, lossless: true), as: .jpeg))
        XCTAssertNoThrow(try CropExporter.render(upright, CropExport(rect: edge, userTransform: .rotate90CW,
                                                                     lossless: true), as: .jpeg),
                         "the right edge goes to the bottom")
        XCTAssertThrowsError(try CropExporter.render(upright, CropExport(rect: edge, userTransform: .mirrorHorizontal,
                                                                         lossless: true), as: .jpeg)) { error in
            guard case .losslessImpossible(let why)? = error as? PhotoIOError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("right edge"), why)
            XCTAssertTrue((error as? PhotoIOError)?.reason.contains("omit --lossless") ?? false)
        }
        XCTAssertNoThrow(try CropExporter.render(upright, CropExport(rect: PixelRect(x: 0, y: 0, width: 1792,
                                                                                     height: 100),
                                                                     userTransform: .mirrorHorizontal, lossless: true), as: .jpeg))

        // Landscape_6 is stored 1200x1800 and shown turned: the partial stored rows are the left edge shown.
        let turned = try PhotoSource.open(path: Fixtures.path("Landscape", 6))
        XCTAssertThrowsError(try CropExporter.render(turned, CropExport(rect: PixelRect(x: 0, y: 0, width: 50,
                                                                                        height: 50),
                                                                        lossless: true), as: .jpeg)) { error in
            guard case .losslessImpossible(let why)? = error as? PhotoIOError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("left edge"), why)
        }
        XCTAssertNoThrow(try CropExporter.render(turned, CropExport(rect: PixelRect(x: 8, y: 0, width: 50, height: 50),
                                                                    lossless: true), as: .jpeg))
    }

    func testNonJPEGSourcesAndCropsIntoTheDamageAreRefused() throws {
        let scratch = try ScratchDirectory()
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let rect = PixelRect(x: 0, y: 0, width: 64, height: 64)
        XCTAssertThrowsError(try CropExporter.render(source, CropExport(rect: rect, lossless: true), as: .png)) {
            XCTAssertEqual($0 as? PhotoIOError, .losslessImpossible("the output is not JPEG"))
        }
        let png = scratch.file("a.png")
        _ = try CropExporter.export(source, CropExport(rect: rect), to: png, overwrite: false)
        XCTAssertThrowsError(try CropExporter.render(try PhotoSource.open(path: png), CropExport(rect: rect,
                                                                                                 lossless: true),
                                                     as: .jpeg)) {
            XCTAssertEqual($0 as? PhotoIOError, .losslessImpossible("the source is PNG, not JPEG, HEIC or AVIF"))
        }
        let bytes = try readBytes(Fixtures.path("Landscape", 1))
        let cut = try PhotoSource(bytes: Array(bytes.prefix(bytes.count / 2)))
        let whole = PixelRect(x: 0, y: 0, width: 64, height: cut.storedSize.height)
        XCTAssertThrowsError(try CropExporter.render(cut, CropExport(rect: whole, lossless: true), as: .jpeg)) {
            guard case .reachesDamage = $0 as? PhotoIOError else { return XCTFail("\($0)") }
        }
    }

    func testProgressiveSourcesStayProgressive() throws {
        try Tools.require("jpegtran")
        let scratch = try ScratchDirectory()
        let progressive = scratch.file("p.jpg")
        try Tools.run("jpegtran", ["-copy", "all", "-progressive", "-outfile", progressive, Fixtures.path("Portrait", 8)])
        let source = try PhotoSource.open(path: progressive)
        XCTAssertTrue(source.jpeg!.frame.isProgressive)
        for lossless in [false, true] {
            let crop = try CropExporter.render(source, CropExport(rect: rect, lossless: lossless), as: .jpeg)
            let out = try PhotoSource(bytes: crop.bytes)
            XCTAssertTrue(out.jpeg!.frame.isProgressive)
            XCTAssertEqual(out.exif?.orientation, 1)
        }
    }
}

final class CMYKTests: XCTestCase {
    func testCMYKCropsLosslesslyAndReencodedStayCMYK() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let cmyk = scratch.file("cmyk.jpg")
        try Tools.run("convert", [Fixtures.path("Landscape", 1), "-colorspace", "CMYK", cmyk])
        let source = try PhotoSource.open(path: cmyk)
        XCTAssertEqual(source.jpeg?.frame.components.count, 4)
        let rect = PixelRect(x: 16, y: 16, width: 200, height: 100)
        let reencoded = try PhotoSource(bytes: try CropExporter.render(source, CropExport(rect: rect), as: .jpeg).bytes)
        XCTAssertEqual(reencoded.storedSize, rect.size)
        XCTAssertEqual(reencoded.jpeg?.frame.components.count, 4, "still CMYK (ColourTests checks the inks)")
        let crop = try CropExporter.render(source, CropExport(rect: rect, userTransform: .rotate180, lossless: true),
                                           as: .jpeg)
        let out = try PhotoSource(bytes: crop.bytes)
        XCTAssertEqual(out.storedSize, crop.size)
        XCTAssertEqual(crop.rect, PixelRect(x: 16, y: 16, width: 208, height: 112),
                       "turned 180°, the grid is anchored at the far corner: the rect grows right and down")
        XCTAssertEqual(out.jpeg?.frame.components.count, 4)
        XCTAssertEqual(try JPEGStructure.parse(crop.bytes).segments.filter(\.isAdobeTransform).count, 1,
                       "the source's APP14 is replaced by the codestream's own")
    }
}
