import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

final class JPEGStructureTests: XCTestCase {
    func testFixtureFrameInfo() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let frame = try XCTUnwrap(source.jpeg?.frame)
        XCTAssertEqual(frame.size, PixelSize(width: 1800, height: 1200))
        XCTAssertEqual(frame.components.count, 3)
        XCTAssertEqual(frame.subsampling, .s420)
        XCTAssertEqual(frame.iMCUSize, PixelSize(width: 16, height: 16))
        XCTAssertFalse(frame.isProgressive)
        XCTAssertFalse(source.isTruncated)
    }

    func testSegmentsAreTheFileBytesInOrder() throws {
        let scratch = try ScratchDirectory()
        let path = try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch)
        let bytes = try readBytes(path)
        let structure = try JPEGStructure.parse(bytes)
        let rebuilt = [0xFF, 0xD8] + structure.segments.flatMap(\.bytes) + bytes[structure.firstScanOffset...]
        XCTAssertEqual(rebuilt, bytes)
        for segment in structure.segments {
            XCTAssertEqual(Array(bytes[segment.offset..<segment.offset + segment.bytes.count]), segment.bytes)
        }
        let metadata = structure.metadataSegments
        XCTAssertTrue(metadata.contains(where: \.isExif))
        XCTAssertTrue(metadata.contains(where: \.isXMP))
        XCTAssertGreaterThanOrEqual(metadata.filter(\.isICC).count, 2, "a 90 KB profile needs two chunks")
        XCTAssertTrue(metadata.contains(where: \.isPhotoshop))
        XCTAssertTrue(metadata.contains(where: \.isComment))
        XCTAssertEqual(structure.endOfImage, bytes.count)
    }

    func testSubsamplingAndCodingOfEncodedVariants() throws {
        try Tools.require("cjpeg")
        try Tools.require("djpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
        let cases: [([String], ChromaSubsampling, PixelSize, Bool)] = [
            (["-sample", "1x1"], .s444, PixelSize(width: 8, height: 8), false),
            (["-sample", "2x1"], .s422, PixelSize(width: 16, height: 8), false),
            (["-sample", "1x2"], .s440, PixelSize(width: 8, height: 16), false),
            (["-sample", "2x2", "-progressive"], .s420, PixelSize(width: 16, height: 16), true),
            (["-grayscale"], .grey, PixelSize(width: 8, height: 8), false),
        ]
        for (index, (options, subsampling, iMCU, progressive)) in cases.enumerated() {
            let out = scratch.file("v\(index).jpg")
            try Tools.run("cjpeg", options + ["-outfile", out, ppm])
            let source = try PhotoSource.open(path: out)
            let frame = try XCTUnwrap(source.jpeg?.frame)
            XCTAssertEqual(frame.subsampling, subsampling, "\(options)")
            XCTAssertEqual(frame.iMCUSize, iMCU, "\(options)")
            XCTAssertEqual(frame.isProgressive, progressive, "\(options)")
            XCTAssertEqual(try source.decodeFull().size, PixelSize(width: 1800, height: 1200))
        }
    }

    func testTruncationIsDetectedAtEveryStage() throws {
        let bytes = try readBytes(Fixtures.path("Landscape", 1))
        let structure = try JPEGStructure.parse(bytes)
        let sof = try XCTUnwrap(structure.segments.first { JPEGFrame.isStartOfFrame($0.marker) })

        for cut in [1, 3, sof.offset + 5] {
            XCTAssertThrowsError(try PhotoSource(bytes: Array(bytes.prefix(cut)))) { error in
                XCTAssertEqual(error as? PhotoIOError, cut == 1 ? .notAnImage : .truncated, "cut at \(cut)")
            }
        }
        for fraction in [0.3, 0.6, 0.99] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            let source = try PhotoSource(bytes: cut)
            XCTAssertTrue(source.isTruncated)
            XCTAssertTrue(source.warnings.contains(PhotoIOError.truncated.reason))
            XCTAssertEqual(try source.decode(scale: .full).damage?.kind, .endsEarly, "decoded as far as it goes")
            XCTAssertEqual(try source.decodePreview(maxWidth: 225, maxHeight: 150).size,
                           PixelSize(width: 225, height: 150), "a preview shows what there is")
        }
        // Only the final EOI missing.
        let noEOI = try PhotoSource(bytes: Array(bytes.dropLast(2)))
        XCTAssertTrue(noEOI.isTruncated)
    }

    func testGarbageIsNotAnImage() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for bytes in [[], random, Array("hello".utf8), [0xFF, 0xD8]] {
            XCTAssertThrowsError(try PhotoSource(bytes: bytes.first == 0x89 ? [] : bytes)) { error in
                let e = error as? PhotoIOError
                XCTAssertTrue(e == .notAnImage || e == .truncated, "\(String(describing: e))")
            }
        }
    }

    func testHugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        var bytes = try readBytes(Fixtures.path("Landscape", 1))
        let sof = try XCTUnwrap(try JPEGStructure.parse(bytes).segments.first { JPEGFrame.isStartOfFrame($0.marker) })
        for (offset, value) in [(5, 65000), (7, 65000)] {
            bytes[sof.offset + offset] = UInt8(value >> 8)
            bytes[sof.offset + offset + 1] = UInt8(value & 0xFF)
        }
        let source = try PhotoSource(bytes: bytes)
        XCTAssertEqual(source.storedSize, PixelSize(width: 65000, height: 65000))
        XCTAssertThrowsError(try source.decodeFull()) {
            XCTAssertEqual($0 as? PhotoIOError, .tooLarge(width: 65000, height: 65000))
        }
        XCTAssertThrowsError(try source.decodePreview(maxWidth: 100, maxHeight: 100))
        XCTAssertThrowsError(try Bitmap(width: 20000, height: 20000)) {
            XCTAssertEqual($0 as? PhotoIOError, .tooLarge(width: 20000, height: 20000))
        }
        XCTAssertThrowsError(try Bitmap(width: 65501, height: 1))
    }
}
