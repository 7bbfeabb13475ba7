import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

final class ExifReaderTests: XCTestCase {
    typealias T = TIFFBlock

    func testFixturesOrientationFromBigEndianExif() throws {
        for orientation in 0...8 {
            let exif = try XCTUnwrap(PhotoSource.open(path: Fixtures.path("Portrait", orientation)).exif)
            XCTAssertTrue(exif.bigEndian)
            XCTAssertEqual(exif.orientation, orientation)
        }
    }

    func testOrientationValuesOutsideOneToEightMeanNormal() {
        XCTAssertEqual(Orientation(exifValue: nil), .normal)
        XCTAssertEqual(Orientation(exifValue: 0), .normal)
        XCTAssertEqual(Orientation(exifValue: 9), .normal)
        XCTAssertEqual(Orientation(exifValue: -1), .normal)
        XCTAssertEqual(Orientation(exifValue: 6), .rotate90CW)
        XCTAssertEqual(Orientation(exifValue: 8), .rotate270CW)
    }

    func testReadsBothByteOrders() throws {
        for big in [true, false] {
            let layout = T.offsets([4, 3, 1])
            let text = Array("Maker\0".utf8) + Array("2021:02:03 04:05:06\0".utf8)
            let textAt = UInt32(layout.tail)
            let tiff = T.build(bigEndian: big, ifds: [
                ([T.short(0x0112, 8), T.Entry(tag: 0x010F, type: 2, count: 6, field: textAt),
                  T.long(0x8769, UInt32(layout.ifds[1])), T.long(0x8825, UInt32(layout.ifds[2]))], 0),
                ([T.Entry(tag: 0x9003, type: 2, count: 20, field: textAt + 6), T.short(0xA002, 640),
                  T.long(0xA003, 480)], 0),
                ([T.short(0x0000, 2)], 0),
            ], tail: text)
            let (read, warnings) = ExifReader.read(tiff: tiff)
            let exif = try XCTUnwrap(read)
            XCTAssertEqual(warnings, [])
            XCTAssertEqual(exif.bigEndian, big)
            XCTAssertEqual(exif.orientation, 8)
            XCTAssertEqual(exif.make, "Maker")
            XCTAssertEqual(exif.dateTimeOriginal, "2021:02:03 04:05:06")
            XCTAssertEqual(exif.pixelXDimension, 640)
            XCTAssertEqual(exif.pixelYDimension, 480)
            XCTAssertTrue(exif.hasGPS)
            XCTAssertNil(exif.thumbnail)
        }
    }

    func testOutOfRangeOffsetsAndHugeCountsBecomeWarnings() throws {
        let tiff = T.build(bigEndian: false, ifds: [
            ([T.short(0x0112, 6),
              T.Entry(tag: 0x010F, type: 2, count: 40, field: 0xFFFF_0000),      // offset past the end
              T.Entry(tag: 0x0110, type: 2, count: 0xFFFF_FFFF, field: 8),       // count near 2^32
              T.Entry(tag: 0x9999, type: 12, count: 0xFFFF_FFFF, field: 0xFFFF_FFF0),
              T.long(0x8769, 0x7FFF_FFFF)], 0x10_0000),                          // Exif IFD and IFD1 far away
        ])
        let (read, warnings) = ExifReader.read(tiff: tiff)
        let exif = try XCTUnwrap(read)
        XCTAssertEqual(exif.orientation, 6)
        XCTAssertNil(exif.make)
        XCTAssertNil(exif.model)
        XCTAssertEqual(warnings.count, 5, "\(warnings)")
    }

    func testLoopsBetweenIFDsAreDetected() throws {
        // Exif IFD pointing back at IFD0, IFD1 pointing at IFD0 too.
        let tiff = T.build(bigEndian: true, ifds: [([T.short(0x0112, 3), T.long(0x8769, 8)], 8)])
        let (read, warnings) = ExifReader.read(tiff: tiff)
        XCTAssertEqual(read?.orientation, 3)
        XCTAssertEqual(warnings.filter { $0.contains("loops") }.count, 2, "\(warnings)")

        // A chain Exif -> Interop -> Exif.
        let layout = T.offsets([1, 1, 1])
        let chain = T.build(bigEndian: true, ifds: [
            ([T.long(0x8769, UInt32(layout.ifds[1]))], 0),
            ([T.long(0xA005, UInt32(layout.ifds[2]))], 0),
            ([T.long(0xA005, UInt32(layout.ifds[1]))], 0),
        ])
        XCTAssertNotNil(ExifReader.read(tiff: chain).0)
    }

    func testUnusableHeaderOrIFD0MeansNoExif() {
        let cases: [[UInt8]] = [
            [],
            Array("II*\0".utf8),
            [0x4D, 0x4D, 0, 41, 0, 0, 0, 8, 0, 0],
            T.u16(0x4949, false) + T.u16(42, false) + T.u32(0xFFFF_FFF0, false),
            T.build(bigEndian: true, ifds: [([T.short(0x0112, 6)], 0)]).prefix(14) + [],
            [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xFF, 0xFF],  // 65535 entries in a 10-byte block
        ]
        for tiff in cases {
            let (read, warnings) = ExifReader.read(tiff: Array(tiff))
            XCTAssertNil(read)
            XCTAssertFalse(warnings.isEmpty)
        }
    }

    func testMalformedExifInAPhotoIsReportedAndTreatedAsAbsent() throws {
        let base = try readBytes(Fixtures.path("Landscape", 6))
        let broken = T.exifSegment([0x4D, 0x4D, 0, 42, 0x7F, 0xFF, 0xFF, 0xFF])
        let source = try PhotoSource(bytes: JPEGEdit.replacingMetadata(of: base, with: [broken]))
        XCTAssertNil(source.exif)
        XCTAssertEqual(source.orientation, .normal)
        XCTAssertEqual(source.displayedSize, PixelSize(width: 1200, height: 1800))
        XCTAssertFalse(source.warnings.isEmpty)
        XCTAssertFalse(PhotoInfo(source: source).metadata.exif)
    }

    func testICCDescriptionsV2AndV4() throws {
        for version4 in [false, true] {
            let data = ICCBuilder.profile(description: "Wide Gamut ü", version4: version4)
            XCTAssertEqual(ICCProfile(data: data).description, version4 ? "Wide Gamut ü" : "Wide Gamut ü")
        }
        XCTAssertNil(ICCProfile(data: [UInt8](repeating: 0xFF, count: 200)).description)
        XCTAssertNil(ICCProfile(data: []).description)
    }

    func testRichPhotoSummary() throws {
        let scratch = try ScratchDirectory()
        let path = try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch)
        let info = PhotoInfo(source: try PhotoSource.open(path: path))
        XCTAssertEqual(info.orientation, .rotate90CW)
        XCTAssertEqual(info.metadata, PhotoInfo.Metadata(
            exif: true, xmp: true, icc: true, iccDescription: RichPhoto.iccDescription, iptc: true,
            comment: "a comment", gps: true, exifThumbnail: true))
        XCTAssertEqual(info.make, "TestMake")
        XCTAssertEqual(info.model, "TestModel 1")
        XCTAssertEqual(info.dateTaken, "2020:01:02 03:04:05")
        XCTAssertEqual(info.warnings, [])
    }
}
