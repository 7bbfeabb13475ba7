import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Cropping decodes only the crop's own pixels; they must equal the same pixels of a full decode.
final class RegionDecodeTests: XCTestCase {
    private func assertRegionMatchesFullDecode(_ source: PhotoSource, full: Bitmap, stored rect: PixelRect,
                                               turnedBy transform: Orientation = .normal,
                                               file: StaticString = #filePath, line: UInt = #line) throws {
        let crop = try source.cropPixels(rect, turnedBy: transform)
        XCTAssertNil(crop.warning, file: file, line: line)
        let expected = try full.transformed(by: transform, region: rect)
        // Compared by hand: a failure names the first differing pixel, not two megabytes of numbers.
        XCTAssertEqual(crop.pixels.size, expected.size, file: file, line: line)
        let got = PixelGrid(crop.pixels), want = PixelGrid(expected)
        if got != want, let index = got.pixels.indices.first(where: { got.pixels[$0] != want.pixels[$0] }) {
            XCTFail("\(rect) of \(source.path) turned \(transform): pixel (\(index % expected.width), "
                    + "\(index / expected.width)) differs", file: file, line: line)
        }
    }

    /// Rects touching each edge and each corner, one inside on odd offsets (off the iMCU grid), one pixel
    /// wide and high, and the whole picture.
    private func probeRects(_ size: PixelSize) -> [PixelRect] {
        let w = size.width, h = size.height
        return [
            PixelRect(x: 0, y: 0, width: 37, height: 29), PixelRect(x: w - 45, y: 0, width: 45, height: 17),
            PixelRect(x: 0, y: h - 23, width: 51, height: 23), PixelRect(x: w - 19, y: h - 31, width: 19, height: 31),
            PixelRect(x: 0, y: 101, width: w, height: 77), PixelRect(x: 133, y: 0, width: 61, height: h),
            PixelRect(x: 17, y: 35, width: w / 2 + 3, height: h / 3 + 5), PixelRect(x: w / 2 + 7, y: h / 2 - 9, width: 1, height: 1),
            PixelRect(size: size),
        ]
    }

    /// Each orientation's stored pixels, decoded as a region and turned upright on the way, at every edge.
    func testEveryOrientationMatchesATurnedFullDecodeAtEveryEdge() throws {
        for shape in ["Landscape", "Portrait"] {
            for orientation in 1...8 {
                let source = try PhotoSource.open(path: Fixtures.path(shape, orientation))
                let full = try source.decodeFull()
                for rect in probeRects(full.size) {
                    try assertRegionMatchesFullDecode(source, full: full, stored: rect, turnedBy: source.orientation)
                }
            }
        }
    }

    func testEverySamplingAndCodingMatchesAFullDecode() throws {
        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
        for (name, options) in [("444", ["-sample", "1x1"]), ("422", ["-sample", "2x1"]), ("440", ["-sample", "1x2"]),
                                ("420", ["-sample", "2x2"]), ("411", ["-sample", "4x1"]), ("grey", ["-grayscale"]),
                                ("progressive", ["-progressive"]), ("restarts", ["-restart", "1"])] {
            let path = scratch.file("\(name).jpg")
            try Tools.run("cjpeg", options + ["-outfile", path, ppm])
            let source = try PhotoSource.open(path: path)
            let full = try source.decodeFull()
            for rect in probeRects(full.size) {
                try assertRegionMatchesFullDecode(source, full: full, stored: rect)
                try assertRegionMatchesFullDecode(source, full: full, stored: rect, turnedBy: .transverse)
            }
        }
    }

    /// The saved crop, turned by the photo's orientation and the user's turn, equals the same rect of the
    /// upright full decode: the region's place in the stored picture is worked out for every orientation.
    func testCropsOfEveryOrientationEqualTheUprightFullDecode() throws {
        for orientation in 1...8 {
            let source = try PhotoSource.open(path: Fixtures.path("Portrait", orientation))
            let upright = try source.decodeFull().transformed(by: source.orientation)
            for rect in [PixelRect(x: 0, y: 0, width: 211, height: 97),
                         PixelRect(x: upright.width - 150, y: upright.height - 121, width: 150, height: 121),
                         PixelRect(x: 29, y: 301, width: 333, height: 257)] {
                let crop = try CropExporter.render(source, CropExport(rect: rect), as: .png)
                let saved = try PNGCodec.decode(crop.bytes).bitmap
                XCTAssertEqual(PixelGrid(saved), PixelGrid(try upright.cropped(to: rect)), "\(rect), orientation \(orientation)")
            }
        }
    }

    /// A damaged photo is decoded whole, so its damage is known and named.
    func testDamagedDataFallsBackToTheFullDecode() throws {
        let bytes = try FileReading.readAll(path: Fixtures.path("Landscape", 1))
        let source = try PhotoSource(bytes: Array(bytes.prefix(bytes.count * 2 / 3)))
        let crop = try source.cropPixels(PixelRect(x: 0, y: 0, width: 40, height: 40), turnedBy: .normal)
        XCTAssertNotNil(crop.damage)
        XCTAssertEqual(crop.pixels.size, PixelSize(width: 40, height: 40))
    }

    /// An unturned region saved as JPEG is encoded on a second thread while it is decoded: the pixels are the
    /// region decode's, and the JPEG is byte for byte TurboJPEG's encode of them, for every sampling, baseline and
    /// progressive, below quality 96 (fast DCT) and above (accurate DCT).
    func testARegionEncodedWhileDecodedIsTurboJPEGsEncodeByteForByte() throws {
        try Tools.require("cjpeg")
        let scratch = try ScratchDirectory()
        let ppm = scratch.file("in.ppm")
        try Tools.run("djpeg", ["-outfile", ppm, Fixtures.path("Landscape", 1)])
        let samplings: [(String, [String], ChromaSubsampling)] = [
            ("444", ["-sample", "1x1"], .s444), ("422", ["-sample", "2x1"], .s422), ("440", ["-sample", "1x2"], .s440),
            ("420", ["-sample", "2x2"], .s420), ("411", ["-sample", "4x1"], .s411), ("grey", ["-grayscale"], .grey),
        ]
        for (name, options, subsampling) in samplings {
            let path = scratch.file("\(name).jpg")
            try Tools.run("cjpeg", options + ["-outfile", path, ppm])
            let source = try PhotoSource.open(path: path)
            let jpeg = try XCTUnwrap(source.jpeg)
            XCTAssertEqual(jpeg.frame.subsampling, subsampling, name)
            for rect in probeRects(source.storedSize) {
                for (quality, progressive) in [(92, false), (97, false), (85, true)] {
                    let encoding = JPEGEncoding(quality: quality, subsampling: subsampling, progressive: progressive)
                    let crop = try source.cropPixels(rect, turnedBy: .normal, encodedAs: encoding)
                    let alone = try XCTUnwrap(JPEGDecoder.decodeRegion(source.bytes, structure: jpeg, rect: rect,
                                                                       turnedBy: .normal))
                    XCTAssertEqual(PixelGrid(crop.pixels), PixelGrid(alone), "\(name) \(rect)")
                    let encoded = try XCTUnwrap(crop.encoded, "\(name) \(rect)")
                    XCTAssertEqual(encoded, try JPEGEncoder.encode(alone, as: encoding),
                                   "\(name) \(rect) quality \(quality) progressive \(progressive)")
                    // Its rows through a ring of 128 instead (the 1200-row picture wraps it nine times): the same file.
                    XCTAssertEqual(try source.encodedCrop(rect, turnedBy: .normal, as: encoding)?.jpeg, encoded,
                                   "\(name) \(rect) through the ring, quality \(quality) progressive \(progressive)")
                    // And the reduced copy the encoder sums from the ring's rows is the one it sums from a bitmap's
                    // (for the rects taller than the ring, whose rows it sums across a wrap).
                    if quality == 92, rect.height > 128 {
                        let reduction = ReducedCopy(within: 64, samplesPerSide: 4)
                        let kept = try source.cropPixels(rect, turnedBy: .normal, encodedAs: encoding, reduced: reduction)
                        let streamed = try source.encodedCrop(rect, turnedBy: .normal, as: encoding, reduced: reduction)
                        XCTAssertEqual(streamed?.reduced.map(PixelGrid.init), kept.reduced.map(PixelGrid.init), "\(name) \(rect)")
                    }
                }
            }
        }
    }

    /// A turned region, and a damaged photo, are encoded after they are decoded, as before.
    func testTurnedOrDamagedRegionsAreNotEncodedWhileDecoded() throws {
        let encoding = JPEGEncoding(quality: 92, subsampling: .s420, progressive: false)
        let rect = PixelRect(x: 16, y: 16, width: 40, height: 40)
        let turned = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        XCTAssertNil(try turned.cropPixels(rect, turnedBy: .rotate90CW, encodedAs: encoding).encoded)
        let bytes = try FileReading.readAll(path: Fixtures.path("Landscape", 1))
        let damaged = try PhotoSource(bytes: Array(bytes.prefix(bytes.count * 2 / 3)))
        let crop = try damaged.cropPixels(PixelRect(x: 0, y: 0, width: 40, height: 40), turnedBy: .normal, encodedAs: encoding)
        XCTAssertNil(crop.encoded)
        XCTAssertNotNil(crop.damage)
        XCTAssertNil(try turned.encodedCrop(rect, turnedBy: .rotate90CW, as: encoding))
        XCTAssertNil(try damaged.encodedCrop(PixelRect(x: 0, y: 0, width: 40, height: 40), turnedBy: .normal, as: encoding))
    }

    /// A crop saved with nothing wanting its pixels (the command line's) never holds them, and writes the same file.
    func testACropWithoutItsPixelsIsTheSameFile() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let export = CropExport(rect: PixelRect(x: 101, y: 37, width: 1301, height: 1003))
        let kept = try CropExporter.render(source, export, as: .jpeg)
        let streamed = try CropExporter.render(source, export, as: .jpeg, keepingPixels: false)
        XCTAssertNotNil(kept.pixels)
        XCTAssertNil(streamed.pixels)
        XCTAssertEqual(streamed.bytes, kept.bytes)
        XCTAssertEqual(streamed.size, kept.size)
        XCTAssertEqual(streamed.warnings, kept.warnings)
    }

    /// The command line's crop of an unturned JPEG (encoded while decoded) is the same file the encode after
    /// the decode writes: a turned crop of the same pixels, turned back, is no test of that, so both encodes
    /// are compared through `render`'s two paths on the same photo.
    func testASavedJPEGCropIsTheSameWhicheverWayItWasEncoded() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let rect = PixelRect(x: 101, y: 57, width: 640, height: 401)
        let saved = try CropExporter.render(source, CropExport(rect: rect), as: .jpeg)
        let pixels = try XCTUnwrap(saved.pixels)
        let frame = try XCTUnwrap(source.jpeg?.frame)
        let codestream = try JPEGEncoder.encode(pixels, as: JPEGEncoding(quality: CropExport(rect: rect).quality,
                                                                            subsampling: frame.subsampling,
                                                                            progressive: frame.isProgressive))
        let (metadata, _) = CropExporter.outputMetadata(source, CropExport(rect: rect), size: pixels.size)
        XCTAssertEqual(saved.bytes, try JPEGAssembler.assemble(metadata: metadata, codestream: codestream))
    }
}
