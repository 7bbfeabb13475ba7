import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// JPEG XL stills made by cjxl: recognised by content, opened upright in all eight orientations with the EXIF and XMP
/// of their `brob` boxes, decoded to the pixels of the picture they were made from, cropped into JPEG XL and the
/// other formats with the metadata read back by exiftool.
final class JXLTests: XCTestCase {
    nonisolated(unsafe) static var shared: (ScratchDirectory, JXLPhotos)?
    var scratch: ScratchDirectory!
    var photos: JXLPhotos!

    override func setUpWithError() throws {
        if Self.shared == nil {
            let directory = try ScratchDirectory()
            Self.shared = (directory, try JXLPhotos.make(in: directory))
        }
        photos = Self.shared?.1
        scratch = try ScratchDirectory()
    }

    override class func tearDown() { shared = nil }

    override func tearDown() { scratch = nil }

    func testTheCodestreamAndTheContainerAreRecognisedByContent() throws {
        let container = try readBytes(photos.oriented[6]!)
        XCTAssertEqual(Array(container.prefix(12)), [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        let codestream = try readBytes(photos.lossless)
        XCTAssertEqual(Array(codestream.prefix(2)), [0xFF, 0x0A])
        for path in [photos.oriented[6]!, photos.lossless] {
            let misnamed = try scratch.copy(path, as: "misnamed-\(UUID().uuidString).png")
            XCTAssertEqual(PhotoFormat(contentsOf: misnamed), .jxl)
            XCTAssertEqual(try PhotoSource.open(path: misnamed).format, .jxl)
        }
        XCTAssertEqual(PhotoFormat(pathExtensionOf: "a.JXL"), .jxl)
        XCTAssertEqual(PhotoFormat.jxl.mimeType, "image/jxl")
    }

    func testEveryOrientationOpensUprightWithTheMetadataOfItsBrotliBoxes() throws {
        for n in 1...8 {
            let source = try PhotoSource.open(path: photos.oriented[n]!)
            XCTAssertEqual(source.orientation.rawValue, n, "orientation \(n) comes from the codestream")
            XCTAssertEqual(source.container?.codec, "recompressed JPEG")
            let truth = try PhotoSource.open(path: photos.uprightOf[n]!).decodeFull()
            XCTAssertEqual(source.displayedSize, truth.size, "\(n)")
            let upright = try source.decodeFull().transformed(by: source.orientation)
            XCTAssertLessThan(meanAbsoluteDifference(upright, truth), 1.5, "orientation \(n) shows the picture upright")
            XCTAssertEqual(source.exif?.make, JXLPhotos.make, "EXIF from a brob box")
            let info = PhotoInfo(source: source)
            XCTAssertTrue(info.metadata.xmp, "XMP from a brob box")
            XCTAssertEqual(info.colourSpace, "sRGB")
            XCTAssertEqual(source.warnings, [])
        }
    }

    func testInfoDescribesCodingDepthAlphaGreyAndColour() throws {
        func info(_ path: String) throws -> PhotoInfo { PhotoInfo(source: try PhotoSource.open(path: path)) }
        let lossless = try info(photos.lossless), lossy = try info(photos.lossy)
        XCTAssertEqual(lossless.coding, "lossless")
        XCTAssertEqual(lossy.coding, "lossy, XYB")
        XCTAssertEqual(lossless.pixelFormat, "RGB, 8-bit")
        XCTAssertEqual(try info(photos.deep).pixelFormat, "RGB, 16-bit (shown and saved through 8 bits)")
        XCTAssertEqual(try info(photos.alpha).pixelFormat, "RGBA, 8-bit")
        XCTAssertEqual(try info(photos.alpha).hasAlpha, true)
        let grey = try info(photos.grey)
        XCTAssertEqual(grey.pixelFormat, "grey, 8-bit")
        XCTAssertEqual(grey.colourModel, "grey")
        let icc = try info(photos.icc)
        XCTAssertEqual(icc.metadata.iccDescription, JXLPhotos.iccDescription)
        XCTAssertEqual(icc.colourSpace, "ICC profile “\(JXLPhotos.iccDescription)”")
        // A lossy picture with an ICC profile is decoded to sRGB: the profile is named, not carried with the pixels.
        let iccLossy = try info(photos.iccLossy)
        XCTAssertEqual(iccLossy.colourSpace, "ICC profile “\(JXLPhotos.iccDescription)”, decoded to sRGB")
        XCTAssertFalse(iccLossy.metadata.icc)
    }

    func testLosslessFilesDecodeToTheExactPixelsTheyWereMadeFrom() throws {
        for (jxl, png) in [(photos.lossless, photos.picture), (photos.alpha, photos.alphaPicture),
                           (photos.grey, photos.greyPicture), (photos.icc, photos.picture)] {
            let decoded = try PhotoSource.open(path: jxl).decodeFull()
            let truth = try PhotoSource.open(path: png).decodeFull()
            XCTAssertEqual(decoded.size, truth.size)
            XCTAssertEqual(meanAbsoluteDifference(decoded, truth), 0, "\(jxl) is bit-exact")
        }
        let alpha = try PhotoSource.open(path: photos.alpha).decodeFull()
        XCTAssertEqual(alpha.alpha, .straight)
        XCTAssertEqual(alpha.pixel(x: 0, y: 30) >> 24, 0, "the left column is transparent")
        // 16 bits come through 8, each channel within one step of ImageMagick's own rounding.
        let deep = try PhotoSource.open(path: photos.deep).decodeFull()
        let deepTruth = try PhotoSource.open(path: photos.deepPicture).decodeFull()
        XCTAssertLessThan(meanAbsoluteDifference(deep, deepTruth), 0.6)
    }

    func testALossyPictureDecodesCloseToItsSourceAndItsEighthComesFromTheDC() throws {
        let source = try PhotoSource.open(path: photos.largeLossy)
        let truth = try PhotoSource.open(path: photos.largePicture).decodeFull()
        XCTAssertLessThan(meanAbsoluteDifference(try source.decodeFull(), truth), 4)
        let eighth = DecodeScale(denominator: 8)!
        XCTAssertEqual(source.previewScale(maxWidth: 40, maxHeight: 30), eighth)
        XCTAssertEqual(source.previewScale(maxWidth: 160, maxHeight: 120), .full, "1/2 and 1/4 cost a whole decode")
        let dc = try source.decode(scale: eighth).bitmap
        XCTAssertEqual(dc.size, PixelSize(width: 40, height: 30))
        let reference = try Resampler.resize(truth, to: dc.size)
        XCTAssertLessThan(meanAbsoluteDifference(dc, reference), 12, "the DC is the picture at 1:8")
        // A lossless picture has no DC: its eighth is the whole decode, resampled.
        XCTAssertEqual(try PhotoSource.open(path: photos.lossless).previewScale(maxWidth: 10, maxHeight: 8), .full)
    }

    func testAWholeDecodeGoesStraightToTheFullPictureWithNoStandIn() throws {
        let source = try PhotoSource.open(path: photos.largeLossy)
        XCTAssertTrue(source.decodesWholeForTheScreen(at: .full))
        XCTAssertFalse(source.decodesWholeForTheScreen(at: DecodeScale(denominator: 8)!), "1/8 is the DC alone")
        var standIns = 0
        let full = try source.decodeFull { _ in standIns += 1 }.bitmap
        XCTAssertEqual(standIns, 0, "the DC would cost libjxl a render of the whole picture before the sharp one")
        XCTAssertEqual(full.size, PixelSize(width: 320, height: 240))
        XCTAssertEqual(meanAbsoluteDifference(full, try source.decodeFull()), 0, "the same pixels as a plain decode")
        let lossless = try PhotoSource.open(path: photos.lossless)
        var losslessStandIns = 0
        let exact = try lossless.decodeFull { _ in losslessStandIns += 1 }.bitmap
        XCTAssertEqual(losslessStandIns, 0)
        XCTAssertEqual(meanAbsoluteDifference(exact, try lossless.decodeFull()), 0)
    }

    func testAWholeDecodeReducesTheCopyAtFitAsTheRowsArrive() throws {
        let source = try PhotoSource.open(path: photos.largeLossy)
        let decoded = try source.decodeWhole(fittedTo: PixelSize(width: 100, height: 75))
        let fitted = try XCTUnwrap(decoded.fitted)
        XCTAssertEqual(fitted.size, PixelSize(width: 100, height: 75))
        let afterwards = try XCTUnwrap(try DownscaleAsRowsArrive(decoded.bitmap, to: fitted.size))
        for y in 0..<decoded.bitmap.height { afterwards.wrote(row: y, count: decoded.bitmap.width) }
        XCTAssertEqual(meanAbsoluteDifference(fitted, try XCTUnwrap(afterwards.copy)), 0,
                       "the same copy as reducing the finished decode")
        XCTAssertLessThan(meanAbsoluteDifference(fitted, try Resampler.resize(decoded.bitmap, to: fitted.size)), 4,
                          "the picture a Lanczos reduction makes, a little softer")
        XCTAssertEqual(meanAbsoluteDifference(decoded.bitmap, try source.decodeFull()), 0, "the full pixels unchanged")
        // A turned photo's copy is reduced in stored orientation; alpha is left to the canvas.
        let turned = try PhotoSource.open(path: photos.oriented[6]!)
        let stored = turned.storedSize
        let quarter = PixelSize(width: stored.width / 4, height: stored.height / 4)
        XCTAssertEqual(try turned.decodeWhole(fittedTo: quarter).fitted?.size, quarter)
        XCTAssertNil(try PhotoSource.open(path: photos.alpha).decodeWhole(fittedTo: PixelSize(width: 20, height: 15)).fitted)
        XCTAssertNil(try source.decodeWhole(fittedTo: nil).fitted)
    }

    func testCropsInEveryOrientationIntoJPEGXLKeepMetadataForExiftool() throws {
        let rect = PixelRect(x: 7, y: 5, width: 40, height: 30)
        for n in 1...8 {
            let source = try PhotoSource.open(path: photos.oriented[n]!)
            let expected = try PhotoSource.open(path: photos.uprightOf[n]!).decodeFull().cropped(to: rect)
            let output = scratch.file("crop-\(n).jxl")
            let result = try CropExporter.export(source, CropExport(rect: rect, quality: 95), to: output, overwrite: false)
            XCTAssertEqual(result.warnings, [], "\(n)")
            let cropped = try PhotoSource.open(path: output)
            XCTAssertEqual(cropped.format, .jxl)
            XCTAssertEqual(cropped.orientation, .normal)
            XCTAssertEqual(cropped.displayedSize, rect.size)
            XCTAssertLessThan(meanAbsoluteDifference(try cropped.decodeFull(), expected), 4, "orientation \(n)")
            let tool = try Tools.exiftool(output, numeric: true)
            XCTAssertEqual(tool["Make"] as? String, JXLPhotos.make, "\(n)")
            XCTAssertEqual(tool["Orientation"] as? Int, 1, "\(n)")
            XCTAssertEqual(tool["Title"] as? String, JXLPhotos.title, "\(n)")
            XCTAssertEqual(tool["ExifImageWidth"] as? Int ?? rect.width, rect.width, "\(n)")
        }
    }

    func testALosslessSourceOrPNGIsSavedLosslesslyAndALossyOneAtTheQualitysDistance() throws {
        let rect = PixelRect(x: 3, y: 4, width: 50, height: 40)
        for (path, name) in [(photos.lossless, "from-jxl.jxl"), (photos.picture, "from-png.jxl"),
                             (photos.alpha, "alpha.jxl")] {
            let source = try PhotoSource.open(path: path)
            let output = scratch.file(name)
            _ = try CropExporter.export(source, CropExport(rect: rect, quality: 50), to: output, overwrite: false)
            let saved = try PhotoSource.open(path: output)
            XCTAssertEqual(saved.container?.isLossless, true, name)
            XCTAssertEqual(meanAbsoluteDifference(try saved.decodeFull(), try source.decodeFull().cropped(to: rect)), 0,
                           "\(name) keeps every pixel")
        }
        let lossy = scratch.file("lossy.jxl")
        _ = try CropExporter.export(try PhotoSource.open(path: photos.lossy), CropExport(rect: rect, quality: 90),
                                    to: lossy, overwrite: false)
        XCTAssertEqual(try PhotoSource.open(path: lossy).container?.isLossless, false)
    }

    func testQualityMapsToDistanceAsCjxlDoes() {
        XCTAssertEqual(JXLEncoder.distance(forQuality: 100), 0.1, accuracy: 1e-6)
        XCTAssertEqual(JXLEncoder.distance(forQuality: 90), 1.0, accuracy: 1e-6)
        XCTAssertEqual(JXLEncoder.distance(forQuality: 92), 0.82, accuracy: 1e-6)
        XCTAssertEqual(JXLEncoder.distance(forQuality: 30), 6.4, accuracy: 1e-5)
        XCTAssertEqual(JXLEncoder.distance(forQuality: 20), 6.4 + 6.25 / 6.25, accuracy: 1e-5)
        XCTAssertEqual(JXLEncoder.distance(forQuality: 1), 15, accuracy: 1e-6, "capped at libjxl's largest")
        XCTAssertLessThan(JXLEncoder.distance(forQuality: 80), JXLEncoder.distance(forQuality: 70))
    }

    func testAJPEGXLCropIntoEveryOtherFormatKeepsItsMetadata() throws {
        let rect = PixelRect(x: 5, y: 9, width: 40, height: 30)
        let source = try PhotoSource.open(path: photos.oriented[6]!)
        for target in ["jpg", "webp", "heic", "avif", "tif"] {
            let output = scratch.file("six.\(target)")
            let result = try CropExporter.export(source, CropExport(rect: rect, quality: 95), to: output, overwrite: false)
            XCTAssertEqual(result.warnings, [], target)
            let tool = try Tools.exiftool(output, numeric: true)
            XCTAssertEqual(tool["Make"] as? String, JXLPhotos.make, target)
            XCTAssertEqual(tool["Orientation"] as? Int ?? 1, 1, target)
        }
    }

    func testAnICCProfileGoesIntoTheSavedFileAndSRGBStaysUntagged() throws {
        let rect = PixelRect(x: 0, y: 0, width: 30, height: 20)
        let tagged = scratch.file("icc.jxl"), plain = scratch.file("plain.jxl")
        _ = try CropExporter.export(try PhotoSource.open(path: photos.icc), CropExport(rect: rect), to: tagged, overwrite: false)
        _ = try CropExporter.export(try PhotoSource.open(path: photos.lossy), CropExport(rect: rect), to: plain, overwrite: false)
        XCTAssertEqual(PhotoInfo(source: try PhotoSource.open(path: tagged)).metadata.iccDescription, JXLPhotos.iccDescription)
        XCTAssertEqual(PhotoInfo(source: try PhotoSource.open(path: plain)).colourSpace, "sRGB")
    }
}
