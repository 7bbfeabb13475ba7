import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// `cropper crop --in-place` (the original to the freedesktop trash) and `--resize` / `--long-edge`, run as a user would.
final class InPlaceAndSizeCLITests: XCTestCase {
    /// The binary with `XDG_DATA_HOME` pointed at a scratch folder, so the trash is the test's own.
    private func cropper(_ arguments: [String], dataHome: String) throws -> ToolResult {
        try Tools.run("/usr/bin/env", ["XDG_DATA_HOME=\(dataHome)", try cropperBinary()] + arguments)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    func testInPlaceReplacesThePhotoAndTheOriginalRestoresFromTheTrash() throws {
        let scratch = try ScratchDirectory()
        let photo = URL(fileURLWithPath: try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch,
                                                            name: "my photo.jpg")).standardizedFileURL.path
        chmod(photo, 0o640)
        let original = try readBytes(photo)
        let dataHome = scratch.file("data")

        let result = try cropper(["crop", photo, "--rect", "100,200,640,480", "--in-place"], dataHome: dataHome)
        XCTAssertEqual(result.status, 0, result.stderr)
        let trashed = dataHome + "/Trash/files/my photo.jpg"
        XCTAssertEqual(result.stdout, "\(photo) 640x480\noriginal in the trash: \(trashed)\n")

        // The new file: the crop's size, the metadata kept and patched, the permission bits kept.
        XCTAssertEqual(try PhotoSource.open(path: photo).storedSize, PixelSize(width: 640, height: 480))
        let tool = try Tools.exiftool(photo, numeric: true, groups: true)
        XCTAssertEqual(tool["EXIF:Orientation"] as? Int, 1)
        XCTAssertEqual(tool["EXIF:ExifImageWidth"] as? Int, 640)
        XCTAssertEqual(tool["EXIF:Make"] as? String, "TestMake")
        XCTAssertNotNil(tool["EXIF:GPSLatitude"])
        XCTAssertEqual(tool["ICC_Profile:ProfileDescription"] as? String, RichPhoto.iccDescription)
        XCTAssertEqual(tool["IPTC:City"] as? String, "Paris")
        XCTAssertNil(tool["ExifTool:Warning"])
        XCTAssertEqual(mode(photo), 0o640)
        XCTAssertFalse(scratch.entries.contains { $0.hasSuffix(".tmp") }, "no temporary file left: \(scratch.entries)")

        // The trash: the original byte for byte, and an info file any file manager reads.
        XCTAssertEqual(try readBytes(trashed), original)
        let info = try String(contentsOfFile: dataHome + "/Trash/info/my photo.jpg.trashinfo", encoding: .utf8)
        let lines = info.split(separator: "\n")
        XCTAssertEqual(lines.first, "[Trash Info]")
        let escapedPath = photo.replacingOccurrences(of: " ", with: "%20")
        XCTAssertEqual(lines[1], "Path=\(escapedPath)")
        XCTAssertTrue(lines[2].hasPrefix("DeletionDate="), info)
        XCTAssertNotNil(lines[2].wholeMatch(of: /DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/), info)

        // A second save over it: the trash numbers the name as file managers do.
        let again = try cropper(["crop", photo, "--rect", "0,0,320,240", "--in-place"], dataHome: dataHome)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataHome + "/Trash/files/my photo.2.jpg"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataHome + "/Trash/info/my photo.2.jpg.trashinfo"))

        // Restoring as a file manager does: the info's Path, unescaped, gets the file back.
        let restoreTo = try XCTUnwrap(String(lines[1].dropFirst(5)).removingPercentEncoding)
        XCTAssertEqual(restoreTo, photo)
        try FileManager.default.removeItem(atPath: photo)
        try FileManager.default.moveItem(atPath: trashed, toPath: restoreTo)
        XCTAssertEqual(try readBytes(photo), original, "restored byte-identical")
    }

    func testWithTheTrashUnwritableNothingChanges() throws {
        let scratch = try ScratchDirectory()
        let photo = try scratch.copy(Fixtures.path("Landscape", 1), as: "p.jpg")
        let original = try readBytes(photo)
        let dataHome = scratch.file("data")
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
        // Running as root ignores permission bits: a file where the trash folder should be stops it for anyone.
        _ = try scratch.write([1], as: "data/Trash")

        let result = try cropper(["crop", photo, "--rect", "0,0,100,100", "--in-place"], dataHome: dataHome)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "cropper: \(photo): the trash cannot take it: \(dataHome)/Trash is not a folder; "
            + "nothing was changed\n")
        XCTAssertEqual(try readBytes(photo), original)
        XCTAssertEqual(scratch.entries, ["data", "p.jpg"], "no temporary file left")
    }

    func testInPlaceRefusesAnOutputName() throws {
        let scratch = try ScratchDirectory()
        let result = try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", "0,0,10,10", "--in-place", "-o",
                                  scratch.file("x.jpg")], dataHome: scratch.path)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--in-place and --output exclude each other"), result.stderr)
    }

    func testResizeAndLongEdgeGiveExactSizesCloseToImageMagick() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let detailed = scratch.file("detailed.png")
        try makeDetailedPicture(detailed, width: 1500, height: 1000, extra: ["-draw", "circle 750,500 750,900", "-fill",
                                                                             "white", "-draw", "rectangle 300,300 700,500"])
        let rect = (x: 150, y: 100, width: 1201, height: 801)
        let cases: [(arguments: [String], magick: String, size: PixelSize)] = [
            (["--resize", "640x427"], "640x427!", PixelSize(width: 640, height: 427)),
            (["--resize", "500x500"], "500x500!", PixelSize(width: 500, height: 500)),
            (["--long-edge", "1024"], "1024x1024", PixelSize(width: 1024, height: 683)),
            (["--long-edge", "333"], "333x333", PixelSize(width: 333, height: 222)),
        ]
        for (index, example) in cases.enumerated() {
            let out = scratch.file("out\(index).png"), reference = scratch.file("ref\(index).png")
            let result = try cropper(["crop", detailed, "--rect", "\(rect.x),\(rect.y),\(rect.width),\(rect.height)", "-o", out]
                                     + example.arguments, dataHome: scratch.path)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(out) \(example.size)\n")
            try Tools.run("/usr/bin/convert", [detailed, "-crop", "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)", "+repage",
                                               "-resize", example.magick, reference])
            let ours = try PhotoSource.open(path: out).decodeFull(), theirs = try PhotoSource.open(path: reference).decodeFull()
            XCTAssertEqual(ours.size, example.size)
            XCTAssertEqual(theirs.size, example.size, "ImageMagick agrees on the size")
            let psnr = peakSignalToNoise(ours, theirs)
            XCTAssertGreaterThanOrEqual(psnr, 35, "\(example.arguments): \(psnr) dB")
        }
    }

    func testADownscaledJPEGCropDecodesAtADCTScaleAndStillMatchesImageMagick() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let photo = scratch.file("camera.jpg")
        // A camera-like JPEG turned by EXIF (Orientation 6), so the scaled region is in stored pixels.
        try makeDetailedPicture(photo, width: 1600, height: 1200, extra: ["-quality", "95"])
        try Tools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", photo])
        let out = scratch.file("small.png"), reference = scratch.file("reference.png")
        // 801×1101 upright → long edge 180: the decode can be at 1/2 (at least twice the output's pixels left).
        let result = try cropper(["crop", photo, "--rect", "150,50,801,1101", "--rotate", "90", "--long-edge", "180",
                                  "-o", out], dataHome: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(out) 180x131\n")
        try Tools.run("/usr/bin/convert", [photo, "-auto-orient", "-crop", "801x1101+150+50", "+repage", "-rotate", "90",
                                           "-resize", "180x180", reference])
        let ours = try PhotoSource.open(path: out).decodeFull(), theirs = try PhotoSource.open(path: reference).decodeFull()
        XCTAssertEqual(theirs.size, PixelSize(width: 180, height: 131))
        let psnr = peakSignalToNoise(ours, theirs)
        XCTAssertGreaterThanOrEqual(psnr, 35, "\(psnr) dB")
    }

    func testUpscalingIsRefusedUnlessAllowed() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("up.jpg")
        let refused = try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", "0,0,200,100", "--long-edge", "400",
                                   "-o", out], dataHome: scratch.path)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "cropper: \(Fixtures.path("Landscape", 1)): 400×200 would enlarge the 200×100 crop"
            + "; Cropper only scales down; pass --allow-upscale to allow it\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let allowed = try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", "0,0,200,100", "--long-edge", "400",
                                   "--allow-upscale", "-o", out], dataHome: scratch.path)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertEqual(try PhotoSource.open(path: out).storedSize, PixelSize(width: 400, height: 200))
        let lossless = try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", "0,0,200,100", "--long-edge", "100",
                                    "--lossless", "-o", scratch.file("l.jpg")], dataHome: scratch.path)
        XCTAssertNotEqual(lossless.status, 0)
        XCTAssertTrue(lossless.stderr.contains("--lossless keeps the crop's size"), lossless.stderr)
    }

    /// A photo-like picture with sharp edges and fine texture, where a poor filter would alias.
    private func makeDetailedPicture(_ path: String, width: Int, height: Int, extra: [String]) throws {
        try Tools.run("/usr/bin/convert", ["-size", "\(width)x\(height)", "plasma:fractal", "-seed", "7", "-attenuate",
                                           "0.4", "+noise", "Gaussian", "-stroke", "black", "-strokewidth", "3",
                                           "-draw", "line 0,0 \(width),\(height)"] + extra + [path])
    }

    /// PSNR over the three colour channels, in dB.
    private func peakSignalToNoise(_ a: Bitmap, _ b: Bitmap) -> Double {
        let mean = Double(channelDifferences(a, b).squared) / Double(a.width * a.height * 3)
        return mean == 0 ? 99 : 10 * log10(255 * 255 / mean)
    }
}
