import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// `cropper crop --straighten` against ImageMagick's `-distort SRT`, and what it refuses.
final class StraightenCropTests: XCTestCase {
    func cropper(_ arguments: [String]) throws -> ToolResult {
        try Tools.run(try cropperBinary(), arguments)
    }

    /// ImageMagick's turned crop: `-auto-orient -distort SRT DEG -crop WxH+X+Y`, or (`viewport`) the same pixels
    /// computed only inside the crop, which is five times quicker. `+repage` after `-auto-orient`: for orientations
    /// 5 and 7 it leaves a page offset that `-distort` and `-crop` would otherwise honour.
    func imageMagick(_ input: String, degrees: String, rect: PixelRect, to output: String, viewport: Bool = true) throws {
        let geometry = "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
        let turn = viewport ? ["-define", "distort:viewport=\(geometry)", "-distort", "SRT", degrees]
            : ["-distort", "SRT", degrees, "-crop", geometry]
        let result = try Tools.run("/usr/bin/convert", [input, "-auto-orient", "+repage"] + turn + ["+repage", output])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheViewportIsTheSameAsTheCrop() throws {
        let scratch = try ScratchDirectory()
        let rect = PixelRect(x: 650, y: 420, width: 500, height: 360)
        try imageMagick(Fixtures.path("Landscape", 6), degrees: "3", rect: rect, to: scratch.file("a.png"))
        try imageMagick(Fixtures.path("Landscape", 6), degrees: "3", rect: rect, to: scratch.file("b.png"), viewport: false)
        XCTAssertEqual(psnr(try PhotoSource.open(path: scratch.file("a.png")).decodeFull(),
                            try PhotoSource.open(path: scratch.file("b.png")).decodeFull()), .infinity)
    }

    func testEveryFixtureOrientationMatchesImageMagickAbove33dB() throws {
        let scratch = try ScratchDirectory()
        for set in Fixtures.sets {
            for orientation in 0...8 {
                let label = "\(set)_\(orientation)"
                let input = Fixtures.path(set, orientation)
                let degrees = orientation % 2 == 0 ? "3" : "-7.5"
                let displayed = try PhotoSource.open(path: input).displayedSize
                let rect = PixelRect(x: displayed.width / 2 - 250, y: displayed.height / 2 - 180, width: 500, height: 360)
                let ours = scratch.file("\(label).jpg"), theirs = scratch.file("\(label).png")
                let result = try cropper(["crop", input, "--straighten=\(degrees)", "--rect", rect.description,
                                          "--quality", "95", "-o", ours])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(result.stdout, "\(ours) 500x360\n")
                try imageMagick(input, degrees: degrees, rect: rect, to: theirs)
                let decibels = psnr(try PhotoSource.open(path: ours).decodeFull(),
                                    try PhotoSource.open(path: theirs).decodeFull())
                XCTAssertGreaterThanOrEqual(decibels, 33, label)
                let saved = try PhotoSource.open(path: ours)
                XCTAssertEqual(saved.exif?.orientation, 1, label)
                XCTAssertEqual(saved.storedSize, PixelSize(width: 500, height: 360), label)
            }
        }
    }

    func testARectOffTheTurnedPictureIsRefusedNamingTheLargestBoxThatFits() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("o.jpg")
        let result = try cropper(["crop", Fixtures.path("Landscape", 1), "--straighten", "5", "--rect", "0,0,1800,1200",
                                  "-o", out])
        XCTAssertNotEqual(result.status, 0)
        let largest = WarpedPhoto(size: PixelSize(width: 1800, height: 1200), angle: StraightenAngle(tenths: 50))
            .fitted(PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        XCTAssertEqual(result.stderr, "cropper: \(Fixtures.path("Landscape", 1)): rect 0,0,1800,1200 reaches outside "
            + "the picture turned by +5.0° (it would show an empty corner); the largest box of that shape there is "
            + "\(largest)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // The box it names is accepted.
        XCTAssertEqual(try cropper(["crop", Fixtures.path("Landscape", 1), "--straighten", "5",
                                    "--rect", largest.description, "-o", out]).status, 0)
    }

    func testLosslessWithAnAngleIsRefusedSayingWhy() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("o.jpg")
        let result = try cropper(["crop", Fixtures.path("Landscape", 1), "--straighten", "1", "--rect", "400,300,800,600",
                                  "--lossless", "-o", out])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("lossless crop impossible: a straightened crop (+1.0°) is resampled"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let zero = try cropper(["crop", Fixtures.path("Landscape", 1), "--straighten", "0", "--rect", "400,304,800,592",
                                "--lossless", "-o", out])
        XCTAssertEqual(zero.status, 0, "0° is no straightening: \(zero.stderr)")
    }

    func testAnglesOutOfRangeAreRefused() throws {
        let result = try cropper(["crop", Fixtures.path("Landscape", 1), "--straighten", "46", "--rect", "0,0,10,10"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--straighten must be between -45 and 45 degrees"), result.stderr)
    }

    func testTheEditorsRequestWithATurnAndAnAngleSavesWhatTheScreenShows() throws {
        // Turned right then straightened 4°: the saved crop is the upright photo turned 4°, cropped, then turned right.
        var state = EditorState()
        state.apply(.resizeView(Size(width: 1000, height: 800)))
        state.apply(.loadImage(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal))
        state.apply(.rotateRight)
        state.apply(.setCrop(PixelRect(x: 150, y: 600, width: 700, height: 500)))
        state.apply(.setStraighten(StraightenAngle(tenths: 40)))
        let request = try XCTUnwrap(state.exportRequest)
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        let saved = try CropExporter.render(source, CropExport(request), as: .png)
        let scratch = try ScratchDirectory()
        let ours = try scratch.write(saved.bytes, as: "ours.png"), theirs = scratch.file("theirs.png")
        let crop = state.crop!
        let result = try Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", 1), "-rotate", "90", "+repage",
                                                        "-define", "distort:viewport=\(crop.width)x\(crop.height)"
                                                            + "+\(crop.x)+\(crop.y)", "-distort", "SRT", "4", "+repage", theirs])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThanOrEqual(psnr(try PhotoSource.open(path: ours).decodeFull(),
                                         try PhotoSource.open(path: theirs).decodeFull()), 33)
    }
}

/// Peak signal-to-noise ratio over the colour channels, in dB.
func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    let mse = Double(channelDifferences(a, b).squared) / Double(a.width * a.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
