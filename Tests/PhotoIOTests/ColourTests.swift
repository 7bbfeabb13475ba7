import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// Colour spaces: which one a photo is in, the display conversion against lcms2's own jpgicc, saved files
/// left unconverted, and CMYK photos.
final class ColourTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws {
        try Tools.require("jpgicc")
        scratch = try ScratchDirectory()
    }

    func testTheColourSpaceIsTheProfileThenEXIFThenSRGB() throws {
        let adobe = try PhotoSource.open(path: ColourFixtures.photo(in: ColourFixtures.adobeRGB, as: "adobe.jpg",
                                                                     scratch: scratch))
        XCTAssertEqual(adobe.colourSpace.name, "Compatible with Adobe RGB (1998)")
        let png = try PhotoSource.open(path: ColourFixtures.photo(in: ColourFixtures.proPhoto, as: "pro.png",
                                                                   scratch: scratch))
        XCTAssertEqual(png.colourSpace.name, "ProPhoto RGB", "a PNG's iCCP chunk")

        let untagged = scratch.file("untagged.jpg")
        try Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), "-strip", "-resize", "200x", untagged])
        XCTAssertEqual(try PhotoSource.open(path: untagged).colourSpace, .sRGBUntagged)
        try Tools.run("exiftool", ["-q", "-overwrite_original", "-ColorSpace=Uncalibrated", "-InteropIndex=R03", untagged])
        XCTAssertEqual(try PhotoSource.open(path: untagged).colourSpace, .adobeRGBFromExif)
        try Tools.run("exiftool", ["-q", "-overwrite_original", "-InteropIndex=R98", untagged])
        XCTAssertEqual(try PhotoSource.open(path: untagged).colourSpace, .sRGBUntagged, "R98 is sRGB")
    }

    func testShownPixelsMatchJpgiccOnAnSRGBDisplayAndOnAnother() throws {
        for (profile, name) in [(ColourFixtures.adobeRGB, "adobe.jpg"), (ColourFixtures.swapped, "swapped.jpg")] {
            let photo = try ColourFixtures.photo(in: profile, as: name, scratch: scratch)
            let source = try PhotoSource.open(path: photo)
            let shown = try source.decodeForDisplay(scale: .full, display: .sRGB).bitmap
            XCTAssertLessThanOrEqual(ColourFixtures.largestDifference(shown, try ColourFixtures.jpgicc(photo, scratch: scratch)),
                                     3, name)
            let display = DisplayProfile(data: Array(try Data(contentsOf: URL(fileURLWithPath: ColourFixtures.proPhoto))))
            let onProPhoto = try source.decodeForDisplay(scale: .full, display: display).bitmap
            let reference = try ColourFixtures.jpgicc(photo, to: ColourFixtures.proPhoto, scratch: scratch)
            XCTAssertLessThanOrEqual(ColourFixtures.largestDifference(onProPhoto, reference), 3, "\(name) on ProPhoto")
        }
        // The swapped profile really swaps: unconverted, red and green are far from what is shown.
        let swapped = try PhotoSource.open(path: scratch.file("swapped.jpg"))
        XCTAssertGreaterThan(ColourFixtures.largestDifference(try swapped.decodeFull(),
                                                              try swapped.decodeForDisplay(scale: .full, display: .sRGB).bitmap), 40)
    }

    /// TIFF, WebP and HEIF carry profiles too: the same Adobe RGB pixels in a lossless TIFF and WebP are shown
    /// exactly as the JPEG they came from.
    func testProfilesOfTheOtherFormatsAreUsed() throws {
        let jpeg = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, as: "adobe.jpg", scratch: scratch)
        let expected = try PhotoSource.open(path: jpeg).decodeForDisplay(scale: .full, display: .sRGB).bitmap
        for (name, options) in [("adobe.tif", ["-compress", "lzw"]), ("adobe.webp", ["-define", "webp:lossless=true"])] {
            let path = scratch.file(name)
            try Tools.run("/usr/bin/convert", [jpeg] + options + [path])
            let source = try PhotoSource.open(path: path)
            XCTAssertEqual(source.colourSpace.name, "Compatible with Adobe RGB (1998)", name)
            let shown = try source.decodeForDisplay(scale: .full, display: .sRGB).bitmap
            XCTAssertLessThanOrEqual(ColourFixtures.largestDifference(shown, expected, step: 1), 1, name)
        }
    }

    func testNoTransformIsMadeForSRGBOnSRGBOrForTheDisplaysOwnProfile() throws {
        XCTAssertNil(ColourTransform.make(from: .sRGBUntagged, to: .sRGB))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ColourFixtures.proPhoto)))
        XCTAssertNil(ColourTransform.make(from: .embedded(ICCProfile(data: bytes)), to: DisplayProfile(data: bytes)))
        XCTAssertNotNil(ColourTransform.make(from: .adobeRGBFromExif, to: .sRGB))
        // sRGB in other bytes (colord's copy; the one ImageMagick embeds) is still sRGB: no transform.
        let colordSRGB = Array(try Data(contentsOf: URL(fileURLWithPath: ColourFixtures.sRGB)))
        XCTAssertNil(ColourTransform.make(from: .embedded(ICCProfile(data: colordSRGB)), to: .sRGB))
        let tagged = try PhotoSource.open(path: ColourFixtures.photo(in: ColourFixtures.sRGB, as: "srgb.jpg", scratch: scratch))
        XCTAssertNil(tagged.displayTransform(to: .sRGB))
        XCTAssertTrue(DisplayProfile(data: colordSRGB).isSRGBEquivalent)
        XCTAssertFalse(DisplayProfile(data: Array(try Data(contentsOf: URL(fileURLWithPath: ColourFixtures.adobeRGB))))
            .isSRGBEquivalent)
    }

    func testASavedCropKeepsTheSourcesNumbersAndProfileBytes() throws {
        let photo = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, as: "adobe.jpg", scratch: scratch)
        let source = try PhotoSource.open(path: photo)
        let out = scratch.file("crop.png")
        let rect = PixelRect(x: 40, y: 30, width: 300, height: 200)
        _ = try CropExporter.export(source, CropExport(rect: rect), to: out, overwrite: false)
        let saved = try PNGCodec.decode(try readBytes(out)).bitmap
        XCTAssertEqual(PixelGrid(saved), PixelGrid(try source.decodeFull().cropped(to: rect)), "not colour-converted")

        let jpeg = scratch.file("crop.jpg")
        _ = try CropExporter.export(source, CropExport(rect: rect), to: jpeg, overwrite: false)
        let output = try PhotoSource.open(path: jpeg)
        XCTAssertEqual(output.colourSpace, source.colourSpace, "the same profile bytes")
    }

    func testCMYKPhotosOpenShowAndCropReencodedAndLossless() throws {
        let plain = try ColourFixtures.cmyk(as: "cmyk.jpg", scratch: scratch)
        let profiled = try ColourFixtures.cmyk(profile: ColourFixtures.cmykProfile, as: "cmyk-profile.jpg", scratch: scratch)

        // No profile: the generic ink conversion, as ImageMagick shows it.
        let source = try PhotoSource.open(path: plain)
        XCTAssertEqual(source.pixelLayout, .cmyk(inverted: true))
        let shown = try source.decodeForDisplay(scale: .full, display: .sRGB).bitmap
        let magick = scratch.file("magick.png")
        try Tools.run("/usr/bin/convert", [plain, "-colorspace", "sRGB", magick])
        XCTAssertLessThanOrEqual(ColourFixtures.largestDifference(shown, try PhotoSource.open(path: magick).decodeFull()), 3)
        XCTAssertTrue(try XCTUnwrap(source.displayTransform(to: .sRGB)).isUncalibrated)

        // With a profile: through it, as jpgicc.
        let withProfile = try PhotoSource.open(path: profiled)
        let shownProfiled = try withProfile.decodeForDisplay(scale: .full, display: .sRGB).bitmap
        XCTAssertLessThanOrEqual(ColourFixtures.largestDifference(shownProfiled, try ColourFixtures.jpgicc(profiled, scratch: scratch)), 3)

        // Re-encoded: still CMYK (TurboJPEG writes YCCK), the same profile, the same inks within JPEG's error.
        let rect = PixelRect(x: 16, y: 32, width: 320, height: 240)
        let reencoded = scratch.file("crop.jpg")
        _ = try CropExporter.export(withProfile, CropExport(rect: rect), to: reencoded, overwrite: false)
        let ycck = try PhotoSource.open(path: reencoded)
        XCTAssertTrue(ycck.jpeg!.frame.isCMYK)
        XCTAssertEqual(ycck.colourSpace, withProfile.colourSpace)
        XCTAssertLessThan(meanAbsoluteDifference(try ycck.decodeFull(), try withProfile.decodeFull().cropped(to: rect)), 3)
        // The YCCK file opens and shows like its source.
        let ycckShown = try ycck.decodeForDisplay(scale: .full, display: .sRGB).bitmap
        XCTAssertLessThan(meanAbsoluteDifference(ycckShown, try shownProfiled.cropped(to: rect)), 3)

        // Lossless: exactly the source's inks.
        let lossless = scratch.file("lossless.jpg")
        _ = try CropExporter.export(withProfile, CropExport(rect: rect, lossless: true), to: lossless, overwrite: false)
        XCTAssertEqual(PixelGrid(try PhotoSource.open(path: lossless).decodeFull()),
                       PixelGrid(try withProfile.decodeFull().cropped(to: rect)))

        XCTAssertThrowsError(try CropExporter.export(withProfile, CropExport(rect: rect), to: scratch.file("c.png"),
                                                     overwrite: false)) { error in
            XCTAssertTrue("\(error)".contains("CMYK"))
        }
    }
}
