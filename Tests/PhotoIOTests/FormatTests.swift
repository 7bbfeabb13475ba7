import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// HEIC, AVIF, WebP and TIFF made by their own encoders: recognised by content, opened upright,
/// cropped to the exact size into every format with the metadata read back by exiftool.
final class FormatTests: XCTestCase {
    /// Made once for the class: the encoders take most of the time.
    nonisolated(unsafe) static var shared: (ScratchDirectory, FormatPhotos)?
    var scratch: ScratchDirectory!
    var photos: FormatPhotos!

    override func setUpWithError() throws {
        if Self.shared == nil {
            let directory = try ScratchDirectory()
            Self.shared = (directory, try FormatPhotos.make(in: directory))
        }
        photos = Self.shared?.1
        scratch = try ScratchDirectory()
    }

    override class func tearDown() { shared = nil }

    override func tearDown() { scratch = nil }

    func testEachFormatIsRecognisedByContentNotByName() throws {
        for (format, path) in photos.all {
            let misnamed = try scratch.copy(path, as: "misnamed-\(format.rawValue).png")
            XCTAssertEqual(PhotoFormat(contentsOf: misnamed), format)
            XCTAssertEqual(try PhotoSource.open(path: misnamed).format, format)
        }
        XCTAssertNil(PhotoFormat(signature: Array("RIFF\0\0\0\0WAVE".utf8)))
    }

    func testEveryFormatOpensUprightWithItsMetadata() throws {
        let truth = try PhotoSource.open(path: photos.upright).decodeFull()
        for (format, path) in photos.all {
            let source = try PhotoSource.open(path: path)
            XCTAssertEqual(source.displayedSize, truth.size, "\(format)")
            let upright = try source.decodeFull().transformed(by: source.orientation)
            XCTAssertLessThan(meanAbsoluteDifference(upright, truth), 8, "\(format) shows the picture upright")
            XCTAssertEqual(source.exif?.make, FormatPhotos.make, "\(format)")
            XCTAssertEqual(source.exif?.hasGPS, true, "\(format)")
            let info = PhotoInfo(source: source)
            XCTAssertTrue(info.metadata.xmp, "\(format)")
            XCTAssertEqual(info.metadata.iccDescription, RichPhoto.iccDescription, "\(format)")
            XCTAssertEqual(source.warnings, [], "\(format)")
        }
        // HEIF's transformations are already in the pixels: EXIF's 6 is not applied again.
        XCTAssertEqual(try PhotoSource.open(path: photos.heic).orientation, .normal)
        XCTAssertEqual(try PhotoSource.open(path: photos.avif).orientation, .normal)
        XCTAssertEqual(try PhotoSource.open(path: photos.webp).orientation, .rotate90CW)
        XCTAssertEqual(try PhotoSource.open(path: photos.tiff).orientation, .rotate90CW)
    }

    func testEveryFormatCropsToTheExactSizeInEveryFormatKeepingItsMetadata() throws {
        let rect = PixelRect(x: 5, y: 9, width: 40, height: 30)
        for (sourceFormat, path) in photos.all {
            let source = try PhotoSource.open(path: path)
            let expected = try source.decodeFull().transformed(by: source.orientation).cropped(to: rect)
            for target in ["jpg", "png", "webp", "heic", "avif", "tif"] {
                let name = "\(sourceFormat.rawValue)-crop.\(target)"
                let what = "\(sourceFormat.rawValue) → \(target)"
                let result = try CropExporter.export(source, CropExport(rect: rect, quality: 95), to: scratch.file(name),
                                                     overwrite: false)
                let output = try PhotoSource.open(path: scratch.file(name))
                XCTAssertEqual(output.format, PhotoFormat(pathExtensionOf: name), what)
                XCTAssertEqual(output.orientation, .normal, what)
                // A HEIC or AVIF kept in its format needs no new pixels: it is cut losslessly, its rect out to whole
                // chroma samples (4:2:0 HEVC: even edges).
                let sameHEIF = (sourceFormat == .heic || sourceFormat == .avif) && output.format == sourceFormat
                XCTAssertEqual(result.lossless, sameHEIF, what)
                XCTAssertEqual(output.displayedSize, result.rect.size, what)
                if !sameHEIF { XCTAssertEqual(result.rect, rect, what) }
                let expectedRect = sameHEIF ? try source.decodeFull().transformed(by: source.orientation).cropped(to: result.rect)
                    : expected
                XCTAssertLessThan(meanAbsoluteDifference(try output.decodeFull(), expectedRect), sameHEIF ? 0.001 : 10, what)

                let tool = try Tools.exiftool(scratch.file(name), numeric: true)
                if target == "png" {
                    XCTAssertTrue(result.warnings.contains { $0.contains("PNG output carries no metadata") }, what)
                    continue
                }
                XCTAssertEqual(result.warnings, [], what)
                XCTAssertEqual(tool["Orientation"] as? Int ?? 1, 1, what)
                XCTAssertEqual(tool["Make"] as? String, FormatPhotos.make, what)
                XCTAssertEqual((tool["GPSLatitude"] as? Double).map { ($0 * 10).rounded() }, 481, what)
                XCTAssertEqual(tool["Title"] as? String, FormatPhotos.title, what)
                XCTAssertEqual(tool["ProfileDescription"] as? String, RichPhoto.iccDescription, what)
                XCTAssertNil(tool["ThumbnailImage"], what)
            }
        }
    }

    func testSavingKeepsTheSourcesCodingChoices() throws {
        let tiff = try PhotoSource.open(path: photos.tiff)
        XCTAssertEqual(tiff.container?.codec, "LZW")
        let rect = PixelRect(x: 0, y: 0, width: 20, height: 20)
        _ = try CropExporter.export(tiff, CropExport(rect: rect), to: scratch.file("out.tif"), overwrite: false)
        XCTAssertEqual(try Tools.exiftool(scratch.file("out.tif"), numeric: true)["Compression"] as? Int, 5)

        let png = scratch.file("alpha.png"), webp = scratch.file("alpha.webp")
        try Tools.run("/usr/bin/convert", ["-size", "32x24", "gradient:#ff000000-#0000ffff", png])
        try Tools.run("cwebp", ["-quiet", "-lossless", "-exact", png, "-o", webp])
        let lossless = try PhotoSource.open(path: webp)
        XCTAssertEqual(lossless.container?.isLossless, true)
        XCTAssertEqual(lossless.container?.hasAlpha, true)
        let crop = PixelRect(x: 3, y: 2, width: 16, height: 12)
        for target in ["webp", "png", "tif", "avif"] {
            _ = try CropExporter.export(lossless, CropExport(rect: crop), to: scratch.file("a.\(target)"), overwrite: false)
            let out = try PhotoSource.open(path: scratch.file("a.\(target)"))
            XCTAssertEqual(try out.decodeFull().alpha, .straight, "\(target) keeps the alpha channel")
        }
        let expected = try lossless.decodeFull().cropped(to: crop)
        let saved = try PhotoSource.open(path: scratch.file("a.webp"))
        XCTAssertEqual(saved.container?.isLossless, true, "a lossless WebP is cropped losslessly")
        XCTAssertEqual(meanAbsoluteDifference(try saved.decodeFull(), expected), 0)
        XCTAssertEqual(meanAbsoluteDifference(try PhotoSource.open(path: scratch.file("a.tif")).decodeFull(), expected), 0)
    }

    func testDeepPicturesSayWhatDepthTheCropHas() throws {
        let deep = scratch.file("deep.avif")
        try Tools.run("avifenc", ["-d", "10", "-s", "8", photos.upright, deep])
        let source = try PhotoSource.open(path: deep)
        XCTAssertEqual(source.container?.bitDepth, 10)
        XCTAssertEqual(PhotoInfo(source: source).pixelFormat, "RGB, 10-bit (shown and saved through 8 bits)")
        let pq = scratch.file("pq.avif")
        try Tools.run("avifenc", ["-d", "10", "-s", "10", "--cicp", "9/16/9", photos.upright, pq])
        XCTAssertEqual(PhotoInfo(source: try PhotoSource.open(path: pq)).pixelFormat,
                       "RGB, 10-bit HDR (shown and saved through 8 bits)")
        // Kept as AVIF the crop is lossless and keeps its 10 bits; a re-encoded one says it has 8.
        let kept = try CropExporter.export(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 8, height: 8)),
                                           to: scratch.file("deep-crop.avif"), overwrite: false)
        XCTAssertTrue(kept.lossless)
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("deep-crop.avif")).container?.bitDepth, 10)
        let result = try CropExporter.export(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 8, height: 8)),
                                             to: scratch.file("deep-crop.heic"), overwrite: false)
        XCTAssertTrue(result.warnings.contains("the photo has 10 bits per channel; the crop is saved with 8"), "\(result.warnings)")
        XCTAssertLessThan(meanAbsoluteDifference(try source.decodeFull(), try PhotoSource.open(path: photos.upright).decodeFull()), 8)
    }

    func testAWebPCropDecodesOnlyItsRegionWithTheSamePixelsAsAWholeDecode() throws {
        let lossless = scratch.file("lossless.webp"), translucent = scratch.file("translucent.png")
        let lossyAlpha = scratch.file("lossy-alpha.webp")
        try Tools.run("cwebp", ["-quiet", "-lossless", photos.upright, "-o", lossless])
        try Tools.run("/usr/bin/convert", [photos.upright, "-alpha", "set", "-channel", "A", "-fx", "i/w", translucent])
        try Tools.run("cwebp", ["-quiet", "-q", "60", "-alpha_q", "50", translucent, "-o", lossyAlpha])
        for path in [photos.webp, lossless, lossyAlpha] {
            let source = try PhotoSource.open(path: path)
            let whole = try source.decodeFull()
            for rect in [PixelRect(x: 5, y: 9, width: 31, height: 17), PixelRect(x: 0, y: 1, width: 8, height: 8),
                         PixelRect(size: source.storedSize)] {
                for turn in [Orientation.normal, .rotate90CW, .transverse] {
                    let region = try source.cropPixels(rect, turnedBy: turn).pixels
                    XCTAssertEqual(meanAbsoluteDifference(region, try whole.transformed(by: turn, region: rect)), 0,
                                   "\(path) \(rect) \(turn)")
                }
            }
        }
    }

    func testATruncatedWebPCropsWithinItsIntactRowsAndRefusesTheRest() throws {
        let whole = scratch.file("whole.webp")
        try Tools.run("cwebp", ["-quiet", "-q", "90", photos.upright, "-o", whole])
        let bytes = try readBytes(whole)
        let source = try PhotoSource(bytes: Array(bytes.prefix(bytes.count * 6 / 10)), path: scratch.file("cut.webp"))
        let damage = try XCTUnwrap(try source.findDamage())
        XCTAssertEqual(damage.kind, .endsEarly)
        XCTAssertTrue((8..<source.storedSize.height).contains(damage.intactRows), "\(damage.intactRows)")
        let intact = try CropExporter.render(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 20, height: 8)), as: .webp)
        XCTAssertEqual(intact.size, PixelSize(width: 20, height: 8))
        XCTAssertFalse(intact.includesDamage)
        XCTAssertThrowsError(try CropExporter.render(source, CropExport(rect: PixelRect(size: source.displayedSize)), as: .webp)) {
            guard case .reachesDamage = $0 as? PhotoIOError else { return XCTFail("\($0)") }
        }
    }

    func testSeveralImagesInOneFileShowTheFirstWithANotice() throws {
        let animation = scratch.file("anim.webp"), pages = scratch.file("pages.tif"), two = scratch.file("two.heic")
        try Tools.run("/usr/bin/convert", ["-size", "40x30", "xc:red", "-size", "40x30", "xc:blue", "-loop", "0", animation])
        try Tools.run("/usr/bin/convert", ["-size", "40x30", "xc:red", "-size", "40x30", "xc:blue", pages])
        try Tools.run("heif-enc", ["-q", "50", photos.upright, photos.jpeg, "-o", two])
        // An animation is no longer one image among several: it is kept whole (AnimationTests).
        XCTAssertEqual(try PhotoSource.open(path: animation).container?.animation?.frames, 2)
        for (path, notice) in [(pages, "a TIFF of 2 pages: the first page is shown and saved"),
                               (two, "the file holds 2 images; its primary image is shown")] {
            let source = try PhotoSource.open(path: path)
            XCTAssertEqual(source.container?.imageCount, 2, path)
            XCTAssertTrue(source.warnings.contains(notice), "\(source.warnings)")
            _ = try source.decodeFull()
        }
        let first = try PhotoSource.open(path: animation).decodeFull().pixel(x: 5, y: 5)
        XCTAssertTrue((first >> 16) & 0xFF > 0xF0 && first & 0xFF < 0x10, "the first frame is the red one")
        XCTAssertEqual(try PhotoSource.open(path: pages).decodeFull().pixel(x: 5, y: 5) & 0xFFFFFF, 0xFF0000, "the first page")
    }
}

/// The metadata-rich JPEG (thumbnail, IPTC, a comment, a 90 KB ICC profile, GPS in EXIF and XMP) into each container.
final class FormatMetadataTests: XCTestCase {
    func testARichJPEGKeepsWhatEachContainerHoldsAndNamesTheRest() throws {
        let scratch = try ScratchDirectory()
        let rich = try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch)
        let source = try PhotoSource.open(path: rich)
        let rect = PixelRect(x: 100, y: 200, width: 64, height: 48)
        for ext in ["heic", "webp", "tif"] {
            for stripGPS in [false, true] {
                let name = "rich-\(stripGPS).\(ext)"
                let result = try CropExporter.export(source, CropExport(rect: rect, stripGPS: stripGPS),
                                                     to: scratch.file(name), overwrite: false)
                let format = try XCTUnwrap(PhotoFormat(pathExtensionOf: name)).rawValue
                XCTAssertTrue(result.warnings.contains("\(format) output cannot hold IPTC, the comment; left out (save as JPEG to keep it)"),
                              "\(result.warnings)")
                let tool = try Tools.exiftool(scratch.file(name), numeric: true, groups: true)
                XCTAssertNil(tool["ExifTool:Warning"], "\(name): \(tool["ExifTool:Warning"] ?? "")")
                XCTAssertNil(tool["IFD1:ThumbnailImage"] ?? tool["IFD1:ThumbnailOffset"], name)
                XCTAssertEqual(tool["EXIF:Make"] as? String ?? tool["IFD0:Make"] as? String, "TestMake", name)
                XCTAssertEqual(tool["EXIF:ExifImageWidth"] as? Int, 64, name)
                XCTAssertEqual(tool["ICC_Profile:ProfileDescription"] as? String, RichPhoto.iccDescription, name)
                XCTAssertEqual(tool["XMP:Title"] as? String, "Tower", name)
                XCTAssertEqual(tool["XMP:Orientation"] as? Int, 1, name)
                XCTAssertEqual(tool.keys.contains { $0.contains("GPS") }, !stripGPS, name)
            }
        }
    }
}
