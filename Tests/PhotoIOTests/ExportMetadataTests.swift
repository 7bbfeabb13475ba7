import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Metadata through a crop, read back with Cropper's own reader and with exiftool.
final class ExportMetadataTests: XCTestCase {
    var scratch: ScratchDirectory!
    var richPath: String!
    let rect = PixelRect(x: 100, y: 200, width: 640, height: 480)

    override func setUpWithError() throws {
        scratch = try ScratchDirectory()
        richPath = try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch)
    }

    override func tearDown() { scratch = nil }

    private func crop(_ export: CropExport, name: String) throws -> (ExportResult, PhotoSource) {
        let out = scratch.file(name)
        let result = try CropExporter.export(try PhotoSource.open(path: richPath), export, to: out, overwrite: false)
        return (result, try PhotoSource.open(path: out))
    }

    /// Marker and kind of each metadata segment, to compare order.
    private func kinds(_ segments: [JPEGSegment]) -> [String] {
        segments.map { s in
            s.isJFIF ? "JFIF" : s.isExif ? "EXIF" : s.isXMP ? "XMP" : s.isICC ? "ICC" : s.isPhotoshop ? "IPTC"
                : s.isComment ? "COM" : "APP\(s.marker - 0xE0)"
        }
    }

    func testEveryMetadataSegmentSurvivesInOrderAndIsPatched() throws {
        for lossless in [false, true] {
            let (result, out) = try crop(CropExport(rect: rect, lossless: lossless), name: "out\(lossless).jpg")
            let source = try PhotoSource.open(path: richPath)
            XCTAssertEqual(kinds(out.metadataSegments), kinds(source.metadataSegments))
            XCTAssertEqual(out.metadataSegments.filter(\.isICC), source.metadataSegments.filter(\.isICC),
                           "ICC chunks byte for byte")
            XCTAssertEqual(out.metadataSegments.filter(\.isPhotoshop), source.metadataSegments.filter(\.isPhotoshop))
            XCTAssertEqual(out.metadataSegments.filter(\.isComment), source.metadataSegments.filter(\.isComment))

            let exif = try XCTUnwrap(out.exif)
            XCTAssertEqual(exif.orientation, 1)
            XCTAssertEqual(exif.pixelXDimension, result.size.width)
            XCTAssertEqual(exif.pixelYDimension, result.size.height)
            XCTAssertNil(exif.thumbnail)
            XCTAssertTrue(exif.hasGPS)
            XCTAssertEqual(exif.make, "TestMake")
            XCTAssertEqual(out.storedSize, result.size)
            XCTAssertEqual(out.warnings, [])
            let info = PhotoInfo(source: out)
            XCTAssertEqual(info.metadata.iccDescription, RichPhoto.iccDescription)
            XCTAssertTrue(info.metadata.iptc)
            XCTAssertFalse(info.metadata.exifThumbnail)

            let tool = try Tools.exiftool(scratch.file("out\(lossless).jpg"), numeric: true, groups: true)
            XCTAssertEqual(tool["EXIF:Orientation"] as? Int, 1)
            XCTAssertEqual(tool["XMP:Orientation"] as? Int, 1)
            XCTAssertEqual(tool["EXIF:ExifImageWidth"] as? Int, result.size.width)
            XCTAssertEqual(tool["EXIF:ExifImageHeight"] as? Int, result.size.height)
            XCTAssertEqual(tool["File:ImageWidth"] as? Int, result.size.width)
            XCTAssertNil(tool["EXIF:ThumbnailImage"])
            XCTAssertNil(tool["EXIF:ThumbnailLength"])
            XCTAssertNotNil(tool["EXIF:GPSLatitude"])
            XCTAssertEqual(tool["EXIF:Make"] as? String, "TestMake")
            XCTAssertEqual(tool["EXIF:DateTimeOriginal"] as? String, "2020:01:02 03:04:05")
            XCTAssertEqual(tool["ICC_Profile:ProfileDescription"] as? String, RichPhoto.iccDescription)
            XCTAssertEqual(tool["IPTC:City"] as? String, "Paris")
            XCTAssertEqual(tool["XMP:Title"] as? String, "Tower")
            XCTAssertEqual(tool["File:Comment"] as? String, "a comment")
            XCTAssertNil(tool["ExifTool:Warning"], "\(tool["ExifTool:Warning"] ?? "")")
        }
    }

    func testStripGPSLeavesNoLocationAnywhere() throws {
        for lossless in [false, true] {
            let name = "nogps\(lossless).jpg"
            let (_, out) = try crop(CropExport(rect: rect, stripGPS: true, lossless: lossless), name: name)
            XCTAssertFalse(try XCTUnwrap(out.exif).hasGPS)
            XCTAssertEqual(out.exif?.make, "TestMake")
            let tool = try Tools.exiftool(scratch.file(name), groups: true)
            XCTAssertEqual(tool.keys.filter { $0.contains("GPS") }, [])
            XCTAssertEqual(tool["XMP:Title"] as? String, "Tower")
            XCTAssertNil(tool["ExifTool:Warning"])
            // The coordinates' bytes are gone too, not just unlinked.
            let xmp = String(decoding: out.metadataSegments.first(where: \.isXMP)!.payload, as: UTF8.self)
            XCTAssertFalse(xmp.contains("48.8584") || xmp.contains("48,51"))
        }
    }

    func testStripMetadataKeepsOnlyJFIF() throws {
        let (_, out) = try crop(CropExport(rect: rect, stripMetadata: true), name: "bare.jpg")
        XCTAssertEqual(kinds(out.metadataSegments), ["JFIF"])
        let tool = try Tools.exiftool(scratch.file("bare.jpg"), groups: true)
        let groups = Set(tool.keys.compactMap { $0.split(separator: ":").first.map(String.init) })
        XCTAssertTrue(groups.isSubset(of: ["SourceFile", "ExifTool", "File", "JFIF", "Composite"]), "\(groups)")
        XCTAssertNil(tool["File:Comment"])
    }

    func testPatchingLittleEndianExifWithShortDimensionsThumbnailAndGPS() throws {
        let base = try readBytes(Fixtures.path("Landscape", 1))
        let layout = TIFFBlock.offsets([3, 2, 1, 2])
        let thumbnail: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0x77, count: 60) + [0xFF, 0xD9]
        let tiff = TIFFBlock.build(bigEndian: false, ifds: [
            ([TIFFBlock.short(0x0112, 3), TIFFBlock.long(0x8769, UInt32(layout.ifds[1])),
              TIFFBlock.long(0x8825, UInt32(layout.ifds[2]))], UInt32(layout.ifds[3])),
            ([TIFFBlock.short(0xA002, 1800), TIFFBlock.short(0xA003, 1200)], 0),
            ([TIFFBlock.Entry(tag: 0x0001, type: 2, count: 2, field: 0x4E)], 0),
            ([TIFFBlock.long(0x0201, UInt32(layout.tail)), TIFFBlock.long(0x0202, UInt32(thumbnail.count))], 0),
        ], tail: thumbnail)
        let source = try PhotoSource(bytes: JPEGEdit.replacingMetadata(of: base, with: [TIFFBlock.exifSegment(tiff)]))
        XCTAssertEqual(source.orientation, .rotate180)
        XCTAssertEqual(source.exif?.thumbnail, layout.tail..<layout.tail + thumbnail.count)
        XCTAssertEqual(source.warnings, [])

        for stripGPS in [false, true] {
            let crop = try CropExporter.render(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 700, height: 500),
                                                                  stripGPS: stripGPS), as: .jpeg)
            let out = try PhotoSource(bytes: crop.bytes)
            let exif = try XCTUnwrap(out.exif)
            XCTAssertFalse(exif.bigEndian)
            XCTAssertEqual(exif.orientation, 1)
            XCTAssertEqual(exif.pixelXDimension, 700)
            XCTAssertEqual(exif.pixelYDimension, 500)
            XCTAssertNil(exif.thumbnail)
            XCTAssertEqual(exif.hasGPS, !stripGPS)
            XCTAssertEqual(out.warnings, [])
            let patched = Array(try XCTUnwrap(out.metadataSegments.first(where: \.isExif)).payload.dropFirst(6))
            XCTAssertEqual(patched.count, tiff.count, "patched in place")
            XCTAssertTrue(patched[layout.tail...].allSatisfy { $0 == 0 }, "thumbnail bytes zeroed")
        }
    }

    func testDimensionsTooBigForAShortBecomeALong() {
        let tiff = TIFFBlock.build(bigEndian: true, ifds: [([TIFFBlock.long(0x8769, 26)], 0),
                                                           ([TIFFBlock.short(0xA002, 10)], 0)])
        let (patched, warnings) = ExifPatcher.patch(TIFFBlock.exifSegment(tiff),
                                                    outputSize: PixelSize(width: 70000, height: 5), stripGPS: false)
        XCTAssertEqual(warnings, [])
        let (read, _) = ExifReader.read(tiff: Array(patched!.payload.dropFirst(6)))
        XCTAssertEqual(read?.pixelXDimension, 70000)
    }

    func testUnreadableExifIsLeftOutRatherThanCopiedWithAStaleOrientation() throws {
        let base = try readBytes(Fixtures.path("Landscape", 1))
        let broken = TIFFBlock.exifSegment([0x49, 0x49, 42, 0, 0xF0, 0xFF, 0xFF, 0xFF])
        let source = try PhotoSource(bytes: JPEGEdit.replacingMetadata(of: base, with: [broken]))
        let crop = try CropExporter.render(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 64, height: 64)),
                                           as: .jpeg)
        let out = try PhotoSource(bytes: crop.bytes)
        XCTAssertFalse(out.metadataSegments.contains(where: \.isExif))
        XCTAssertTrue(crop.warnings.contains { $0.contains("left out") }, "\(crop.warnings)")
    }
}
