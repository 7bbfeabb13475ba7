import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

final class AtomicWriteTests: XCTestCase {
    let rect = PixelRect(x: 0, y: 0, width: 128, height: 96)

    func testExistingOutputIsRefusedWithoutForceAndReplacedWithIt() throws {
        let scratch = try ScratchDirectory()
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 3))
        let out = try scratch.write(Array("keep me".utf8), as: "out.jpg")
        XCTAssertThrowsError(try CropExporter.export(source, CropExport(rect: rect), to: out, overwrite: false)) {
            XCTAssertEqual($0 as? PhotoIOError, .outputExists)
        }
        XCTAssertEqual(try readBytes(out), Array("keep me".utf8))
        XCTAssertThrowsError(try AtomicFile.write([1, 2, 3], to: out, overwrite: false)) {
            XCTAssertEqual($0 as? PhotoIOError, .outputExists)
        }
        XCTAssertEqual(scratch.entries, ["out.jpg"])

        let result = try CropExporter.export(source, CropExport(rect: rect), to: out, overwrite: true)
        XCTAssertEqual(try PhotoSource.open(path: out).storedSize, result.size)
        XCTAssertEqual(scratch.entries, ["out.jpg"], "no temporary file left")
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        XCTAssertEqual(mode.map { $0 & 0o044 }, 0o044, "readable like any new file, not 0600")
    }

    func testUnwritableDestinationGivesAClearErrorAndLeavesNothing() throws {
        let scratch = try ScratchDirectory()
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 3))
        let missing = scratch.file("no/such/dir/out.jpg")
        XCTAssertThrowsError(try CropExporter.export(source, CropExport(rect: rect), to: missing, overwrite: false)) {
            XCTAssertEqual($0 as? PhotoIOError, .cannotWrite("No such file or directory"))
        }
        let notADirectory = try scratch.write([0], as: "file")
        XCTAssertThrowsError(try AtomicFile.write([1], to: notADirectory + "/out.jpg", overwrite: true)) {
            XCTAssertEqual($0 as? PhotoIOError, .cannotWrite("Not a directory"))
        }
        if getuid() != 0 {
            let locked = scratch.file("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            chmod(locked, 0o555)
            defer { chmod(locked, 0o755) }
            XCTAssertThrowsError(try AtomicFile.write([1], to: locked + "/out.jpg", overwrite: false)) {
                XCTAssertEqual($0 as? PhotoIOError, .cannotWrite("Permission denied"))
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [])
        }
        XCTAssertEqual(scratch.entries, ["file"])
    }

    func testFailedCropsLeaveNoFileAndTheSourceNeverChanges() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(Fixtures.path("Landscape", 6), as: "src.jpg")
        let before = try readBytes(path)
        let source = try PhotoSource.open(path: path)
        let attempts: [(CropExport, String)] = [
            (CropExport(rect: PixelRect(x: 0, y: 0, width: 5000, height: 10)), "a.jpg"),
            (CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), lossless: true), "b.jpg"),
            (CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), quality: 0), "c.jpg"),
            (CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)), "d.bmp"),
        ]
        for (export, name) in attempts {
            XCTAssertThrowsError(try CropExporter.export(source, export, to: scratch.file(name), overwrite: true))
        }
        XCTAssertThrowsError(try CropExporter.export(source, CropExport(rect: rect), to: path, overwrite: true)) {
            XCTAssertEqual($0 as? PhotoIOError, .outputIsSource)
        }
        XCTAssertThrowsError(try CropExporter.export(source, CropExport(rect: rect),
                                                     to: scratch.path + "/./src.jpg", overwrite: true))
        _ = try CropExporter.export(source, CropExport(rect: rect, userTransform: .rotate90CW, lossless: false),
                                    to: scratch.file("ok.jpg"), overwrite: false)
        XCTAssertEqual(scratch.entries, ["ok.jpg", "src.jpg"])
        XCTAssertEqual(try readBytes(path), before)
    }

    func testTheOutputFormatFollowsTheExtension() {
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a/b.Jpeg"), .jpeg)
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a/.png"), nil)
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a.tif"), .tiff)
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a.HEIC"), .heic)
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a.bmp"), nil)
    }
}
