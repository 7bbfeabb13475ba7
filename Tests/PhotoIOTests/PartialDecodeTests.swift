import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Cropping decodes only the rows it needs; those rows must equal a full decode's.
final class PartialDecodeTests: XCTestCase {
    private func assertTopRowsMatchFullDecode(_ path: String, rows: Int, expectShortened: Bool,
                                              file: StaticString = #filePath, line: UInt = #line) throws {
        let source = try PhotoSource.open(path: path)
        let full = try source.decodeFull()
        let top = try source.decodeForCrop(rows: rows)
        XCTAssertNil(top.warning, file: file, line: line)
        XCTAssertEqual(top.bitmap.height < full.height, expectShortened, file: file, line: line)
        XCTAssertGreaterThanOrEqual(top.bitmap.height, rows, file: file, line: line)
        let region = PixelRect(x: 0, y: 0, width: full.width, height: rows)
        XCTAssertEqual(PixelGrid(try top.bitmap.cropped(to: region)), PixelGrid(try full.cropped(to: region)),
                       file: file, line: line)
    }

    func testTopRowsAreBitIdenticalForEverySampling() throws {
        try assertTopRowsMatchFullDecode(Fixtures.path("Landscape", 1), rows: 301, expectShortened: true)
        try assertTopRowsMatchFullDecode(Fixtures.path("Portrait", 6), rows: 1, expectShortened: true)
        try assertTopRowsMatchFullDecode(Fixtures.path("Portrait", 6), rows: 1200, expectShortened: false)

        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
        for (name, options, shortened) in [("422", ["-sample", "2x1"], true), ("440", ["-sample", "1x2"], true),
                                           ("grey", ["-grayscale"], true),
                                           ("progressive", ["-progressive"], false),
                                           ("restarts", ["-restart", "1"], false)] {
            let path = scratch.file("\(name).jpg")
            try Tools.run("cjpeg", options + ["-outfile", path, ppm])
            try assertTopRowsMatchFullDecode(path, rows: 517, expectShortened: shortened)
        }
        XCTAssertGreaterThan(try PhotoSource.open(path: scratch.file("progressive.jpg")).jpeg!.scanCount, 1)
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("422.jpg")).jpeg!.scanCount, 1)
    }
}
