import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// The built `cropper` binary run as a user would.
final class CLITests: XCTestCase {
    func cropper(_ arguments: [String]) throws -> ToolResult {
        try Tools.run(try cropperBinary(), arguments)
    }

    func testEveryFixtureCropsToAnUprightFileExiftoolStillReads() throws {
        let scratch = try ScratchDirectory()
        for set in Fixtures.sets {
            for orientation in 0...8 {
                let input = try scratch.copy(Fixtures.path(set, orientation), as: "\(set)\(orientation).jpg")
                let result = try cropper(["crop", input, "--rect", "10,20,300,200"])
                XCTAssertEqual(result.status, 0, result.stderr)
                let out = scratch.file("\(set)\(orientation)-cropped.jpg")
                XCTAssertEqual(result.stdout, "\(out) 300x200\n")
                XCTAssertEqual(result.stderr, "")
                let tool = try Tools.exiftool(out, numeric: true)
                XCTAssertEqual(tool["ImageWidth"] as? Int, 300)
                XCTAssertEqual(tool["ImageHeight"] as? Int, 200)
                XCTAssertEqual(tool["Orientation"] as? Int, 1, "\(set)_\(orientation): 0 is rewritten as 1 too")
                XCTAssertNil(tool["Warning"])
            }
        }
    }

    func testLosslessReportsTheSnappedRect() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("l.jpg")
        let result = try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", "17,31,100,50", "--lossless",
                                  "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(out) 101x65\nlossless rect 16,16,101,65 (snapped from 17,31,100,50)\n")
    }

    func testInfoTextAndJSON() throws {
        let text = try cropper(["info", Fixtures.path("Portrait", 7)])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("stored size:    1800x1200"), text.stdout)
        XCTAssertTrue(text.stdout.contains("displayed size: 1200x1800"), text.stdout)
        XCTAssertTrue(text.stdout.contains("orientation:    7 (Mirror horizontal and rotate 90 CW)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("JPEG (baseline), 4:2:0, iMCU 16x16"), text.stdout)
        XCTAssertTrue(text.stdout.contains("colour:         RGB, sRGB (untagged); shown as it is on an sRGB display"),
                      text.stdout)

        let scratch = try ScratchDirectory()
        let rich = try RichPhoto.make(from: Fixtures.path("Landscape", 6), in: scratch)
        let json = try cropper(["info", "--json", rich])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        XCTAssertEqual(object["storedWidth"] as? Int, 1200)
        XCTAssertEqual(object["displayedWidth"] as? Int, 1800)
        XCTAssertEqual(object["orientation"] as? Int, 6)
        XCTAssertEqual(object["orientationName"] as? String, "Rotate 90 CW")
        XCTAssertEqual(object["subsampling"] as? String, "4:2:0")
        XCTAssertEqual(object["coding"] as? String, "baseline")
        XCTAssertEqual(object["make"] as? String, "TestMake")
        XCTAssertEqual(object["dateTaken"] as? String, "2020:01:02 03:04:05")
        let metadata = try XCTUnwrap(object["metadata"] as? [String: Any])
        for key in ["exif", "xmp", "icc", "iptc", "gps", "exifThumbnail"] {
            XCTAssertEqual(metadata[key] as? Bool, true, key)
        }
        XCTAssertEqual(metadata["iccDescription"] as? String, RichPhoto.iccDescription)
        XCTAssertEqual(object["colourSpace"] as? String, RichPhoto.iccDescription)
        XCTAssertEqual(object["colourModel"] as? String, "RGB")
        // The test profile is a stand-in (a description and no colour tags): lcms2 cannot use it, so the
        // pixels are shown as they are.
        XCTAssertEqual(object["convertedForDisplay"] as? Bool, false)
        XCTAssertEqual(metadata["comment"] as? String, "a comment")
    }

    func testErrorsAreOneLineWithTheFileAndANonZeroStatus() throws {
        let scratch = try ScratchDirectory()
        let empty = try scratch.write([], as: "empty.jpg")
        let text = try scratch.write(Array("just text".utf8), as: "notes.jpg")
        let bytes = try readBytes(Fixtures.path("Landscape", 1))
        let truncated = try scratch.write(Array(bytes.prefix(bytes.count / 2)), as: "cut.jpg")
        var hugeBytes = bytes
        let sof = try JPEGStructure.parse(bytes).segments.first { JPEGFrame.isStartOfFrame($0.marker) }!
        hugeBytes.replaceSubrange(sof.offset + 5..<sof.offset + 9, with: [0xFD, 0xE8, 0xFD, 0xE8])
        let huge = try scratch.write(hugeBytes, as: "huge.jpg")
        let exists = try scratch.write([1], as: "exists.jpg")
        let unreadable = try scratch.copy(Fixtures.path("Landscape", 1), as: "secret.jpg")
        chmod(unreadable, 0)
        let good = Fixtures.path("Landscape", 1)

        let cases: [([String], String)] = [
            (["crop", scratch.file("missing.jpg"), "--rect", "0,0,1,1"], "\(scratch.file("missing.jpg")): not found"),
            (["crop", empty, "--rect", "0,0,1,1"], "\(empty): not an image (not JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)"),
            (["info", text], "\(text): not an image (not JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)"),
            (["crop", truncated, "--rect", "0,0,10,1000", "-o", scratch.file("t.jpg")],
             "\(truncated): the crop reaches into the damaged part of the photo (rows 607–1199 could not be read): "
                + "move the box above row 607; or pass --allow-damaged to write the decoded pixels as they are"),
            (["crop", huge, "--rect", "0,0,10,10", "-o", scratch.file("h.jpg")],
             "\(huge): too large: 65000x65000 exceeds the decoding limit of 200 megapixels or 65500 pixels a side"),
            (["crop", good, "--rect", "1700,0,200,10", "-o", scratch.file("r.jpg")],
             "\(good): rect 1700,0,200,10 is outside the image (1800x1200 as displayed): W must be from 1 to 100"),
            (["crop", good, "--rect", "0,0,10,10", "-o", exists], "\(exists): output exists (use --force to overwrite)"),
            (["crop", good, "--rect", "0,0,10,10", "-o", scratch.file("none/x.jpg")],
             "\(scratch.file("none/x.jpg")): cannot write (No such file or directory)"),
            (["crop", good, "--rect", "1792,0,8,8", "--flip", "h", "--lossless", "-o", scratch.file("f.jpg")],
             "\(good): lossless crop impossible: the rect reaches the last 8 pixels at the right edge of the picture, "
                + "a partial 16x16 block that this rotation/flip cannot move; keep the rect 8 pixels away from that "
                + "edge; omit --lossless to re-encode instead"),
            (["crop", scratch.path, "--rect", "0,0,1,1"], "\(scratch.path): not readable (is a directory)"),
        ] + (getuid() == 0 ? [] : [(["info", unreadable], "\(unreadable): not readable (Permission denied)")])

        for (arguments, line) in cases {
            let result = try cropper(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, "cropper: \(line)\n")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(Set(scratch.entries), ["cut.jpg", "empty.jpg", "exists.jpg", "huge.jpg", "notes.jpg",
                                              "secret.jpg"])
        XCTAssertEqual(try readBytes(exists), [1])
    }

    func testUsageErrorsComeFromTheArgumentParser() throws {
        let good = Fixtures.path("Landscape", 1)
        // `crop FILE` alone is a crop of the whole photo (see PerspectiveCLITests), not a usage error.
        for arguments in [["crop", good, "--rect", "1,2,3"], ["crop", good, "--rect", "0,0,5,5",
                                                                              "--rotate", "45"],
                          ["crop", good, "--rect", "0,0,5,5", "--flip", "x"], ["crop", good, "--rect", "0,0,5,5",
                                                                                "--quality", "101"]] {
            let result = try cropper(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("Error:"), result.stderr)
        }
    }

    /// Wherever `--flip` stands on the line, the crop is rotated first and mirrored after.
    func testRotateComesBeforeTheFlip() throws {
        let scratch = try ScratchDirectory()
        let path = Fixtures.path("Landscape", 6)
        let png = scratch.file("turned.png")
        let result = try cropper(["crop", path, "--flip", "h", "--rect", "10,20,40,30", "--rotate", "90", "-o", png])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(png) 30x40\n")
        let stored = try PhotoSource.open(path: path).decodeFull()
        let expected = PixelGrid(width: 40, height: 30) { x, y in
            uprightPixel(stored, orientation: 6, x: 10 + x, y: 20 + y)
        }.rotated(90).flippedHorizontally()
        XCTAssertEqual(PixelGrid(try PhotoSource.open(path: png).decodeFull()), expected)
    }

    func testPNGOutputAndStripFlags() throws {
        let scratch = try ScratchDirectory()
        let rich = try RichPhoto.make(from: Fixtures.path("Portrait", 8), in: scratch)
        let png = scratch.file("out.png")
        let result = try cropper(["crop", rich, "--rect", "0,0,120,80", "--rotate", "90", "-o", png])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(png) 80x120\n")
        XCTAssertTrue(result.stderr.contains("warning: PNG output carries no metadata"), result.stderr)
        XCTAssertEqual(try PhotoSource.open(path: png).storedSize, PixelSize(width: 80, height: 120))
        let info = try cropper(["info", png])
        XCTAssertTrue(info.stdout.contains("format:         PNG, RGB, 8-bit"), info.stdout)
        XCTAssertTrue(info.stdout.contains("metadata:       none"), info.stdout)

        let bitmap = scratch.file("out.bmp")
        let refused = try cropper(["crop", rich, "--rect", "0,0,10,10", "-o", bitmap])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "cropper: \(bitmap): cannot write (unknown output format; name it .jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng)\n")

        let stripped = scratch.file("s.jpg")
        XCTAssertEqual(try cropper(["crop", rich, "--rect", "0,0,120,80", "--strip-gps", "--quality", "80", "-o",
                                    stripped]).status, 0)
        XCTAssertEqual(try Tools.exiftool(stripped, groups: true).keys.filter { $0.contains("GPS") }, [])
        let bare = scratch.file("b.jpg")
        XCTAssertEqual(try cropper(["crop", rich, "--rect", "0,0,120,80", "--strip-metadata", "-o", bare]).status, 0)
        XCTAssertNil(try Tools.exiftool(bare, groups: true)["EXIF:Make"])
    }
}
